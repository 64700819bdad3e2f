/**
 * Culprits of a failing hunk: the upstream commits that changed its file
 * between the patch's pinned base and REF, newest first, at most `limit`,
 * with the PRs they came from.
 *
 * GitHub: `GET commits?sha=REF&path=FILE` (newest first), stopping at the
 * first commit the base already contains (asked through the containment
 * resolver, so answers are shared and cached), then `commits/{sha}/pulls`.
 * Locally: `git log REF ^BASE -- FILE`, PRs read from the subject (`(#123)`
 * of a squash merge, `Merge pull request #123`).
 */
import { containmentKey, type ContainmentResolver } from './containment.js';
import { encodeRef } from './containment.js';
import { git } from './contents.js';
import { GitHubSession, mapLimited, type GitHubOctokit, type TransportOptions } from './octokit.js';

export interface Culprit {
  sha: string;
  /** First line of the commit message. */
  subject: string;
  /** PR numbers in the same repository. */
  pulls: number[];
}

export interface CulpritRequest {
  repo: string;
  ref: string;
  path: string;
  /** The pinned base (commit or ref); null: just the newest commits. */
  base: string | null;
}

export interface CulpritFinder {
  /** Keyed by culpritKey(). */
  find(
    requests: readonly CulpritRequest[],
  ): Promise<{ culprits: Map<string, Culprit[]>; requests: number }>;
}

export const DEFAULT_CULPRIT_LIMIT = 5;

export function culpritKey(r: CulpritRequest): string {
  return `${r.repo}@${r.ref}:${r.path}^${r.base ?? ''}`;
}

export interface GitHubCulpritOptions extends TransportOptions {
  concurrency: number;
  containment: ContainmentResolver;
  limit?: number;
}

export function createGitHubCulprits(opts: GitHubCulpritOptions): CulpritFinder {
  const limit = opts.limit ?? DEFAULT_CULPRIT_LIMIT;
  return {
    async find(requests) {
      const distinct = dedupe(requests);
      let extra = 0;
      const session = new GitHubSession(opts);
      const found = await session.run((octokit) =>
        mapLimited(distinct, opts.concurrency, async (r) => {
          const listed = await listCommits(octokit, r, limit + 1);
          const kept = await sinceBase(r, listed, opts.containment, (n) => (extra += n));
          const culprits = kept.slice(0, limit);
          const pulls = await mapLimited(culprits, opts.concurrency, (c) =>
            pullsOf(octokit, r.repo, c.sha),
          );
          return culprits.map((c, i) => ({ ...c, pulls: pulls[i] ?? [] }));
        }),
      );
      const culprits = new Map<string, Culprit[]>();
      distinct.forEach((r, i) => culprits.set(culpritKey(r), found[i] ?? []));
      return { culprits, requests: session.requests + extra };
    },
  };
}

/** Listed commits up to (not including) the first one the base already has. */
async function sinceBase(
  r: CulpritRequest,
  listed: Culprit[],
  containment: ContainmentResolver,
  count: (requests: number) => void,
): Promise<Culprit[]> {
  if (r.base === null) return listed;
  const base = r.base;
  const questions = listed.map((c) => ({ repo: r.repo, ref: base, sha: c.sha }));
  const { answers, requests } = await containment.contains(questions);
  count(requests);
  const kept: Culprit[] = [];
  for (const [i, c] of listed.entries()) {
    const q = questions[i];
    if (c.sha.startsWith(base) || (q && answers.get(containmentKey(q)) === true)) break;
    kept.push(c);
  }
  return kept;
}

async function listCommits(
  octokit: GitHubOctokit,
  r: CulpritRequest,
  count: number,
): Promise<Culprit[]> {
  const [owner = '', repo = ''] = r.repo.split('/');
  try {
    const response = await octokit.request({
      method: 'GET',
      url: `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/commits`,
      sha: r.ref,
      path: r.path,
      per_page: count,
    });
    const data: unknown = response.data;
    if (!Array.isArray(data)) return [];
    return data.flatMap((item: unknown): Culprit[] => {
      if (!isObject(item) || typeof item['sha'] !== 'string') return [];
      const commit = item['commit'];
      const message =
        isObject(commit) && typeof commit['message'] === 'string' ? commit['message'] : '';
      return [{ sha: item['sha'], subject: firstLine(message), pulls: [] }];
    });
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

async function pullsOf(octokit: GitHubOctokit, repoName: string, sha: string): Promise<number[]> {
  const [owner = '', repo = ''] = repoName.split('/');
  try {
    const response = await octokit.request({
      method: 'GET',
      url: `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/commits/${encodeRef(sha)}/pulls`,
    });
    const data: unknown = response.data;
    if (!Array.isArray(data)) return [];
    return data
      .map((pr: unknown) =>
        isObject(pr) && typeof pr['number'] === 'number' ? pr['number'] : null,
      )
      .filter((n): n is number => n !== null)
      .sort((a, b) => a - b);
  } catch (error) {
    if (isMissing(error)) return [];
    throw error;
  }
}

export interface LocalCulpritOptions {
  dir: string;
  limit?: number;
}

export function createLocalCulprits(opts: LocalCulpritOptions): CulpritFinder {
  const limit = opts.limit ?? DEFAULT_CULPRIT_LIMIT;
  return {
    async find(requests) {
      const distinct = dedupe(requests);
      const found = await mapLimited(distinct, 8, async (r) => {
        if (r.ref.startsWith('-') || (r.base ?? '').startsWith('-')) return [];
        const range = r.base === null ? [r.ref] : [r.ref, `^${r.base}`];
        const args = ['log', '--format=%H%x1f%s', `-n${limit}`, ...range, '--', r.path];
        // A base this checkout does not have: the newest commits are still worth naming.
        const out =
          (await git(opts.dir, args)) ??
          (await git(opts.dir, ['log', '--format=%H%x1f%s', `-n${limit}`, r.ref, '--', r.path]));
        if (out === null) return [];
        return out
          .toString('utf8')
          .split('\n')
          .filter((line) => line.includes('\x1f'))
          .map((line): Culprit => {
            const [sha = '', subject = ''] = line.split('\x1f');
            return { sha, subject, pulls: pullsInSubject(subject) };
          });
      });
      const culprits = new Map<string, Culprit[]>();
      distinct.forEach((r, i) => culprits.set(culpritKey(r), found[i] ?? []));
      return { culprits, requests: 0 };
    },
  };
}

/** `Fix rows (#4101)` (squash merge) or `Merge pull request #4101 from …`. */
export function pullsInSubject(subject: string): number[] {
  const squash = /\(#(\d+)\)\s*$/.exec(subject);
  const merge = /^Merge pull request #(\d+)\b/.exec(subject);
  const n = squash?.[1] ?? merge?.[1];
  return n === undefined ? [] : [Number(n)];
}

function dedupe(requests: readonly CulpritRequest[]): CulpritRequest[] {
  return [...new Map(requests.map((r) => [culpritKey(r), r])).values()];
}

function firstLine(text: string): string {
  return text.split(/\r?\n/, 1)[0] ?? '';
}

function isMissing(error: unknown): boolean {
  const status = (error as { status?: unknown }).status;
  return status === 404 || status === 409 || status === 422;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
