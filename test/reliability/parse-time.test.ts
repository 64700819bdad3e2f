/**
 * Parse time on hostile ledgers (docs/reliability.md, defect 7, fixed by the
 * markdown-it engine in src/sources/markdown*.ts). micromark was superlinear
 * on deep list nesting (500 levels 3 s, 700 levels 7 s) and took 87 s on a
 * 10 MB ledger; these two cases guard against that coming back.
 */
import { afterAll, expect, it } from 'vitest';
import type { LedgerResult } from '../../src/sources/ledger/index.js';
import { parseLedger } from './support/readers.js';
import { cpuTimed } from '../support/cpu-time.js';
import { createTally } from './support/tally.js';

const tally = createTally('parse time');
afterAll(() => tally.flush());

/** Read one ledger; the time is tallied and must stay within the bound. */
function readWithin(cls: string, text: string, boundMs: number): LedgerResult {
  // CPU time: the guard is against superlinear parsing, not against a busy machine.
  const { value: result, ms } = cpuTimed(() =>
    parseLedger({ path: 'l.md', text, patchesDir: 'p' }),
  );
  const crashed = result.problems.filter((p) => /^could not read the ledger/.test(p.message));
  tally.record(cls, ms < boundMs && crashed.length === 0, ms);
  expect(crashed).toEqual([]);
  expect(ms).toBeLessThan(boundMs);
  return result;
}

it('a 1000-deep nested list (1 MB) is read within 10 s', () => {
  const text = Array.from({ length: 1000 }, (_, i) => `${'  '.repeat(i)}- o/x#${i + 1}`).join('\n');
  readWithin('1000-deep list', text, 10_000);
}, 120_000);

it('a 10 MB ledger (137k table rows) is read within 10 s, every row indexed', () => {
  let text = '| patch | upstream PR | PR state |\n|---|---|---|\n';
  let rows = 0;
  for (; text.length < 10_000_000; rows++)
    text += `| \`p/f${rows}.py\` | [x#${rows}](https://github.com/o/x/pull/${rows}) | OPEN |\n`;
  expect(readWithin('10 MB ledger', text, 10_000).patches).toHaveLength(rows);
}, 300_000);
