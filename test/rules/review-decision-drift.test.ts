import { describe, expect, it } from 'vitest';
import { rule } from '../../src/rules/review-decision-drift.js';
import { context, live, mention } from './helpers.js';

const REF = 'example-org/engine#4101';

describe('review-decision-drift', () => {
  it('reports a changed decision on an open or draft PR', () => {
    const ctx = context({
      mentions: [
        mention(REF, { recordedReviewDecision: 'REVIEW_REQUIRED', line: 4 }),
        mention('o/r#2', { recordedReviewDecision: 'APPROVED', line: 6 }),
      ],
      live: {
        [REF]: live('OPEN', { reviewDecision: 'APPROVED' }),
        'o/r#2': live('DRAFT', { reviewDecision: 'CHANGES_REQUESTED' }),
      },
    });
    expect(
      rule.check(ctx).map((f) => [f.rule, f.severity, f.ref, f.line, f.recorded, f.live]),
    ).toEqual([
      ['review-decision-drift', 'notice', REF, 4, 'REVIEW_REQUIRED', 'APPROVED'],
      ['review-decision-drift', 'notice', 'o/r#2', 6, 'APPROVED', 'CHANGES_REQUESTED'],
    ]);
  });

  it('compares case-insensitively', () => {
    const ctx = context({
      mentions: [mention(REF, { recordedReviewDecision: 'approved' })],
      live: { [REF]: live('OPEN', { reviewDecision: 'APPROVED' }) },
    });
    expect(rule.check(ctx)).toEqual([]);
  });

  it('stays quiet when GitHub has no decision, the PR is no longer open, or none is recorded', () => {
    const ctx = context({
      mentions: [
        mention(REF, { recordedReviewDecision: 'REVIEW_REQUIRED' }),
        mention('o/r#2', { recordedReviewDecision: 'REVIEW_REQUIRED' }),
        mention('o/r#3', { recordedReviewDecision: null }),
      ],
      live: {
        [REF]: live('OPEN', { reviewDecision: null }),
        'o/r#2': live('MERGED', { reviewDecision: 'APPROVED' }),
        'o/r#3': live('OPEN', { reviewDecision: 'APPROVED' }),
      },
    });
    expect(rule.check(ctx)).toEqual([]);
  });
});
