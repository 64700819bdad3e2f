/**
 * Per-patch YAML records (`<stem>.upstream.status.yaml`, SPEC §2.2) → the
 * patch they cover, the refs they name with their recorded states, and the
 * YAML paths `sync` needs to write live states back.
 *
 * Pure: text in, data out; a syntax error, a wrong shape or an alias bomb
 * becomes a ParseProblem and whatever could still be read is returned.
 */
import { readAliveBecause } from './alive.js';
import { normaliseRelPath } from './paths.js';
import { keyedMentions } from './keyed.js';
import { proseMentions } from './prose.js';
import { readRefLists, type RefsFound } from './refs.js';
import { applyTop, emptyResult, finish, patchEntry } from './result.js';
import { readTop, type TopFields } from './top.js';
import type { RecordInput, RecordResult } from './types.js';
import { readText } from './values.js';
import { describe, isMap, isNull, isScalar, isSeq, scalarText, YamlFile } from './yaml.js';

export type {
  ArchiveInput,
  IndexFacts,
  PinnedCommit,
  RecordField,
  RecordInput,
  RecordResult,
} from './types.js';
export { parseRecordIndex } from './index-file.js';
export { parseArchivedRecord } from './archive.js';
export { indexDefaults } from './index-defaults.js';

export function parseRecord(input: RecordInput): RecordResult {
  const file = new YamlFile(input.path, input.text);
  const result = emptyResult(input.path, 'record', file);
  const root = file.root;
  if (!isMap(root)) {
    file.report(file.lineOf(root, 1), `a record must be a YAML mapping, found ${describe(root)}`);
    // The caller found the patch beside this record: it is indexed, if badly.
    if (input.patchPath !== null)
      result.patches.push(patchEntry(input.path, input.patchPath, 1, null));
    return finish(result);
  }
  const top = withIndexDefaults(readTop(file, root), input);
  applyTop(result, top);

  const patch = readPatchPath(file, input);
  if (patch.path !== null) {
    result.patches.push(patchEntry(input.path, patch.path, patch.line, top.targetRepo));
    for (const extra of readExtraFiles(file)) {
      result.patches.push(patchEntry(input.path, extra.path, extra.line, top.targetRepo));
    }
  }
  result.aliveBecause = readAliveBecause(file, root, patch.path);

  const found: RefsFound = {
    mentions: result.mentions,
    fields: result.fields,
    ambiguous: result.ambiguous,
  };
  const ctx = { aliases: input.aliases ?? new Map<string, string>(), defaultRepo: top.targetRepo };
  const scope = {
    file,
    sourceKind: 'record' as const,
    ctx,
    patch: patch.path,
    internalTarget: top.internalTarget,
  };
  readRefLists(scope, root, [], found);
  const taken = new Set(result.mentions.map((m) => m.line));
  result.mentions.push(...keyedMentions(scope, root, taken));
  const where = { source: input.path, sourceKind: 'record' as const, patch: patch.path };
  result.mentions.push(...proseMentions(input.text, ctx, where, taken));
  return finish(result);
}

/** The index's library repo and pinned bases fill what the record leaves out. */
function withIndexDefaults(top: TopFields, input: RecordInput): TopFields {
  const from = input.fromIndex;
  if (from === undefined) return top;
  const out = { ...top };
  if (out.targetRepo === null && !out.internalTarget) {
    out.targetRepo = from.repo;
    out.internalTarget = from.internal;
  }
  if (out.pinnedCommits.length === 0) out.pinnedCommits = [...from.pins];
  return out;
}

/**
 * `patch.extra_files`: companion files (a driver script, a fragment) the
 * record covers with its patch. Root-relative, as `patch.path` is.
 */
function readExtraFiles(file: YamlFile): { path: string; line: number }[] {
  const patch = file.root === null ? undefined : file.get(file.root, 'patch');
  if (!patch || !isMap(patch.node)) return [];
  const list = file.get(patch.node, 'extra_files');
  if (!list || isNull(list.node)) return [];
  if (!isSeq(list.node)) {
    file.report(list.line, `patch.extra_files must be a list, found ${describe(list.node)}`);
    return [];
  }
  const out: { path: string; line: number }[] = [];
  list.node.items.forEach((node, index) => {
    const line = file.lineOf(node, list.line);
    const written = isScalar(node) ? scalarText(node) : null;
    const path = written === null ? null : normaliseRelPath(written);
    if (path === null) {
      file.report(line, `patch.extra_files[${index}] must be a path relative to the root`);
      return;
    }
    out.push({ path, line });
  });
  return out;
}

/** The caller's patch beside the record wins; else `patch.path` (or `patch: path`). */
function readPatchPath(file: YamlFile, input: RecordInput): { path: string | null; line: number } {
  const entry = file.root === null ? undefined : file.get(file.root, 'patch');
  const line = entry?.keyLine ?? 1;
  if (input.patchPath !== null) return { path: input.patchPath, line };
  const pathEntry = entry && isMap(entry.node) ? file.get(entry.node, 'path') : entry;
  if (entry && !isNull(entry.node) && !isMap(entry.node) && !isScalar(entry.node)) {
    file.report(entry.line, `patch must be a mapping with a path, found ${describe(entry.node)}`);
    return { path: null, line };
  }
  const written = readText(file, pathEntry, 'patch.path');
  if (written === null) {
    file.report(
      line,
      'the record names no patch: no patch file with its stem is beside it and patch.path is missing',
    );
    return { path: null, line };
  }
  const path = normaliseRelPath(written);
  if (path === null)
    file.report(
      pathEntry?.line ?? line,
      `patch.path ${JSON.stringify(written)} must be relative to the root`,
    );
  return { path, line };
}
