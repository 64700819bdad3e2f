/**
 * Found while testing issue 13 item 7: a ledger paragraph of many lines was
 * read in quadratic time (5,000 lines 4.5 s, 10,000 lines 12.4 s): the
 * inline reader trimmed the text it had gathered so far with a regex
 * anchored at its end, once per line. Reading time now grows linearly.
 */
import { expect, it } from 'vitest';
import { parseLedger } from '../../src/sources/ledger/index.js';
import { cpuTimed } from '../support/cpu-time.js';

const LINE = 'Notes on the queue, kept for the record and nothing else. \n';

function readMs(lines: number): number {
  const text = `| patch | upstream PR | PR state |\n|---|---|---|\n| \`a.patch\` | o/r#2 | OPEN |\n\n${LINE.repeat(lines)}`;
  // CPU time, best of three: what another process does to the wall clock is no quadratic step.
  return Math.min(
    ...[0, 1, 2].map(() => cpuTimed(() => parseLedger({ path: 'l.md', text, patchesDir: 'p' })).ms),
  );
}

it('a paragraph of 4x the lines takes < 8x the time (quadratic: 16x)', () => {
  const small = readMs(5_000);
  const large = readMs(20_000);
  expect(large / small).toBeLessThan(8);
}, 120_000);
