/**
 * Markdown plumbing for the ledger reader: parse into an mdast tree with
 * positions (markdown-it, GFM tables and strikethrough, converted to the
 * mdast remark would build: see markdown-tree.ts), and turn
 * an inline container (a table cell, a paragraph) into a flat string that
 * ref and state scanners can read, with a map back to source offsets.
 *
 * Why a flat string rather than the raw source slice: emphasis markers and
 * backticks must not change meaning (`**MERGED**` reads as `MERGED`), and a
 * link's URL — which names the ref — is not part of its text in mdast.
 */
import type { Nodes, Root } from 'mdast';
import { GITHUB_URL_REF } from '../../refs.js';
import { createEngine, type Engine } from './engine.js';
import { indexAtOrBefore, lineStarts, SourceText } from './source.js';
import { buildTree } from './tree.js';

export { tableRows, type TableRows } from './table-rows.js';

const BOM = '\uFEFF';

export interface MarkdownDoc {
  /** The text the parser saw: the original without a leading BOM. */
  text: string;
  /** Add to an offset in `text` to get the offset in the original (1 with a BOM). */
  shift: number;
  tree: Root;
  /** Reference-style link definitions: normalised identifier → URL. */
  definitions: ReadonlyMap<string, string>;
  lineOf(offset: number): number;
}

/**
 * Text (without BOM) → mdast tree whose offsets index that text. `lines`
 * is lineStarts(text), which a builder may use rather than compute again.
 */
export type TreeBuilder = (text: string, lines?: readonly number[]) => Root;

let engine: Engine | null = null;

/**
 * The parser: markdown-it, whose token stream becomes the mdast tree the
 * reader walks. (micromark, which remark uses, took ~900 ms and ~190 MB of
 * heap on a 350 KB ledger and is quadratic on runs of `*a`; this path takes
 * ~60 ms and ~20 MB there, and stays linear.)
 */
export const markdownItTree: TreeBuilder = (text, lines) => {
  engine ??= createEngine();
  return buildTree(engine, new SourceText(text, lines));
};

/** For tests: every inline container through markdown-it, none through inline-plain.ts. */
export function markdownItFullTree(): TreeBuilder {
  const full = createEngine({ plainInline: false });
  return (text, lines) => buildTree(full, new SourceText(text, lines));
}

let currentBuilder: TreeBuilder = markdownItTree;

export function parseMarkdown(original: string): MarkdownDoc {
  return parseMarkdownWith(original, currentBuilder);
}

export function parseMarkdownWith(original: string, build: TreeBuilder): MarkdownDoc {
  // remark drops the BOM silently and every offset would be one short of
  // the bytes `sync` rewrites, so strip it here and remember the shift.
  // GFM tables and strikethrough only: autolink literals made long lines
  // slow under remark, and a ledger's refs come from link nodes and from
  // scanning text, never from autolinked bare URLs.
  const shift = original.startsWith(BOM) ? 1 : 0;
  const text = original.slice(shift);
  const lines = lineStarts(text);
  const tree = build(text, lines);
  return { text, shift, tree, definitions: collectDefinitions(tree), lineOf: lineIndex(lines) };
}

/**
 * For tests: run `fn` with parseMarkdown — and so parseLedger — building
 * its trees with `build` (e.g. the micromark reference pipeline).
 */
export function withTreeBuilder<T>(build: TreeBuilder, fn: () => T): T {
  const previous = currentBuilder;
  currentBuilder = build;
  try {
    return fn();
  } finally {
    currentBuilder = previous;
  }
}

function collectDefinitions(tree: Root): Map<string, string> {
  const out = new Map<string, string>();
  const visit = (node: Nodes): void => {
    if (node.type === 'definition' && !out.has(node.identifier)) out.set(node.identifier, node.url);
    // Definitions are blocks: never inside a paragraph, heading or table.
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'table') return;
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return out;
}

/** Offset → 1-based line, counting CRLF, LF and lone CR as one break, like remark. */
function lineIndex(starts: readonly number[]): (offset: number) => number {
  return (offset) => indexAtOrBefore(starts, offset) + 1;
}

/** A run of flat text and where it came from in the source. */
export interface Piece {
  /** Offset of this piece in the flat text. */
  at: number;
  length: number;
  srcStart: number;
  srcEnd: number;
  /** True when flat offsets map 1:1 onto source offsets; else the piece maps to its whole range. */
  exact: boolean;
}

export interface InlineText {
  text: string;
  pieces: readonly Piece[];
  /** Flat ranges of inline code (`…`): a title written in backticks after a ref. */
  codes: readonly (readonly [number, number])[];
}

/** Flatten an inline container's children (see the file comment). */
export function flattenInline(doc: MarkdownDoc, node: Nodes): InlineText {
  const flat: Flat = { doc, parts: [], pieces: [], codes: [], at: 0 };
  if ('children' in node) flattenChildren(flat, node.children);
  const { parts } = flat;
  return {
    text: parts.length === 1 ? parts[0]! : parts.join(''),
    pieces: flat.pieces,
    codes: flat.codes,
  };
}

/** flattenInline's output as it grows: plain functions over it, no closures per call. */
interface Flat {
  doc: MarkdownDoc;
  parts: string[];
  pieces: Piece[];
  codes: [number, number][];
  /** Length of the flat text so far. */
  at: number;
}

function pushFlat(
  flat: Flat,
  value: string,
  srcStart: number,
  srcEnd: number,
  exact: boolean,
): void {
  if (value.length === 0) return;
  flat.parts.push(value);
  flat.pieces.push({ at: flat.at, length: value.length, srcStart, srcEnd, exact });
  flat.at += value.length;
}

function flattenCode(flat: Flat, value: string, start: number, end: number): void {
  const { text } = flat.doc;
  let ticks = start;
  while (ticks < end && text.charCodeAt(ticks) === 96) ticks++;
  // The value where it is written (the first occurrence after the backticks,
  // inside the span: searched in the span alone, never on through the file);
  // else the whole span, backticks included.
  const span = text.slice(start, end);
  const inner = value.length > 0 ? span.indexOf(value, ticks - start) : -1;
  if (inner >= 0) pushFlat(flat, value, start + inner, start + inner + value.length, true);
  else pushFlat(flat, span, start, end, true);
}

/** Index loops, not for-of: this runs for most cells, mostly before the JIT optimises it. */
function flattenChildren(flat: Flat, children: readonly Nodes[]): void {
  for (let i = 0; i < children.length; i++) flattenNode(flat, children[i]!);
}

function flattenNode(flat: Flat, n: Nodes): void {
  const start = n.position?.start.offset;
  const end = n.position?.end.offset;
  if (start === undefined || end === undefined) return;
  switch (n.type) {
    case 'text':
      // The raw slice, not `value`: same meaning for refs and states, and
      // its offsets are exact even with escapes and entities.
      pushFlat(flat, flat.doc.text.slice(start, end), start, end, true);
      return;
    case 'inlineCode': {
      const from = flat.at;
      flattenCode(flat, n.value, start, end);
      if (flat.at > from) flat.codes.push([from, flat.at]);
      return;
    }
    case 'link':
    case 'linkReference': {
      const url = n.type === 'link' ? n.url : flat.doc.definitions.get(n.identifier);
      if (url !== undefined && isGitHubRefUrl(url)) {
        // One mention per link: the URL names the ref, its text is ignored.
        pushFlat(flat, url, start, end, false);
        pushFlat(flat, ' ', end, end, false);
      } else {
        flattenChildren(flat, n.children);
      }
      return;
    }
    case 'break':
    case 'html':
      // A separator, so words on either side never fuse into one token.
      pushFlat(flat, ' ', start, end, false);
      return;
    case 'image':
    case 'imageReference':
    case 'footnoteReference':
      return;
    default:
      if ('children' in n) flattenChildren(flat, n.children);
  }
}

/**
 * Could the flat text of `node` name a ref? Not when its source holds no
 * `#`, `:` or `[`: every ref form holds a `#` or a `:` (`https://`), and the
 * flat text is made of the node's own characters (text as written, code
 * values, a separating space) except where a link brings in its URL, which
 * takes a `[`. Characters can meet across pieces (`h` and `` `ttp://…` ``),
 * which is why `http` alone would not do.
 */
export function mayNameRef(doc: MarkdownDoc, node: Nodes): boolean {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return true;
  return REF_CHARACTER.test(doc.text.slice(start, end));
}

const REF_CHARACTER = /[#:[]/;

/**
 * Is `url` a GitHub PR or issue URL from its first character? What
 * `scanRefs(url.trim(), …)[0]` says when its first ref is a URL at offset 0:
 * the URL form of refs.ts, anchored.
 */
const GITHUB_REF_URL = new RegExp(`^${GITHUB_URL_REF}`);

function isGitHubRefUrl(url: string): boolean {
  return GITHUB_REF_URL.test(url.trim());
}

/**
 * Flat offset → offset in `doc.text`. `edge` says whether the offset starts
 * or ends a range, which decides the piece it falls in at a boundary.
 */
export function sourceOffset(inline: InlineText, offset: number, edge: 'start' | 'end'): number {
  const { pieces } = inline;
  let lo = 0;
  let hi = pieces.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    const p = pieces[mid]!;
    const before = edge === 'start' ? p.at <= offset : p.at < offset;
    if (before) lo = mid;
    else hi = mid - 1;
  }
  const p = pieces[lo];
  if (p === undefined) return 0;
  if (p.exact) return p.srcStart + Math.min(Math.max(offset - p.at, 0), p.length);
  return edge === 'start' ? p.srcStart : p.srcEnd;
}

/** The trimmed source range of a node's content (a table cell without its pipes). */
export function contentRange(doc: MarkdownDoc, node: Nodes): { start: number; end: number } | null {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return null;
  const children = 'children' in node ? node.children : [];
  const first = children[0]?.position?.start.offset;
  const last = children[children.length - 1]?.position?.end.offset;
  if (first !== undefined && last !== undefined) return trimRange(doc.text, first, last);
  // An empty cell: point just inside it (after `|` and one space) so a
  // writer can insert there without touching the pipes.
  let at = start;
  if (doc.text[at] === '|') at++;
  if (at < end && (doc.text[at] === ' ' || doc.text[at] === '\t')) at++;
  return { start: at, end: at };
}

function trimRange(text: string, start: number, end: number): { start: number; end: number } {
  let s = start;
  let e = end;
  while (s < e && /\s/.test(text[s] ?? '')) s++;
  while (e > s && /\s/.test(text[e - 1] ?? '')) e--;
  return { start: s, end: e };
}

/** Every inline-code value under a node, with its line: backticked paths. */
export function inlineCodes(node: Nodes): { value: string; line: number }[] {
  const out: { value: string; line: number }[] = [];
  const visit = (n: Nodes): void => {
    if (n.type === 'inlineCode') out.push({ value: n.value, line: n.position?.start.line ?? 1 });
    else if ('children' in n) for (const child of n.children) visit(child);
  };
  visit(node);
  return out;
}
