/**
 * The ledger's check date: the first line saying when its states were last
 * compared with GitHub (`PR states re-verified against the GitHub API on
 * 2026-08-10`, `re-checked on …`, `last checked: …`). Lines in code blocks
 * and HTML are examples or comments, not claims, and are skipped.
 */
import type { Nodes } from 'mdast';
import type { Span } from '../../model.js';
import type { MarkdownDoc } from '../markdown/index.js';

export interface CheckDate {
  date: string;
  line: number;
  span: Span;
}

const KEYWORD = /\b(?:re-?verified|verified|re-?checked|checked|re-?queried)\b/i;
// Anchored on `on`/`:` and bounded by the line, so the search stays linear.
const DATE_ON = /(?:\bon[ \t]+|:[ \t]*)[*_`]*(\d{4}-\d{2}-\d{2})(?!\d)/;

export function findCheckDate(doc: MarkdownDoc): CheckDate | null {
  const skipped = skippedLines(doc.tree);
  const { text } = doc;
  let line = 1;
  let start = 0;
  while (start <= text.length) {
    const end = lineEnd(text, start);
    if (!skipped.has(line)) {
      const found = dateOnLine(text.slice(start, end));
      if (found !== null) {
        const at = start + found.index + doc.shift;
        return { date: found.date, line, span: { start: at, end: at + found.date.length } };
      }
    }
    if (end >= text.length) break;
    start = end + (text[end] === '\r' && text[end + 1] === '\n' ? 2 : 1);
    line++;
  }
  return null;
}

function dateOnLine(line: string): { date: string; index: number } | null {
  const keyword = KEYWORD.exec(line);
  if (keyword === null) return null;
  const from = keyword.index + keyword[0].length;
  const m = DATE_ON.exec(line.slice(from));
  if (m === null || m[1] === undefined) return null;
  return { date: m[1], index: from + m.index + m[0].length - m[1].length };
}

function lineEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) if (text[i] === '\n' || text[i] === '\r') return i;
  return text.length;
}

function skippedLines(tree: Nodes): Set<number> {
  const out = new Set<number>();
  const visit = (node: Nodes): void => {
    if (node.type === 'code' || node.type === 'html') {
      const from = node.position?.start.line ?? 0;
      const to = node.position?.end.line ?? -1;
      for (let l = from; l <= to; l++) out.add(l);
      return;
    }
    // Inline HTML (a `<br>` in a paragraph) does not make its line a comment.
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'table') return;
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return out;
}
