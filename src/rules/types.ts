/** The contract between the check run and the rules: one rule per module, findings are data. */
import type { Config } from '../config-types.js';
import type { Finding, Mention, PatchEntry, RefKey, Resolution, SourceResult } from '../model.js';
import type { ContainmentAnswers, PinnedBase } from './pinned.js';

export interface CheckContext {
  /** Everything every reader returned. */
  sources: readonly SourceResult[];
  /** Mentions grouped by ref, ignored refs already removed. */
  mentionsByRef: ReadonlyMap<RefKey, readonly Mention[]>;
  /** Live answers; null when offline (`list`, `--offline`): network rules then return []. */
  live: ReadonlyMap<RefKey, Resolution> | null;
  /** Patch files found on disk under the patches folders (root-relative, `/`). */
  patchFiles: readonly string[];
  /** Other files a source indexes that are on disk (see Collected.indexedOnDisk). */
  indexedOnDisk?: readonly string[];
  /** Every patch any source indexes or retires, by path. */
  indexed: ReadonlyMap<string, readonly PatchEntry[]>;
  /** yyyy-mm-dd. */
  today: string;
  config: Config;
  /** The pinned upstream bases (records' target.versions, config `bases`). */
  pinned?: readonly PinnedBase[];
  /** Is a merge commit in a base? Keyed by containmentKey(); null = unknown. */
  containment?: ContainmentAnswers;
}

export interface Rule {
  id: Finding['rule'];
  defaultSeverity: Finding['severity'];
  /** True if the rule needs live answers (skipped offline). */
  needsNetwork: boolean;
  check(ctx: CheckContext): Finding[];
}
