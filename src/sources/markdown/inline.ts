/**
 * markdown-it inline tokens → mdast phrasing content, with positions.
 *
 * markdown-it's inline tokens carry no offsets, so they are located in the
 * inline content in order, with a cursor: text verbatim, escapes and
 * entities by their markup (`\|`, `&amp;`), code spans between their
 * backtick runs, emphasis by its markers, links and images by the extents
 * their (wrapped) rules recorded, line breaks by their `\n`. The content is
 * a paragraph's lines without container prefixes, or one table cell; each
 * piece of it maps linearly onto the normalised source.
 *
 * The nodes come out as mdast-util-from-markdown makes them: adjacent text,
 * escapes, entities and soft line breaks form one text node spanning all
 * of them; a text node after a line break starts at the line ending; a hard
 * break runs from its trailing spaces (or `\`) to after the line ending.
 */
import type {
  Delete,
  Emphasis,
  Image,
  ImageReference,
  Link,
  LinkReference,
  PhrasingContent,
  Strong,
} from 'mdast';
import type { Env, Token } from 'markdown-it';
import type { Engine, LinkExtent } from './engine.js';
import { closingRun, parsePlainInline } from './inline-plain.js';
import type { Point, SourceText } from './source.js';

export interface InlineContext {
  engine: Engine;
  env: Env;
  source: SourceText;
}

/** Where inline content came from: content offset `at` is normalised offset `to`, linearly up to the next piece. */
export interface InlinePiece {
  at: number;
  to: number;
}

export interface InlineSource {
  content: string;
  pieces: readonly InlinePiece[];
}

/** `inTable`: code in a table cell unescapes `\|`, as mdast-util-gfm-table does. */
export function parseInline(
  ctx: InlineContext,
  source: InlineSource,
  inTable = false,
): PhrasingContent[] {
  if (source.content === '') return [];
  const [only, second] = source.pieces;
  if (ctx.engine.plainInline && only !== undefined && second === undefined) {
    const plain = parsePlainInline(ctx.source, source.content, only.to - only.at, inTable);
    if (plain !== null) return plain;
  }
  const tokens: Token[] = [];
  ctx.engine.md.inline.parse(source.content, ctx.engine.md, ctx.env, tokens);
  return new InlineBuilder(ctx, source, inTable).build(tokens);
}

/** Inline content that is one stretch of the source (a cell, a heading) starting at normalised `base`. */
export function parseInlineAt(
  ctx: InlineContext,
  content: string,
  base: number,
  inTable = false,
): PhrasingContent[] {
  if (content === '') return [];
  if (ctx.engine.plainInline) {
    const plain = parsePlainInline(ctx.source, content, base, inTable);
    if (plain !== null) return plain;
  }
  return parseInline(ctx, { content, pieces: [{ at: 0, to: base }] }, inTable);
}

type Container = Emphasis | Strong | Delete | Link | LinkReference;

interface Frame {
  node: Container;
  start: number;
  /** The token type that closes it. */
  close: string;
  link: LinkExtent | undefined;
}

interface PendingText {
  start: number;
  end: number;
  /** Joined when flushed: growing one string line by line and trimming it was quadratic. */
  parts: string[];
}

/**
 * Emphasis nested deeper than this is left as text: the ledger reader (and
 * any mdast utility) walks trees recursively, and `~a ~~b …` repeated makes
 * a node per marker.
 */
const MAX_DEPTH = 200;

const CONTAINERS: Record<string, 'emphasis' | 'strong' | 'delete'> = {
  em_open: 'emphasis',
  strong_open: 'strong',
  s_open: 'delete',
};

class InlineBuilder {
  private readonly content: string;
  private readonly root: PhrasingContent[] = [];
  private readonly stack: Frame[] = [];
  private text: PendingText | null = null;
  /** Opening markers left as text past MAX_DEPTH, by the type that would close them. */
  private readonly dropped = new Map<string, number>();
  private cursor = 0;

  constructor(
    private readonly ctx: InlineContext,
    private readonly source: InlineSource,
    private readonly inTable: boolean,
  ) {
    this.content = source.content;
  }

  build(tokens: readonly Token[]): PhrasingContent[] {
    for (let i = 0; i < tokens.length; i++) {
      const token = tokens[i]!;
      if (token.type === 'link_open' && token.markup === 'autolink') {
        this.autolink(token);
        while (i + 1 < tokens.length && tokens[i]!.type !== 'link_close') i++;
        continue;
      }
      this.token(token);
    }
    this.flushText();
    while (this.stack.length > 0) this.closeFrame(this.cursor);
    return this.root;
  }

  private token(token: Token): void {
    const C = this.content;
    switch (token.type) {
      case 'text': {
        if (token.content === '') return;
        const s = this.locate(token.content);
        this.addText(s, s + token.content.length, token.content);
        return;
      }
      case 'text_special': {
        const s = this.locate(token.markup);
        this.addText(s, s + token.markup.length, token.content);
        return;
      }
      case 'softbreak': {
        const nl = C.indexOf('\n', this.cursor);
        if (nl < 0) return;
        const eol = this.ctx.source.eolAt(this.norm(nl));
        // White space alone before the line ending is no text of its own.
        if (this.text !== null && /^[ \t]*$/.test(C.slice(this.text.start, nl))) this.text = null;
        if (this.text === null) this.text = { start: nl, end: nl + 1, parts: [eol] };
        else {
          trimEndBlanks(this.text.parts);
          this.text.parts.push(eol);
          this.text.end = nl + 1;
        }
        this.cursor = skipBlanks(C, nl + 1);
        return;
      }
      case 'hardbreak': {
        const nl = C.indexOf('\n', this.cursor);
        if (nl < 0) return;
        this.emit({ type: 'break' }, this.cursor, nl + 1);
        this.cursor = skipBlanks(C, nl + 1);
        return;
      }
      case 'code_inline': {
        const fence = token.markup.length;
        const s = this.locate(token.markup);
        const close = closingRun(C, s + fence, fence);
        if (close < 0) {
          this.emit({ type: 'inlineCode', value: token.content }, s, s + fence);
          return;
        }
        let value = this.codeValue(s + fence, close);
        if (this.inTable)
          value = value.replace(/\\([\\|])/g, (all, c: string) => (c === '|' ? c : all));
        this.emit({ type: 'inlineCode', value }, s, close + fence);
        return;
      }
      case 'html_inline': {
        const s = this.locate(token.content);
        const end = s + token.content.length;
        this.emit({ type: 'html', value: this.withEols(s, end) }, s, end);
        return;
      }
      case 'em_open':
      case 'strong_open':
      case 's_open': {
        const s = this.locate(token.markup);
        if (this.stack.length >= MAX_DEPTH) {
          // Deeper than any reader should recurse: the markers stay text.
          const close = token.type.replace('_open', '_close');
          this.dropped.set(close, (this.dropped.get(close) ?? 0) + 1);
          this.addText(s, s + token.markup.length, token.markup);
          return;
        }
        this.flushText();
        const type = CONTAINERS[token.type]!;
        const node: Emphasis | Strong | Delete = { type, children: [] };
        this.stack.push({
          node,
          start: s,
          close: token.type.replace('_open', '_close'),
          link: undefined,
        });
        this.cursor = s + token.markup.length;
        return;
      }
      case 'em_close':
      case 'strong_close':
      case 's_close': {
        const s = this.locate(token.markup);
        const end = s + token.markup.length;
        const dropped = this.dropped.get(token.type) ?? 0;
        if (dropped > 0) {
          this.dropped.set(token.type, dropped - 1);
          this.addText(s, end, token.markup);
          return;
        }
        if (!this.stack.some((f) => f.close === token.type)) {
          // A close without its open (crossed delimiters): keep the markers as text.
          this.addText(s, end, token.markup);
          return;
        }
        this.flushText();
        while (this.stack.length > 0 && this.stack[this.stack.length - 1]!.close !== token.type) {
          this.closeFrame(s);
        }
        this.closeFrame(end);
        return;
      }
      case 'link_open':
        this.openLink(token);
        return;
      case 'link_close': {
        const top = this.stack[this.stack.length - 1];
        if (top === undefined || top.close !== 'link_close') return;
        this.flushText();
        this.closeFrame(top.link?.end ?? this.locate(']') + 1);
        return;
      }
      case 'image':
        this.image(token);
        return;
      default:
        return;
    }
  }

  private openLink(token: Token): void {
    const extent = this.ctx.engine.links.get(token);
    const s = extent?.start ?? this.locate('[');
    this.flushText();
    const label = typeof token.meta?.label === 'string' ? token.meta.label : undefined;
    let node: Link | LinkReference;
    if (label !== undefined && extent !== undefined) {
      node = { type: 'linkReference', ...this.reference(extent, label), children: [] };
    } else {
      node = {
        type: 'link',
        url: attr(token, 'href') ?? '',
        title: attr(token, 'title') ?? null,
        children: [],
      };
    }
    this.stack.push({ node, start: s, close: 'link_close', link: extent });
    this.cursor = s + 1;
  }

  private autolink(token: Token): void {
    const C = this.content;
    const s = this.locate('<');
    const gt = C.indexOf('>', s);
    const end = gt < 0 ? C.length : gt + 1;
    const raw = C.slice(s + 1, gt < 0 ? C.length : gt);
    this.flushText();
    const text = { type: 'text' as const, value: raw, position: this.position(s + 1, end - 1) };
    const link: Link = {
      type: 'link',
      url: attr(token, 'href') ?? raw,
      title: null,
      children: [text],
    };
    this.emit(link, s, end);
  }

  private image(token: Token): void {
    const extent = this.ctx.engine.links.get(token);
    if (extent === undefined) return;
    const alt = plainText(token.children ?? []);
    const label = typeof token.meta?.label === 'string' ? token.meta.label : undefined;
    let node: Image | ImageReference;
    if (label !== undefined) {
      // `![alt][label]`: the label part starts one later than a link's.
      node = {
        type: 'imageReference',
        ...this.reference({ ...extent, start: extent.start + 1 }, label),
        alt,
      };
    } else {
      node = {
        type: 'image',
        url: attr(token, 'src') ?? '',
        title: attr(token, 'title') ?? null,
        alt,
      };
    }
    this.emit(node, extent.start, extent.end);
  }

  /** A reference's identifier (markdown-it's normalised label, lower-cased like mdast's) and form. */
  private reference(
    extent: LinkExtent,
    label: string,
  ): Pick<LinkReference, 'identifier' | 'label' | 'referenceType'> {
    const C = this.content;
    const text = C.slice(extent.start + 1, extent.labelEnd);
    const tail = C.slice(extent.labelEnd + 1, extent.end);
    const identifier = label.toLowerCase();
    if (tail === '') return { identifier, label: text, referenceType: 'shortcut' };
    if (tail === '[]') return { identifier, label: text, referenceType: 'collapsed' };
    if (tail.startsWith('[') && tail.endsWith(']')) {
      return { identifier, label: tail.slice(1, -1), referenceType: 'full' };
    }
    return { identifier, label, referenceType: 'full' };
  }

  /** micromark's code value: one padding space (or line ending) off each side, if both have one. */
  private codeValue(start: number, end: number): string {
    const raw = this.content.slice(start, end);
    const pad = (c: string | undefined): boolean => c === ' ' || c === '\n';
    if (raw.length > 2 && pad(raw[0]) && pad(raw[raw.length - 1]) && /[^ \n]/.test(raw)) {
      return this.withEols(start + 1, end - 1);
    }
    return this.withEols(start, end);
  }

  private withEols(start: number, end: number): string {
    return this.ctx.source.withEols(this.content.slice(start, end), (i) => this.norm(start + i));
  }

  /** Find `str` at the cursor (or, defensively, after it). */
  private locate(str: string): number {
    const C = this.content;
    if (C.startsWith(str, this.cursor)) return this.cursor;
    const found = C.indexOf(str, this.cursor);
    return found < 0 ? this.cursor : found;
  }

  private addText(start: number, end: number, value: string): void {
    if (this.text === null) this.text = { start, end, parts: [value] };
    else {
      this.text.end = end;
      this.text.parts.push(value);
    }
    this.cursor = end;
  }

  private flushText(): void {
    const t = this.text;
    if (t === null) return;
    this.text = null;
    this.append({ type: 'text', value: t.parts.join(''), position: this.position(t.start, t.end) });
  }

  private emit(node: PhrasingContent, start: number, end: number): void {
    this.flushText();
    node.position = this.position(start, end);
    this.append(node);
    this.cursor = Math.max(this.cursor, end);
  }

  private append(node: PhrasingContent): void {
    const top = this.stack[this.stack.length - 1];
    if (top === undefined) this.root.push(node);
    else (top.node.children as PhrasingContent[]).push(node);
  }

  private closeFrame(end: number): void {
    this.flushText();
    const frame = this.stack.pop();
    if (frame === undefined) return;
    frame.node.position = this.position(frame.start, end);
    this.append(frame.node);
    this.cursor = Math.max(this.cursor, end);
  }

  /** Content offset → normalised source offset. */
  private norm(at: number): number {
    return contentOffset(this.source.pieces, at);
  }

  private position(start: number, end: number): { start: Point; end: Point } {
    return inlinePosition(this.ctx.source, this.source.pieces, start, end);
  }
}

function attr(token: Token, name: string): string | undefined {
  const value = token.attrGet(name);
  return value === null ? undefined : String(value);
}

function skipBlanks(text: string, from: number): number {
  let i = from;
  while (text[i] === ' ' || text[i] === '\t') i++;
  return i;
}

/** Content offset → normalised source offset. */
function contentOffset(pieces: readonly InlinePiece[], at: number): number {
  let lo = 0;
  let hi = pieces.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (pieces[mid]!.at <= at) lo = mid;
    else hi = mid - 1;
  }
  const p = pieces[lo];
  return p === undefined ? at : p.to + at - p.at;
}

/** The mdast position of content range [start, end). */
function inlinePosition(
  source: SourceText,
  pieces: readonly InlinePiece[],
  start: number,
  end: number,
): { start: Point; end: Point } {
  const from = contentOffset(pieces, start);
  // An end is one past its last character: that character's offset + 1, so a
  // range ending with a line ending ends at the next line's start.
  const to = end > start ? contentOffset(pieces, end - 1) + 1 : from;
  return { start: source.point(from), end: source.point(to) };
}

function plainText(tokens: readonly Token[]): string {
  let out = '';
  for (const t of tokens) {
    if (t.type === 'text' || t.type === 'text_special' || t.type === 'code_inline')
      out += t.content;
    else if (t.type === 'softbreak' || t.type === 'hardbreak') out += '\n';
    else if (t.type === 'image') out += plainText(t.children ?? []);
  }
  return out;
}

/** Drop the spaces and tabs the parts end with, touching only the last parts. */
function trimEndBlanks(parts: string[]): void {
  while (parts.length > 0) {
    const last = parts[parts.length - 1]!;
    const trimmed = last.replace(/[ \t]+$/, '');
    if (trimmed !== '') {
      parts[parts.length - 1] = trimmed;
      return;
    }
    parts.pop();
  }
}
