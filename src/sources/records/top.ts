/**
 * The top-level fields a record and an index share: `schema_version`,
 * `status_updated` and `target` (default repo and pinned bases).
 */
import { normaliseRepo } from '../../refs.js';
import type { PinnedCommit } from './types.js';
import { readDay, readText } from './values.js';
import {
  describe,
  isMap,
  isNull,
  isScalar,
  isSeq,
  scalarText,
  type Entry,
  type YamlFile,
} from './yaml.js';

export interface TopFields {
  checkedOn: string | null;
  checkedOnLine: number | null;
  targetRepo: string | null;
  /** `target.repo: internal`: an internal engine with no public repo; its refs are never queried. */
  internalTarget: boolean;
  /** `target.library`, the key of the index's `libraries` this record's patch belongs to. */
  library: string | null;
  pinnedCommits: PinnedCommit[];
}

/** The word a record writes for a target with no public repository (SPEC §2.4). */
export const INTERNAL_REPO = 'internal';

export function readTop(file: YamlFile, root: NonNullable<Entry['node']>): TopFields {
  const version = file.get(root, 'schema_version');
  // A missing version is read as 1: teams hand-write these and the fields are the same.
  const written = readText(file, version, 'schema_version');
  if (version && written !== null && written !== '1') {
    file.report(
      version.line,
      `schema_version ${written} is not supported (expected 1); reading the fields version 1 defines`,
    );
  }
  const updated = file.get(root, 'status_updated');
  const checkedOn = readDay(file, updated, 'status_updated');
  const top: TopFields = {
    checkedOn,
    checkedOnLine: checkedOn === null || !updated ? null : updated.line,
    targetRepo: null,
    internalTarget: false,
    library: null,
    pinnedCommits: [],
  };
  const target = file.get(root, 'target');
  if (!target || isNull(target.node)) return top;
  if (!isMap(target.node)) {
    file.report(target.line, `target must be a mapping, found ${describe(target.node)}`);
    return top;
  }
  const repoEntry = file.get(target.node, 'repo');
  if (isInternal(file, repoEntry)) top.internalTarget = true;
  else top.targetRepo = readRepo(file, repoEntry, 'target.repo');
  top.library = readText(file, file.get(target.node, 'library'), 'target.library');
  top.pinnedCommits = readVersions(file, file.get(target.node, 'versions'));
  return top;
}

/** `repo: internal` (any case): not a repository, and not a mistake. */
export function isInternal(file: YamlFile, entry: Entry | undefined): boolean {
  if (!entry || !isScalar(entry.node)) return false;
  return scalarText(entry.node)?.trim().toLowerCase() === INTERNAL_REPO;
}

/** `owner/repo` → lower-cased, or a problem naming the field. */
export function readRepo(file: YamlFile, entry: Entry | undefined, label: string): string | null {
  const text = readText(file, entry, label);
  if (text === null || !entry) return null;
  const repo = normaliseRepo(text);
  if (repo === null) file.report(entry.line, `${label} ${JSON.stringify(text)} is not owner/repo`);
  return repo;
}

function readVersions(file: YamlFile, entry: Entry | undefined): PinnedCommit[] {
  if (!entry || isNull(entry.node)) return [];
  if (!isSeq(entry.node)) {
    file.report(entry.line, `target.versions must be a list, found ${describe(entry.node)}`);
    return [];
  }
  const out: PinnedCommit[] = [];
  entry.node.items.forEach((node, index) => {
    const label = `target.versions[${index}]`;
    if (!isMap(node)) {
      file.report(
        file.lineOf(node, entry.line),
        `${label} must be a mapping with ref and commit, found ${describe(node)}`,
      );
      return;
    }
    const ref = readText(file, file.get(node, 'ref'), `${label}.ref`);
    const commit = readText(file, file.get(node, 'commit'), `${label}.commit`);
    // A base pinned by tag alone is legitimate; it just cannot answer in_pinned_base.
    if (ref !== null && commit !== null) out.push({ ref, commit });
  });
  return out;
}
