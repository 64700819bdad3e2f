/**
 * Types of the patch-header trailer reader (Yocto `Upstream-Status:`,
 * Buildroot `Upstream:`, Debian DEP-3). Kept apart from the reader so the
 * reader's helper modules can share them without importing each other.
 */
import type { SourceResult, Span } from '../../model.js';

export type TrailerConvention = 'yocto' | 'buildroot' | 'dep3';

/**
 * The ecosystem whose layout a patch was found in (discover.ts): it decides
 * how a field that another ecosystem also uses is read, and what its own
 * linter accepts. Null for a patch in a ledger's or record's queue.
 */
export type PatchLayout = 'yocto' | 'buildroot' | 'debian' | 'conda' | 'quilt';

/** One well-formed trailer field (malformed ones become ParseProblems instead). */
export interface TrailerField {
  convention: TrailerConvention;
  /** The field name as written (`Upstream-status`, `Bug-Debian`). */
  name: string;
  /** The value as written, trimmed; DEP-3 continuation lines included. */
  value: string;
  /** 1-based line of the field name in the whole file. */
  line: number;
  /** 1-based line where the value ends (`line` unless it continues over lines). */
  lastLine: number;
  /** Offsets of `value` in the whole file. */
  valueSpan: Span;
  /** Yocto status word as written (`Submitted`, `pending`); null for other conventions. */
  status: string | null;
}

/** A URL a trailer names that GitHub cannot answer for. Listed, never an error. */
export interface UncheckableMention {
  url: string;
  line: number;
  /** `not GitHub` (mailing list, GitLab, Gerrit, Debian BTS …) or `not a PR or issue`. */
  reason: string;
}

/**
 * A GitHub commit a trailer says is upstream (`Backport [commit url]`,
 * `Applied-Upstream: <commit url>`). It has no PR number yet; it is resolved
 * to its PR later, and its recorded state is MERGED.
 */
export interface CommitRef {
  /** `owner/repo`, lower-case. */
  repo: string;
  /** As written, lower-case; may be abbreviated. */
  sha: string;
  line: number;
}

export interface TrailerResult extends SourceResult {
  fields: TrailerField[];
  uncheckable: UncheckableMention[];
  commits: CommitRef[];
  /** Lines (whole file, 1-based) of every field read or reported: refs there are this reader's. */
  claimedLines: number[];
}

export interface TrailerInput {
  /** Patch file, root-relative with `/`. */
  path: string;
  /** The patch's preamble (the text before its first file header). */
  preamble: string;
  /** UTF-16 offset of `preamble` in the whole file. */
  startOffset: number;
  /** 1-based line of `preamble`'s first character in the whole file. */
  startLine: number;
  /** alias (lower-case) → `owner/repo`, for refs written as `alias#N`. */
  aliases?: ReadonlyMap<string, string>;
  /** The ecosystem layout the patch was found in; absent or null for a queue's patch. */
  layout?: PatchLayout | null;
  /**
   * The repository a bare `#N` in a field belongs to: a queue patch's ledger
   * row or record gives it (`Upstream: #455 / #461`). Ecosystem patches pass
   * none: a bare `#N` there is copied from upstream (copied-refs.ts).
   */
  defaultRepo?: string | null;
}
