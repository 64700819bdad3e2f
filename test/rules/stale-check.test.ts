import { describe, expect, it } from 'vitest';
import { rule } from '../../src/rules/stale-check.js';
import { LEDGER, RECORD, context, entry, source } from './helpers.js';

const HEADER = 'deploy/patches/a/fix.py';

describe('stale-check', () => {
  const sources = [
    source({ path: LEDGER, checkedOn: '2026-07-20', checkedOnLine: 1 }), // 31 days
    source({ path: RECORD, kind: 'record', checkedOn: '2026-07-21', checkedOnLine: 2 }), // 30 days
    source({ path: HEADER, kind: 'patch-header', checkedOn: '2026-05-01' }),
    source({ path: 'deploy/undated.md', checkedOn: null }),
  ];

  it('reports sources checked more than 30 days before today by default', () => {
    const findings = rule.check(context({ sources, today: '2026-08-20' }));
    expect(findings.map((f) => [f.rule, f.severity, f.file, f.line, f.patch, f.recorded])).toEqual([
      ['stale-check', 'warning', LEDGER, 1, null, '2026-07-20'],
      // No check-date line known: point at the top of the file.
      ['stale-check', 'warning', HEADER, 1, HEADER, '2026-05-01'],
    ]);
  });

  it('honours maxAgeDays from the config', () => {
    const findings = rule.check(
      context({ sources, today: '2026-08-20', rules: { 'stale-check': { maxAgeDays: 200 } } }),
    );
    expect(findings).toEqual([]);
  });

  it('attributes a stale record to the patch it describes', () => {
    const record = source(
      { path: RECORD, kind: 'record', checkedOn: '2026-01-01', checkedOnLine: 2 },
      { patches: [entry('deploy/patches/a/fix.py', { source: RECORD })] },
    );
    const [f] = rule.check(context({ sources: [record] }));
    expect(f).toMatchObject({ file: RECORD, line: 2, patch: 'deploy/patches/a/fix.py' });
  });
});
