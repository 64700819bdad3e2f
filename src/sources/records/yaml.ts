/**
 * A parsed YAML file seen through the few questions the record readers ask:
 * "what is under this key, on which line, and was it the shape we expect?".
 * Parsing is the `yaml` package's Document API; this module only adds line
 * numbers, alias safety and problem collection, and never throws.
 */
import {
  isAlias,
  isMap,
  isScalar,
  isSeq,
  LineCounter,
  parseDocument,
  visit,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import type { ParseProblem } from '../../model.js';

/**
 * Aliases are resolved one level at a time while reading, which is cheap, but
 * a file whose aliases would expand exponentially (billion laughs) is refused
 * outright: nobody writes that in a patch record on purpose.
 */
const MAX_ALIAS_COUNT = 100;

/** A key of a mapping together with its (alias-resolved) value. */
export interface Entry {
  key: string;
  keyLine: number;
  /** The value node; null for an empty value or an alias that cannot be resolved. */
  node: YamlNode | null;
  /** Line of the value, or of the key when the value is empty. */
  line: number;
  /** The value was written as an alias (`*name`): its text lives elsewhere. */
  aliased: boolean;
}

export class YamlFile {
  readonly problems: ParseProblem[] = [];
  readonly root: YamlNode | null;
  private readonly lines = new LineCounter();
  private readonly doc: Document.Parsed;
  private aliasesSafe = true;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    this.doc = parseDocument(text, { lineCounter: this.lines, prettyErrors: true });
    for (const error of this.doc.errors) {
      // The first line of yaml's message is the description; the rest is an excerpt.
      const first = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
      this.report(
        error.linePos?.[0].line ?? this.line(error.pos[0]),
        `YAML syntax error: ${first}`,
      );
    }
    this.checkAliases();
    this.root = this.deref(this.doc.contents).node;
  }

  report(line: number, message: string): void {
    this.problems.push({ file: this.file, line, message });
  }

  /** 1-based line of a UTF-16 offset. */
  line(offset: number): number {
    return this.lines.linePos(offset).line;
  }

  lineOf(node: YamlNode | null | undefined, fallback: number): number {
    const start = node?.range?.[0];
    return start === undefined ? fallback : this.line(start);
  }

  /** The node an alias points at (one step), or the node itself. */
  deref(node: unknown): { node: YamlNode | null; aliased: boolean } {
    if (isAlias(node)) {
      const target = this.aliasesSafe ? node.resolve(this.doc) : undefined;
      return { node: target ?? null, aliased: true };
    }
    return { node: isMap(node) || isSeq(node) || isScalar(node) ? node : null, aliased: false };
  }

  /** Every key of a mapping with a scalar key, in order. */
  entries(map: YamlNode): Entry[] {
    if (!isMap(map)) return [];
    const out: Entry[] = [];
    for (const pair of map.items) {
      if (!isScalar(pair.key)) continue;
      const keyLine = this.lineOf(pair.key, this.lineOf(map, 1));
      const { node, aliased } = this.deref(pair.value);
      const line = isNull(node) ? keyLine : this.lineOf(node, keyLine);
      out.push({ key: String(pair.key.value), keyLine, node, line, aliased });
    }
    return out;
  }

  /** The first entry with this key (a duplicate key is already a YAML error). */
  get(map: YamlNode, key: string): Entry | undefined {
    return this.entries(map).find((e) => e.key === key);
  }

  private checkAliases(): void {
    let firstAlias: YamlNode | null = null;
    visit(this.doc, {
      Alias: (_key, node) => {
        firstAlias = node;
        return visit.BREAK;
      },
    });
    if (firstAlias === null) return;
    try {
      this.doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      this.aliasesSafe = false;
      const why = error instanceof Error ? error.message : String(error);
      this.report(this.lineOf(firstAlias, 1), `YAML aliases not expanded: ${why}`);
    }
  }
}

/** An absent or empty value, `~` or `null`. */
export function isNull(node: YamlNode | null | undefined): boolean {
  return node === null || node === undefined || (isScalar(node) && node.value === null);
}

/** A short name for a node's shape, for messages. */
export function describe(node: YamlNode | null): string {
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
 * version became 1.1, a `0x1f` commit became 31, a date became a Date) are
 * taken from their source text, so nothing is lost in the conversion.
 */
export function scalarText(node: YamlNode | null): string | null {
  if (!isScalar(node) || node.value === null) return null;
  if (typeof node.value === 'string') return node.value;
  return typeof node.source === 'string' ? node.source : String(node.value);
}
