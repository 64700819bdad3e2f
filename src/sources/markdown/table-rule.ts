/**
 * A GFM table block rule for markdown-it that finds the tables micromark
 * finds. markdown-it's own rule splits the header with `\\|` as an escaped
 * pipe and wants a `|` in the header line; GFM (and micromark) read `\\|`
 * as a backslash and a divider and accept `a` over `:-`. It also runs
 * before the list, quote, heading and fence rules, so `- a | b` over a
 * delimiter row became a table; this rule is registered after them.
 *
 * Only the structure is emitted — the table's lines and its alignments:
 * tree.ts splits the rows itself (table.ts).
 */
import type { StateBlock } from 'markdown-it';
import { delimiterRow, splitRow, type AlignType } from './table.js';

// markdown-it's HTML_OPEN_CLOSE_TAG_RE: a line that is only a tag starts an
// HTML block of kind 7, which ends a table in micromark (markdown-it lets
// kind 7 interrupt nothing, so its terminator check says no).
const ATTR = `(?:\\s+[a-zA-Z_:][a-zA-Z0-9:._-]*(?:\\s*=\\s*(?:[^"'=<>\`\\x00-\\x20]+|'[^']*'|"[^"]*"))?)`;
const HTML_KIND_7 = new RegExp(
  `^(?:<[A-Za-z][A-Za-z0-9\\-]*${ATTR}*\\s*\\/?>|<\\/[A-Za-z][A-Za-z0-9\\-]*\\s*>)\\s*$`,
);

const LESS_THAN = 60;
const PIPE = 124;

/** The alignments gfmTable records on its `table_open` token, one per column. */
export function tableAlign(meta: Record<string, unknown> | null): AlignType[] {
  const align = meta?.align;
  return Array.isArray(align) ? (align as AlignType[]) : [];
}

/** A markdown-it block rule, as the engine wraps them. */
export type BlockRule = (
  state: StateBlock,
  startLine: number,
  endLine: number,
  silent: boolean,
) => boolean;

/** Does a block that may interrupt a table (a quote, list, fence, heading…) start at `line`? */
function terminates(
  rules: readonly BlockRule[],
  state: StateBlock,
  line: number,
  endLine: number,
): boolean {
  for (let k = 0; k < rules.length; k++) if (rules[k]!(state, line, endLine, true)) return true;
  return false;
}

/** env key: the line after the last table and its nesting level (Env allows symbol keys). */
const AFTER_TABLE = Symbol('afterTable');

export function gfmTable(
  state: StateBlock,
  startLine: number,
  endLine: number,
  silent: boolean,
): boolean {
  if (startLine + 2 > endLine) return false;
  // micromark reads a line right after a table row as a body row of that
  // table, or nothing: a table ended by its container (`- |a|…` then `|b|`
  // at the margin) is not followed at once by a new one, at its level or out.
  const after = state.env[AFTER_TABLE] as { line: number; level: number } | undefined;
  if (after !== undefined && after.line === startLine && state.level <= after.level) return false;
  const next = startLine + 1;
  const indent = (line: number): number => (state.sCount[line] ?? 0) - state.blkIndent;
  if (indent(startLine) >= 4 || indent(next) < 0 || indent(next) >= 4) return false;
  const lineText = (line: number): [number, number] => [
    (state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0),
    state.eMarks[line] ?? 0,
  ];
  const [ds, de] = lineText(next);
  const aligns = delimiterRow(state.src.slice(ds, de));
  if (aligns === null) return false;
  const [hs, he] = lineText(startLine);
  const header = state.src.slice(hs, he).replace(/[ \t]+$/, '');
  if (header === '' || header === '|') return false;
  if (splitRow(state.src, hs, he).length !== aligns.length) return false;
  if (silent) return true;

  const oldParentType = state.parentType;
  state.parentType = 'table';
  const terminators = state.md.block.ruler.getRules('blockquote');
  let line = startLine + 2;
  for (; line < endLine; line++) {
    if (indent(line) < 0 || state.isEmpty(line) || indent(line) >= 4) break;
    const s = (state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0);
    const first = state.src.charCodeAt(s);
    // Each block that ends a table wants its own first character (`>`, `#`,
    // `<`, a list marker, a fence, a rule): a row starting with `|` is none.
    if (first !== PIPE && terminates(terminators, state, line, endLine)) break;
    if (first !== LESS_THAN) continue;
    if (HTML_KIND_7.test(state.src.slice(s, state.eMarks[line] ?? 0))) break;
  }

  // Only the table's extent and alignments: tree.ts reads its rows from the
  // table's lines (every line but the delimiter row), so no token per row or cell.
  const table = state.push('table_open', 'table', 1);
  table.map = [startLine, line];
  table.meta = { align: aligns };
  state.push('table_close', 'table', -1);
  state.parentType = oldParentType;
  state.line = line;
  state.env[AFTER_TABLE] = { line, level: state.level };
  return true;
}
