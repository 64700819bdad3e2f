/** review-decision-drift: an open PR's recorded review decision has moved on. */
import type { Finding } from '../model.js';
import type { Rule } from './types.js';
import { foundLive, makeFinding, placeOf } from './support.js';

/** `review-required`, `Review Required` and `REVIEW_REQUIRED` are the same decision. */
function normaliseDecision(value: string): string {
  return value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
}

export const rule: Rule = {
  id: 'review-decision-drift',
  defaultSeverity: 'notice',
  needsNetwork: true,
  check(ctx) {
    const findings: Finding[] = [];
    for (const [ref, mentions] of ctx.mentionsByRef) {
      const live = foundLive(ctx, ref);
      // Once merged or closed the decision is history; null means GitHub has no decision to compare.
      if (live === null || live.kind !== 'pr' || live.reviewDecision === null) continue;
      if (live.state !== 'OPEN' && live.state !== 'DRAFT') continue;
      const liveDecision = normaliseDecision(live.reviewDecision);
      for (const m of mentions) {
        const written = m.recordedReviewDecision;
        if (written == null || written.trim() === '') continue;
        const recorded = normaliseDecision(written);
        if (recorded === liveDecision) continue;
        findings.push(
          makeFinding(rule, {
            ref,
            ...placeOf(m),
            recorded,
            live: liveDecision,
            message: `${ref} is recorded with review decision ${recorded} but GitHub says ${liveDecision}: update the review decision.`,
          }),
        );
      }
    }
    return findings;
  },
};
