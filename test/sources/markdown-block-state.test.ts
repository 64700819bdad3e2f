/**
 * The block state's line tables come from native scans (block-state.ts);
 * here they are checked against markdown-it's own per-character
 * constructor, on generated text full of blanks, tabs and line endings.
 */
import fc from 'fast-check';
import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/sources/markdown/engine.js';

const pieces = fc.constantFrom(' ', '  ', '\t', ' \t', '\n', '\n\n', 'a', '| b |', '>', '- ', '😀');
const texts = fc.array(pieces, { maxLength: 40 }).map((parts) => parts.join(''));

describe('block state line tables', () => {
  it('are the ones markdown-it computes', () => {
    const { md } = createEngine();
    const plain = new MarkdownIt('commonmark');
    fc.assert(
      fc.property(texts, (src) => {
        const ours = new md.block.State(src, md, {}, []);
        const theirs = new plain.block.State(src, plain, {}, []);
        for (const key of ['bMarks', 'eMarks', 'tShift', 'sCount', 'bsCount'] as const) {
          expect(ours[key]).toEqual(theirs[key]);
        }
        expect(ours.lineMax).toBe(theirs.lineMax);
        expect(ours.src).toBe(src);
      }),
      { seed: 20261214, numRuns: 5000 },
    );
  });
});
