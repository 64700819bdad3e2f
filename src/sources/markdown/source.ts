/**
 * Offsets for the markdown-it engine. markdown-it works on text with every
 * line ending turned into `\n` (and NUL into U+FFFD); mdast positions point
 * into the text as written (without a BOM, see markdown.ts). Both have the
 * same lines and the same columns, so a normalised offset maps to the
 * original by its line: only the line endings differ in length.
 */
import type { Node } from 'mdast';

export type Point = NonNullable<Node['position']>['start'];

export class SourceText {
  /** The text as written (BOM already stripped). */
  readonly text: string;
  /**
   * What markdown-it parses: `\r\n` and `\r` → `\n`, NUL → U+FFFD, and
   * without a leading U+FEFF (a second BOM: micromark skips it too). Every
   * offset taken or returned below is an offset in this string.
   */
  readonly norm: string;
  /** 1 when `norm` starts one character into the text. */
  private readonly skip: number;
  /** Start of each line in the normalised text (skipped character included). */
  private readonly starts: readonly number[];
  /** Start of each line in `text`; null when the two texts are the same. */
  private readonly origStarts: readonly number[] | null;

  /** `textStarts`: lineStarts(text), when the caller has it already. */
  constructor(text: string, textStarts?: readonly number[]) {
    this.text = text;
    const hasCr = text.includes('\r');
    const full = hasCr || text.includes('\0') ? normalise(text) : text;
    this.skip = full.startsWith('\uFEFF') ? 1 : 0;
    this.norm = full.slice(this.skip);
    // Normalising keeps every line break (CRLF and CR become LF), so `text`'s
    // starts are `full`'s when no CR was rewritten.
    const own = textStarts ?? lineStarts(text);
    this.starts = hasCr ? lineStarts(full) : own;
    this.origStarts = hasCr ? own : null;
  }

  /** The line of the last lookup: nodes are positioned in order, mostly on the same line. */
  private hint = 0;

  /** 0-based line of a normalised offset (of the full normalised text). */
  private lineOfFull(offset: number): number {
    const { starts, hint } = this;
    if (offset >= starts[hint]! && (hint + 1 >= starts.length || offset < starts[hint + 1]!))
      return hint;
    this.hint = indexAtOrBefore(starts, offset);
    return this.hint;
  }

  /** Start of the line holding a normalised offset. */
  lineStart(offset: number): number {
    return Math.max(0, (this.starts[this.lineOfFull(offset + this.skip)] ?? 0) - this.skip);
  }

  /** End of the line holding a normalised offset (before its line ending). */
  lineEnd(offset: number): number {
    const next = this.starts[this.lineOfFull(offset + this.skip) + 1];
    return next === undefined ? this.norm.length : next - 1 - this.skip;
  }

  /** Normalised offset → offset in the text as written. */
  orig(at: number): number {
    const offset = at + this.skip;
    if (this.origStarts === null) return offset;
    const line = this.lineOfFull(offset);
    return (this.origStarts[line] ?? 0) + offset - (this.starts[line] ?? 0);
  }

  point(at: number): Point {
    const offset = at + this.skip;
    const line = this.lineOfFull(offset);
    const column = offset - (this.starts[line] ?? 0) + 1;
    const origin = this.origStarts === null ? offset : (this.origStarts[line] ?? 0) + column - 1;
    return { line: line + 1, column, offset: origin };
  }

  /** The line ending as written at a normalised `\n` offset (`\n`, `\r\n` or `\r`). */
  eolAt(offset: number): string {
    if (this.origStarts === null) return '\n';
    const line = this.lineOfFull(offset + this.skip);
    const from = this.orig(offset);
    const to = this.origStarts[line + 1] ?? this.text.length;
    return this.text.slice(from, to);
  }

  /** `value` (normalised, `\n` at `norm[firstNl]`…) with the line endings as written. */
  withEols(value: string, newlineAt: (index: number) => number): string {
    if (this.origStarts === null || !value.includes('\n')) return value;
    let out = '';
    let last = 0;
    for (let i = value.indexOf('\n'); i >= 0; i = value.indexOf('\n', i + 1)) {
      out += value.slice(last, i) + this.eolAt(newlineAt(i));
      last = i + 1;
    }
    return out + value.slice(last);
  }
}

function normalise(text: string): string {
  return text.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
}

/** Line starts, counting CRLF, LF and lone CR as one break each (like micromark). */
export function lineStarts(text: string): number[] {
  const starts = [0];
  if (!text.includes('\r')) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
    return starts;
  }
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) starts.push(i + 1);
  }
  return starts;
}

/** Index of the last entry of sorted `starts` that is <= offset (0 if none). Binary search. */
export function indexAtOrBefore(starts: readonly number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
