/**
 * drop-candidate: a live patch's own fix (a fix/own PR) is merged and its
 * merge commit is already in the base the patch is pinned to (every record
 * version, or the config `bases` entry): the patch can likely be dropped.
 */
import type { Finding, Mention } from '../model.js';
import type { Rule } from './types.js';
import {
  DROP_ROLES,
  containedInBases,
  describeBases,
  mergedLive,
  repoOf,
  type PinnedCheckContext,
} from './pinned.js';
import { makeFinding, sortMentions } from './support.js';

/** Indexed by some source and retired by none, or a patch file nothing indexes. */
function isLivePatch(ctx: PinnedCheckContext, patch: string): boolean {
  const entries = ctx.indexed.get(patch);
  if (entries === undefined) return ctx.patchFiles.includes(patch);
  return entries.length > 0 && entries.every((e) => !e.retired);
}

export const rule: Rule = {
  id: 'drop-candidate',
  defaultSeverity: 'notice',
  needsNetwork: true,
  check(ctx: PinnedCheckContext) {
    const findings: Finding[] = [];
    for (const [ref, mentions] of ctx.mentionsByRef) {
      const live = mergedLive(ctx.live, ref);
      if (live === null || live.mergeCommit === null || live.kind !== 'pr') continue;
      const firstPerPatch = new Map<string, Mention>();
      for (const m of sortMentions(mentions)) {
        if (m.patch !== null && DROP_ROLES.has(m.role) && !firstPerPatch.has(m.patch))
          firstPerPatch.set(m.patch, m);
      }
      for (const [patch, m] of firstPerPatch) {
        if (!isLivePatch(ctx, patch)) continue;
        const verdict = containedInBases(ctx, repoOf(ref), patch, live.mergeCommit);
        if (verdict.contained !== true) continue;
        findings.push(
          makeFinding(rule, {
            ref,
            patch,
            file: m.source,
            line: m.line,
            recorded: m.recordedState,
            live: live.state,
            message: `${ref} fixes ${patch} and its merge commit ${live.mergeCommit.slice(0, 12)} is in the pinned base ${describeBases(verdict.bases)}: the patch can likely be dropped.`,
          }),
        );
      }
    }
    return findings;
  },
};
