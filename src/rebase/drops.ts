/** fixed-in-target / collision-in-target: which fix or collision PRs of a patch landed in REF. */
import type { Config } from '../config-types.js';
import type { Collected } from '../collect.js';
import type { RefRequest } from '../github/client.js';
import type { Mention, RefKey, Resolution } from '../model.js';
import { DROP_ROLES, containmentKey, mergedLive, repoOf } from '../rules/pinned.js';
import { sortMentions } from '../rules/support.js';
import {
  REBASE_SEVERITY,
  rebaseFinding,
  severityFor,
  type RebaseFinding,
  type RebaseRuleId,
} from './findings.js';
import type { RebaseServices } from './options.js';
import type { Pair } from './pairs.js';

const LANDING_ROLES: ReadonlySet<string> = new Set([...DROP_ROLES, 'anchor-collision']);

/** fixed-in-target / collision-in-target: merged fix or collision PRs whose merge commit REF contains. */
export async function dropsAndCollisions(
  pairs: readonly Pair[],
  collected: Collected,
  services: RebaseServices,
  config: Config,
  notes: string[],
): Promise<{ findings: RebaseFinding[]; requests: number; live: Map<RefKey, Resolution> }> {
  // Per pair: the first mention of each landing ref of its patch, by role.
  const byPatch = new Map<string, Mention[]>();
  for (const mentions of collected.mentionsByRef.values()) {
    for (const m of mentions) {
      if (m.patch === null || !LANDING_ROLES.has(m.role)) continue;
      byPatch.set(m.patch, [...(byPatch.get(m.patch) ?? []), m]);
    }
  }
  const interesting = pairs.flatMap((pair) =>
    sortMentions(byPatch.get(pair.target.patch) ?? [])
      .filter((m) => pair.repo === '' || repoOf(m.ref) === pair.repo)
      .map((m) => ({ pair, m })),
  );
  if (interesting.length === 0) return { findings: [], requests: 0, live: new Map() };
  if (services.live === null || services.containment === null) {
    notes.push('without GitHub, rebase-check cannot tell which fix or collision PRs landed in REF');
    return { findings: [], requests: 0, live: new Map() };
  }
  const refs: RefRequest[] = [...new Set(interesting.map(({ m }) => m.ref))]
    .sort()
    .map((key) => ({ key, kindHint: 'pr' }));
  const resolved = await services.live.resolve(refs);
  notes.push(...resolved.notes);
  const live = resolved.results;
  const questions = interesting.flatMap(({ pair, m }) => {
    const merged = mergedLive(live, m.ref);
    return merged?.mergeCommit
      ? [{ repo: pair.repo, ref: pair.commit, sha: merged.mergeCommit }]
      : [];
  });
  const contained = await services.containment.contains(questions);
  const findings: RebaseFinding[] = [];
  const seen = new Set<string>();
  for (const { pair, m } of interesting) {
    const merged = mergedLive(live, m.ref);
    if (!merged?.mergeCommit) continue;
    const collision = m.role === 'anchor-collision';
    const rule: RebaseRuleId = collision ? 'collision-in-target' : 'fixed-in-target';
    const once = `${rule} ${pair.target.patch} ${pair.label} ${m.ref}`;
    if (seen.has(once)) continue;
    const inTarget = contained.answers.get(
      containmentKey({ repo: pair.repo, ref: pair.commit, sha: merged.mergeCommit }),
    );
    if (inTarget !== true) continue;
    seen.add(once);
    const severity = severityFor(config, rule, REBASE_SEVERITY[rule]);
    if (severity === null) continue;
    const commit = merged.mergeCommit.slice(0, 12);
    findings.push(
      rebaseFinding(rule, severity, {
        patch: pair.target.patch,
        file: m.source,
        line: m.line,
        ref: m.ref,
        recorded: m.recordedState,
        live: merged.state,
        message: collision
          ? `${m.ref} rewrites the anchor of ${pair.target.patch} and its merge commit ${commit} is in ${pair.label}: re-cut the patch against ${pair.label}.`
          : `${m.ref} fixes ${pair.target.patch} and its merge commit ${commit} is in ${pair.label}: drop the patch when moving to ${pair.label}.`,
      }),
    );
  }
  return { findings, requests: resolved.requests + contained.requests, live };
}
