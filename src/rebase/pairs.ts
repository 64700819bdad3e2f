/** Which (patch, --onto) pairs rebase-check looks at, and the commit each REF names. */
import { UsageError } from '../errors.js';
import { refKeyOf, type ContentSource, type FileRequest } from '../github/contents.js';
import type { RebaseCheckOptions } from './options.js';
import { describeTarget, type PatchTarget } from './targets.js';

export interface Pair {
  target: PatchTarget;
  /** The repo asked ('' for a patch of unknown repo checked against --upstream-dir). */
  repo: string;
  ref: string;
  commit: string;
  label: string;
}

export /**
 * Each patch with each --onto that applies to it: `owner/repo@REF` to the
 * patches of that repo, a bare REF to the patches of every repo that has it
 * (with --upstream-dir: every patch, the checkout being the one upstream).
 */
async function pairUp(
  targets: readonly PatchTarget[],
  opts: RebaseCheckOptions,
  contents: ContentSource,
  notes: string[],
): Promise<{ pairs: Pair[]; requests: number }> {
  const local = opts.upstreamDir !== null;
  const repos = [
    ...new Set(targets.map((t) => t.repo).filter((r): r is string => r !== null)),
  ].sort();
  const asks = opts.onto.flatMap((o) =>
    o.repo !== null
      ? [{ repo: o.repo, ref: o.ref }]
      : local
        ? [{ repo: '', ref: o.ref }]
        : repos.map((repo) => ({ repo, ref: o.ref })),
  );
  const { commits, requests } = await contents.resolveRefs(asks);
  const where = local ? (opts.upstreamDir as string) : null;
  const pairs: Pair[] = [];
  for (const onto of opts.onto) {
    const label = (repo: string) => describeTarget(repo || null, onto.ref);
    if (onto.repo !== null) {
      const commit = commits.get(refKeyOf({ repo: onto.repo, ref: onto.ref })) ?? null;
      if (commit === null) {
        throw new UsageError(
          `--onto ${onto.repo}@${onto.ref}: no such ref in ${where ?? onto.repo}`,
        );
      }
      for (const t of targets) {
        if (t.repo === onto.repo)
          pairs.push({
            target: t,
            repo: onto.repo,
            ref: onto.ref,
            commit,
            label: label(onto.repo),
          });
      }
      continue;
    }
    if (local) {
      const commit = commits.get(refKeyOf({ repo: '', ref: onto.ref })) ?? null;
      if (commit === null)
        throw new UsageError(`--onto ${onto.ref}: no such ref in ${where ?? ''}`);
      for (const t of targets)
        pairs.push({
          target: t,
          repo: t.repo ?? '',
          ref: onto.ref,
          commit,
          label: label(t.repo ?? ''),
        });
      continue;
    }
    const having = repos.filter(
      (repo) => (commits.get(refKeyOf({ repo, ref: onto.ref })) ?? null) !== null,
    );
    if (having.length === 0) {
      throw new UsageError(
        `--onto ${onto.ref}: no patched repository (${repos.join(', ') || 'none known'}) has that ref`,
      );
    }
    const lacking = repos.filter((repo) => !having.includes(repo));
    if (lacking.length > 0)
      notes.push(`--onto ${onto.ref}: skipped ${lacking.join(', ')}, which have no such ref`);
    for (const t of targets) {
      if (t.repo === null || !having.includes(t.repo)) continue;
      const commit = commits.get(refKeyOf({ repo: t.repo, ref: onto.ref })) as string;
      pairs.push({ target: t, repo: t.repo, ref: onto.ref, commit, label: label(t.repo) });
    }
  }
  const orphans = local ? [] : targets.filter((t) => t.repo === null);
  if (orphans.length > 0) {
    notes.push(
      `${orphans.length} patch(es) name no upstream repository and were not checked (set target.repo in a record, or repos.defaults in the config): ${orphans.map((t) => t.patch).join(', ')}`,
    );
  }
  return { pairs, requests };
}

export function fileAt(pair: Pair, p: string): FileRequest {
  return { repo: pair.repo, ref: pair.commit, path: p };
}
