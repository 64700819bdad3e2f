/**
 * The markdown-it instance behind parseMarkdown, configured to parse what
 * micromark (CommonMark + GFM tables and strikethrough) parses, and
 * instrumented to say where things are in the source — markdown-it's
 * tokens carry line ranges but no character offsets:
 *
 * - every block rule is wrapped to record, for the tokens it pushes, where
 *   the block starts (`at`) and, for leaf blocks, where each of its lines
 *   starts once container prefixes (`>`, list indentation) are stripped;
 * - the link and image rules are wrapped to record where each link starts
 *   and ends and where its text ends;
 * - links are not normalised or validated (mdast keeps URLs as written,
 *   after unescaping, and micromark does not refuse `javascript:` links);
 * - emphasis flanking and strikethrough follow micromark (see
 *   markdown-attention.ts).
 */
import MarkdownIt, {
  type MarkdownIt as Parser,
  type StateBlock,
  type StateInline,
  type Token,
} from 'markdown-it';
import {
  emphasisPairs,
  scanDelims,
  strikethroughPostProcess,
  strikethroughTokenize,
} from './attention.js';
import { withLineTables } from './block-state.js';
import { gfmTable, type BlockRule } from './table-rule.js';

/** One line of a leaf block, in normalised offsets. */
export interface BlockLine {
  /** Content start as markdown-it's getLines cuts it (container indentation removed). */
  first: number;
  /** First non-blank character. */
  text: number;
  /** End of the line, before its line ending. */
  end: number;
}

export interface BlockInfo {
  /** First non-blank character of the block's first line: a `>`, a list marker, a `#`… */
  at: number;
  /** The lines of a leaf block (paragraph, heading, table, code, html, definition). */
  lines: BlockLine[];
  /** End of the block's last line (trailing blanks included). */
  end: number;
  /** The destination of a link reference definition, unescaped. */
  url?: string;
}

export interface LinkExtent {
  start: number;
  /** Offset of the `]` closing the link text. */
  labelEnd: number;
  end: number;
}

export interface Engine {
  md: Parser;
  blocks: WeakMap<Token, BlockInfo>;
  links: WeakMap<Token, LinkExtent>;
  /**
   * 0-based line where the last parse stopped because blocks nested deeper
   * than `maxNesting`: markdown-it then drops the rest of the document
   * without a word, so the reader must say so. Null when it read to the end.
   * upstream-workaround: markdown-it's silent drop at maxNesting (patch.upstream.status.md)
   */
  truncatedAt: { line: number | null };
  /** Read plain inline content without markdown-it (inline-plain.ts); off only to test that path. */
  plainInline: boolean;
}

type InlineRule = (state: StateInline, silent: boolean) => boolean;

const LEAVES = new Set([
  'paragraph_open',
  'heading_open',
  'table_open',
  'code_block',
  'fence',
  'html_block',
  'hr',
  'reference_definition',
]);

export function createEngine({ plainInline = true }: { plainInline?: boolean } = {}): Engine {
  const md = new MarkdownIt('commonmark').enable(['table', 'strikethrough']);
  // The preset's 20 silently drops whatever is nested deeper (lists in
  // lists in quotes…); micromark has no such limit. 100 is markdown-it's default.
  md.set({ maxNesting: 100 });
  const blocks = new WeakMap<Token, BlockInfo>();
  const links = new WeakMap<Token, LinkExtent>();

  let lastUrl: string | undefined;
  md.normalizeLink = (url: string): string => {
    lastUrl = url;
    return url;
  };
  md.normalizeLinkText = (text: string): string => text;
  md.validateLink = (): boolean => true;

  md.block.State = withLineTables(md.block.State);
  md.inline.State = class extends md.inline.State {
    override scanDelims(start: number, canSplitWord: boolean) {
      return scanDelims.call(this, start, canSplitWord);
    }
  };
  md.inline.ruler.at('strikethrough', strikethroughTokenize);
  md.inline.ruler2.at('strikethrough', strikethroughPostProcess);
  md.inline.ruler2.at('balance_pairs', emphasisPairs);

  // micromark makes a hard break of trailing spaces only: a tab among them
  // makes the white space a plain line suffix.
  const newline = findRule(md.inline.ruler.__rules__, 'newline');
  md.inline.ruler.at('newline', (state, silent) => {
    if (state.src.charCodeAt(state.pos) !== 10) return false;
    const { pending } = state;
    let i = pending.length;
    while (i > 0 && (pending[i - 1] === ' ' || pending[i - 1] === '\t')) i--;
    const tab = pending.includes('\t', i);
    const ok = newline(state, silent);
    const last = state.tokens[state.tokens.length - 1];
    if (ok && !silent && tab && last?.type === 'hardbreak') last.type = 'softbreak';
    return ok;
  });

  for (const name of ['link', 'image']) {
    const rule = findRule(md.inline.ruler.__rules__, name);
    const wrapped: InlineRule = (state, silent) => {
      const start = state.pos;
      const count = state.tokens.length;
      const ok = rule(state, silent);
      if (ok && !silent) {
        const type = name === 'link' ? 'link_open' : 'image';
        for (let i = count; i < state.tokens.length; i++) {
          const token = state.tokens[i]!;
          if (token.type !== type) continue;
          const labelEnd = md.helpers.parseLinkLabel(
            state,
            name === 'link' ? start : start + 1,
            name === 'link',
          );
          links.set(token, { start, labelEnd, end: state.pos });
          break;
        }
      }
      return ok;
    };
    md.inline.ruler.at(name, wrapped);
  }

  // GFM tables as micromark finds them, tried after lists, quotes, headings…
  md.block.ruler.disable('table');
  md.block.ruler.before('lheading', 'gfm_table', gfmTable, { alt: ['paragraph', 'reference'] });

  for (const { name, fn: rule, alt } of [...md.block.ruler.__rules__]) {
    const fn = name === 'code' ? afterDefinition(rule) : rule;
    const wrapped: BlockRule = (state, startLine, endLine, silent) => {
      const count = state.tokens.length;
      // Only the reference rule normalises a URL, and only when not silent.
      if (!silent) lastUrl = undefined;
      const ok = fn(state, startLine, endLine, silent);
      if (ok && !silent) {
        for (let i = count; i < state.tokens.length; i++) {
          const token = state.tokens[i]!;
          if (token.map === null || token.type === 'inline' || blocks.has(token)) continue;
          blocks.set(token, describe(state, token, token.map, lastUrl));
        }
      }
      return ok;
    };
    md.block.ruler.at(name, wrapped, { alt });
  }
  // markdown-it's block tokenizer gives up at maxNesting by jumping to the end
  // of the document; notice it where the nested call starts.
  const truncatedAt: Engine['truncatedAt'] = { line: null };
  const tokenize = md.block.tokenize.bind(md.block);
  md.block.tokenize = (state: StateBlock, startLine: number, endLine: number): void => {
    if (state.level >= (md.options.maxNesting ?? 100)) {
      const line = state.skipEmptyLines(startLine);
      if (line < endLine && (truncatedAt.line === null || line < truncatedAt.line)) {
        truncatedAt.line = line;
      }
    }
    tokenize(state, startLine, endLine);
  };
  return { md, blocks, links, truncatedAt, plainInline };
}

/**
 * In micromark a definition is the start of a paragraph-like block, so an
 * indented line right after it continues that block as paragraph text;
 * markdown-it would start indented code there.
 */
function afterDefinition(rule: BlockRule): BlockRule {
  return (state, startLine, endLine, silent) => {
    const previous = state.tokens[state.tokens.length - 1];
    if (previous?.type === 'reference_definition' && previous.map?.[1] === startLine) return false;
    return rule(state, startLine, endLine, silent);
  };
}

function findRule<F>(rules: readonly { name: string; fn: F }[], name: string): F {
  const rule = rules.find((r) => r.name === name);
  if (rule === undefined) throw new Error(`markdown-it has no ${name} rule`);
  return rule.fn;
}

function describe(
  state: StateBlock,
  token: Token,
  map: [number, number],
  url: string | undefined,
): BlockInfo {
  const [from, to] = map;
  const at = (state.bMarks[from] ?? 0) + (state.tShift[from] ?? 0);
  const lines: BlockLine[] = [];
  if (LEAVES.has(token.type)) {
    for (let line = from; line < to; line++) {
      const begin = state.bMarks[line] ?? 0;
      lines.push({
        first: firstOf(state, line, state.blkIndent),
        text: begin + (state.tShift[line] ?? 0),
        end: state.eMarks[line] ?? begin,
      });
    }
  }
  let last = Math.max(from, to - 1);
  while (
    last > from &&
    (state.bMarks[last] ?? 0) + (state.tShift[last] ?? 0) >= (state.eMarks[last] ?? 0)
  )
    last--;
  const info: BlockInfo = { at, lines, end: state.eMarks[last] ?? at };
  if (token.type === 'reference_definition' && url !== undefined) info.url = url;
  return info;
}

/** Where markdown-it's getLines(line, …, indent) starts cutting a line. */
function firstOf(state: StateBlock, line: number, indent: number): number {
  const lineStart = state.bMarks[line] ?? 0;
  const last = state.eMarks[line] ?? lineStart;
  const shift = state.tShift[line] ?? 0;
  // A lazy line keeps its indentation in micromark (no container claims it).
  if ((state.sCount[line] ?? 0) < indent) return lineStart;
  let lineIndent = 0;
  let first = lineStart;
  while (first < last && lineIndent < indent) {
    const ch = state.src.charCodeAt(first);
    if (ch === 9) lineIndent += 4 - ((lineIndent + (state.bsCount[line] ?? 0)) % 4);
    else if (ch === 32 || first - lineStart < shift) lineIndent++;
    else break;
    first++;
  }
  return first;
}
