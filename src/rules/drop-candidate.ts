/**
 * drop-candidate: a live patch's own fix (a fix/own PR) is merged and its
 * merge commit is already in the base the patch is pinned to (every record
 * version, or the config `bases` entry): the patch can likely be dropped.
 *
 * Buildroot path: a PR named by a Buildroot `Upstream:` pointer that has
 * merged is a drop candidate at the next version bump, with no base to
 * check (buildroot-pointers.ts); it is never state drift.
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
import { buildrootPointerLines, isBuildrootPointer } from './buildroot-pointers.js';
import { findIsoDate } from '../states.js';

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
    const pointers = buildrootPointerLines(ctx.sources);
    for (const [ref, mentions] of ctx.mentionsByRef) {
      const live = mergedLive(ctx.live, ref);
      if (live === null || live.mergeCommit === null || live.kind !== 'pr') continue;
      const firstPerPatch = new Map<string, Mention>();
      for (const m of sortMentions(mentions)) {
        if (m.patch === null || !isBuildrootPointer(m, pointers) || firstPerPatch.has(m.patch))
          continue;
        firstPerPatch.set(m.patch, m);
        const date = live.mergedAt === null ? null : findIsoDate(live.mergedAt);
        findings.push(
          makeFinding(rule, {
            ref,
            patch: m.patch,
            file: m.source,
            line: m.line,
            recorded: null,
            live: live.state,
            message: `${ref}, named by the Upstream: trailer, merged${date === null ? '' : ` on ${date}`}: drop the patch at the next version bump.`,
          }),
        );
      }
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
