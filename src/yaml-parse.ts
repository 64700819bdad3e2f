/**
 * `parseDocument` in linear time. The `yaml` package checks a mapping's keys
 * for duplicates by comparing each new key with every earlier one, which is
 * quadratic (40k keys 5 s, 300k keys > 10 min). Here that check is off
 * (`uniqueKeys: false`) and done again with one Set per mapping, so a
 * duplicate key is still a YAML error on its line, as before.
 * upstream-workaround: yaml's quadratic duplicate-key check (patch.upstream.status.md)
 */
import {
  isMap,
  isScalar,
  parseDocument,
  visit,
  YAMLParseError,
  type Document,
  type DocumentOptions,
  type LineCounter,
  type ParseOptions,
  type SchemaOptions,
} from 'yaml';

export type YamlOptions = ParseOptions & DocumentOptions & SchemaOptions;

export function parseYaml(
  text: string,
  options: YamlOptions & { lineCounter?: LineCounter } = {},
): Document.Parsed {
  const doc = parseDocument(text, { ...options, uniqueKeys: false });
  for (const error of duplicateKeys(doc, options.lineCounter)) doc.errors.push(error);
  return doc;
}

function duplicateKeys(doc: Document.Parsed, lines: LineCounter | undefined): YAMLParseError[] {
  const errors: YAMLParseError[] = [];
  visit(doc, {
    Map(_key, map) {
      if (!isMap(map)) return;
      const seen = new Set<string>();
      for (const pair of map.items) {
        const key = pair.key;
        if (!isScalar(key)) continue;
        const id = `${typeof key.value}:${String(key.value)}`;
        if (!seen.has(id)) {
          seen.add(id);
          continue;
        }
        const start = key.range?.[0] ?? 0;
        const error = new YAMLParseError(
          [start, key.range?.[1] ?? start + 1],
          'DUPLICATE_KEY',
          'Map keys must be unique',
        );
        if (lines !== undefined) {
          const at = lines.linePos(start);
          error.linePos = [at];
        }
        errors.push(error);
      }
    },
  });
  return errors;
}
