/** A small check result shared by the report tests: two patches, three refs, one of each severity. */
import type { Finding, Mention, RefKey, Resolution } from '../../src/model.js';
import type { ReportInput } from '../../src/report/report.js';
import type { CheckContext } from '../../src/rules/types.js';
import {
  LEDGER,
  RECORD,
  context,
  entry,
  live,
  mention,
  notFound,
  source,
} from '../rules/helpers.js';

export const FIX = 'deploy/patches/a/fix.py';
export const ORPHAN = 'deploy/patches/b/orphan.sh';

export function sampleMentions(): Mention[] {
  return [
    mention('example-org/engine#4101', {
      recordedState: 'OPEN',
      line: 12,
      role: 'own',
      kindHint: 'pr',
    }),
    mention('example-org/engine#4101', {
      recordedState: 'OPEN',
      source: RECORD,
      line: 7,
      role: 'own',
    }),
    mention('example-org/engine#999', { line: 13, role: 'related' }),
    mention('example-org/engine#10', { line: 14, role: 'issue', kindHint: 'issue' }),
  ];
}

export function sampleLive(): Record<RefKey, Resolution> {
  return {
    'example-org/engine#4101': live('MERGED', {
      mergedAt: '2026-08-12T10:00:00Z',
      closedAt: '2026-08-12T10:00:00Z',
      mergeCommit: 'abc123',
      title: 'Fix rows',
      url: 'https://github.com/example-org/engine/pull/4101',
    }),
    'example-org/engine#999': notFound(
      'Could not resolve to a PullRequest with the number of 999.',
    ),
    'example-org/engine#10': live('OPEN', {
      kind: 'issue',
      title: 'Rows mismatch',
      url: 'https://github.com/example-org/engine/issues/10',
    }),
  };
}

export function sampleFindings(): Finding[] {
  return [
    {
      rule: 'state-drift',
      severity: 'error',
      ref: 'example-org/engine#4101',
      patch: FIX,
      file: LEDGER,
      line: 12,
      recorded: 'OPEN',
      live: 'MERGED',
      message: 'engine#4101 drifted.',
    },
    {
      rule: 'stale-check',
      severity: 'warning',
      ref: null,
      patch: null,
      file: LEDGER,
      line: 1,
      recorded: '2026-06-01',
      live: '2026-08-20',
      message: 'ledger is stale.',
    },
    {
      rule: 'review-decision-drift',
      severity: 'notice',
      ref: 'example-org/engine#4101',
      patch: FIX,
      file: RECORD,
      line: 8,
      recorded: 'REVIEW_REQUIRED',
      live: 'APPROVED',
      message: 'decision moved.',
    },
    {
      rule: 'unindexed-patch',
      severity: 'error',
      ref: null,
      patch: ORPHAN,
      file: ORPHAN,
      line: 1,
      recorded: null,
      live: null,
      message: 'orphan is not indexed.',
    },
  ];
}

export function sampleContext(shuffle = false): CheckContext {
  const order = <T>(xs: T[]): T[] => (shuffle ? [...xs].reverse() : xs);
  return context({
    mentions: order(sampleMentions()),
    live: sampleLive(),
    sources: order([
      source({ path: LEDGER, checkedOn: '2026-06-01', checkedOnLine: 1 }),
      source({ path: RECORD, kind: 'record', checkedOn: '2026-08-10' }),
    ]),
    patchFiles: order([FIX, ORPHAN, 'deploy/patches/b/README.sh']),
    entries: order([entry(FIX), entry('deploy/patches/old.py', { retired: true, line: 30 })]),
  });
}

/** The ledger lists README.sh under "Not patches". */
export function sampleInput(shuffle = false): ReportInput {
  const ctx = sampleContext(shuffle);
  const sources = ctx.sources.map((s) =>
    s.source.path === LEDGER ? { ...s, notPatches: ['deploy/patches/b/README.sh'] } : s,
  );
  const findings = sampleFindings();
  return {
    ctx: { ...ctx, sources },
    findings: shuffle ? findings.reverse() : findings,
    checkedAt: '2026-08-20T06:00:00.000Z',
    root: '.',
    version: '0.1.0',
    requests: 1,
  };
}
