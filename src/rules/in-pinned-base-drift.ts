/**
 * in-pinned-base-drift: a record's `in_pinned_base` says the PR's merge
 * commit is (or is not) in the record's pinned base, and GitHub's history
 * says otherwise. With several pinned versions, "in the base" means in
 * every one of them.
 */
import type { Finding } from '../model.js';
import type { Rule } from './types.js';
import { containedInBases, describeBases, repoOf, type PinnedCheckContext } from './pinned.js';
import { foundLive, makeFinding, sortMentions, placeOf } from './support.js';

export const rule: Rule = {
  id: 'in-pinned-base-drift',
  defaultSeverity: 'error',
  needsNetwork: true,
  check(ctx: PinnedCheckContext) {
    const findings: Finding[] = [];
    for (const [ref, mentions] of ctx.mentionsByRef) {
      const live = foundLive(ctx, ref);
      if (live === null || live.kind !== 'pr') continue;
      for (const m of sortMentions(mentions)) {
        const recorded = m.recordedInPinnedBase ?? null;
        if (recorded === null) continue;
        let actual: boolean | null;
        let why: string;
        if (live.state !== 'MERGED' || live.mergeCommit === null) {
          // Not merged (or merged without a commit GitHub can show): in no base.
          actual = live.state === 'MERGED' ? null : false;
          why = `it is ${live.state}, so no base contains it`;
        } else {
          const verdict = containedInBases(ctx, repoOf(ref), m.patch, live.mergeCommit);
          actual = verdict.contained;
          const commit = live.mergeCommit.slice(0, 12);
          why = `its merge commit ${commit} is ${actual ? '' : 'not '}in ${describeBases(verdict.bases)}`;
        }
        if (actual === null || actual === recorded) continue;
        findings.push(
          makeFinding(rule, {
            ref,
            ...placeOf(m),
            recorded: `in_pinned_base: ${recorded}`,
            live: `in_pinned_base: ${actual}`,
            message: `${ref} is recorded in_pinned_base: ${recorded}, but ${why}: set in_pinned_base: ${actual}.`,
          }),
        );
      }
    }
    return findings;
  },
};
