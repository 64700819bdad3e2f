/**
 * alive-because-drift: a record's `alive_because.reason` (why the patch is
 * still carried) is contradicted by GitHub (SPEC §2.4, §4).
 *
 * Only clear contradictions, judged on the record's own fix/own PRs:
 * - `upstream-pr-open` while none of them is open any more (each found live,
 *   MERGED or CLOSED);
 * - `upstream-pr-closed-unfixed` while one of them is MERGED;
 * - `merged-not-in-pinned-base` (and `merged-not-released`,
 *   `released-but-not-bumped`: all say "the fix is not in our base yet")
 *   while a merged one's merge commit is in every pinned base of the record
 *   (the containment answers the pinned rules read).
 * Anything else — `no-upstream-pr` beside an open PR, an unknown answer, a
 * reason outside the schema — is no finding. The finding points at `reason:`.
 */
import type { AliveBecause, Finding, LiveState, Mention, RefKey } from '../model.js';
import { containedInBases, DROP_ROLES, repoOf } from './pinned.js';
import { describeLive, foundLive, makeFinding } from './support.js';
import type { CheckContext, Rule } from './types.js';

/** Reasons that say the fix merged but is not in the pinned base yet. */
const NOT_IN_BASE = new Set([
  'merged-not-in-pinned-base',
  'merged-not-released',
  'released-but-not-bumped',
]);

interface FixPr {
  ref: RefKey;
  live: LiveState | null;
}

export const rule: Rule = {
  id: 'alive-because-drift',
  defaultSeverity: 'error',
  needsNetwork: true,
  check(ctx) {
    const findings: Finding[] = [];
    for (const s of ctx.sources) {
      const alive = s.aliveBecause ?? null;
      if (alive === null) continue;
      const prs = fixPrs(ctx, alive);
      const why = contradiction(ctx, alive, prs);
      if (why === null) continue;
      findings.push(
        makeFinding(rule, {
          ref: why.ref,
          patch: alive.patch,
          file: alive.source,
          line: alive.line,
          recorded: `alive_because: ${alive.reason}`,
          live: why.live,
          message: `alive_because.reason is ${alive.reason}, but ${why.text}: update the reason (and drop_when) to what upstream now says.`,
        }),
      );
    }
    return findings;
  },
};

/** The record's own fix/own PRs (its `upstream_prs`), each once, with GitHub's answer. */
function fixPrs(ctx: CheckContext, alive: AliveBecause): FixPr[] {
  const out = new Map<RefKey, FixPr>();
  for (const [ref, mentions] of ctx.mentionsByRef) {
    if (!mentions.some((m) => isFixOf(m, alive))) continue;
    const live = foundLive(ctx, ref);
    if (live !== null && live.kind !== 'pr') continue;
    out.set(ref, { ref, live });
  }
  return [...out.values()].sort((a, b) => (a.ref < b.ref ? -1 : a.ref > b.ref ? 1 : 0));
}

function isFixOf(m: Mention, alive: AliveBecause): boolean {
  return m.source === alive.source && m.patch === alive.patch && DROP_ROLES.has(m.role);
}

interface Contradiction {
  ref: RefKey;
  live: string;
  text: string;
}

function contradiction(
  ctx: CheckContext,
  alive: AliveBecause,
  prs: readonly FixPr[],
): Contradiction | null {
  if (alive.reason === 'upstream-pr-open') {
    // Every PR must be known and none open: one unknown answer could be the open one.
    if (prs.length === 0 || prs.some((p) => p.live === null || isOpen(p.live))) return null;
    const first = prs.find((p) => p.live?.state === 'MERGED') ?? prs[0];
    return first?.live ? stateText(first.ref, first.live, 'no longer open') : null;
  }
  if (alive.reason === 'upstream-pr-closed-unfixed') {
    const merged = prs.find((p) => p.live?.state === 'MERGED');
    return merged?.live ? stateText(merged.ref, merged.live, 'so upstream did fix it') : null;
  }
  if (NOT_IN_BASE.has(alive.reason)) {
    for (const p of prs) {
      const commit = p.live?.state === 'MERGED' ? p.live.mergeCommit : null;
      if (commit === null || commit === undefined) continue;
      const verdict = containedInBases(ctx, repoOf(p.ref), alive.patch, commit);
      if (verdict.contained !== true) continue;
      return {
        ref: p.ref,
        live: 'in the pinned base',
        text: `${p.ref}'s merge commit ${commit.slice(0, 12)} is already in the pinned base`,
      };
    }
  }
  return null;
}

function isOpen(live: LiveState): boolean {
  return live.state === 'OPEN' || live.state === 'DRAFT';
}

function stateText(ref: RefKey, live: LiveState, tail: string): Contradiction {
  return { ref, live: live.state, text: `${ref} is ${describeLive(live)}, ${tail}` };
}
