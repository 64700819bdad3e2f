/**
 * The inline content most ledger cells and headings hold — text, code spans
 * and `[text](url)` links on one line — turned into mdast without
 * markdown-it. markdown-it builds a parser state and a Token (a dozen
 * fields, each set through a defineProperty helper) for every piece of every
 * cell; on a 1,000-row ledger that was half of the reader's time and most
 * of its garbage.
 *
 * The nodes are exactly those markdown-it's inline parser and InlineBuilder
 * (inline.ts) make for such content, plus the simplest emphasis: `*x*` or
 * `**x**` around plain text, opening after white space or punctuation
 * and closing before it (`**MERGED** 2026-07-09`). Anything else — a line
 * ending, an escape, `_`, `~`, `<`, `&`, an image, a `[` that is not a
 * plain inline link, an unclosed code span, other `*` runs — returns null
 * and the caller takes the full path.
 * test/sources/markdown-plain-inline.test.ts checks the two paths agree.
 */
import type { Emphasis, InlineCode, Link, PhrasingContent, Strong, Text } from 'mdast';
import { classify } from './attention.js';
import type { Point, SourceText } from './source.js';

const BACKTICK = 96;
const OPEN_BRACKET = 91;
const OPEN_PAREN = 40;
const BANG = 33;
const STAR = 42;

/**
 * A run of characters that are text whatever follows: everything but what
 * may start a code span, a link, an image, emphasis or something this path
 * leaves to markdown-it (`\\`, `_`, `~`, `<`, `&`). Native scans, not a
 * loop per character: the content of every cell goes through here.
 */
const TEXT_RUN = /[^*`[\\_~<&!]*/y;

/** A plain link text and its `]`: none of what would be parsed in it, or end it early. */
const PLAIN_LABEL = /[^\n\r\\*_~<&![\]`]+\]/y;

/**
 * A plain link destination and its `)`: printable ASCII but for what
 * markdown-it reads specially there (parentheses, `<`, `>`, escapes,
 * entities) and what could start another construct first (`` ` ``, `[`, `]`).
 */
const PLAIN_DESTINATION = /[\x21-\x25\x27\x2a-\x3b\x3d\x3f-\x5a\x5e\x5f\x61-\x7e]+\)/y;

/**
 * Plain inline content → its phrasing nodes; null when it is not plain (see
 * the file comment). `content` is one stretch of the normalised source
 * starting at offset `base`: one line holds no line ending, so no piece map.
 */
export function parsePlainInline(
  source: SourceText,
  content: string,
  base: number,
  inTable: boolean,
): PhrasingContent[] | null {
  const C = content;
  // A line ending (soft or hard break) takes the full path, even inside a code span.
  if (C.includes('\n')) return null;
  const out: PhrasingContent[] = [];
  let textStart = 0;
  // An open `*` or `**` run: plain text only up to its closer.
  let opener: { start: number; size: number; at: number } | null = null;
  let i = 0;
  for (;;) {
    TEXT_RUN.lastIndex = i;
    TEXT_RUN.test(C);
    i = TEXT_RUN.lastIndex;
    if (i >= C.length) break;
    const c = C.charCodeAt(i);
    if (c === STAR) {
      let end = i + 1;
      while (C.charCodeAt(end) === STAR) end++;
      const size = end - i;
      const before = i > 0 ? classify(C.charCodeAt(i - 1)) : 1;
      const after = end < C.length ? classify(C.charCodeAt(end)) : 1;
      if (size > 2) return null;
      if (opener === null) {
        // Only a run that opens and cannot close: white space or punctuation before, a word after.
        if (before === 0 || after !== 0) return null;
        pushText(source, base, C, textStart, i, out);
        opener = { start: i, size, at: out.length };
      } else {
        // Its closer: a word before, white space or punctuation after, nothing but text between.
        if (size !== opener.size || before !== 0 || after === 0 || out.length !== opener.at)
          return null;
        const node: Emphasis | Strong = {
          type: size === 2 ? 'strong' : 'emphasis',
          children: [textNode(source, base, C, opener.start + size, i)],
          position: span(source, base + opener.start, base + end),
        };
        out.push(node);
        opener = null;
      }
      i = end;
      textStart = i;
    } else if (opener !== null && (c === BACKTICK || c === OPEN_BRACKET)) {
      return null;
    } else if (c === BACKTICK) {
      let open = i + 1;
      while (C.charCodeAt(open) === BACKTICK) open++;
      const size = open - i;
      const close = closingRun(C, open, size);
      if (close < 0) return null;
      pushText(source, base, C, textStart, i, out);
      let value = codeValue(C.slice(open, close));
      if (inTable && value.includes('\\'))
        value = value.replace(/\\([\\|])/g, (all, d: string) => (d === '|' ? d : all));
      const node: InlineCode = {
        type: 'inlineCode',
        value,
        position: span(source, base + i, base + close + size),
      };
      out.push(node);
      i = close + size;
      textStart = i;
    } else if (c === OPEN_BRACKET) {
      PLAIN_LABEL.lastIndex = i + 1;
      if (!PLAIN_LABEL.test(C)) return null;
      const labelEnd = PLAIN_LABEL.lastIndex - 1;
      if (C.charCodeAt(labelEnd + 1) !== OPEN_PAREN) return null;
      PLAIN_DESTINATION.lastIndex = labelEnd + 2;
      if (!PLAIN_DESTINATION.test(C)) return null;
      const destEnd = PLAIN_DESTINATION.lastIndex - 1;
      pushText(source, base, C, textStart, i, out);
      const link: Link = {
        type: 'link',
        url: C.slice(labelEnd + 2, destEnd),
        title: null,
        children: [textNode(source, base, C, i + 1, labelEnd)],
        position: span(source, base + i, base + destEnd + 1),
      };
      out.push(link);
      i = destEnd + 1;
      textStart = i;
    } else if (c === BANG && C.charCodeAt(i + 1) !== OPEN_BRACKET) {
      i++;
    } else {
      // `\\`, `_`, `~`, `<`, `&`, or an image.
      return null;
    }
  }
  if (opener !== null) return null;
  pushText(source, base, C, textStart, C.length, out);
  return out;
}

/** A text node over content [start, end) (non-empty). */
function textNode(source: SourceText, base: number, C: string, start: number, end: number): Text {
  return {
    type: 'text',
    value: C.slice(start, end),
    position: span(source, base + start, base + end),
  };
}

function pushText(
  source: SourceText,
  base: number,
  C: string,
  start: number,
  end: number,
  out: PhrasingContent[],
): void {
  if (end > start) out.push(textNode(source, base, C, start, end));
}

/** The position of normalised range [from, to), to > from. */
function span(source: SourceText, from: number, to: number): { start: Point; end: Point } {
  return { start: source.point(from), end: source.point(to) };
}

/** The start of the first run of exactly `size` backticks at or after `from`, or -1. */
export function closingRun(text: string, from: number, size: number): number {
  let at = from;
  for (;;) {
    const start = text.indexOf('`', at);
    if (start < 0) return -1;
    let end = start;
    while (text.charCodeAt(end) === BACKTICK) end++;
    if (end - start === size) return start;
    at = end;
  }
}

/** micromark's code value on one line: one padding space off each side, if both have one. */
function codeValue(raw: string): string {
  const pad = raw.length > 2 && raw.charCodeAt(0) === 32 && raw.charCodeAt(raw.length - 1) === 32;
  return pad && /[^ ]/.test(raw) ? raw.slice(1, -1) : raw;
}
