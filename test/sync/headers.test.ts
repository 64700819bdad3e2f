import { describe, expect, it } from 'vitest';
import type { RefKey, Resolution } from '../../src/model.js';
import { planSync, type SyncPlan } from '../../src/sync/plan.js';
import { pr, readHeader, TODAY } from './support.js';

const PATH = 'deploy/docker/patches/engine_core/fix.diff';
const E = (n: number): RefKey => `example-org/engine#${n}`;

function sync(text: string, live: Record<RefKey, Resolution>): SyncPlan {
  return planSync({
    sources: [readHeader(text, PATH)],
    texts: new Map([[PATH, text]]),
    live: new Map(Object.entries(live)),
    today: TODAY,
  });
}

const header = (...entries: string[]): string =>
  [
    'Subject: [PATCH] fix rows',
    '',
    'UPSTREAM STATUS (re-queried 2026-08-11)',
    ...entries,
    '',
    'diff --git a/x.py b/x.py',
    '--- a/x.py',
    '+++ b/x.py',
    '@@ -1 +1 @@',
    '-a #4101 (OPEN)',
    '+b #4101 (OPEN)',
    '',
  ].join('\n');

const recorded = (text: string) =>
  readHeader(text, PATH).mentions.map((m) => [m.ref, m.recordedState, m.recordedReviewDecision]);

describe('header sync', () => {
  it('rewrites the state word of an entry, and not the same words in the diff body', () => {
    const text = header('  own PR   #4101 "Fix rows" (alice, OPEN, REVIEW_REQUIRED).');
    const plan = sync(text, { [E(4101)]: pr('CLOSED') });
    expect(plan.files[0]?.after).toBe(
      text
        .replace('(alice, OPEN,', '(alice, CLOSED,')
        .replace('re-queried 2026-08-11', `re-queried ${TODAY}`),
    );
  });

  it("updates an open PR's review decision, read back as GitHub's", () => {
    const text = header('  own PR   #4101 (alice, OPEN, REVIEW_REQUIRED).');
    const plan = sync(text, { [E(4101)]: pr('DRAFT', { reviewDecision: 'CHANGES_REQUESTED' }) });
    const after = plan.files[0]!.after;
    expect(after).toContain('(alice, OPEN, CHANGES_REQUESTED)');
    expect(recorded(after)).toEqual([[E(4101), 'OPEN', 'CHANGES_REQUESTED']]);
  });

  it('gives each ref of a `both` its own parenthesised state, which reads back per ref', () => {
    const text = header(
      '  fix      #1 / #2 (both OPEN, in both bases) clamp it.',
      '           #3, #4 and #5 are all OPEN upstream.',
    );
    const plan = sync(text, {
      [E(1)]: pr('MERGED'),
      [E(2)]: pr('OPEN'),
      [E(3)]: pr('OPEN'),
      [E(4)]: pr('CLOSED'),
      [E(5)]: pr('MERGED'),
    });
    const after = plan.files[0]!.after;
    expect(after).toContain('  fix      #1 (MERGED) / #2 (OPEN, in both bases) clamp it.\n');
    expect(after).toContain('           #3 (OPEN), #4 (CLOSED) and #5 (MERGED) upstream.\n');
    expect(recorded(after)).toEqual([
      [E(1), 'MERGED', null],
      [E(2), 'OPEN', null],
      [E(3), 'OPEN', null],
      [E(4), 'CLOSED', null],
      [E(5), 'MERGED', null],
    ]);
  });

  it('keeps a `both` whose refs still agree, changing only its word', () => {
    const text = header('  fix      #1 / #2 (both OPEN) clamp it.');
    const plan = sync(text, { [E(1)]: pr('MERGED'), [E(2)]: pr('MERGED') });
    expect(plan.files[0]?.after).toContain('#1 / #2 (both MERGED) clamp it.');
  });

  it('leaves the block date when GitHub answered for none of its refs', () => {
    const text = header('  own PR   #4101 (alice, OPEN).');
    expect(sync(text, {}).files).toEqual([]);
  });
});
