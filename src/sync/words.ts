/**
 * Reading the bytes around a recorded state word in the original text: the
 * emphasis wrapped round it, a `both`/`all` before it, a date after it, the
 * parenthetical it sits in. Markup between them is skipped the way the
 * readers skip it, so what sync finds is what `check` read.
 */
import type { Span, State } from '../model.js';

const EMPHASIS = /[*_]/;
const CLOSERS = /[*_`]/;
// The readers' own date-after-state shape (ledger-states.ts DATE_AFTER).
const DATE_AFTER = /[ \t]*[,:]?[ \t]*(?:on[ \t]+)?(\d{4}-\d{2}-\d{2})(?!\d)/y;
const QUANTIFIER = /(?:\bare[ \t]+)?\b(?:both|all(?:[ \t]+(?:two|three|four|five))?)[ \t]+$/i;

export interface DateSlot {
  /** From the end of the word's closing emphasis to the end of the date. */
  start: number;
  /** The date itself. */
  date: Span;
  value: string;
}

/** Offset just past the emphasis/backticks closing the word that ends at `end`. */
export function afterClosers(text: string, end: number): number {
  let at = end;
  while (at < text.length && CLOSERS.test(text[at] ?? '')) at++;
  return at;
}

/** A date written right after the word (`**MERGED** 2026-07-09`, `MERGED on 2026-07-09`). */
export function dateSlotAfter(text: string, wordEnd: number): DateSlot | null {
  const start = afterClosers(text, wordEnd);
  DATE_AFTER.lastIndex = start;
  const m = DATE_AFTER.exec(text);
  if (m === null || m[1] === undefined) return null;
  const dateStart = DATE_AFTER.lastIndex - m[1].length;
  return { start, date: { start: dateStart, end: DATE_AFTER.lastIndex }, value: m[1] };
}

/** The emphasis marker wrapped round the word (`**`, `_`), or '' when none or unbalanced. */
export function emphasisOf(text: string, span: Span): string {
  let open = span.start;
  while (open > 0 && EMPHASIS.test(text[open - 1] ?? '')) open--;
  let close = span.end;
  while (close < text.length && EMPHASIS.test(text[close] ?? '')) close++;
  const before = text.slice(open, span.start);
  return before === text.slice(span.end, close) ? before : '';
}

/** Start of a `both ` / `all ` / `are both ` written before the word, else the word's start. */
export function quantifierStart(text: string, wordStart: number): number {
  const window = text.slice(Math.max(0, wordStart - 24), wordStart);
  const m = QUANTIFIER.exec(window);
  return m === null ? wordStart : wordStart - m[0].length;
}

/** Whether `at` is inside a parenthetical opened earlier on the same line. */
export function insideParens(text: string, at: number): boolean {
  for (let i = at - 1; i >= 0; i--) {
    const c = text[i];
    if (c === '(') return true;
    if (c === ')' || c === '\n') return false;
  }
  return false;
}

/** The `(…)` holding `span`, bounded so a stray paren cannot make this scan the file. */
export function enclosingParens(text: string, span: Span, limit = 600): Span | null {
  let open = -1;
  for (let i = span.start - 1; i >= Math.max(0, span.start - limit); i--) {
    if (text[i] === ')') return null;
    if (text[i] === '(') {
      open = i;
      break;
    }
  }
  if (open < 0) return null;
  const close = text.indexOf(')', span.end);
  return close < 0 || close - open > limit ? null : { start: open, end: close + 1 };
}

/** The state in the case style the file used (`merged`, `Merged`, `MERGED`). */
export function casedLike(state: State, written: string): string {
  if (written === written.toLowerCase()) return state.toLowerCase();
  const rest = written.slice(1);
  if (written[0] === written[0]?.toUpperCase() && rest === rest.toLowerCase()) {
    return state[0] + state.slice(1).toLowerCase();
  }
  return state;
}

/**
 * Line starts of the last text asked about: planners ask for many lines of
 * one file in a row, and a ledger can have thousands of rows.
 */
let cached: { text: string; starts: number[] } | null = null;

function lineStarts(text: string): number[] {
  if (cached?.text !== text) {
    const starts = [0];
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    cached = { text, starts };
  }
  return cached.starts;
}

/** 1-based line of an offset (`\n`-separated, so CRLF counts once). */
export function lineAt(text: string, offset: number): number {
  const starts = lineStarts(text);
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}

/** Offset of the start of a 1-based line (the end of the text past the last line). */
export function lineStart(text: string, line: number): number {
  return lineStarts(text)[line - 1] ?? text.length;
}
