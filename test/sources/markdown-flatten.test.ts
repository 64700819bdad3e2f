/**
 * The ledger reader skips flattening a cell it reads only for refs when
 * mayNameRef says its source can name none: whatever the cell holds, its
 * flat text must then give scanRefs nothing.
 */
import fc from 'fast-check';
import type { Nodes } from 'mdast';
import { describe, expect, it } from 'vitest';
import { scanRefs } from '../../src/refs.js';
import { flattenInline, mayNameRef, parseMarkdown } from '../../src/sources/markdown/index.js';

const pieces = fc.constantFrom(
  'a',
  'h',
  'ttp',
  'http',
  's',
  ':',
  '//',
  'github.com/o/r/pull/1',
  '#',
  '1',
  '`',
  '*',
  '_',
  '[',
  ']',
  '(',
  ')',
  '<',
  '>',
  '&',
  '&#35;',
  '&colon;',
  '\\',
  ' ',
  'o/r',
  '[x]',
  '[t](https://github.com/o/r/pull/2)',
  '<https://github.com/o/r/pull/3>',
  '<b>',
);
const cells = fc.array(pieces, { maxLength: 12 }).map((parts) => parts.join(''));

function cellsOf(node: Nodes, out: Nodes[] = []): Nodes[] {
  if (node.type === 'tableCell' || node.type === 'paragraph') out.push(node);
  if ('children' in node) for (const child of node.children) cellsOf(child, out);
  return out;
}

describe('mayNameRef', () => {
  it('is true of every cell whose flat text names a ref', () => {
    fc.assert(
      fc.property(cells, cells, (a, b) => {
        const doc = parseMarkdown(
          `| h | i |\n|---|---|\n| ${a} | ${b} |\n\n${a}\n\n[x]: https://github.com/o/r/pull/9\n`,
        );
        for (const cell of cellsOf(doc.tree)) {
          if (mayNameRef(doc, cell)) continue;
          const { text } = flattenInline(doc, cell);
          const ctx = { aliases: new Map([['o', 'o/o']]), defaultRepo: 'o/r' };
          expect(scanRefs(text, ctx)).toEqual([]);
        }
      }),
      { seed: 20261214, numRuns: 3000 },
    );
  });
});
