/**
 * A preamble with its comment syntax blanked out, offset for offset.
 *
 * Headers are written inside `#` / `//` / ` * ` comments or a docstring, so
 * the same entry looks different in every file type. Replacing the comment
 * markers (and CRs) by spaces — never deleting them — gives one plain-prose
 * view whose offsets are still the file's offsets, so a state word found in
 * the view can be rewritten in the file by `sync`.
 */

export interface MaskedLine {
  /** Offset of the line in the masked text (= in the preamble). */
  start: number;
  /** End of the line, before its `\n`. */
  end: number;
  /** Masked line text. */
  text: string;
  /** Column of the first non-blank character, or -1 for a blank line. */
  indent: number;
}

export interface MaskedText {
  text: string;
  lines: MaskedLine[];
}

export function maskPreamble(preamble: string): MaskedText {
  const lines: MaskedLine[] = [];
  const parts: string[] = [];
  // Most lines have nothing to blank: then the view is the preamble itself.
  let changed = false;
  let start = 0;
  for (let i = 0; start <= preamble.length; i++) {
    const nl = preamble.indexOf('\n', start);
    const end = nl === -1 ? preamble.length : nl;
    const line = preamble.slice(start, end);
    const text = maskLine(line, i === 0);
    if (text !== line) changed = true;
    lines.push({ start, end, text, indent: firstNonBlank(text) });
    parts.push(text);
    if (nl === -1) break;
    start = nl + 1;
  }
  return { text: changed ? parts.join('\n') : preamble, lines };
}

function firstNonBlank(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c !== ' ' && c !== '\t') return i;
  }
  return -1;
}

function blank(chars: string[], from: number, to: number): void {
  for (let i = from; i < to; i++) chars[i] = ' ';
}

/** Blank the comment markers of one line; the result has the same length. */
export function maskLine(line: string, first: boolean): string {
  if (first && line.startsWith('#!')) return ' '.repeat(line.length);
  return needsMask(line) ? maskChars(line) : line;
}

/**
 * Whether maskChars changes `line`: it has a CR, or a marker maskChars
 * blanks — a leading `#` run not followed by a digit, `//`, `/*`, a lone `*`
 * or `*\/`, a docstring's `"""`/`'''` (after an `r`/`u` prefix) at the start,
 * or a closing `"""`/`'''`/`*\/` at the end. A prose line has none and is
 * kept as it is, without the character array maskChars builds; so is a line
 * of prose that merely starts with `u` or `r` ("update", "removes").
 */
function needsMask(line: string): boolean {
  if (line.includes('\r') || (line.includes('~~') && STRUCK_STATE.test(line))) return true;
  const i = firstNonBlank(line);
  if (i === -1) return false;
  const c = line.charCodeAt(i);
  const next = line.charCodeAt(i + 1);
  if (c === HASH) {
    let j = i + 1;
    while (line.charCodeAt(j) === HASH) j++;
    const after = line.charCodeAt(j);
    // `#3500` at the start of a line is a ref: maskChars keeps it.
    if (!(after >= DIGIT_0 && after <= DIGIT_9)) return true;
  } else if (c === SLASH) {
    if (next === SLASH || next === STAR) return true;
  } else if (c === STAR) {
    if (Number.isNaN(next) || next === SPACE || next === TAB || next === SLASH) return true;
  }
  const prefixed = c === R || c === R_UPPER || c === U || c === U_UPPER ? i + 1 : i;
  if (isTripleQuoteAt(line, prefixed)) return true;
  let end = line.length;
  while (line.charCodeAt(end - 1) === SPACE || line.charCodeAt(end - 1) === TAB) end--;
  return (
    (end >= 3 && isTripleQuoteAt(line, end - 3)) ||
    (end >= 2 && line.charCodeAt(end - 2) === STAR && line.charCodeAt(end - 1) === SLASH)
  );
}

function isTripleQuoteAt(line: string, at: number): boolean {
  const q = line.charCodeAt(at);
  return (
    (q === DOUBLE_QUOTE || q === SINGLE_QUOTE) &&
    line.charCodeAt(at + 1) === q &&
    line.charCodeAt(at + 2) === q
  );
}

const SPACE = 0x20;
const TAB = 0x09;
const HASH = 0x23;
const SLASH = 0x2f;
const STAR = 0x2a;
const DIGIT_0 = 0x30;
const DIGIT_9 = 0x39;
const R = 0x72;
const R_UPPER = 0x52;
const U = 0x75;
const U_UPPER = 0x55;
const DOUBLE_QUOTE = 0x22;
const SINGLE_QUOTE = 0x27;

/** The full masking, without needsMask's shortcut (exported for the differential test). */
export function maskChars(line: string): string {
  // Split by UTF-16 unit (not code point) so offsets stay the file's offsets.
  const chars = line.replace(/\r/g, ' ').split('');
  let i = firstNonBlank(line);
  if (i === -1) return chars.join('');
  i = blankLeadingMarker(chars, i);
  blankDocstringQuotes(chars, i);
  blankTrailingCloser(chars);
  for (const m of line.matchAll(STRUCK_STATES)) blank(chars, m.index, m.index + m[0].length);
  return chars.join('');
}

/**
 * A state struck through, `(ours, ~~OPEN~~ MERGED 2026-09-01)`: the author
 * took it back and wrote the one after it, so it is not read.
 */
const STRUCK_STATE = /~~[*_]*(?:open|merged|closed|draft)[*_]*~~/i;
const STRUCK_STATES = new RegExp(STRUCK_STATE.source, 'gi');

/** Blank `#…`, `//…`, `/*`, `*` and `*\/` at the start; return where content starts. */
function blankLeadingMarker(chars: string[], i: number): number {
  const c = chars[i];
  const next = chars[i + 1];
  let j = i;
  if (c === '#') {
    while (chars[j] === '#') j++;
    // `#3500` at the start of a line is a ref, not a comment marker.
    const after = chars[j];
    if (after !== undefined && after >= '0' && after <= '9') return i;
  } else if (c === '/' && (next === '/' || next === '*')) {
    while (chars[j] === '/' || chars[j] === '*') j++;
  } else if (c === '*' && (next === undefined || next === ' ' || next === '\t' || next === '/')) {
    j = next === '/' ? i + 2 : i + 1;
  } else {
    return i;
  }
  blank(chars, i, j);
  while (chars[j] === ' ' || chars[j] === '\t') j++;
  return j;
}

/** A docstring's opening or closing `"""` / `'''` (with an `r`/`u` prefix). */
function blankDocstringQuotes(chars: string[], i: number): void {
  let j = i;
  if (chars[j] === 'r' || chars[j] === 'R' || chars[j] === 'u' || chars[j] === 'U') j++;
  if (isTripleQuote(chars, j)) blank(chars, i, j + 3);
}

function isTripleQuote(chars: string[], at: number): boolean {
  const q = chars[at];
  return (q === '"' || q === "'") && chars[at + 1] === q && chars[at + 2] === q;
}

/** A closing `"""`, `'''` or `*\/` at the end of a line. */
function blankTrailingCloser(chars: string[]): void {
  let end = chars.length;
  while (end > 0 && (chars[end - 1] === ' ' || chars[end - 1] === '\t')) end--;
  if (end >= 3 && isTripleQuote(chars, end - 3)) blank(chars, end - 3, end);
  else if (end >= 2 && chars[end - 2] === '*' && chars[end - 1] === '/') blank(chars, end - 2, end);
}

/** Index into `lines` of the line holding `offset` (binary search). */
export function lineIndexOf(lines: readonly MaskedLine[], offset: number): number {
  let lo = 0;
  let hi = lines.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((lines[mid]?.start ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
