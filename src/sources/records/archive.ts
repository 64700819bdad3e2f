/**
 * The archived record an index names (`archived_record:`, SPEC §2.4): the
 * retired patches and the upstream fixes that retired them.
 *
 * ```yaml
 * schema_version: 1
 * status_updated: 2026-08-05
 * patches:
 *   - name: fix_old.py
 *     source:
 *       original_path: deploy/patches/engine/fix_old.py    # where it lived
 *       current_path: deploy/patches/archived/fix_old.py   # or `deleted`
 *     library: engine                 # the index's library: default repo for bare refs
 *     upstream_fix:                   # or null
 *       ref: example-org/engine#77
 *       state: MERGED
 *       merged_at: 2026-05-12
 * ```
 *
 * The list may also be `retired:` (or `dropped:`, `archived:`), and a patch
 * named by `patch:` (or `path:`; a path, or `{ path }`) relative to the
 * index's patches folder, as a held-out queue wrote it (session 11).
 *
 * Every patch here is retired (a missing file is not `missing-patch`); each
 * `upstream_fix` is a mention with role `background` — the patch is gone, so
 * the fix can no longer mean "drop it".
 */
import type { Mention } from '../../model.js';
import { parseRefValue } from '../../refs.js';
import { nearestRepo, proseMentions } from './prose.js';
import { listItems } from './index-schema.js';
import { joinPatchesDir, normaliseRelPath } from './paths.js';
import { applyTop, emptyResult, finish, patchEntry } from './result.js';
import { readTop } from './top.js';
import type { ArchiveInput, RecordResult } from './types.js';
import { findDay, readState, readText } from './values.js';
import { describe, isMap, YamlFile, type Entry } from './yaml.js';

type YamlNode = NonNullable<Entry['node']>;

/** `current_path` values that say the file is gone. */
const GONE = new Set(['deleted', 'removed', 'none', '-']);

export function parseArchivedRecord(input: ArchiveInput): RecordResult {
  const file = new YamlFile(input.path, input.text);
  const result = emptyResult(input.path, 'record', file);
  const root = file.root;
  if (!isMap(root)) {
    file.report(file.lineOf(root, 1), `an archive must be a YAML mapping, found ${describe(root)}`);
    return finish(result);
  }
  applyTop(result, readTop(file, root));
  const key = LIST_KEYS.find((k) => file.get(root, k) !== undefined) ?? 'patches';
  for (const item of listItems(file, root, key)) {
    const label = `${key}[${item.index}]`;
    if (!isMap(item.node)) {
      file.report(item.line, `${label} must be a mapping, found ${describe(item.node)}`);
      continue;
    }
    const place = { key, label, index: item.index, line: item.line };
    readArchived(file, item.node, place, input, result);
  }
  // Notes and comments: each belongs to the retired patch of the entry it is
  // written in, and a bare `#N` there to that entry's upstream fix's repo.
  const taken = new Set(result.mentions.map((m) => m.line));
  const ctx = { aliases: input.aliases ?? new Map<string, string>(), defaultRepo: null };
  const where = { source: input.path, sourceKind: 'record' as const, patch: null };
  const prose = proseMentions(input.text, ctx, where, taken, nearestRepo(result.mentions));
  const entries = [...result.patches].sort((a, b) => a.line - b.line);
  for (const m of prose) {
    let patch: string | null = null;
    // An entry's first path (where the patch lived), as its upstream_fix has.
    let line = 0;
    for (const e of entries) {
      if (e.line > m.line) break;
      if (e.line !== line) patch = e.path;
      line = e.line;
    }
    m.patch = patch;
  }
  result.mentions.push(...prose);
  return finish(result);
}

/** The keys that hold an archive's list of retired patches, in the order tried. */
const LIST_KEYS = ['patches', 'retired', 'dropped', 'archived'];

interface ArchivedPlace {
  key: string;
  label: string;
  index: number;
  line: number;
}

function readArchived(
  file: YamlFile,
  node: YamlNode,
  place: ArchivedPlace,
  input: ArchiveInput,
  result: RecordResult,
): void {
  const { label, line } = place;
  const library = readText(file, file.get(node, 'library'), `${label}.library`);
  const repo = (library && input.libraryRepos?.get(library.toLowerCase())) ?? null;
  const source = file.get(node, 'source');
  const paths: string[] = [];
  if (source && isMap(source.node)) {
    for (const key of ['original_path', 'current_path']) {
      const written = readText(file, file.get(source.node, key), `${label}.source.${key}`);
      const path =
        written === null || GONE.has(written.toLowerCase()) ? null : normaliseRelPath(written);
      if (path !== null && !paths.includes(path)) paths.push(path);
    }
  }
  // `patch: vexa/old_fix.py` (or `{ path: … }`, or `path:`): in the index's patches folder.
  const named = file.get(node, 'patch') ?? file.get(node, 'path');
  const written =
    named && isMap(named.node)
      ? readText(file, file.get(named.node, 'path'), `${label}.patch.path`)
      : readText(file, named, `${label}.patch`);
  const joined = written === null ? null : joinPatchesDir(input.patchesDir ?? '', written);
  if (joined !== null && !paths.includes(joined)) paths.push(joined);
  for (const path of paths) result.patches.push(patchEntry(input.path, path, line, repo, true));

  const fix = file.get(node, 'upstream_fix');
  if (!fix || !isMap(fix.node)) return;
  const refEntry = file.get(fix.node, 'ref') ?? file.get(fix.node, 'url');
  const refText = readText(file, refEntry, `${label}.upstream_fix.ref`);
  if (refText === null || !refEntry) return;
  const parsed = parseRefValue(refText, {
    aliases: input.aliases ?? new Map<string, string>(),
    defaultRepo: repo,
  });
  if (!('key' in parsed)) {
    if ('ambiguous' in parsed)
      result.ambiguous.push({
        text: refText,
        source: file.file,
        line: refEntry.keyLine,
        patch: paths[0] ?? null,
      });
    return;
  }
  const state = readState(file, file.get(fix.node, 'state'), `${label}.upstream_fix.state`);
  const mergedAt = readText(
    file,
    file.get(fix.node, 'merged_at'),
    `${label}.upstream_fix.merged_at`,
  );
  const mention: Mention = {
    ref: parsed.key,
    kindHint: parsed.kindHint ?? 'pr',
    source: file.file,
    sourceKind: 'record',
    line: refEntry.keyLine,
    patch: paths[0] ?? null,
    role: 'background',
    recordedState: state.state,
    recordedDate: mergedAt === null ? null : findDay(mergedAt),
    recordedMergedAt: mergedAt,
    stateSpan: state.span,
  };
  if (state.state !== null && state.line !== null && state.line !== mention.line)
    mention.stateLine = state.line;
  result.mentions.push(mention);
  result.fields.push({
    ref: parsed.key,
    path: [place.key, place.index, 'upstream_fix'],
    line: refEntry.keyLine,
  });
}
