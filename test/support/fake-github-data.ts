/**
 * The fake GitHub's data: what tests declare (short, with defaults) and the
 * complete views both APIs serve, so REST and GraphQL always agree.
 */
import { createHash } from 'node:crypto';

export interface FakePr {
  number: number;
  title?: string;
  state: 'OPEN' | 'CLOSED' | 'MERGED';
  isDraft?: boolean;
  mergedAt?: string | null;
  mergeCommit?: string | null;
  closedAt?: string | null;
  reviewDecision?: 'APPROVED' | 'CHANGES_REQUESTED' | 'REVIEW_REQUIRED' | null;
  author?: string;
  /** The head commit; default derived from the number. */
  headRefOid?: string;
  updatedAt?: string;
  /** Changed files, with their REST `patch` (hunks only; null: too large to show). */
  files?: { path: string; patch?: string | null }[];
}

export interface FakeIssue {
  number: number;
  title?: string;
  state: 'OPEN' | 'CLOSED';
  stateReason?: 'COMPLETED' | 'NOT_PLANNED' | null;
  closedAt?: string | null;
  author?: string;
}

/** A commit of the fake's history: compare, commits lists and contents read it. */
export interface FakeCommit {
  sha: string;
  parents?: string[];
  message?: string;
  /** ISO date; default derived from the commit's position. */
  date?: string;
  /**
   * Paths this commit changed (for `commits?path=`); when absent, computed by
   * comparing `files[sha]` with `files[first parent]`.
   */
  paths?: string[];
  /** PR numbers `commits/{sha}/pulls` lists besides PRs whose merge commit this is. */
  pulls?: number[];
}

export interface FakeRepoData {
  prs?: FakePr[];
  issues?: FakeIssue[];
  /** The history: compare (ancestry), commits lists, commits/{sha}/pulls. */
  commits?: FakeCommit[];
  /** Branch and tag names → commit sha. */
  refs?: Record<string, string>;
  /**
   * Names in `refs` that are annotated tags: GraphQL `object(expression:)`
   * gives their Tag (whose `target` is the commit) unless peeled with `^{commit}`.
   */
  annotatedTags?: string[];
  /** Tree contents: ref name or commit sha → path → text. */
  files?: Record<string, Record<string, string>>;
  /** GraphQL `Blob.text` is cut above this many bytes (`isTruncated`); default 512 KB. */
  blobTruncateAt?: number;
}

export const DEFAULT_MERGED_AT = '2026-07-09T12:00:00Z';
export const DEFAULT_CLOSED_AT = '2026-07-10T12:00:00Z';
export const DEFAULT_AUTHOR = 'octocat';

export interface PrView {
  kind: 'pr';
  owner: string;
  repo: string;
  number: number;
  title: string;
  state: FakePr['state'];
  isDraft: boolean;
  mergedAt: string | null;
  mergeCommit: string | null;
  closedAt: string | null;
  reviewDecision: NonNullable<FakePr['reviewDecision']> | null;
  author: string;
  url: string;
  headRefOid: string;
  updatedAt: string;
  files: { path: string; patch: string | null }[];
}

export interface IssueView {
  kind: 'issue';
  owner: string;
  repo: string;
  number: number;
  title: string;
  state: FakeIssue['state'];
  stateReason: NonNullable<FakeIssue['stateReason']> | null;
  closedAt: string | null;
  author: string;
  url: string;
}

export interface RepoView {
  owner: string;
  repo: string;
  find(number: number): PrView | IssueView | null;
  /** Every PR, by number. */
  pulls(): PrView[];
  git: GitView;
}

/** What the fake knows of a repository's git data. */
export interface GitView {
  /** A ref name, full sha or unique sha prefix (7+) → full sha; null when unknown. */
  resolve(ref: string): string | null;
  /** Is this ref name an annotated tag? */
  isAnnotatedTag(ref: string): boolean;
  /** Commits reachable from `sha` (itself included). */
  ancestors(sha: string): Set<string>;
  commit(sha: string): FakeCommit | null;
  /** Text of `path` at a ref or sha; null when the tree or the file is absent. */
  fileAt(ref: string, path: string): string | null;
  /** Commits reachable from `sha`, newest first (by date, then by distance). */
  history(sha: string): FakeCommit[];
  /** Did this commit change `path`? */
  touches(commit: FakeCommit, path: string): boolean;
  /** PRs associated with a commit: merged as it, or listed on it. */
  pullsFor(sha: string): PrView[];
  dateOf(sha: string): string;
  blobTruncateAt: number;
}

export const DEFAULT_BLOB_TRUNCATE_AT = 512 * 1024;

/** Repositories by lower-cased `owner/repo`: GitHub looks names up case-insensitively. */
export function indexRepos(repos: Record<string, FakeRepoData>): Map<string, RepoView> {
  const index = new Map<string, RepoView>();
  for (const [fullName, data] of Object.entries(repos)) {
    const [owner = '', repo = ''] = fullName.split('/');
    const items = new Map<number, PrView | IssueView>();
    for (const issue of data.issues ?? []) items.set(issue.number, issueView(owner, repo, issue));
    // Issues and PRs share one number space; a PR wins a clash in test data.
    for (const pr of data.prs ?? []) items.set(pr.number, prView(owner, repo, pr));
    const git = gitView(
      data,
      [...items.values()].filter((i): i is PrView => i.kind === 'pr'),
    );
    index.set(fullName.toLowerCase(), {
      owner,
      repo,
      find: (number) => items.get(number) ?? null,
      pulls: () =>
        [...items.values()]
          .filter((i): i is PrView => i.kind === 'pr')
          .sort((a, b) => a.number - b.number),
      git,
    });
  }
  return index;
}

function gitView(data: FakeRepoData, prs: PrView[]): GitView {
  const commits = new Map<string, FakeCommit>();
  const order = new Map<string, number>();
  (data.commits ?? []).forEach((c, i) => {
    commits.set(c.sha, c);
    order.set(c.sha, i);
  });
  const refs = data.refs ?? {};
  const files = data.files ?? {};
  const resolve = (ref: string): string | null => {
    const named = refs[ref];
    if (named !== undefined) return named;
    if (commits.has(ref)) return ref;
    if (/^[0-9a-f]{7,39}$/.test(ref)) {
      const matches = [...commits.keys()].filter((sha) => sha.startsWith(ref));
      if (matches.length === 1) return matches[0] ?? null;
    }
    return null;
  };
  const ancestors = (sha: string): Set<string> => {
    const seen = new Set<string>();
    const stack = [sha];
    while (stack.length > 0) {
      const next = stack.pop() as string;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(commits.get(next)?.parents ?? []));
    }
    return seen;
  };
  const tree = (ref: string): Record<string, string> | null => {
    const direct = files[ref];
    if (direct) return direct;
    const sha = resolve(ref);
    if (sha === null) return null;
    if (files[sha]) return files[sha];
    const alias = Object.entries(refs).find(([name, target]) => target === sha && files[name]);
    return alias ? (files[alias[0]] ?? null) : null;
  };
  const fileAt = (ref: string, path: string): string | null => tree(ref)?.[path] ?? null;
  const dateOf = (sha: string): string =>
    commits.get(sha)?.date ??
    new Date(Date.UTC(2026, 0, 1) + (order.get(sha) ?? 0) * 86_400_000).toISOString();
  const annotated = new Set(data.annotatedTags ?? []);
  return {
    resolve,
    isAnnotatedTag: (ref) => annotated.has(ref) && refs[ref] !== undefined,
    ancestors,
    commit: (sha) => commits.get(sha) ?? null,
    fileAt,
    history: (sha) =>
      [...ancestors(sha)]
        .map((s) => commits.get(s))
        .filter((c): c is FakeCommit => c !== undefined)
        .sort(
          (a, b) =>
            compareDesc(dateOf(a.sha), dateOf(b.sha)) ||
            (order.get(b.sha) ?? 0) - (order.get(a.sha) ?? 0),
        ),
    touches: (commit, path) => {
      if (commit.paths) return commit.paths.includes(path);
      const parent = commit.parents?.[0];
      return fileAt(commit.sha, path) !== (parent === undefined ? null : fileAt(parent, path));
    },
    pullsFor: (sha) => {
      const listed = new Set(commits.get(sha)?.pulls ?? []);
      return prs.filter((pr) => pr.mergeCommit === sha || listed.has(pr.number));
    },
    dateOf,
    blobTruncateAt: data.blobTruncateAt ?? DEFAULT_BLOB_TRUNCATE_AT,
  };
}

function compareDesc(a: string, b: string): number {
  return a < b ? 1 : a > b ? -1 : 0;
}

function prView(owner: string, repo: string, pr: FakePr): PrView {
  const merged = pr.state === 'MERGED';
  const mergedAt = merged ? (pr.mergedAt ?? DEFAULT_MERGED_AT) : null;
  return {
    kind: 'pr',
    owner,
    repo,
    number: pr.number,
    title: pr.title ?? `Pull request ${pr.number}`,
    state: pr.state,
    isDraft: pr.isDraft ?? false,
    mergedAt,
    mergeCommit: merged ? (pr.mergeCommit ?? fakeSha(`${owner}/${repo}#${pr.number}`)) : null,
    closedAt: pr.state === 'OPEN' ? null : (pr.closedAt ?? mergedAt ?? DEFAULT_CLOSED_AT),
    reviewDecision: pr.reviewDecision ?? null,
    author: pr.author ?? DEFAULT_AUTHOR,
    url: `https://github.com/${owner}/${repo}/pull/${pr.number}`,
    headRefOid: pr.headRefOid ?? fakeSha(`head ${owner}/${repo}#${pr.number}`),
    updatedAt: pr.updatedAt ?? '2026-07-01T00:00:00Z',
    files: (pr.files ?? []).map((f) => ({ path: f.path, patch: f.patch ?? null })),
  };
}

function issueView(owner: string, repo: string, issue: FakeIssue): IssueView {
  const closed = issue.state === 'CLOSED';
  return {
    kind: 'issue',
    owner,
    repo,
    number: issue.number,
    title: issue.title ?? `Issue ${issue.number}`,
    state: issue.state,
    stateReason: closed
      ? issue.stateReason === undefined
        ? 'COMPLETED'
        : issue.stateReason
      : null,
    closedAt: closed ? (issue.closedAt ?? DEFAULT_CLOSED_AT) : null,
    author: issue.author ?? DEFAULT_AUTHOR,
    url: `https://github.com/${owner}/${repo}/issues/${issue.number}`,
  };
}

/** A stable 40-hex "commit" for a seed. */
export function fakeSha(seed: string): string {
  return createHash('sha1').update(seed).digest('hex');
}
