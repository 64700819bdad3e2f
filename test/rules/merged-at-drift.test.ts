import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rule } from '../../src/rules/merged-at-drift.js';
import { context, live, mention } from './helpers.js';

const REF = 'example-org/engine#3655';

describe('merged-at-drift', () => {
  // Run far from UTC so a local-time date would name the wrong day and fail these tests.
  const savedTz = process.env.TZ;
  beforeAll(() => {
    process.env.TZ = 'Pacific/Kiritimati';
  });
  afterAll(() => {
    process.env.TZ = savedTz;
  });

  it('reports a ledger date that is not the UTC merge day', () => {
    const ctx = context({
      mentions: [mention(REF, { recordedState: 'MERGED', recordedDate: '2026-07-09', line: 15 })],
      live: { [REF]: live('MERGED', { mergedAt: '2026-07-10T08:00:00Z' }) },
    });
    expect(rule.check(ctx).map((f) => [f.rule, f.ref, f.line, f.recorded, f.live])).toEqual([
      ['merged-at-drift', REF, 15, '2026-07-09', '2026-07-10'],
    ]);
  });

  it('reports a record merged_at timestamp on another day', () => {
    const ctx = context({
      mentions: [
        mention(REF, { recordedState: 'MERGED', recordedMergedAt: '2026-07-01T12:00:00Z' }),
      ],
      live: { [REF]: live('MERGED', { mergedAt: '2026-07-10T08:00:00Z' }) },
    });
    expect(rule.check(ctx).map((f) => f.recorded)).toEqual(['2026-07-01']);
  });

  it('compares in UTC: a timestamp with an offset naming the next local day is the same day', () => {
    const ctx = context({
      mentions: [
        mention(REF, {
          recordedState: 'MERGED',
          recordedMergedAt: '2026-07-10T01:30:00+02:00',
        }),
        mention(REF, { recordedState: 'MERGED', recordedDate: '2026-07-09', line: 11 }),
      ],
      live: { [REF]: live('MERGED', { mergedAt: '2026-07-09T23:30:00Z' }) },
    });
    expect(rule.check(ctx)).toEqual([]);
  });

  it('ignores mentions without a date, not recorded MERGED, or a live state other than MERGED', () => {
    const ctx = context({
      mentions: [
        mention(REF, { recordedState: 'MERGED' }),
        mention(REF, { recordedState: 'OPEN', recordedDate: '2026-01-01' }),
        mention('o/r#1', { recordedState: 'MERGED', recordedDate: '2026-01-01' }),
      ],
      live: {
        [REF]: live('MERGED', { mergedAt: '2026-07-09T23:30:00Z' }),
        'o/r#1': live('CLOSED'),
      },
    });
    expect(rule.check(ctx)).toEqual([]);
  });
});
