/**
 * Split a patch preamble into RFC-822 style `Name: value` fields.
 *
 * A field starts at the beginning of a line (after an optional `# ` comment
 * marker, for headers kept in a script's leading comments); a following line
 * that starts with a space or tab continues it (DEP-3, git trailers and mail
 * headers all fold long values that way). A blank line or any other line ends
 * it — with two exceptions that Yocto's and Buildroot's own linters accept
 * (SPEC §2.5): a field whose value is empty on its own line takes the next
 * non-blank line (`Upstream:` / `https://…`), and a value with an unclosed
 * `[` runs on, unindented, to the line that closes it (`Submitted [url,` /
 * `url]`), at most MAX_BRACKET_LINES lines and never past a blank line,
 * another field or a `---` separator. Every field is returned, including ones
 * no convention cares about, because they are what end the previous field's
 * continuation lines.
 *
 * One regex finds the field lines (a native scan: most lines of a commit
 * message are none, and a line-by-line loop in JavaScript cost far more);
 * only the lines after a field are looked at one by one, for its
 * continuation. The regexes cannot backtrack.
 */

export interface RawField {
  /** As written. */
  name: string;
  /** Offset of the name in the preamble. */
  nameStart: number;
  /** 0-based line of the name in the preamble. */
  lineIndex: number;
  /** Offsets of the trimmed value (continuation lines included); equal when empty. */
  valueStart: number;
  valueEnd: number;
}

// A field line: an optional `# ` marker, the name, `:` (not `://`); the first
// line's at the text's start, every other's after a `\n` (a literal first
// character lets the regex engine skip ahead; a look-behind for the line
// start made it try every offset). `[ \t]*:` cannot run past the line.
const FIELD_AT_START = /(?:# )?([A-Za-z][A-Za-z0-9-]*)[ \t]*:(?!\/\/)/y;
const FIELD_AFTER_BREAK = /\n(?:# )?([A-Za-z][A-Za-z0-9-]*)[ \t]*:(?!\/\/)/g;
// The same lines, for the names a trailer convention defines (trailers/meaning.ts):
// Yocto `Upstream-Status`, Buildroot `Upstream`, DEP-3 `Forwarded`,
// `Applied-Upstream`, `Origin`, `Bug` and `Bug-<Vendor>`. A name is still the
// whole run of name characters, since `[ \t]*:` must follow it. Without `u`,
// `i` folds ASCII letters only, as `[A-Za-z]` reads them.
const CONVENTION_AT_START =
  /(?:# )?(upstream-status|upstream|forwarded|applied-upstream|origin|bug(?:-[A-Za-z0-9-]+)?)[ \t]*:(?!\/\/)/iy;
const CONVENTION_AFTER_BREAK =
  /\n(?:# )?(upstream-status|upstream|forwarded|applied-upstream|origin|bug(?:-[A-Za-z0-9-]+)?)[ \t]*:(?!\/\/)/gi;
// The same at a line's body, sticky: no line string is cut out.
const FIELD_NAME = /([A-Za-z][A-Za-z0-9-]*)[ \t]*:(?!\/\/)/y;
/** An unclosed `[` continues a value over at most this many further lines. */
export const MAX_BRACKET_LINES = 8;

/** Why an open field may take an unindented line: its value is still empty, or a `[` is open. */
interface Open {
  field: RawField;
  /** Unindented lines taken so far. */
  taken: number;
}

export function splitFields(text: string): RawField[] {
  return fieldsOf(text, FIELD_AT_START, FIELD_AFTER_BREAK);
}

/** Whether a trailer convention defines the field `name` (as written): the ones conventionFields returns. */
export function isConventionName(name: string): boolean {
  const lower = name.toLowerCase();
  return CONVENTION_NAMES.has(lower) || (lower.startsWith('bug-') && lower.length > 4);
}
const CONVENTION_NAMES = new Set([
  'upstream-status',
  'upstream',
  'forwarded',
  'applied-upstream',
  'origin',
  'bug',
]);

/**
 * splitFields's fields whose name a convention defines (isConventionName),
 * the same objects in the same order, found without following the others'
 * continuation lines: most fields of a header (`Signed-off-by:`, a mail's
 * `From:`, `Date:`, `Subject:`) are no convention's, and following their
 * lines one by one was most of the trailer reader's time. The other fields
 * need not be found for these to end where they do: a field line is never
 * a continuation line (continuationEnd stops at a line that starts with a
 * name and `:`, after an optional `# `), so every field line starts a field,
 * and each field's value depends only on the lines after it.
 */
export function conventionFields(text: string): RawField[] {
  return fieldsOf(text, CONVENTION_AT_START, CONVENTION_AFTER_BREAK);
}

function fieldsOf(text: string, atStart: RegExp, afterBreak: RegExp): RawField[] {
  const fields: RawField[] = [];
  // Lines are counted up to `counted`, where line `lineIndex` starts.
  let counted = 0;
  let lineIndex = 0;
  for (let line = nextFieldLine(text, 0, atStart, afterBreak); line !== null;) {
    const { start, name, afterColon } = line;
    lineIndex += countBreaks(text, counted, start);
    counted = start;
    const nl = text.indexOf('\n', start);
    const field: RawField = {
      name,
      // The regex took the `# ` marker when the line starts with `#`.
      nameStart: text.charCodeAt(start) === HASH ? start + 2 : start,
      lineIndex,
      valueStart: afterColon,
      valueEnd: afterColon,
    };
    extendValue(field, text, afterColon, trimLineEnd(text, start, nl === -1 ? text.length : nl));
    fields.push(field);
    // Its continuation lines; the line that ends it may be the next field.
    if (nl === -1) break;
    line = nextFieldLine(text, continuationEnd(text, nl + 1, field), atStart, afterBreak);
  }
  return fields;
}

/** The first field line (as `atStart`/`afterBreak` find them) that starts at or after `from` (a line start), or null. */
function nextFieldLine(
  text: string,
  from: number,
  atStart: RegExp,
  afterBreak: RegExp,
): { start: number; name: string; afterColon: number } | null {
  if (from === 0) {
    atStart.lastIndex = 0;
    const m = atStart.exec(text);
    if (m?.[1] !== undefined) return { start: 0, name: m[1], afterColon: m[0].length };
  }
  // The `\n` that ends the line before `from`, or any later one.
  afterBreak.lastIndex = Math.max(0, from - 1);
  const m = afterBreak.exec(text);
  if (m?.[1] === undefined) return null;
  return { start: m.index + 1, name: m[1], afterColon: m.index + m[0].length };
}

/** The start of the first line from `from` that does not continue `field`. */
function continuationEnd(text: string, from: number, field: RawField): number {
  const open: Open = { field, taken: 0 };
  for (let start = from; start <= text.length;) {
    const nl = text.indexOf('\n', start);
    const end = trimLineEnd(text, start, nl === -1 ? text.length : nl);
    const bodyStart = start + commentMarkerLength(text, start, end);
    const first = text.charCodeAt(bodyStart);
    if (isBlank(text, bodyStart, end)) return start;
    // `Upstream:` over a list (`  - Our PR: #1`, `  Bug:  #312`): a heading
    // in the author's prose, not a field whose value starts on the next line.
    if (field.valueStart === field.valueEnd && LIST_ITEM.test(text.slice(bodyStart, end))) {
      return start;
    }
    if (first === SPACE || first === TAB) {
      extendValue(field, text, bodyStart, end);
    } else if (
      (!isLetter(first) || fieldNameAt(text, bodyStart) === null) &&
      takesUnindented(open, text, bodyStart)
    ) {
      open.taken++;
      extendValue(field, text, bodyStart, end);
    } else {
      return start;
    }
    if (nl === -1) return text.length + 1;
    start = nl + 1;
  }
  return text.length + 1;
}

function countBreaks(text: string, from: number, to: number): number {
  let n = 0;
  for (let at = text.indexOf('\n', from); at !== -1 && at < to; at = text.indexOf('\n', at + 1))
    n++;
  return n;
}

function fieldNameAt(text: string, at: number): RegExpExecArray | null {
  FIELD_NAME.lastIndex = at;
  return FIELD_NAME.exec(text);
}

/** A field name starts with an ASCII letter: other lines need no regex. */
function isLetter(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a);
}

/** A bulleted line, or a `Label: value` line (indented or not), after optional blanks. */
const LIST_ITEM = /^[ \t]*(?:[-*•+][ \t]|[A-Za-z][\w'/ -]{0,30}:[ \t])/;

/** May the open field take the unindented line at `bodyStart`? */
function takesUnindented(open: Open, text: string, bodyStart: number): boolean {
  if (text.startsWith('---', bodyStart)) return false;
  const { field } = open;
  if (field.valueStart === field.valueEnd) return open.taken === 0;
  if (open.taken >= MAX_BRACKET_LINES) return false;
  const value = text.slice(field.valueStart, field.valueEnd);
  return value.lastIndexOf('[') > value.lastIndexOf(']');
}

const SPACE = 0x20;
const HASH = 0x23;
const TAB = 0x09;

function isSpace(code: number): boolean {
  return code === SPACE || code === TAB || code === 0x0d;
}

/** The end of a line without a trailing `\r` (CRLF files) or trailing blanks. */
function trimLineEnd(text: string, start: number, end: number): number {
  let e = end;
  while (e > start && isSpace(text.charCodeAt(e - 1))) e--;
  return e;
}

/** `#` followed by a space or the end of the line: a comment line of a script header. */
function commentMarkerLength(text: string, start: number, end: number): number {
  if (text.charCodeAt(start) !== 0x23 /* # */) return 0;
  if (start + 1 === end) return 1;
  return text.charCodeAt(start + 1) === SPACE ? 2 : 0;
}

function isBlank(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (!isSpace(text.charCodeAt(i))) return false;
  return true;
}

/** Grow the field's value to cover the non-blank part of `[from, end)`. */
function extendValue(field: RawField, text: string, from: number, end: number): void {
  let s = from;
  while (s < end && isSpace(text.charCodeAt(s))) s++;
  if (s === end) return;
  if (field.valueStart === field.valueEnd) field.valueStart = s;
  field.valueEnd = end;
}
