/**
 * Verbatim copy of src/sources/trailers/fields.ts as it was before issue 14's speed work (commit
 * 6207145): the reference its differential test holds the faster code to.
 * Not used by the tool. Only this comment was added, and in session 10 the
 * rule that an empty field over a list is a heading (a change of meaning,
 * which both must share).
 */
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
 * One pass over the text; the only regex is anchored and cannot backtrack.
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

const FIELD_NAME = /^([A-Za-z][A-Za-z0-9-]*)[ \t]*:(?!\/\/)/;
/** An unclosed `[` continues a value over at most this many further lines. */
export const MAX_BRACKET_LINES = 8;

/** Why an open field may take an unindented line: its value is still empty, or a `[` is open. */
interface Open {
  field: RawField;
  /** Unindented lines taken so far. */
  taken: number;
}

/** A bulleted line, or a `Label: value` line (indented or not), after optional blanks. */
const LIST_ITEM = /^[ \t]*(?:[-*•+][ \t]|[A-Za-z][\w'/ -]{0,30}:[ \t])/;

export function splitFields(text: string): RawField[] {
  const fields: RawField[] = [];
  let open: Open | null = null;
  for (let start = 0, lineIndex = 0; start <= text.length; lineIndex++) {
    const nl = text.indexOf('\n', start);
    const end = trimLineEnd(text, start, nl === -1 ? text.length : nl);
    const bodyStart = start + commentMarkerLength(text, start, end);
    const first = text.charCodeAt(bodyStart);
    const blank = isBlank(text, bodyStart, end);
    const m = blank ? null : FIELD_NAME.exec(text.slice(bodyStart, end));
    // Session 10 (mirrored from the tool): an empty field over a list is a heading.
    const heading =
      open !== null &&
      open.field.valueStart === open.field.valueEnd &&
      !blank &&
      LIST_ITEM.test(text.slice(bodyStart, end));
    if (!heading && open !== null && (first === SPACE || first === TAB) && !blank) {
      extendValue(open.field, text, bodyStart, end);
    } else if (
      !heading &&
      open !== null &&
      !blank &&
      m === null &&
      takesUnindented(open, text, bodyStart)
    ) {
      open.taken++;
      extendValue(open.field, text, bodyStart, end);
    } else {
      open = null;
      if (m?.[1] !== undefined) {
        const afterColon = bodyStart + m[0].length;
        const field: RawField = {
          name: m[1],
          nameStart: bodyStart,
          lineIndex,
          valueStart: afterColon,
          valueEnd: afterColon,
        };
        extendValue(field, text, afterColon, end);
        fields.push(field);
        open = { field, taken: 0 };
      }
    }
    if (nl === -1) break;
    start = nl + 1;
  }
  return fields;
}

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
