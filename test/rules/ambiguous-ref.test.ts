import { describe, expect, it } from 'vitest';
import { rule } from '../../src/rules/ambiguous-ref.js';
import { LEDGER, context, source } from './helpers.js';

describe('ambiguous-ref', () => {
  it('reports each ambiguous ref where it is written', () => {
    const ctx = context({
      sources: [
        source(
          { path: LEDGER },
          {
            ambiguous: [
              { text: '#178', source: LEDGER, line: 30, patch: null },
              { text: 'foo#2', source: LEDGER, line: 31, patch: 'p/a.py' },
            ],
          },
        ),
      ],
    });
    expect(
      rule.check(ctx).map((f) => [f.rule, f.severity, f.ref, f.file, f.line, f.patch]),
    ).toEqual([
      ['ambiguous-ref', 'warning', null, LEDGER, 30, null],
      ['ambiguous-ref', 'warning', null, LEDGER, 31, 'p/a.py'],
    ]);
  });

  it('names the unknown name in its advice, and reads PR#N as no name', () => {
    const ctx = context({
      sources: [
        source(
          { path: LEDGER },
          {
            ambiguous: [
              { text: 'Infera PR #178', source: LEDGER, line: 30, patch: null },
              { text: 'PR#72', source: LEDGER, line: 31, patch: null },
            ],
          },
        ),
      ],
    });
    expect(rule.check(ctx).map((f) => f.message)).toEqual([
      '"Infera PR #178": no link, record or config alias says which repository "Infera" is: write it as owner/repo#N, add "infera" to repos.aliases, or write internal#N if it is a private tracker.',
      '"PR#72" names no repository: write it as owner/repo#N, or internal#N if it is a private tracker.',
    ]);
  });
});
