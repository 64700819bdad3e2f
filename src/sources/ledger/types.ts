/** The ledger reader's public contract (SPEC §2.1). */
import type { RefKey, SourceResult, Span } from '../../model.js';

export interface LedgerInput {
  /** Ledger path, root-relative, with `/`. */
  path: string;
  text: string;
  /** Root-relative patches folder, e.g. `deploy/docker/patches`. */
  patchesDir: string;
  /** Config aliases, alias → owner/repo, lower-case. */
  aliases?: ReadonlyMap<string, string>;
  /**
   * A document beside the patches (a README), not the ledger: its refs are
   * read as prose, none of its tables index a patch, and it lists no
   * "Not patches" (SPEC §2.4).
   */
  document?: boolean;
  /**
   * A document whose bullets and headings name patches (a Debian packager's
   * `debian/patches/README.upstream-status.md`): each is read as that patch's
   * entry, as in a ledger (its refs are mentions of the patch, its labels and
   * sections give roles), but the document indexes nothing and its tables
   * stay prose.
   */
  entries?: boolean;
  /** Repo for bare `#N` when the file's own refs do not name one. */
  defaultRepo?: string | null;
  /** The project's own repository, when the run knows it (RefContext.ownRepo). */
  ownRepo?: string | null;
}

/** A PR-state cell, located for `sync` to rewrite in place. */
export interface StateCell {
  line: number;
  /** UTF-16 offsets in the original text (BOM included) of the cell's trimmed content. */
  span: Span;
  /** The PRs this cell records, in order (those with a state written beside them excluded). */
  refs: RefKey[];
  /** The cell's content as written (the source slice of `span`). */
  text: string;
}

export interface LedgerResult extends SourceResult {
  stateCells: StateCell[];
  /** Where the check date is written, for `sync` to update it. */
  checkDateSpan: Span | null;
}
