/**
 * The YAML index `patch.upstream.status.yaml` (SPEC §2.2 names it but does
 * not define it), read tolerantly. The format accepted:
 *
 * ```yaml
 * schema_version: 1
 * status_updated: 2026-08-10        # → the index's check date
 * repo: example-org/engine          # default repo (also `target: { repo, versions }`)
 * patches:                          # a list of entries …
 *   - path: engine_core/fix_rows.py # relative to the patches folder, or root-relative
 *                                   # when it starts with that folder
 *     record: engine_core/fix_rows.upstream.status.yaml   # informational, not read here
 *     repo: example-org/engine      # default repo for this patch's bare refs
 *     upstream_prs: [ … ]           # upstream_issues / upstream_prs / related_refs,
 *                                   # same shapes as in a record
 *   - engine_core/other.py          # a bare path is an entry with nothing else
 * patches:                          # … or a mapping path → entry (or → nothing)
 *   engine_core/fix_rows.py: { repo: example-org/engine, upstream_prs: [ … ] }
 * patches:                          # … or a mapping library → list of entries
 *   engine:
 *     - record: engine/fix_rows.upstream.status.yaml   # the patch beside that record
 *       ours_upstream_pr: example-org/engine#4101      # our own PR, no state
 * retired: [engine/old_fix.py]      # retired patches (`dropped:` too), same entry shapes
 * ```
 *
 * Every entry becomes a PatchEntry (retired ones with `retired: true`) and
 * its refs become mentions of that patch, exactly as in a record.
 *
 * The real schema's `libraries`, `pinned_bases`, `not_patches` and
 * `archived_record` (SPEC §2.4) are read by index-schema.ts.
 */
import { joinPatchesDir } from './paths.js';
import { oursMention, readLibraries, readNotPatches, readPinnedBases } from './index-schema.js';
import { nearestRepo, proseMentions } from './prose.js';
import { readRefLists, type RefsFound } from './refs.js';
import { applyTop, emptyResult, finish, patchEntry } from './result.js';
import { readRepo, readTop } from './top.js';
import type { RecordIndexInput, RecordResult } from './types.js';
import { readText } from './values.js';
import {
  describe,
  isMap,
  isNull,
  isScalar,
  isSeq,
  scalarText,
  YamlFile,
  type Entry,
} from './yaml.js';

type YamlNode = NonNullable<Entry['node']>;

/** One patch of the index, whichever way it was written. */
interface IndexEntry {
  written: string | null;
  /** `record:` of an entry with no path: the patch is the one beside that record. */
  record: string | null;
  body: YamlNode | null;
  at: (string | number)[];
  line: number;
  label: string;
}

const SECTIONS: readonly [string, boolean][] = [
  ['patches', false],
  // `records: [{ patch, record, ours_upstream_pr }]`, as a held-out index wrote it.
  ['records', false],
  ['retired', true],
  ['dropped', true],
];

export function parseRecordIndex(input: RecordIndexInput): RecordResult {
  const file = new YamlFile(input.path, input.text);
  const result = emptyResult(input.path, 'record-index', file);
  const root = file.root;
  if (!isMap(root)) {
    file.report(file.lineOf(root, 1), `an index must be a YAML mapping, found ${describe(root)}`);
    return finish(result);
  }
  const top = readTop(file, root);
  applyTop(result, top);
  result.targetRepo = top.targetRepo ?? readRepo(file, file.get(root, 'repo'), 'repo');
  const found: RefsFound = {
    mentions: result.mentions,
    fields: result.fields,
    ambiguous: result.ambiguous,
  };
  const aliases = input.aliases ?? new Map<string, string>();

  for (const [section, retired] of SECTIONS) {
    for (const entry of sectionEntries(file, file.get(root, section), section)) {
      const path = entryPath(file, entry, input);
      if (path === null) {
        const what =
          entry.written !== null
            ? `path ${JSON.stringify(entry.written)} leaves the root`
            : entry.record !== null
              ? `has no path, and no patch sits beside its record ${JSON.stringify(entry.record)}`
              : 'has no path';
        file.report(entry.line, `${entry.label} ${what}`);
        continue;
      }
      const repo =
        (entry.body && readRepo(file, file.get(entry.body, 'repo'), `${entry.label}.repo`)) ??
        result.targetRepo;
      result.patches.push(patchEntry(input.path, path, entry.line, repo, retired));
      const scope = {
        file,
        sourceKind: 'record-index' as const,
        ctx: { aliases, defaultRepo: repo },
        patch: path,
      };
      if (entry.body !== null) {
        const ours = oursMention(file, entry.body, entry.label, scope.ctx, path);
        if (ours !== null) result.mentions.push(ours);
      }
      readRefLists(scope, entry.body, entry.at, found);
    }
  }
  readSchemaParts(file, root, input, result, found);
  // Comments and prose name refs too; they belong to no one patch of the index.
  const taken = new Set(result.mentions.map((m) => m.line));
  const withLibraries = new Map(aliases);
  for (const library of result.index?.libraries ?? [])
    if (library.repo !== null && !withLibraries.has(library.name.toLowerCase()))
      withLibraries.set(library.name.toLowerCase(), library.repo);
  const ctx = { aliases: withLibraries, defaultRepo: result.targetRepo };
  const where = { source: input.path, sourceKind: 'record-index' as const, patch: null };
  const repoAt = result.targetRepo === null ? nearestRepo(result.mentions) : undefined;
  result.mentions.push(...proseMentions(input.text, ctx, where, taken, repoAt));
  return finish(result);
}

/** `libraries`, `pinned_bases`, `not_patches` and `archived_record` (index-schema.ts). */
function readSchemaParts(
  file: YamlFile,
  root: YamlNode,
  input: RecordIndexInput,
  result: RecordResult,
  found: RefsFound,
): void {
  const aliases = input.aliases ?? new Map<string, string>();
  const libraries = readLibraries(file, root);
  for (const { library, entries } of libraries) {
    for (const entry of entries) {
      const path = joinPatchesDir(input.patchesDir, entry.written);
      if (path === null) {
        file.report(
          entry.line,
          `${entry.label} path ${JSON.stringify(entry.written)} leaves the root`,
        );
        continue;
      }
      library.patches.push(path);
      const repo = library.repo ?? (library.internal ? null : result.targetRepo);
      result.patches.push(patchEntry(input.path, path, entry.line, repo));
      const ctx = { aliases, defaultRepo: repo };
      const ours = oursMention(file, entry.body, entry.label, ctx, path);
      if (ours !== null) result.mentions.push(ours);
      const scope = {
        file,
        sourceKind: 'record-index' as const,
        ctx,
        patch: path,
        internalTarget: library.internal,
      };
      readRefLists(scope, entry.body, entry.at, found);
    }
  }
  result.notPatches.push(...readNotPatches(file, root, input.patchesDir));
  result.index = {
    libraries: libraries.map((l) => l.library),
    pinnedBases: readPinnedBases(file, root),
    archivedRecord: readText(file, file.get(root, 'archived_record'), 'archived_record'),
  };
}

/**
 * The root-relative path of an entry's patch: its path in the patches
 * folder, else the patch beside its `record:`; null when neither is known.
 */
function entryPath(file: YamlFile, entry: IndexEntry, input: RecordIndexInput): string | null {
  if (entry.written !== null) return joinPatchesDir(input.patchesDir, entry.written);
  if (entry.record === null) return null;
  const record = joinPatchesDir(input.patchesDir, entry.record);
  return record === null ? null : (input.patchOfRecord?.(record) ?? null);
}

/** A section as a list of entries, a mapping path → entry, or a mapping library → list. */
function sectionEntries(file: YamlFile, section: Entry | undefined, name: string): IndexEntry[] {
  if (!section || isNull(section.node)) return [];
  if (isSeq(section.node)) {
    return section.node.items.flatMap(
      (node, index) => listEntry(file, node, name, [name], index, section.line) ?? [],
    );
  }
  if (isMap(section.node)) {
    return file.entries(section.node).flatMap((e) => {
      const label = `${name}.${e.key}`;
      // `patches: { vexa: [ {record: …}, … ] }`: a library's list of entries.
      if (isSeq(e.node)) {
        const items = e.node.items;
        return items.flatMap(
          (node, index) => listEntry(file, node, label, [name, e.key], index, e.line) ?? [],
        );
      }
      const body = isMap(e.node) ? e.node : null;
      if (!isNull(e.node) && body === null) {
        file.report(e.line, `${label} must be a mapping (or empty), found ${describe(e.node)}`);
      }
      return [{ written: e.key, record: null, body, at: [name, e.key], line: e.keyLine, label }];
    });
  }
  file.report(section.line, `${name} must be a list or a mapping, found ${describe(section.node)}`);
  return [];
}

function listEntry(
  file: YamlFile,
  node: YamlNode | null,
  name: string,
  at: readonly (string | number)[],
  index: number,
  fallback: number,
): IndexEntry | null {
  const label = `${name}[${index}]`;
  const line = file.lineOf(node, fallback);
  const where = [...at, index];
  if (isScalar(node))
    return { written: scalarText(node), record: null, body: null, at: where, line, label };
  if (isMap(node)) {
    // `path:`, or `patch:` as the real schema's libraries write it.
    const pathEntry = file.get(node, 'path') ?? file.get(node, 'patch');
    const written =
      pathEntry && isMap(pathEntry.node)
        ? readText(file, file.get(pathEntry.node, 'path'), `${label}.patch.path`)
        : readText(file, pathEntry, `${label}.path`);
    const record =
      written === null ? readText(file, file.get(node, 'record'), `${label}.record`) : null;
    return { written, record, body: node, at: where, line, label };
  }
  file.report(line, `${label} must be a path or a mapping with a path, found ${describe(node)}`);
  return null;
}
