/**
 * The record readers' view of a YAML file: mappings, lists and scalars with
 * their lines, aliases already resolved. Two readers build it — the small
 * one in plain-yaml.ts for files in the common subset, and the `yaml`
 * package (converted in yaml.ts) for everything else — and nothing past this
 * module can tell which one did.
 */

/** How a scalar was written; only quoted ones matter (sync writes inside the quotes). */
export type ScalarStyle =
  'PLAIN' | 'QUOTE_DOUBLE' | 'QUOTE_SINGLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED';

export interface RScalar {
  kind: 'scalar';
  /** As YAML's core schema types it: string, number, boolean or null. */
  value: unknown;
  /** The text the value was typed from (unquoted, unescaped, folded). */
  text: string;
  style: ScalarStyle;
  /** UTF-16 offsets of the written value (quotes included); end = start when empty. */
  start: number;
  end: number;
  line: number;
}

export interface RMap {
  kind: 'map';
  line: number;
  /** Keys that are scalars, in order (a duplicate key is a YAML error). */
  entries: Entry[];
}

export interface RSeq {
  kind: 'seq';
  line: number;
  /** Items, aliases resolved; null for an alias that cannot be resolved. */
  items: (RNode | null)[];
}

export type RNode = RScalar | RMap | RSeq;

/** A key of a mapping together with its (alias-resolved) value. */
export interface Entry {
  key: string;
  keyLine: number;
  /** The value; null for an alias that cannot be resolved. */
  node: RNode | null;
  /** Line of the value, or of the key when the value is empty. */
  line: number;
  /** The value was written as an alias (`*name`): its text lives elsewhere. */
  aliased: boolean;
}

export function isMap(node: RNode | null | undefined): node is RMap {
  return node?.kind === 'map';
}

export function isSeq(node: RNode | null | undefined): node is RSeq {
  return node?.kind === 'seq';
}

export function isScalar(node: RNode | null | undefined): node is RScalar {
  return node?.kind === 'scalar';
}

/** An absent or empty value, `~` or `null`. */
export function isNull(node: RNode | null | undefined): boolean {
  return node === null || node === undefined || (node.kind === 'scalar' && node.value === null);
}

/** A short name for a node's shape, for messages. */
export function describe(node: RNode | null): string {
  if (isMap(node)) return 'a mapping';
  if (isSeq(node)) return 'a list';
  if (isScalar(node))
    return node.value === null
      ? 'nothing'
      : `${typeof node.value} ${JSON.stringify(scalarText(node))}`;
  return 'nothing';
}

/**
 * A scalar as the user wrote it. Plain scalars that YAML typed (a `1.10`
 * version became 1.1, a `0x1f` commit became 31) are taken from their
 * source text, so nothing is lost in the conversion.
 */
export function scalarText(node: RNode | null): string | null {
  if (!isScalar(node) || node.value === null) return null;
  if (typeof node.value === 'string') return node.value;
  return node.text;
}
