/**
 * The fake's REST endpoints, shaped like GitHub's (only the fields a client
 * could read, with GitHub's names and lower-case states).
 */
import { fakeSha, type IssueView, type PrView, type RepoView } from './fake-github-data.js';
import { answerGitRest, type RestRequestExtras } from './fake-github-rest-git.js';

export type { RestRequestExtras } from './fake-github-rest-git.js';

export interface JsonReply {
  status: number;
  json: unknown;
  /** Sent as the body instead of `json` (raw media types). */
  raw?: string;
  headers?: Record<string, string>;
}

export const NOT_FOUND: JsonReply = {
  status: 404,
  json: { message: 'Not Found', documentation_url: 'https://docs.github.com/rest', status: '404' },
};

const ITEM_ROUTE = /^\/repos\/([^/]+)\/([^/]+)\/(issues|pulls)\/(\d+)$/;
const FILES_ROUTE = /^\/repos\/([^/]+)\/([^/]+)\/pulls\/(\d+)\/files$/;

export function answerRest(
  method: string,
  path: string,
  repos: ReadonlyMap<string, RepoView>,
  apiUrl: string,
  extras: RestRequestExtras = { query: new URLSearchParams(), accept: '' },
): JsonReply {
  if (method !== 'GET') return NOT_FOUND;
  const git = answerGitRest(path, repos, apiUrl, extras);
  if (git !== null) return git;
  const files = FILES_ROUTE.exec(path);
  if (files) return pullFiles(files, repos, extras.query);
  const match = ITEM_ROUTE.exec(path);
  if (!match) return NOT_FOUND;
  const [, owner = '', name = '', endpoint, number = ''] = match;
  const repo = repos.get(`${decodeURIComponent(owner)}/${decodeURIComponent(name)}`.toLowerCase());
  const item = repo?.find(Number(number));
  if (!item) return NOT_FOUND;
  if (endpoint === 'pulls')
    return item.kind === 'pr' ? { status: 200, json: restPull(item, apiUrl) } : NOT_FOUND;
  return { status: 200, json: restIssue(item, apiUrl) };
}

export function restPull(pr: PrView, apiUrl: string): Record<string, unknown> {
  return {
    url: `${apiUrl}/repos/${pr.owner}/${pr.repo}/pulls/${pr.number}`,
    html_url: pr.url,
    number: pr.number,
    state: pr.state === 'OPEN' ? 'open' : 'closed',
    title: pr.title,
    user: { login: pr.author, type: 'User' },
    draft: pr.isDraft,
    merged: pr.state === 'MERGED',
    merged_at: pr.mergedAt,
    // Like GitHub: an open PR reports its test merge here, not a merge commit.
    merge_commit_sha: pr.mergeCommit ?? fakeSha(`test-merge ${pr.owner}/${pr.repo}#${pr.number}`),
    closed_at: pr.closedAt,
  };
}

function restIssue(item: PrView | IssueView, apiUrl: string): Record<string, unknown> {
  const base = {
    url: `${apiUrl}/repos/${item.owner}/${item.repo}/issues/${item.number}`,
    html_url: item.url,
    number: item.number,
    state: item.state === 'OPEN' ? 'open' : 'closed',
    title: item.title,
    user: { login: item.author, type: 'User' },
    closed_at: item.closedAt,
  };
  if (item.kind === 'issue') {
    return {
      ...base,
      state_reason: item.stateReason === null ? null : item.stateReason.toLowerCase(),
    };
  }
  return {
    ...base,
    state_reason: null,
    draft: item.isDraft,
    pull_request: {
      url: `${apiUrl}/repos/${item.owner}/${item.repo}/pulls/${item.number}`,
      html_url: item.url,
      merged_at: item.mergedAt,
    },
  };
}

/** `GET pulls/{n}/files`: `per_page` (≤ 100) files of page `page`, each with its hunks as `patch`. */
function pullFiles(
  match: RegExpExecArray,
  repos: ReadonlyMap<string, RepoView>,
  query: URLSearchParams,
): JsonReply {
  const [, owner = '', name = '', number = ''] = match;
  const repo = repos.get(`${decodeURIComponent(owner)}/${decodeURIComponent(name)}`.toLowerCase());
  const pr = repo?.find(Number(number));
  if (!pr || pr.kind !== 'pr') return NOT_FOUND;
  const perPage = Math.min(100, Number(query.get('per_page') ?? 30) || 30);
  const page = Math.max(1, Number(query.get('page') ?? 1) || 1);
  const slice = pr.files.slice((page - 1) * perPage, page * perPage);
  return {
    status: 200,
    json: slice.map((f) => ({
      filename: f.path,
      status: 'modified',
      additions: 1,
      deletions: 1,
      changes: 2,
      ...(f.patch === null ? {} : { patch: f.patch }),
    })),
  };
}
