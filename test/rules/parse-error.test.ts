import { describe, expect, it } from 'vitest';
import { rule } from '../../src/rules/parse-error.js';
import { RECORD, context, source } from './helpers.js';

describe('parse-error', () => {
  it('reports each problem at its file and line, keeping the reader message', () => {
    const ctx = context({
      sources: [
        source(
          { path: RECORD, kind: 'record' },
          { problems: [{ file: RECORD, line: 4, message: 'expected a mapping, found a list.' }] },
        ),
        source(
          { path: 'p/x.patch', kind: 'patch-header' },
          { problems: [{ file: 'p/x.patch', line: 2, message: 'unclosed title' }] },
        ),
      ],
    });
    const findings = rule.check(ctx);
    expect(findings.map((f) => [f.rule, f.severity, f.file, f.line, f.patch])).toEqual([
      ['parse-error', 'error', RECORD, 4, null],
      ['parse-error', 'error', 'p/x.patch', 2, 'p/x.patch'],
    ]);
    expect(findings[0]?.message).toContain('expected a mapping, found a list');
  });
});
