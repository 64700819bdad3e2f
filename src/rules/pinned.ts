/**
 * Pinned bases and the containment answers the pinned-base rules read.
 *
 * A pinned base is what a patch is cut against: a record's
 * `target.versions[]` (a ref and, usually, the exact commit) or the config's
 * `bases: { owner/repo: REF }`. "Is merge commit C in the base" is asked of
 * GitHub (compare API) or a local checkout before the rules run; the rules
 * only read the answers. Pure: no I/O here.
 */
import type { Config } from '../config-types.js';
import type { LiveState, Mention, RefKey, Resolution, SourceResult } from '../model.js';
import type { CheckContext } from './types.js';

export interface PinnedBase {
  /** `owner/repo`, lower-cased. */
  repo: string;
  /** The base as named: a tag or branch (`v0.5.15.post1`). */
  ref: string;
  /** The exact commit when the record states it; null for a config base. */
  commit: string | null;
  /** Root-relative record path, or `config` for `bases`. */
  source: string;
  line: number;
  /** The patch a record pins; null for a config base (it pins every patch of the repo). */
  patch: string | null;
}

/** One containment question: does `ref` (a ref name or commit) contain `sha`? */
export interface ContainmentQuestion {
  repo: string;
  ref: string;
  sha: string;
  /**
   * When GitHub merged the PR whose merge commit `sha` is (ISO 8601). Lets a
   * resolver answer "no" without asking when the base is older than the
   * merge; not part of containmentKey() (the answer does not depend on it).
   */
  mergedAt?: string;
}

/** true: contained; false: not; null: unknown (repo, ref or commit not visible). */
export type ContainmentAnswers = ReadonlyMap<string, boolean | null>;

/**
 * The facts the pinned-base rules need on top of CheckContext. Proposed as
 * optional fields of CheckContext itself; until then the two rules type
 * their context as `PinnedCheckContext`.
 */
export interface PinnedFacts {
  pinned?: readonly PinnedBase[];
  /** Keyed by containmentKey(). */
  containment?: ContainmentAnswers;
}

/** CheckContext carries these facts as optional fields; kept as an alias for the rules that need them. */
export type PinnedCheckContext = CheckContext;

/** `owner/repo@REF...SHA` — also the key of the snapshot's `containment` answers. */
export function containmentKey(q: ContainmentQuestion): string {
  return `${q.repo.toLowerCase()}@${q.ref}...${q.sha}`;
}

/** The ref a base is asked about: its exact commit when known, else its name. */
export function baseRevision(base: PinnedBase): string {
  return base.commit ?? base.ref;
}

/** The record fields this reads (RecordResult has them); sources are typed as plain SourceResult. */
interface RecordLike {
  targetRepo: string | null;
  pinnedCommits: readonly { ref: string; commit: string }[];
}

function recordFields(s: SourceResult): RecordLike | null {
  if (s.source.kind !== 'record' || !('pinnedCommits' in s) || !('targetRepo' in s)) return null;
  const { pinnedCommits, targetRepo } = s;
  if (!Array.isArray(pinnedCommits) || typeof targetRepo !== 'string') return null;
  return {
    targetRepo,
    pinnedCommits: pinnedCommits.filter(isPinnedCommit),
  };
}

function isPinnedCommit(v: unknown): v is { ref: string; commit: string } {
  return (
    typeof v === 'object' &&
    v !== null &&
    'ref' in v &&
    typeof v.ref === 'string' &&
    'commit' in v &&
    typeof v.commit === 'string'
  );
}

/**
 * Every pinned base: one per `target.versions[]` entry of each record (for
 * the patch it covers, in its `target.repo`), then one per config `bases`
 * entry.
 */
export function collectPinnedBases(
  sources: readonly SourceResult[],
  config: Pick<Config, 'bases'>,
): PinnedBase[] {
  const out: PinnedBase[] = [];
  for (const s of sources) {
    const record = recordFields(s);
    if (record === null || record.targetRepo === null) continue;
    const patch = s.patches.find((p) => !p.retired)?.path ?? null;
    for (const v of record.pinnedCommits) {
      // Records do not keep the line of target.versions; the record itself is the place.
      out.push({
        repo: record.targetRepo,
        ref: v.ref,
        commit: v.commit,
        source: s.source.path,
        line: 1,
        patch,
      });
    }
  }
  for (const [repo, ref] of Object.entries(config.bases)) {
    out.push({
      repo: repo.toLowerCase(),
      ref,
      commit: null,
      source: 'config',
      line: 1,
      patch: null,
    });
  }
  return out;
}

/**
 * The bases that pin `patch` in `repo`: its record's versions when it has
 * any in that repo, else the config base of the repo.
 */
export function basesFor(
  pinned: readonly PinnedBase[],
  repo: string,
  patch: string | null,
): PinnedBase[] {
  const own = pinned.filter((b) => b.repo === repo && b.patch !== null && b.patch === patch);
  if (own.length > 0) return own;
  return pinned.filter((b) => b.repo === repo && b.patch === null);
}

/** `owner/repo` of a ref key. */
export function repoOf(ref: RefKey): string {
  return ref.slice(0, ref.lastIndexOf('#'));
}

/** The merged PR's live state when GitHub found it MERGED with a merge commit. */
export function mergedLive(
  live: ReadonlyMap<RefKey, Resolution> | null,
  ref: RefKey,
): LiveState | null {
  const r = live?.get(ref);
  if (r?.status !== 'found' || r.live.state !== 'MERGED' || r.live.mergeCommit === null)
    return null;
  return r.live;
}

/** Roles whose merge means the patch's own fix landed (SPEC §4: fix/own). */
export const DROP_ROLES: ReadonlySet<string> = new Set(['fix', 'own']);

/**
 * The containment questions the pinned-base rules will read, each once:
 * for every merged PR mentioned with a fix/own role or a recorded
 * `in_pinned_base`, its merge commit against each base of its patch.
 */
export function containmentQuestions(
  mentionsByRef: ReadonlyMap<RefKey, readonly Mention[]>,
  live: ReadonlyMap<RefKey, Resolution> | null,
  pinned: readonly PinnedBase[],
): ContainmentQuestion[] {
  const out = new Map<string, ContainmentQuestion>();
  for (const [ref, mentions] of mentionsByRef) {
    const merged = mergedLive(live, ref);
    if (merged === null || merged.mergeCommit === null) continue;
    const repo = repoOf(ref);
    for (const m of mentions) {
      const asks = DROP_ROLES.has(m.role) || (m.recordedInPinnedBase ?? null) !== null;
      if (!asks) continue;
      for (const base of basesFor(pinned, repo, m.patch)) {
        const q: ContainmentQuestion = { repo, ref: baseRevision(base), sha: merged.mergeCommit };
        if (merged.mergedAt !== null) q.mergedAt = merged.mergedAt;
        out.set(containmentKey(q), q);
      }
    }
  }
  return [...out.values()].sort((a, b) => compare(containmentKey(a), containmentKey(b)));
}

export interface BaseVerdict {
  bases: PinnedBase[];
  /**
   * Every base contains the commit (true), some base does not (false), or
   * some answer is unknown or missing and none says no (null). No bases: null.
   */
  contained: boolean | null;
}

/** Is `sha` in every base pinning `patch` in `repo`, by the answers asked before the rules ran. */
export function containedInBases(
  ctx: PinnedFacts,
  repo: string,
  patch: string | null,
  sha: string,
): BaseVerdict {
  const bases = basesFor(ctx.pinned ?? [], repo, patch);
  if (bases.length === 0) return { bases, contained: null };
  let contained: boolean | null = true;
  for (const base of bases) {
    const answer = ctx.containment?.get(containmentKey({ repo, ref: baseRevision(base), sha }));
    if (answer === false) return { bases, contained: false };
    if (answer === undefined || answer === null) contained = null;
  }
  return { bases, contained };
}

/** `v0.5.15.post1 (0b3bb0c)`, or the names of several bases. */
export function describeBases(bases: readonly PinnedBase[]): string {
  return bases
    .map((b) => (b.commit === null ? b.ref : `${b.ref} (${b.commit.slice(0, 12)})`))
    .join(' and ');
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
