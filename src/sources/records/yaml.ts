/**
 * A parsed YAML file seen through the few questions the record readers ask:
 * "what is under this key, on which line, and was it the shape we expect?".
 *
 * Two readers, one answer. A file written in the plain subset real records
 * use (block and one-line flow collections, plain, quoted and folded
 * scalars, comments) is read by plain-yaml.ts, several times faster than a
 * full YAML parse. Anything else — anchors, tags, multi-line flow, a
 * duplicate key, a syntax error, anything it is not sure of — is read by the
 * `yaml` package's Document API exactly as before, with its error messages,
 * duplicate-key check and alias limits. Both give the same tree (tree.ts);
 * test/sources/records-plain-yaml.test.ts checks that they agree.
 * Nothing here writes: `sync` parses its own Document to edit in place.
 */
import {
  isAlias,
  isMap as isYamlMap,
  isScalar as isYamlScalar,
  isSeq as isYamlSeq,
  LineCounter,
  visit,
  type Alias,
  type Document,
  type Node as YamlNode,
} from 'yaml';
import type { ParseProblem } from '../../model.js';
import { parseYaml } from '../../yaml-parse.js';
import { readPlainYaml } from './plain-yaml.js';
import type { Entry, RMap, RNode, RScalar, RSeq, ScalarStyle } from './tree.js';

export type { Entry, RNode } from './tree.js';
export { describe, isMap, isNull, isScalar, isSeq, scalarText } from './tree.js';

/**
 * Aliases are resolved one level at a time while reading, which is cheap, but
 * a file whose aliases would expand exponentially (billion laughs) is refused
 * outright: nobody writes that in a patch record on purpose.
 */
const MAX_ALIAS_COUNT = 100;

/** Which readers YamlFile may use; tests turn the plain one off to compare. */
export const yamlReaders = { plain: true };

export class YamlFile {
  readonly problems: ParseProblem[] = [];
  readonly root: RNode | null;

  constructor(
    readonly file: string,
    readonly text: string,
  ) {
    const plain = yamlReaders.plain ? readPlainYaml(text) : null;
    this.root = plain ?? this.readFull();
  }

  report(line: number, message: string): void {
    this.problems.push({ file: this.file, line, message });
  }

  lineOf(node: RNode | null | undefined, fallback: number): number {
    return node?.line ?? fallback;
  }

  /** Every key of a mapping with a scalar key, in order. */
  entries(map: RNode): Entry[] {
    return map.kind === 'map' ? map.entries : [];
  }

  /**
   * The entry with this key; of a duplicated key (a YAML error, reported),
   * the last, as PyYAML and JSON.parse read it: what the team's own scripts
   * see (session 12: `state: DRAFT` then `state: OPEN  # marked ready`).
   */
  get(map: RNode, key: string): Entry | undefined {
    if (map.kind !== 'map') return undefined;
    let found: Entry | undefined;
    for (const entry of map.entries) if (entry.key === key) found = entry;
    return found;
  }

  /** The `yaml` package's reading, with its problems, as a tree. */
  private readFull(): RNode | null {
    const lines = new LineCounter();
    const doc = parseYaml(this.text, { lineCounter: lines, prettyErrors: true });
    for (const error of doc.errors) {
      // The first line of yaml's message is the description; the rest is an excerpt.
      const first = (error.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '');
      this.report(
        error.linePos?.[0].line ?? lines.linePos(error.pos[0]).line,
        `YAML syntax error: ${first}`,
      );
    }
    const aliases = this.checkAliases(doc, lines);
    return new Converter(lines, aliases).value(doc.contents).node;
  }

  /**
   * Each alias with the node it points at (the last node with its anchor
   * before it, as yaml's Alias.resolve finds it), or none when the file's
   * aliases would expand past the limit: then no alias is resolved.
   */
  private checkAliases(doc: Document.Parsed, lines: LineCounter): Map<Alias, YamlNode> {
    const order: YamlNode[] = [];
    visit(doc, {
      Node: (_key, node) => {
        if (isAlias(node) || hasAnchor(node)) order.push(node);
      },
    });
    const targets = new Map<Alias, YamlNode>();
    const firstAlias = order.find((node) => isAlias(node));
    if (firstAlias === undefined) return targets;
    try {
      doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      const at = firstAlias.range?.[0];
      this.report(
        at === undefined ? 1 : lines.linePos(at).line,
        `YAML aliases not expanded: ${why}`,
      );
      return targets;
    }
    const anchored = new Map<string, YamlNode>();
    for (const node of order) {
      if (isAlias(node)) {
        const target = anchored.get(node.source);
        if (target !== undefined) targets.set(node, target);
      } else if (node.anchor !== undefined) anchored.set(node.anchor, node);
    }
    return targets;
  }
}

/** yaml's nodes → tree.ts nodes; a node reached twice (through aliases) is converted once. */
class Converter {
  private readonly done = new Map<YamlNode, RNode>();

  constructor(
    private readonly lines: LineCounter,
    private readonly aliases: Map<Alias, YamlNode>,
  ) {}

  /** A value slot: an alias is followed one step (or is null when unresolved). */
  value(node: unknown): { node: RNode | null; aliased: boolean } {
    if (isAlias(node)) {
      const target = this.aliases.get(node);
      return { node: target === undefined ? null : this.node(target), aliased: true };
    }
    return { node: this.node(node), aliased: false };
  }

  private line(node: YamlNode, fallback = 1): number {
    const start = node.range?.[0];
    return start === undefined ? fallback : this.lines.linePos(start).line;
  }

  private node(node: unknown): RNode | null {
    if (!isYamlMap(node) && !isYamlSeq(node) && !isYamlScalar(node)) return null;
    const seen = this.done.get(node);
    if (seen !== undefined) return seen;
    if (isYamlScalar(node)) {
      const [start, end] = node.range ?? [0, 0];
      const scalar: RScalar = {
        kind: 'scalar',
        value: node.value,
        text: typeof node.source === 'string' ? node.source : String(node.value),
        style: (node.type ?? 'PLAIN') as ScalarStyle,
        start,
        end,
        line: this.line(node),
      };
      this.done.set(node, scalar);
      return scalar;
    }
    if (isYamlSeq(node)) {
      const seq: RSeq = { kind: 'seq', line: this.line(node), items: [] };
      this.done.set(node, seq);
      for (const item of node.items) seq.items.push(this.value(item).node);
      return seq;
    }
    const map: RMap = { kind: 'map', line: this.line(node), entries: [] };
    this.done.set(node, map);
    for (const pair of node.items) {
      if (!isYamlScalar(pair.key)) continue;
      const keyLine = this.line(pair.key, map.line);
      const { node: value, aliased } = this.value(pair.value);
      const isNull = value === null || (value.kind === 'scalar' && value.value === null);
      map.entries.push({
        key: String(pair.key.value),
        keyLine,
        node: value,
        line: isNull ? keyLine : value.line,
        aliased,
      });
    }
    return map;
  }
}

/** As yaml's own `hasAnchor`: a scalar or collection with a non-empty anchor. */
function hasAnchor(node: YamlNode): boolean {
  return !isAlias(node) && typeof node.anchor === 'string' && node.anchor !== '';
}
