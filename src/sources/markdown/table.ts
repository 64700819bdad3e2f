/**
 * GFM table rows split the way micromark-extension-gfm-table splits them,
 * so cells, their positions and their content match what remark produced:
 *
 * - every unescaped `|` divides, even inside backticks (`\|` and `\\` are
 *   the only escapes the splitter knows);
 * - a cell runs from the `|` before it (or the row start) to the next `|`;
 * - a leading `|` opens the first cell rather than an empty one;
 * - after the last `|`, only content makes a new cell: otherwise the cell
 *   before it runs to the end of the row (trailing pipe and spaces included);
 * - short rows have fewer cells, long rows keep their extra cells.
 *
 * markdown-it decides which lines are rows; this only splits one line.
 */

export interface CellSpan {
  /** The cell, from its leading `|` (or the row start) to the next divider or the row end. */
  start: number;
  end: number;
  /** Its content without surrounding spaces and tabs; contentStart === contentEnd when empty. */
  contentStart: number;
  contentEnd: number;
}

/** Split the row `src.slice(rowStart, rowEnd)`; `rowStart` is its first non-blank character. */
export function splitRow(src: string, rowStart: number, rowEnd: number): CellSpan[] {
  const row = src.slice(rowStart, rowEnd);
  const cells: CellSpan[] = [];
  let cell: CellSpan = { start: rowStart, end: rowEnd, contentStart: -1, contentEnd: -1 };
  let i = 0;
  if (row.charCodeAt(i) === PIPE) i++;
  while (i < row.length) {
    const c = row.charCodeAt(i);
    if (c === PIPE) {
      cell.end = rowStart + i;
      cells.push(cell);
      cell = { start: rowStart + i, end: rowEnd, contentStart: -1, contentEnd: -1 };
      i++;
    } else if (c === SPACE || c === TAB) {
      i++;
    } else {
      if (cell.contentStart < 0) cell.contentStart = rowStart + i;
      CONTENT_RUN.lastIndex = i;
      CONTENT_RUN.test(row);
      i = CONTENT_RUN.lastIndex;
      cell.contentEnd = rowStart + i;
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

/** A run of content up to a space, tab or divider; `\\|` and `\\\\` are two characters of it. */
const CONTENT_RUN = /(?:\\[\\|]|[^| \t])+/y;

const PIPE = 124;
const SPACE = 32;
const TAB = 9;

export type AlignType = 'left' | 'right' | 'center' | null;

/**
 * The delimiter row `| :-- | --: |` → its alignments, or null when it is
 * not one. As micromark: cells of `:?-+:?` between pipes, and at least one
 * pipe or colon somewhere (so `---` alone stays a setext underline).
 */
export function delimiterRow(row: string): AlignType[] | null {
  let s = trimBlanks(row);
  let seen = false;
  if (s.startsWith('|')) {
    s = s.slice(1);
    seen = true;
  }
  if (s.endsWith('|')) {
    s = s.slice(0, -1);
    seen = true;
  }
  const parts = s.split('|');
  if (parts.length > 1) seen = true;
  const aligns: AlignType[] = [];
  for (const part of parts) {
    const cell = trimBlanks(part);
    if (!/^:?-+:?$/.test(cell)) return null;
    const left = cell.startsWith(':');
    const right = cell.endsWith(':');
    if (left || right) seen = true;
    aligns.push(left && right ? 'center' : left ? 'left' : right ? 'right' : null);
  }
  return seen ? aligns : null;
}

function trimBlanks(s: string): string {
  return s.replace(/^[ \t]+|[ \t]+$/g, '');
}
