/**
 * The data every part of upstream-status speaks: refs, the places they are
 * mentioned, what GitHub says about them, and the findings rules produce.
 * Pure types plus a few tiny helpers; no I/O.
 */

/** A normalised recorded or live state. CLOSED on a PR means closed without merge. */
export type State = 'OPEN' | 'DRAFT' | 'MERGED' | 'CLOSED';
export const STATES: readonly State[] = ['OPEN', 'DRAFT', 'MERGED', 'CLOSED'];

export type RefKind = 'pr' | 'issue';

/** Canonical ref key: `owner/repo#N`, owner and repo lower-cased. */
export type RefKey = string;

export type SourceKind = 'ledger' | 'record' | 'record-index' | 'patch-header';

/**
 * What a mention is to its patch. The spec's list is open-ended (record
 * `relevance` values pass through), so this is a string with known values.
 */
export type Role =
  | 'fix'
  | 'own'
  | 'third-party'
  | 'issue'
  | 'anchor-collision'
  | 'related'
  | 'background'
  | 'introduced-the-defect'
  | 'unrelated'
  | (string & {});

/** A half-open UTF-16 offset range in a source text (used by `sync`). */
export interface Span {
  start: number;
  end: number;
}

/** One place a ref appears. */
export interface Mention {
  ref: RefKey;
  /** From the URL (`/pull/` vs `/issues/`) or a record's `kind`; null when unknown. */
  kindHint: RefKind | null;
  /** Source file, relative to the root, with `/`. */
  source: string;
  sourceKind: SourceKind;
  /** 1-based line where the ref itself is written. */
  line: number;
  /**
   * 1-based line of the recorded state word when it is not on the ref's line
   * (a wrapped title): findings about the state point there.
   */
  stateLine?: number;
  /** Patch path relative to the root, or null when the mention belongs to no patch. */
  patch: string | null;
  role: Role;
  recordedState: State | null;
  /** Date written beside the state (`**MERGED** 2026-07-09`), ISO yyyy-mm-dd. */
  recordedDate: string | null;
  /** Records only: `merged_at`, `review_decision`, `in_pinned_base` as written. */
  recordedMergedAt?: string | null;
  recordedReviewDecision?: string | null;
  recordedInPinnedBase?: boolean | null;
  /** Where the recorded state word is written (for sync and annotations). */
  stateSpan?: Span | null;
  /**
   * The repository was not written but inferred: a bare `#N` of an upstream
   * commit message copied into an ecosystem patch, given the one repository
   * the header names. GitHub not knowing such a ref is no error.
   */
  inferredRepo?: boolean;
  /** True when one state covers several refs (`both OPEN`). */
  sharedState?: boolean;
  /**
   * True when nothing but position gave the role (`related` in a paragraph or
   * an unlabelled entry, no words about the ref): meaning/settle.ts may give
   * it the role the same ref has where the author did say.
   */
  roleByDefault?: boolean;
}

/** A bare `#N` whose repository cannot be known from its context. */
export interface AmbiguousRef {
  text: string;
  source: string;
  line: number;
  patch: string | null;
}

/** A patch a source indexes (or retires). */
export interface PatchEntry {
  /** Relative to the root, with `/`. */
  path: string;
  source: string;
  line: number;
  retired: boolean;
  /** Default repo (`owner/repo`, lower-cased) for bare refs in this patch's header. */
  repo: string | null;
}

/** Input that could not be read as its format. */
export interface ParseProblem {
  file: string;
  line: number;
  message: string;
}

export interface SourceInfo {
  path: string;
  kind: SourceKind;
  /** The check date the source states (`re-verified … on 2026-08-10`). */
  checkedOn: string | null;
  checkedOnLine: number | null;
}

/**
 * A record's `alive_because` (SPEC §2.4): why the patch still exists, in one
 * of the schema's words (`upstream-pr-open`, `merged-not-in-pinned-base`, …).
 */
export interface AliveBecause {
  /** As written, lower-cased. */
  reason: string;
  /** Line of the `reason:` value. */
  line: number;
  source: string;
  patch: string | null;
  dropWhen: string | null;
  dropSignal: string | null;
}

/** Everything one reader extracts from one file. */
export interface SourceResult {
  source: SourceInfo;
  mentions: Mention[];
  patches: PatchEntry[];
  ambiguous: AmbiguousRef[];
  problems: ParseProblem[];
  /** Root-relative paths the source says are not patches (ledger *Not patches*). */
  notPatches: string[];
  /** Records only: `alive_because`, when the record says why its patch is alive. */
  aliveBecause?: AliveBecause | null;
}

export interface LiveState {
  kind: RefKind;
  state: State;
  mergedAt: string | null;
  mergeCommit: string | null;
  closedAt: string | null;
  stateReason: string | null;
  reviewDecision: string | null;
  title: string;
  url: string;
  author: string | null;
}

export type Resolution =
  { status: 'found'; live: LiveState } | { status: 'not-found'; message: string };

export type Severity = 'error' | 'warning' | 'notice';
export const SEVERITY_ORDER: Record<Severity, number> = { error: 0, warning: 1, notice: 2 };

export type RuleId =
  | 'state-drift'
  | 'anchor-collision-merged'
  | 'unresolved-ref'
  | 'source-disagreement'
  | 'unindexed-patch'
  | 'missing-patch'
  | 'in-pinned-base-drift'
  | 'drop-candidate'
  | 'stale-check'
  | 'merged-at-drift'
  | 'review-decision-drift'
  | 'ambiguous-ref'
  | 'parse-error'
  | 'alive-because-drift'
  | 'budget-exceeded'
  // rebase-check
  | 'hunk-does-not-apply'
  | 'already-applied'
  | 'fixed-in-target'
  | 'collision-in-target'
  | 'anchor-not-checkable'
  | 'anchor-missing'
  | 'anchor-ambiguous'
  | 'unrecorded-collision';

export interface Finding {
  rule: RuleId;
  severity: Severity;
  ref: RefKey | null;
  patch: string | null;
  file: string;
  line: number;
  recorded: string | null;
  live: string | null;
  message: string;
}

/** Build the canonical key for a ref. */
export function refKey(owner: string, repo: string, number: number): RefKey {
  return `${owner.toLowerCase()}/${repo.toLowerCase()}#${number}`;
}

/**
 * `internal#N`: a ref in the project's private tracker (SPEC §2.2). It is
 * listed where a record names it, but never asked of GitHub.
 */
export function internalRefKey(number: number): RefKey {
  return `internal#${number}`;
}

export function isInternalRef(key: RefKey): boolean {
  return key.startsWith('internal#');
}

/** Split a canonical key back into its parts. */
export function splitRefKey(key: RefKey): { owner: string; repo: string; number: number } {
  const hash = key.lastIndexOf('#');
  const slash = key.indexOf('/');
  return {
    owner: key.slice(0, slash),
    repo: key.slice(slash + 1, hash),
    number: Number(key.slice(hash + 1)),
  };
}
