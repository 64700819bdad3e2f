import { describe, expect, it } from 'vitest';
import { rule } from '../../src/rules/source-disagreement.js';
import { LEDGER, RECORD, context, mention } from './helpers.js';

const REF = 'example-org/engine#4101';
const HEADER = 'deploy/patches/a/fix.py';

describe('source-disagreement', () => {
  it('reports once per ref at the later mention, naming both places', () => {
    const ctx = context({
      mentions: [
        mention(REF, { recordedState: 'MERGED', source: RECORD, line: 7 }),
        mention(REF, { recordedState: 'OPEN', source: LEDGER, line: 12 }),
        mention(REF, { recordedState: 'CLOSED', source: HEADER, line: 3 }),
      ],
    });
    const findings = rule.check(ctx);
    // Reading order: deploy/patch… (OPEN) < deploy/patches/a/fix.py (CLOSED) < …yaml.
    expect(findings.map((f) => [f.rule, f.severity, f.ref, f.file, f.line, f.recorded])).toEqual([
      ['source-disagreement', 'warning', REF, HEADER, 3, 'CLOSED'],
    ]);
    expect(findings[0]?.message).toContain(`${LEDGER}:12`);
    expect(findings[0]?.message).toContain(`${HEADER}:3`);
  });

  it('treats OPEN and DRAFT as agreeing', () => {
    const ctx = context({
      mentions: [
        mention(REF, { recordedState: 'OPEN', source: LEDGER }),
        mention(REF, { recordedState: 'DRAFT', source: RECORD }),
      ],
    });
    expect(rule.check(ctx)).toEqual([]);
  });

  it('ignores differences inside one file and mentions without a state', () => {
    const ctx = context({
      mentions: [
        mention(REF, { recordedState: 'OPEN', source: LEDGER, line: 1 }),
        mention(REF, { recordedState: 'MERGED', source: LEDGER, line: 2 }),
        mention(REF, { recordedState: null, source: RECORD }),
      ],
    });
    expect(rule.check(ctx)).toEqual([]);
  });

  it('needs no network', () => {
    expect(rule.needsNetwork).toBe(false);
  });
});
