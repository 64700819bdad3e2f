/**
 * FIXED DEFECT (silent loss of ledger rows past markdown-it's maxNesting): the
 * ledger engine sets `maxNesting: 100` (src/sources/markdown/engine.ts).
 * When a block nests deeper than that, markdown-it's block parser stops
 * (`state.line = endLine`) and everything after it in the document is never
 * tokenised. A line of 50 list markers (`- - - … o/x#1`) before the table
 * makes parseLedger return no patches, no mentions and no problem: the
 * ledger reads as empty, a silent pass. (A 1000-deep nested list likewise
 * reads only its first 49 refs.) Found 2026-11-30 while moving parse-time
 * into the suite.
 * Proposed: detect that the block parser stopped early (a token stream that
 * ends before the last non-blank line, or a wrapped block rule that sees
 * `state.level >= maxNesting`) and report a parse-error at that line ("nested
 * deeper than 100 levels; the rest of the ledger is not read"), or raise the
 * limit and cap nesting with a parse-error before parsing.
 */
import { expect, it } from 'vitest';
import { parseLedger } from './support/readers.js';

const TABLE = '| patch | upstream PR | PR state |\n|---|---|---|\n| `a.py` | o/x#77 | OPEN |\n';

it.each([
  ['50 list markers on one line', `${'- '.repeat(50)}o/x#1\n\n`],
  [
    '60-deep nested list',
    `${Array.from({ length: 60 }, (_, i) => `${'  '.repeat(i)}- o/x#${i + 1}`).join('\n')}\n\n`,
  ],
])('a table after %s is read, or the ledger is reported', (_name, before) => {
  const r = parseLedger({ path: 'l.md', text: before + TABLE, patchesDir: 'p' });
  const read =
    r.patches.some((p) => p.path === 'p/a.py') && r.mentions.some((m) => m.ref === 'o/x#77');
  expect(read || r.problems.length > 0).toBe(true);
});
