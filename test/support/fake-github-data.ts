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
}

export interface FakeIssue {
  number: number;
  title?: string;
  state: 'OPEN' | 'CLOSED';
  stateReason?: 'COMPLETED' | 'NOT_PLANNED' | null;
  closedAt?: string | null;
  author?: string;
}

/** Not served yet: room for the compare and contents endpoints. */
export interface FakeCommit {
  sha: string;
  parents?: string[];
  message?: string;
}

export interface FakeRepoData {
  prs?: FakePr[];
  issues?: FakeIssue[];
  /** Not served yet (compare). */
  commits?: FakeCommit[];
  /** Not served yet (contents): ref → path → text. */
  files?: Record<string, Record<string, string>>;
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
}

/** Repositories by lower-cased `owner/repo`: GitHub looks names up case-insensitively. */
export function indexRepos(repos: Record<string, FakeRepoData>): Map<string, RepoView> {
  const index = new Map<string, RepoView>();
  for (const [fullName, data] of Object.entries(repos)) {
    const [owner = '', repo = ''] = fullName.split('/');
    const items = new Map<number, PrView | IssueView>();
    for (const issue of data.issues ?? []) items.set(issue.number, issueView(owner, repo, issue));
    // Issues and PRs share one number space; a PR wins a clash in test data.
    for (const pr of data.prs ?? []) items.set(pr.number, prView(owner, repo, pr));
    index.set(fullName.toLowerCase(), { owner, repo, find: (number) => items.get(number) ?? null });
  }
  return index;
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
