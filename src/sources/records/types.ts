/**
 * Inputs and outputs of the YAML record readers (SPEC §2.2), in their own
 * module so the record and index readers can share them without a cycle.
 */
import type { RefKey, SourceResult } from '../../model.js';

export interface RecordInput {
  /** Record path, relative to the root, with `/`. */
  path: string;
  text: string;
  /** The patch beside the record with the same stem, found by the caller; null if none. */
  patchPath: string | null;
  /** alias (lower-case) → `owner/repo`, e.g. from config `repos.aliases`. */
  aliases?: ReadonlyMap<string, string>;
  /**
   * What the index says of this record's patch (its library): the repo when
   * the record writes no `target.repo`, and the pinned bases when the record
   * pins none with a commit.
   */
  fromIndex?: { repo: string | null; internal: boolean; pins: readonly PinnedCommit[] };
}

export interface RecordIndexInput extends Omit<RecordInput, 'patchPath' | 'fromIndex'> {
  /** The patches folder the index describes, relative to the root. */
  patchesDir: string;
  /**
   * The patch a record (root-relative path) sits beside, for an entry that
   * names only its `record:`; null when there is none. Found by the caller.
   */
  patchOfRecord?: (recordPath: string) => string | null;
}

/** Where a mention's mapping lives in the YAML, so `sync` can `setIn()` beside it. */
export interface RecordField {
  ref: RefKey;
  /** YAML path of the ref's mapping, e.g. `['upstream_prs', 0]`. */
  path: (string | number)[];
  /** 1-based line where that mapping starts. */
  line: number;
}

export interface PinnedCommit {
  ref: string;
  commit: string;
}

/** One `pinned_bases[]` entry of an index: the base a library's patches are cut against. */
export interface IndexPinnedBase {
  surface: string | null;
  library: string | null;
  ref: string;
  commit: string | null;
  line: number;
}

/** One `libraries.<name>` of an index. */
export interface IndexLibrary {
  name: string;
  /** `owner/repo` lower-cased; null when absent or `internal`. */
  repo: string | null;
  internal: boolean;
  /** Root-relative paths of the library's patches. */
  patches: string[];
}

/** What only an index says: libraries, pinned bases, and where the retired patches are. */
export interface IndexFacts {
  libraries: IndexLibrary[];
  pinnedBases: IndexPinnedBase[];
  /** `archived_record` as written (collect.ts finds the file), or null. */
  archivedRecord: string | null;
}

export interface RecordResult extends SourceResult {
  fields: RecordField[];
  statusUpdatedLine: number | null;
  /** `target.repo`, lower-cased; the default repo for bare `#N`. */
  targetRepo: string | null;
  /** `target.repo: internal`: no public repository, nothing to query. */
  internalTarget: boolean;
  /** `target.library`, when written. */
  library: string | null;
  pinnedCommits: PinnedCommit[];
  /** Set on the index only. */
  index?: IndexFacts;
}

export interface ArchiveInput {
  /** The archived record's path, relative to the root. */
  path: string;
  text: string;
  aliases?: ReadonlyMap<string, string>;
  /** Default repo per library name (from the index), for bare refs. */
  libraryRepos?: ReadonlyMap<string, string>;
  /** The patches folder of the index that names it: where a `patch:` path is. */
  patchesDir?: string;
}
