/**
 * The parts of the real index schema (SPEC §2.4) beyond a plain patch list:
 *
 * ```yaml
 * pinned_bases:                     # the base each library's patches are cut against
 *   - { surface: Dockerfile.engine, library: engine, ref: v1.2.0, commit: 0b3bb0c }
 * libraries:
 *   engine:
 *     repo: example-org/engine      # default repo of this library's patches (`internal`: none)
 *     patches:
 *       - patch: deploy/patches/engine/fix.py   # root-relative or patches-relative
 *         record: deploy/patches/engine/fix.upstream.status.yaml
 *         ours_upstream_pr: example-org/engine#12   # our PR: a mention, role own
 * archived_record: deploy/patches/archived/patch.archived.yaml
 * not_patches:
 *   - { path: deploy/patches/engine/apply.sh, role: driver script }
 * ```
 */
import type { Mention } from '../../model.js';
import { parseRefValue, type RefContext } from '../../refs.js';
import { joinPatchesDir } from './paths.js';
import { isInternal, readRepo } from './top.js';
import type { IndexLibrary, IndexPinnedBase } from './types.js';
import { readState, readText } from './values.js';
import { describe, isMap, isNull, isSeq, type Entry, type YamlFile } from './yaml.js';

type YamlNode = NonNullable<Entry['node']>;

/** Items of a list-valued key; a wrong shape is reported, an absent one is empty. */
export function listItems(
  file: YamlFile,
  map: YamlNode,
  key: string,
  label = key,
): { node: YamlNode | null; line: number; index: number }[] {
  const entry = file.get(map, key);
  if (!entry || isNull(entry.node)) return [];
  if (!isSeq(entry.node)) {
    file.report(entry.line, `${label} must be a list, found ${describe(entry.node)}`);
    return [];
  }
  return entry.node.items.map((node, index) => {
    return { node, line: file.lineOf(node, entry.line), index };
  });
}

export function readPinnedBases(file: YamlFile, root: YamlNode): IndexPinnedBase[] {
  const out: IndexPinnedBase[] = [];
  for (const item of listItems(file, root, 'pinned_bases')) {
    const label = `pinned_bases[${item.index}]`;
    if (!isMap(item.node)) {
      file.report(item.line, `${label} must be a mapping, found ${describe(item.node)}`);
      continue;
    }
    const text = (key: string) => readText(file, file.get(item.node!, key), `${label}.${key}`);
    const ref = text('ref');
    if (ref === null) continue;
    out.push({
      surface: text('surface'),
      library: text('library'),
      ref,
      commit: text('commit'),
      line: item.line,
    });
  }
  return out;
}

/** `not_patches[]`: `{path, role}` mappings or bare paths → root-relative paths. */
export function readNotPatches(file: YamlFile, root: YamlNode, patchesDir: string): string[] {
  const out: string[] = [];
  for (const item of listItems(file, root, 'not_patches')) {
    const label = `not_patches[${item.index}]`;
    const entry = isMap(item.node)
      ? file.get(item.node, 'path')
      : { key: 'path', keyLine: item.line, node: item.node, line: item.line, aliased: false };
    const written = readText(file, entry, `${label}.path`);
    const path = written === null ? null : joinPatchesDir(patchesDir, written);
    if (path !== null) out.push(path);
  }
  return out;
}

export interface LibraryPatch {
  written: string;
  body: YamlNode;
  at: (string | number)[];
  line: number;
  label: string;
}

export interface LibraryRead {
  library: IndexLibrary;
  entries: LibraryPatch[];
}

/** `libraries.<name>`: its repo and its patch entries (each with a `patch:` or `path:`). */
export function readLibraries(file: YamlFile, root: YamlNode): LibraryRead[] {
  const section = file.get(root, 'libraries');
  if (!section || isNull(section.node)) return [];
  if (!isMap(section.node)) {
    file.report(section.line, `libraries must be a mapping, found ${describe(section.node)}`);
    return [];
  }
  return file.entries(section.node).flatMap((lib) => {
    const label = `libraries.${lib.key}`;
    if (!isMap(lib.node)) {
      if (!isNull(lib.node))
        file.report(lib.line, `${label} must be a mapping, found ${describe(lib.node)}`);
      return [];
    }
    const repoEntry = file.get(lib.node, 'repo');
    const internal = isInternal(file, repoEntry);
    const repo = internal ? null : readRepo(file, repoEntry, `${label}.repo`);
    const entries: LibraryPatch[] = [];
    for (const item of listItems(file, lib.node, 'patches', `${label}.patches`)) {
      const itemLabel = `${label}.patches[${item.index}]`;
      if (!isMap(item.node)) {
        file.report(item.line, `${itemLabel} must be a mapping, found ${describe(item.node)}`);
        continue;
      }
      const pathEntry = file.get(item.node, 'patch') ?? file.get(item.node, 'path');
      const written = readText(file, pathEntry, `${itemLabel}.patch`);
      if (written === null) {
        file.report(item.line, `${itemLabel} has no patch path`);
        continue;
      }
      entries.push({
        written,
        body: item.node,
        at: ['libraries', lib.key, 'patches', item.index],
        line: item.line,
        label: itemLabel,
      });
    }
    return [{ library: { name: lib.key, repo, internal, patches: [] }, entries }];
  });
}

/**
 * `ours_upstream_pr: owner/repo#N` (or null) → a mention of our own PR, no
 * state; or, written as a record's list item is (session 14, q37),
 * `ours_upstream_pr: { ref: owner/repo#N, state: OPEN }` → with its state.
 */
export function oursMention(
  file: YamlFile,
  body: YamlNode,
  label: string,
  ctx: RefContext,
  patch: string,
): Mention | null {
  const field = file.get(body, 'ours_upstream_pr');
  const item = field !== undefined && isMap(field.node) ? field.node : null;
  const entry =
    item === null
      ? field
      : isNull(file.get(item, 'ref')?.node)
        ? file.get(item, 'url')
        : file.get(item, 'ref');
  const written = readText(file, entry, `${label}.ours_upstream_pr${item === null ? '' : '.ref'}`);
  if (written === null || !entry) return null;
  const parsed = parseRefValue(written, ctx);
  if (!('key' in parsed)) return null;
  const state =
    item === null
      ? null
      : readState(file, file.get(item, 'state'), `${label}.ours_upstream_pr.state`);
  const mention: Mention = {
    ref: parsed.key,
    kindHint: 'pr',
    source: file.file,
    sourceKind: 'record-index',
    line: entry.keyLine,
    patch,
    role: 'own',
    recordedState: state?.state ?? null,
    recordedDate: null,
  };
  if (state?.state != null && state.line !== null && state.line !== mention.line)
    mention.stateLine = state.line;
  return mention;
}
