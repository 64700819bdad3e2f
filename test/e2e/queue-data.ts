/**
 * What the fake GitHub answers for test/fixtures/e2e/queue. The comments say
 * which records each answer makes stale; everything not marked is unchanged.
 */
import type { FakeRepoData } from '../support/fake-github.js';

const open = (number: number, extra: object = {}) => ({ number, state: 'OPEN' as const, ...extra });
const merged = (number: number, mergedAt: string) => ({
  number,
  state: 'MERGED' as const,
  mergedAt,
  reviewDecision: 'APPROVED' as const,
});

export const QUEUE_REPOS: Record<string, FakeRepoData> = {
  'infer-org/sglang': {
    prs: [
      merged(4101, '2026-08-12T09:14:03Z'), // moved: ledger + header say OPEN
      { number: 3990, state: 'CLOSED', closedAt: '2026-08-13T17:02:44Z' }, // closed unmerged
      merged(3877, '2026-08-14T06:40:11Z'), // anchor collision merged
      open(3712),
      merged(3655, '2026-07-09T21:30:00Z'),
      open(4200),
      open(4201),
      open(4300, { reviewDecision: 'REVIEW_REQUIRED' }),
      merged(3001, '2026-06-01T00:00:00Z'),
      merged(3002, '2026-06-02T00:00:00Z'),
      merged(3265, '2026-05-02T10:00:00Z'),
      open(5001),
      open(5002),
      open(5003),
      open(5004),
      open(5005),
    ],
    issues: [open(3500), { number: 3400, state: 'CLOSED', stateReason: 'COMPLETED' }],
  },
  'infer-org/platform': {
    // closed issue recorded OPEN only in sched_guard.py's header
    issues: [
      { number: 69, state: 'CLOSED', stateReason: 'COMPLETED', closedAt: '2026-08-15T08:00:00Z' },
    ],
  },
  'infer-org/vllm': {
    prs: [
      open(20010, { isDraft: true }),
      open(20500, { isDraft: true }), // recorded OPEN, live draft: not drift
      merged(30378, '2026-07-21T10:02:00Z'),
      merged(30427, '2026-07-22T03:00:00Z'),
      { number: 21000, state: 'CLOSED' },
      open(32722),
      open(31000),
      open(33001),
      merged(33002, '2026-08-01T00:00:00Z'), // no state recorded anywhere: nothing to say
    ],
    issues: [open(20001), open(29999), open(33003)],
  },
  'kv-org/mooncake': {
    prs: [merged(275, '2026-07-30T12:00:00Z'), open(290), open(300)],
    issues: [open(280)],
  },
};

/** The error findings the answers above imply, as `rule ref file`. */
export const EXPECTED_ERRORS = [
  'anchor-collision-merged infer-org/sglang#3877 deploy/docker/patch.upstream.status.md',
  'state-drift infer-org/sglang#3877 deploy/docker/patch.upstream.status.md',
  'state-drift infer-org/sglang#3990 deploy/docker/patch.upstream.status.md',
  'state-drift infer-org/sglang#3990 deploy/docker/patches/sglang/fix_rows.py',
  'state-drift infer-org/sglang#4101 deploy/docker/patch.upstream.status.md',
  'state-drift infer-org/sglang#4101 deploy/docker/patches/sglang/fix_rows.py',
  'state-drift infer-org/platform#69 deploy/docker/patches/sglang/sched_guard.py',
  'unindexed-patch - deploy/docker/patches/vllm/unlisted_fix.py',
].sort();
