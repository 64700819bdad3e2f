/**
 * "Is commit C in REF": GitHub's compare API (`compare/{REF}...{C}` is
 * `identical` or `behind` when REF contains C) or a local checkout
 * (`git merge-base --is-ancestor C REF`). Each distinct question is asked
 * once per resolver (a run), a few at a time; an answer GitHub cannot give
 * (404: repository, ref or commit not visible) is null, never a guess.
 *
 * With a token, one GraphQL query first dates every base and merge commit:
 * a base committed more than a day (clock skew) before the PR was merged
 * and before its merge commit was made cannot contain it, and is answered
 * "no" without a compare. Whatever is not dated is asked as before.
 */
import { execFile } from 'node:child_process';
import type { Config } from '../config-types.js';
import type { Mention, RefKey, Resolution, SourceResult } from '../model.js';
import {
  collectPinnedBases,
  containmentKey,
  containmentQuestions,
  type ContainmentAnswers,
  type ContainmentQuestion,
  type PinnedBase,
} from '../rules/pinned.js';
import { dateKey, DATES_PER_QUERY, fetchCommitDates, type DateRequest } from './base-dates.js';
import { GitHubUnavailableError } from './client.js';
import { graphqlUrlFor } from './index.js';
import { readSnapshotJson, writeSnapshotText } from './snapshot.js';
import { GitHubSession, mapLimited, type GitHubOctokit, type TransportOptions } from './octokit.js';

export { containmentKey } from '../rules/pinned.js';
export type { ContainmentAnswers, ContainmentQuestion } from '../rules/pinned.js';

export interface ContainmentResult {
  /** One entry per distinct question, keyed by containmentKey(). */
  answers: Map<string, boolean | null>;
  /** HTTP requests (or git processes) this call made; cached answers cost none. */
  requests: number;
}

export interface ContainmentResolver {
  contains(questions: readonly ContainmentQuestion[]): Promise<ContainmentResult>;
}

/** One question through any resolver. */
export async function containsCommit(
  resolver: ContainmentResolver,
  repo: string,
  ref: string,
  sha: string,
): Promise<boolean | null> {
  const q = { repo, ref, sha };
  const { answers } = await resolver.contains([q]);
  return answers.get(containmentKey(q)) ?? null;
}

/**
 * What check.ts adds to its CheckContext for the pinned-base rules: the
 * pinned bases (records' target.versions, config bases) and the answers to
 * every containment question those rules will read. No question, no request.
 */
export async function askPinnedContainment(
  input: {
    sources: readonly SourceResult[];
    config: Pick<Config, 'bases'>;
    mentionsByRef: ReadonlyMap<RefKey, readonly Mention[]>;
    live: ReadonlyMap<RefKey, Resolution> | null;
  },
  resolver: ContainmentResolver,
): Promise<{ pinned: PinnedBase[]; containment: Map<string, boolean | null>; requests: number }> {
  const pinned = collectPinnedBases(input.sources, input.config);
  const questions = containmentQuestions(input.mentionsByRef, input.live, pinned);
  if (questions.length === 0) return { pinned, containment: new Map(), requests: 0 };
  const { answers, requests } = await resolver.contains(questions);
  return { pinned, containment: answers, requests };
}

/** Answers each distinct question once for the resolver's lifetime; `ask` sees only new ones. */
function cached(
  ask: (questions: ContainmentQuestion[]) => Promise<ContainmentResult>,
): ContainmentResolver {
  const known = new Map<string, boolean | null>();
  return {
    async contains(questions) {
      const fresh = new Map<string, ContainmentQuestion>();
      for (const q of questions) {
        const key = containmentKey(q);
        if (!known.has(key)) fresh.set(key, q);
      }
      let requests = 0;
      if (fresh.size > 0) {
        const result = await ask([...fresh.values()]);
        requests = result.requests;
        for (const [key, answer] of result.answers) known.set(key, answer);
      }
      const answers = new Map<string, boolean | null>();
      for (const q of questions) {
        const key = containmentKey(q);
        answers.set(key, known.get(key) ?? null);
      }
      return { answers, requests };
    },
  };
}

export interface GitHubContainmentOptions extends TransportOptions {
  concurrency: number;
  /** Where the date query goes (token only); default graphqlUrlFor(apiUrl). */
  graphqlUrl?: string | null;
  /**
   * The most requests a call may send (the run's budget left): the date
   * query is skipped when it and every compare together could exceed it.
   */
  maxRequests?: number;
  /**
   * Dates the ref queries already learned (ResolveResult.dates: merge
   * commits, pinned bases), by dateKey(); null means looked up and not found.
   * Only what is not here is dated by a query of its own.
   */
  knownDates?: ReadonlyMap<string, number | null>;
}

/**
 * Compare API, with the client's Octokit (throttling, retry, time bound,
 * token scrubbing), after the date query has answered what it can.
 */
export function createGitHubContainment(opts: GitHubContainmentOptions): ContainmentResolver {
  const graphqlUrl = opts.graphqlUrl ?? graphqlUrlFor(opts.apiUrl);
  return cached(async (questions) => {
    const session = new GitHubSession(opts);
    const out = new Map<string, boolean | null>();
    await session.run(async (octokit) => {
      const known = opts.knownDates ?? new Map<string, number | null>();
      const wanted = dateRequests(questions, opts, known);
      const dates = new Map(known);
      if (wanted.length > 0) {
        const fetched = await fetchCommitDates(
          octokit,
          session,
          graphqlUrl,
          wanted,
          opts.concurrency,
        );
        for (const [key, at] of fetched) dates.set(key, at);
      }
      const ask: ContainmentQuestion[] = [];
      for (const q of questions) {
        const answer = decideByDates(
          q.mergedAt,
          dates.get(dateKey(q.repo, q.sha)),
          dates.get(dateKey(q.repo, q.ref)),
        );
        if (answer === false) out.set(containmentKey(q), false);
        else ask.push(q);
      }
      const answers = await mapLimited(ask, opts.concurrency, (q) => askCompare(octokit, q));
      ask.forEach((q, i) => out.set(containmentKey(q), answers[i] ?? null));
    });
    return { answers: out, requests: session.requests };
  });
}

/** A committer's clock can be this far off; no base is judged closer to a merge than this. */
export const CLOCK_SKEW_MARGIN_MS = 24 * 60 * 60 * 1000;

/**
 * false when a base committed at `baseDate` cannot contain the merge commit:
 * the PR was merged (GitHub's clock) and its merge commit committed (the
 * merger's clock; earlier than the merge when the PR was merged by a push)
 * both more than the margin after the base. null (ask) when any date is
 * unknown or the dates are too close. Dates are epoch ms; mergedAt is ISO.
 */
export function decideByDates(
  mergedAt: string | undefined,
  commitDate: number | null | undefined,
  baseDate: number | null | undefined,
): false | null {
  if (mergedAt === undefined || typeof commitDate !== 'number' || typeof baseDate !== 'number')
    return null;
  const merged = Date.parse(mergedAt);
  if (Number.isNaN(merged)) return null;
  return Math.min(merged, commitDate) > baseDate + CLOCK_SKEW_MARGIN_MS ? false : null;
}

/**
 * What the date query asks: each base and merge commit of a question with a
 * merge date, once, unless `known` has it. Nothing without a token (GraphQL needs one, and over
 * REST dating a merge commit costs what the compare it saves does), nothing
 * when it could not save more requests than it costs, and nothing when it
 * could take the call past `maxRequests`.
 */
function dateRequests(
  questions: readonly ContainmentQuestion[],
  opts: GitHubContainmentOptions,
  known: ReadonlyMap<string, number | null>,
): DateRequest[] {
  if (opts.token === null || opts.token.trim() === '') return [];
  const dated = questions.filter(
    (q) => q.mergedAt !== undefined && !Number.isNaN(Date.parse(q.mergedAt)),
  );
  const wanted = new Map<string, DateRequest>();
  for (const q of dated) {
    const base = dateKey(q.repo, q.ref);
    const merge = dateKey(q.repo, q.sha);
    if (!known.has(base)) wanted.set(base, { repo: q.repo, rev: q.ref });
    if (!known.has(merge)) wanted.set(merge, { repo: q.repo, rev: q.sha, expectOid: q.sha });
  }
  const queries = Math.ceil(wanted.size / DATES_PER_QUERY);
  if (dated.length <= queries) return [];
  if (questions.length + queries > (opts.maxRequests ?? Infinity)) return [];
  return [...wanted.values()];
}

/** `compare/{REF}...{SHA}` → contained (identical/behind), not (ahead/diverged), unknown (404). */
async function askCompare(octokit: GitHubOctokit, q: ContainmentQuestion): Promise<boolean | null> {
  const [owner = '', repo = ''] = q.repo.split('/');
  const url = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/compare/${encodeRef(q.ref)}...${encodeRef(q.sha)}`;
  try {
    // One commit per page: only `status` is read, and big comparisons are slow to list.
    const response = await octokit.request({ method: 'GET', url, per_page: 1 });
    const status: unknown = (response.data as { status?: unknown } | null)?.status;
    if (status === 'identical' || status === 'behind') return true;
    if (status === 'ahead' || status === 'diverged') return false;
    throw new GitHubUnavailableError(`GitHub sent an unreadable answer to GET ${url}`);
  } catch (error) {
    // 404: no such repository, ref or commit (or not visible); 422: no common history.
    const code = (error as { status?: unknown }).status;
    if (code === 404 || code === 422) return null;
    throw error;
  }
}

/** Each path segment encoded, `/` kept: `release/v1` stays a ref GitHub routes. */
export function encodeRef(ref: string): string {
  return ref.split('/').map(encodeURIComponent).join('/');
}

export interface LocalContainmentOptions {
  /** The upstream checkout (`--upstream-dir`). */
  dir: string;
  concurrency?: number;
}

/** `git merge-base --is-ancestor SHA REF` in a local checkout: 0 yes, 1 no, else unknown. */
export function createLocalContainment(opts: LocalContainmentOptions): ContainmentResolver {
  return cached(async (questions) => {
    const answers = await mapLimited(questions, opts.concurrency ?? 8, (q) =>
      isAncestor(opts.dir, q.sha, q.ref),
    );
    const out = new Map<string, boolean | null>();
    questions.forEach((q, i) => out.set(containmentKey(q), answers[i] ?? null));
    return { answers: out, requests: 0 };
  });
}

function isAncestor(dir: string, sha: string, ref: string): Promise<boolean | null> {
  return new Promise((resolve) => {
    // `--end-of-options` would be cleaner but needs git 2.24+; a leading `-` is refused instead.
    if (sha.startsWith('-') || ref.startsWith('-')) {
      resolve(null);
      return;
    }
    execFile('git', ['-C', dir, 'merge-base', '--is-ancestor', sha, ref], (error) => {
      if (!error) resolve(true);
      else resolve(error.code === 1 ? false : null);
    });
  });
}

/** A resolver answering from fixed answers; a question it has no answer for is an error. */
export function fixedContainment(
  answers: ContainmentAnswers,
  origin = 'the snapshot',
  /** Unanswered questions are unknown (null) instead of an error. */
  lenient = false,
): ContainmentResolver {
  return {
    contains(questions) {
      const out = new Map<string, boolean | null>();
      for (const q of questions) {
        const key = containmentKey(q);
        if (!answers.has(key) && !lenient) {
          return Promise.reject(
            new GitHubUnavailableError(
              `${origin} has no containment answer for ${key}; record it again`,
            ),
          );
        }
        out.set(key, answers.get(key) ?? null);
      }
      return Promise.resolve({ answers: out, requests: 0 });
    },
  };
}

/**
 * The snapshot's optional `containment` object (`{"o/r@REF...SHA": true}`),
 * read from the same file `--replay` names; absent → no answers.
 */
export async function readContainmentSnapshot(file: string): Promise<Map<string, boolean | null>> {
  const parsed = await readSnapshotJson(file);
  const raw = isObject(parsed) ? parsed['containment'] : undefined;
  const out = new Map<string, boolean | null>();
  if (raw === undefined) return out;
  if (!isObject(raw)) throw new Error(`GitHub snapshot ${file}: "containment" must be an object`);
  for (const [key, value] of Object.entries(raw)) {
    if (!/^[^/@\s]+\/[^/@\s]+@.+\.\.\..+$/.test(key))
      throw new Error(`GitHub snapshot ${file}: "${key}" is not an owner/repo@REF...SHA key`);
    if (value !== true && value !== false && value !== null)
      throw new Error(
        `GitHub snapshot ${file}: the containment answer for ${key} is not true, false or null`,
      );
    out.set(key, value);
  }
  return out;
}

/**
 * Replay: answers from the snapshot file, never the network. `lenient`:
 * a question the snapshot does not answer (one recorded before containment
 * was) is unknown rather than an error.
 */
export async function replayContainment(
  file: string,
  opts: { lenient?: boolean } = {},
): Promise<ContainmentResolver> {
  return fixedContainment(
    await readContainmentSnapshot(file),
    `snapshot ${file}`,
    opts.lenient ?? false,
  );
}

/**
 * Record: after each call, merge the answers into the snapshot file's
 * `containment` object, keeping everything else in it (temp file + rename).
 */
export function recordingContainment(
  inner: ContainmentResolver,
  file: string,
): ContainmentResolver {
  return {
    async contains(questions) {
      const result = await inner.contains(questions);
      let parsed: unknown = null;
      try {
        parsed = await readSnapshotJson(file);
      } catch {
        parsed = null;
      }
      const doc: Record<string, unknown> = isObject(parsed)
        ? { ...parsed }
        : { schemaVersion: 1, answers: {} };
      const merged: Record<string, boolean | null> = isObject(doc['containment'])
        ? { ...(doc['containment'] as Record<string, boolean | null>) }
        : {};
      for (const [key, answer] of result.answers) merged[key] = answer;
      doc['containment'] = Object.fromEntries(
        Object.keys(merged)
          .sort()
          .map((key) => [key, merged[key] ?? null]),
      );
      await writeSnapshotText(file, `${JSON.stringify(doc, null, 2)}\n`);
      return result;
    },
  };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
