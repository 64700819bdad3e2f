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
}

export interface RecordIndexInput extends Omit<RecordInput, 'patchPath'> {
  /** The patches folder the index describes, relative to the root. */
  patchesDir: string;
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

export interface RecordResult extends SourceResult {
  fields: RecordField[];
  statusUpdatedLine: number | null;
  /** `target.repo`, lower-cased; the default repo for bare `#N`. */
  targetRepo: string | null;
  pinnedCommits: PinnedCommit[];
}
