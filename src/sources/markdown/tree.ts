/**
 * markdown-it block tokens → an mdast Root, positioned like
 * mdast-util-from-markdown positions it (see markdown-differential.test.ts
 * for the comparison). Inline content goes through markdown-inline.ts;
 * table rows are split by markdown-table.ts, since markdown-it pads short
 * rows, drops extra cells and unescapes `\|` before we could see it.
 */
import type {
  Blockquote,
  Code,
  Definition,
  Heading,
  Html,
  List,
  ListItem,
  Nodes,
  Paragraph,
  Parents,
  Root,
  RootContent,
  Table,
  TableCell,
  TableRow,
  ThematicBreak,
} from 'mdast';
import type { Env, Token } from 'markdown-it';
import type { BlockInfo, BlockLine, Engine } from './engine.js';
import {
  type InlineContext,
  type InlinePiece,
  type InlineSource,
  parseInline,
  parseInlineAt,
} from './inline.js';
import type { SourceText } from './source.js';
import { splitRow } from './table.js';
import { tableAlign } from './table-rule.js';
import { lazyTable } from './table-rows.js';

declare module 'mdast' {
  interface RootData {
    /** 1-based line where parsing stopped: blocks nested deeper than the parser follows. */
    truncatedAtLine?: number;
  }
}

export function buildTree(engine: Engine, source: SourceText): Root {
  const env: Env = {};
  const tokens: Token[] = [];
  engine.truncatedAt.line = null;
  engine.md.block.parse(source.norm, engine.md, env, tokens);
  const root: Root = {
    type: 'root',
    children: [],
    position: { start: { line: 1, column: 1, offset: 0 }, end: source.point(source.norm.length) },
  };
  new TreeBuilder({ engine, env, source }, tokens).build(root);
  if (engine.truncatedAt.line !== null)
    root.data = { truncatedAtLine: engine.truncatedAt.line + 1 };
  return root;
}

interface Frame {
  node: Parents;
  start: number;
  /** End if the container has no children (a bare `>` or list marker). */
  emptyEnd: number;
  /** The container ends no earlier than this. */
  minEnd: number;
}

class TreeBuilder {
  private readonly src: string;
  private readonly stack: Frame[] = [];
  private readonly ends = new WeakMap<Nodes, number>();
  private i = 0;

  constructor(
    private readonly ctx: InlineContext,
    private readonly tokens: readonly Token[],
  ) {
    this.src = ctx.source.norm;
  }

  build(root: Root): void {
    this.stack.push({ node: root, start: 0, emptyEnd: 0, minEnd: 0 });
    const { tokens } = this;
    for (this.i = 0; this.i < tokens.length; this.i++) {
      const token = tokens[this.i]!;
      this.block(token);
    }
    this.stack.length = 0;
  }

  private info(token: Token): BlockInfo {
    return this.ctx.engine.blocks.get(token) ?? { at: 0, lines: [], end: 0 };
  }

  private block(token: Token): void {
    switch (token.type) {
      case 'paragraph_open':
        this.paragraph(token);
        return;
      case 'heading_open':
        this.heading(token);
        return;
      case 'table_open':
        this.table(token);
        return;
      case 'blockquote_open': {
        // A quote ends with its last line, blank `>` lines and trailing blanks included.
        const { at, end } = this.info(token);
        const node: Blockquote = { type: 'blockquote', children: [] };
        this.stack.push({ node, start: at, emptyEnd: end, minEnd: end });
        return;
      }
      case 'bullet_list_open':
      case 'ordered_list_open': {
        const { at } = this.info(token);
        const ordered = token.type === 'ordered_list_open';
        const start = ordered ? Number(token.attrGet('start') ?? 1) : null;
        const node: List = { type: 'list', ordered, start, spread: false, children: [] };
        this.stack.push({ node, start: at, emptyEnd: at, minEnd: 0 });
        return;
      }
      case 'list_item_open': {
        const { at } = this.info(token);
        const node: ListItem = { type: 'listItem', spread: false, checked: null, children: [] };
        // An empty item runs to the end of its line.
        const line = this.ctx.source.lineEnd(at);
        this.stack.push({ node, start: at, emptyEnd: line, minEnd: 0 });
        return;
      }
      case 'blockquote_close':
      case 'bullet_list_close':
      case 'ordered_list_close':
      case 'list_item_close':
        this.close();
        return;
      case 'code_block':
      case 'fence':
        this.code(token);
        return;
      case 'html_block':
        this.html(token);
        return;
      case 'hr': {
        const { at, lines } = this.info(token);
        const node: ThematicBreak = { type: 'thematicBreak' };
        this.leaf(node, at, lines[0]?.end ?? at);
        return;
      }
      case 'reference_definition':
        this.definition(token);
        return;
      default:
        return;
    }
  }

  private close(): void {
    const frame = this.stack.pop();
    if (frame === undefined || this.stack.length === 0) return;
    const { node } = frame;
    const last = node.children[node.children.length - 1];
    const childEnd = last === undefined ? frame.emptyEnd : (this.ends.get(last) ?? frame.emptyEnd);
    const end = Math.max(childEnd, frame.minEnd);
    if (node.type === 'list')
      node.spread = node.children.some((c) => 'spread' in c && c.spread === true);
    this.leaf(node as RootContent, frame.start, end);
  }

  /** Attach a finished node to the current parent, positioned over [start, end) (normalised). */
  private leaf(node: RootContent, start: number, end: number): void {
    const { source } = this.ctx;
    node.position = { start: source.point(start), end: source.point(end) };
    // Positions hold original offsets; a container's end needs its last child's normalised one.
    this.ends.set(node, end);
    const parent = this.stack[this.stack.length - 1];
    if (parent !== undefined) (parent.node.children as RootContent[]).push(node);
  }

  private paragraph(open: Token): void {
    const { lines } = this.info(open);
    this.i += 2; // inline, paragraph_close
    const inline = this.linesSource(lines);
    if (inline === null) return;
    const node: Paragraph = { type: 'paragraph', children: parseInline(this.ctx, inline.source) };
    // Trailing blanks are outside the text but inside the paragraph.
    this.leaf(node, inline.start, lines[lines.length - 1]?.end ?? inline.end);
  }

  private heading(open: Token): void {
    const { at, lines } = this.info(open);
    this.i += 2; // inline, heading_close
    const depth = Number(open.tag.slice(1)) as Heading['depth'];
    if (open.markup === '=' || open.markup === '-') {
      // Setext: the content lines, then the underline.
      const underline = lines[lines.length - 1];
      const inline = this.linesSource(lines.slice(0, -1));
      if (inline === null || underline === undefined) return;
      const node: Heading = {
        type: 'heading',
        depth,
        children: parseInline(this.ctx, inline.source),
      };
      this.leaf(node, inline.start, underline.end);
      return;
    }
    const line = lines[0];
    if (line === undefined) return;
    // As markdown-it's heading rule: after the `#`s, before a closing `#` sequence.
    let from = at + open.markup.length;
    let to = this.trimEnd(from, line.end);
    let hashes = to;
    while (hashes > from && this.src.charCodeAt(hashes - 1) === 35) hashes--;
    if (hashes > from && isBlank(this.src.charCodeAt(hashes - 1))) to = hashes;
    while (from < to && isBlank(this.src.charCodeAt(from))) from++;
    to = this.trimEnd(from, to);
    const children = parseInlineAt(this.ctx, this.src.slice(from, to), from);
    const node: Heading = { type: 'heading', depth, children };
    this.leaf(node, at, line.end);
  }

  private table(open: Token): void {
    const { lines } = this.info(open);
    // The header row, the delimiter row, then the body rows (table-rule.ts).
    const rowLines: BlockLine[] = [];
    for (let k = 0; k < lines.length; k++) if (k !== 1) rowLines.push(lines[k]!);
    for (this.i++; this.i < this.tokens.length; this.i++) {
      if (this.tokens[this.i]!.type === 'table_close') break;
    }
    const header = lines[0];
    const last = lines[lines.length - 1];
    if (header === undefined || last === undefined) return;
    // Rows are built when read (table-rows.ts): a ledger's table is most of its tree.
    const node: Table = lazyTable(tableAlign(open.meta), rowLines, (line) => this.row(line));
    this.leaf(node, header.text, last.end);
  }

  private row(line: BlockLine): TableRow {
    const { source } = this.ctx;
    const cells: TableCell[] = splitRow(this.src, line.text, line.end).map((cell) => {
      const content = this.src.slice(cell.contentStart, cell.contentEnd);
      return {
        type: 'tableCell',
        children: parseInlineAt(this.ctx, content, cell.contentStart, true),
        position: { start: source.point(cell.start), end: source.point(cell.end) },
      };
    });
    return {
      type: 'tableRow',
      children: cells,
      position: { start: source.point(line.text), end: source.point(line.end) },
    };
  }

  private code(token: Token): void {
    const { at, lines } = this.info(token);
    const fenced = token.type === 'fence';
    let value = token.content.endsWith('\n') ? token.content.slice(0, -1) : token.content;
    // The k-th line ending of the value ends the k-th content line.
    const contentLines = fenced ? lines.slice(1) : lines;
    value = this.ctx.source.withEols(value, newlineCounter(contentLines));
    const last = lines[lines.length - 1];
    const start = fenced ? at : (lines[0]?.first ?? at);
    let end = last === undefined ? at : last.end;
    if (fenced && last !== undefined && !closesFence(this.src, token.markup, lines)) {
      // An unclosed fence keeps its last line ending: it ends where a blank
      // last line starts (before any container prefix), or at the very end.
      if (last.text === last.end && lines.length > 1) end = this.ctx.source.lineStart(last.end);
      else if (end + 1 === this.src.length) end = this.src.length;
    }
    let lang: string | null = null;
    let meta: string | null = null;
    if (fenced) {
      const info = this.ctx.engine.md.utils.unescapeAll(token.info).trim();
      const space = info.search(/[ \t]/);
      lang = (space < 0 ? info : info.slice(0, space)) || null;
      meta = space < 0 ? null : info.slice(space).trim() || null;
    }
    const node: Code = { type: 'code', lang, meta, value };
    this.leaf(node, start, Math.max(start, end));
  }

  private html(token: Token): void {
    const { at, lines } = this.info(token);
    let value = token.content.endsWith('\n') ? token.content.slice(0, -1) : token.content;
    value = this.ctx.source.withEols(value, newlineCounter(lines));
    const last = lines[lines.length - 1];
    const start = lines[0]?.first ?? at;
    const node: Html = { type: 'html', value };
    this.leaf(node, start, last?.end ?? at);
  }

  private definition(token: Token): void {
    const info = this.info(token);
    const label = typeof token.meta?.label === 'string' ? token.meta.label : '';
    const last = info.lines[info.lines.length - 1];
    const reference = this.ctx.env.references?.[label];
    const node: Definition = {
      type: 'definition',
      identifier: label.toLowerCase(),
      label: rawLabel(this.src, info.at),
      url: info.url ?? reference?.href ?? '',
      title: reference?.title || null,
    };
    this.leaf(node, info.at, last?.end ?? info.at);
  }

  /** A paragraph's (or setext heading's) lines as inline content, trimmed like markdown-it trims it. */
  private linesSource(
    lines: readonly BlockLine[],
  ): { source: InlineSource; start: number; end: number } | null {
    const pieces: InlinePiece[] = [];
    const parts: string[] = [];
    let length = 0;
    for (const line of lines) {
      if (parts.length > 0) length++; // the `\n` joining lines
      pieces.push({ at: length, to: line.first });
      const part = this.src.slice(line.first, line.end);
      parts.push(part);
      length += part.length;
    }
    const full = parts.join('\n');
    let lead = 0;
    while (lead < full.length && isTrimmable(full.charCodeAt(lead))) lead++;
    let tail = full.length;
    while (tail > lead && isTrimmable(full.charCodeAt(tail - 1))) tail--;
    if (tail <= lead) return null;
    // Only the first line can lose leading blanks: a paragraph starts with text.
    const shifted = pieces.map((p, k) =>
      k === 0 ? { at: 0, to: p.to + lead } : { at: p.at - lead, to: p.to },
    );
    const source: InlineSource = { content: full.slice(lead, tail), pieces: shifted };
    const start = mapOffset(shifted, 0);
    const end = mapOffset(shifted, tail - lead - 1) + 1;
    return { source, start, end };
  }

  private trimEnd(start: number, end: number): number {
    let e = end;
    while (e > start && isBlank(this.src.charCodeAt(e - 1))) e--;
    return e;
  }
}

/** Is the last of a fence's lines its closing fence? */
function closesFence(src: string, markup: string, lines: readonly BlockLine[]): boolean {
  const last = lines[lines.length - 1];
  if (lines.length < 2 || last === undefined) return false;
  const text = src.slice(last.text, last.end).trimEnd();
  const marker = markup[0] ?? '`';
  return text.length >= markup.length && [...text].every((c) => c === marker);
}

function mapOffset(pieces: readonly InlinePiece[], at: number): number {
  let p = pieces[0];
  for (const q of pieces) {
    if (q.at > at) break;
    p = q;
  }
  return p === undefined ? at : p.to + at - p.at;
}

/** Map the k-th `\n` of a value to the end of the k-th line. */
function newlineCounter(lines: readonly BlockLine[]): (index: number) => number {
  let k = 0;
  return () => lines[k++]?.end ?? 0;
}

/** The label of a definition starting at `[`: up to the first unescaped `]`. */
function rawLabel(src: string, at: number): string {
  let i = at + 1;
  while (i < src.length && src[i] !== ']') i += src[i] === '\\' ? 2 : 1;
  return src.slice(at + 1, Math.min(i, src.length));
}

function isBlank(code: number): boolean {
  return code === 32 || code === 9;
}

function isTrimmable(code: number): boolean {
  return code === 32 || code === 9 || code === 10;
}
