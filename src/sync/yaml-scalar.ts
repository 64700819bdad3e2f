/**
 * Rewriting one YAML scalar in place, as a text edit on its range in the
 * original file, so comments, quoting, flow style and key order survive —
 * which re-serialising the document (`doc.toString()`) would not guarantee.
 */
import { isScalar, type Node as YamlNode } from 'yaml';
import type { TextEdit } from './edits.js';

/** Values sync writes are dates, timestamps and enum words: these never need escaping. */
const SAFE = /^[A-Za-z0-9_:.+-]*$/;

export interface ScalarValue {
  /** The value as written, without quotes; null for `null`, `~` or nothing. */
  text: string | null;
  quoted: boolean;
}

export function scalarValue(node: YamlNode | null | undefined): ScalarValue | null {
  if (!isScalar(node) || !node.range) return null;
  if (node.type === 'BLOCK_LITERAL' || node.type === 'BLOCK_FOLDED') return null;
  const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
  if (node.value === null) return { text: null, quoted };
  const text = typeof node.source === 'string' && !quoted ? node.source : String(node.value);
  return { text, quoted };
}

/**
 * The edit that makes `node` read `value` (null writes `null`). A quoted
 * scalar keeps its quotes; a plain one stays plain; a null becomes quoted
 * when `quoteNew` (timestamps: the field notes' "quote when you write").
 */
export function writeScalar(
  text: string,
  node: YamlNode,
  value: string | null,
  quoteNew: boolean,
): TextEdit | null {
  if (!isScalar(node) || !node.range) return null;
  if (value !== null && !SAFE.test(value)) return null;
  const [start, end] = node.range;
  const quoted = node.type === 'QUOTE_DOUBLE' || node.type === 'QUOTE_SINGLE';
  if (value === null) return { start, end, text: 'null' };
  if (quoted) return { start: start + 1, end: end - 1, text: value };
  const wasNull = node.value === null;
  const written = wasNull && quoteNew ? `"${value}"` : value;
  // `merged_at:` with nothing after the colon: keep a space between them.
  const gap = start === end && text[start - 1] === ':' ? ' ' : '';
  return { start, end, text: gap + written };
}
