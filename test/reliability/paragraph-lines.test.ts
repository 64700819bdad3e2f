/**
 * Found while testing issue 13 item 7: a ledger paragraph of many lines was
 * read in quadratic time (5,000 lines 4.5 s, 10,000 lines 12.4 s): the
 * inline reader trimmed the text it had gathered so far with a regex
 * anchored at its end, once per line. Reading time now grows linearly.
 */
import { expect, it } from 'vitest';
import { parseLedger } from '../../src/sources/ledger/index.js';

const LINE = 'Notes on the queue, kept for the record and nothing else. \n';

function readMs(lines: number): number {
  const text = `| patch | upstream PR | PR state |\n|---|---|---|\n| \`a.patch\` | o/r#2 | OPEN |\n\n${LINE.repeat(lines)}`;
  return Math.min(
    ...[0, 1].map(() => {
      const t = performance.now();
      parseLedger({ path: 'l.md', text, patchesDir: 'p' });
      return performance.now() - t;
    }),
  );
}

it('a paragraph of 4x the lines takes < 8x the time (quadratic: 16x)', () => {
  const small = readMs(2_500);
  const large = readMs(10_000);
  expect(large / small).toBeLessThan(8);
}, 120_000);
