/**
 * splitRow scans content runs with one sticky expression; here it is checked
 * against the per-character splitter it replaced, on generated rows full of
 * pipes, escapes, blanks and backticks (and what follows the row's end).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createEngine } from '../../src/sources/markdown/engine.js';
import { splitRow, type CellSpan } from '../../src/sources/markdown/table.js';

const PIPE = 124;
const SPACE = 32;
const TAB = 9;
const BACKSLASH = 92;

/** The reference: one character at a time. */
function splitRowByChar(src: string, rowStart: number, rowEnd: number): CellSpan[] {
  const cells: CellSpan[] = [];
  let cell: CellSpan = { start: rowStart, end: rowEnd, contentStart: -1, contentEnd: -1 };
  let i = rowStart;
  if (src.charCodeAt(i) === PIPE) i++;
  while (i < rowEnd) {
    const c = src.charCodeAt(i);
    if (c === PIPE) {
      cell.end = i;
      cells.push(cell);
      cell = { start: i, end: rowEnd, contentStart: -1, contentEnd: -1 };
      i++;
    } else if (c === SPACE || c === TAB) {
      i++;
    } else {
      if (cell.contentStart < 0) cell.contentStart = i;
      while (i < rowEnd) {
        const d = src.charCodeAt(i);
        if (d === PIPE || d === SPACE || d === TAB) break;
        const next = src.charCodeAt(i + 1);
        i += d === BACKSLASH && i + 1 < rowEnd && (next === BACKSLASH || next === PIPE) ? 2 : 1;
      }
      cell.contentEnd = i;
    }
  }
  const last = cells[cells.length - 1];
  if (cell.contentStart >= 0 || last === undefined) {
    cell.end = rowEnd;
    cells.push(cell);
  } else {
    last.end = rowEnd;
  }
  for (const c of cells) {
    if (c.contentStart < 0) {
      c.contentStart = c.start;
      c.contentEnd = c.start;
    }
  }
  return cells;
}

const pieces = fc.constantFrom('|', '\\', '\\|', '\\\\', ' ', '\t', 'a', '`', 'é', '\n', '||');
const texts = fc.array(pieces, { maxLength: 30 }).map((parts) => parts.join(''));

describe('splitRow', () => {
  it('splits as the per-character splitter does, wherever the row starts and ends', () => {
    fc.assert(
      fc.property(texts, fc.nat(), fc.nat(), (src, a, b) => {
        const start = src.length === 0 ? 0 : a % (src.length + 1);
        const end = start + (src.length === 0 ? 0 : b % (src.length - start + 1));
        expect(splitRow(src, start, end)).toEqual(splitRowByChar(src, start, end));
      }),
      { seed: 20261214, numRuns: 5000 },
    );
  });
});

describe('the blocks that end a table', () => {
  it('never start on a line whose first character is `|`', () => {
    const { md } = createEngine();
    const rules = md.block.ruler.getRules('blockquote');
    // The check itself can see a terminator: a quote, a heading, a list item.
    for (const line of ['> a', '# a', '- a']) {
      const state = new md.block.State(`${line}\n`, md, {}, []);
      expect(rules.some((rule) => rule(state, 0, state.lineMax, true))).toBe(true);
    }
    const rest = fc.array(fc.constantFrom('|', '-', '>', '#', '<', '`', '~', '*', '1.', ' ', 'a'), {
      maxLength: 12,
    });
    fc.assert(
      fc.property(fc.constantFrom('', ' ', '  ', '   '), rest, (indent, parts) => {
        const state = new md.block.State(`${indent}|${parts.join('')}\n`, md, {}, []);
        for (const rule of rules) expect(rule(state, 0, state.lineMax, true)).toBe(false);
      }),
      { seed: 20261214, numRuns: 2000 },
    );
  });
});
