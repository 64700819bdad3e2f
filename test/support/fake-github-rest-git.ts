/**
 * The fake's REST endpoints over git data: compare (status by ancestry),
 * contents (JSON with base64, or the raw media type), the commits list with
 * `sha`/`path` filters, one commit, and the PRs associated with a commit.
 */
import type { FakeCommit, GitView, RepoView } from './fake-github-data.js';
import { NOT_FOUND, restPull, type JsonReply } from './fake-github-rest.js';

export interface RestRequestExtras {
  query: URLSearchParams;
  /** The request's `accept` header ('' when absent). */
  accept: string;
}

const REPO_ROUTE = /^\/repos\/([^/]+)\/([^/]+)\/(compare|contents|commits)(?:\/(.*))?$/;

/** Null when the path is not one of these endpoints (the caller tries the others). */
export function answerGitRest(
  path: string,
  repos: ReadonlyMap<string, RepoView>,
  apiUrl: string,
  extras: RestRequestExtras,
): JsonReply | null {
  const match = REPO_ROUTE.exec(path);
  if (!match) return null;
  const [, owner = '', name = '', endpoint, rest = ''] = match;
  const repo = repos.get(`${decodeURIComponent(owner)}/${decodeURIComponent(name)}`.toLowerCase());
  if (!repo) return NOT_FOUND;
  const url = `${apiUrl}/repos/${repo.owner}/${repo.repo}`;
  if (endpoint === 'compare') return compare(repo.git, decodeURIComponent(rest), url, extras);
  if (endpoint === 'contents') return contents(repo.git, decodePath(rest), extras);
  if (rest === '') return commitList(repo.git, url, extras);
  const pulls = /^([^/]+)\/pulls$/.exec(rest);
  if (pulls) {
    const sha = repo.git.resolve(decodeURIComponent(pulls[1] ?? ''));
    if (sha === null) return unprocessable(`No commit found for SHA: ${pulls[1] ?? ''}`);
    return { status: 200, json: repo.git.pullsFor(sha).map((pr) => restPull(pr, apiUrl)) };
  }
  const sha = repo.git.resolve(decodeURIComponent(rest));
  const commit = sha === null ? null : repo.git.commit(sha);
  if (commit === null) return unprocessable(`No commit found for SHA: ${rest}`);
  return { status: 200, json: commitJson(repo.git, commit, url) };
}

function compare(git: GitView, basehead: string, url: string, extras: RestRequestExtras) {
  const at = basehead.indexOf('...');
  if (at < 0) return NOT_FOUND;
  const base = git.resolve(basehead.slice(0, at));
  const head = git.resolve(basehead.slice(at + 3));
  if (base === null || head === null) return NOT_FOUND;
  const fromBase = git.ancestors(base);
  const fromHead = git.ancestors(head);
  const ahead = [...fromHead].filter((sha) => !fromBase.has(sha));
  const behind = [...fromBase].filter((sha) => !fromHead.has(sha));
  const mergeBase = git.history(head).find((c) => fromBase.has(c.sha));
  if (mergeBase === undefined) return NOT_FOUND;
  const status =
    ahead.length === 0 && behind.length === 0
      ? 'identical'
      : ahead.length === 0
        ? 'behind'
        : behind.length === 0
          ? 'ahead'
          : 'diverged';
  const perPage = Number(extras.query.get('per_page') ?? 250);
  const baseCommit = git.commit(base) as FakeCommit;
  return {
    status: 200,
    json: {
      url: `${url}/compare/${basehead}`,
      status,
      ahead_by: ahead.length,
      behind_by: behind.length,
      total_commits: ahead.length,
      base_commit: commitJson(git, baseCommit, url),
      merge_base_commit: commitJson(git, mergeBase, url),
      commits: git
        .history(head)
        .filter((c) => !fromBase.has(c.sha))
        .reverse()
        .slice(0, perPage)
        .map((c) => commitJson(git, c, url)),
      files: [],
    },
  };
}

function contents(git: GitView, path: string, extras: RestRequestExtras): JsonReply {
  const ref = extras.query.get('ref') ?? 'HEAD';
  const text = git.fileAt(ref, path);
  if (text === null) return NOT_FOUND;
  if (/application\/vnd\.github(?:\.v3)?\.raw/.test(extras.accept)) {
    return {
      status: 200,
      json: null,
      raw: text,
      headers: { 'content-type': 'application/vnd.github.raw' },
    };
  }
  const bytes = Buffer.from(text, 'utf8');
  return {
    status: 200,
    json: {
      type: 'file',
      encoding: 'base64',
      size: bytes.length,
      name: path.split('/').pop() ?? path,
      path,
      content: bytes.toString('base64').replace(/(.{60})/g, '$1\n'),
      sha: '0'.repeat(40),
    },
  };
}

function commitList(git: GitView, url: string, extras: RestRequestExtras): JsonReply {
  const from = git.resolve(extras.query.get('sha') ?? 'HEAD');
  if (from === null) return unprocessable(`No commit found for SHA: ${extras.query.get('sha')}`);
  const path = extras.query.get('path');
  const perPage = Math.min(100, Number(extras.query.get('per_page') ?? 30));
  const page = Number(extras.query.get('page') ?? 1);
  const listed = git.history(from).filter((c) => path === null || git.touches(c, path));
  return {
    status: 200,
    json: listed.slice((page - 1) * perPage, page * perPage).map((c) => commitJson(git, c, url)),
  };
}

function commitJson(git: GitView, commit: FakeCommit, url: string): Record<string, unknown> {
  const who = { name: 'Octo Cat', email: 'octocat@example.com', date: git.dateOf(commit.sha) };
  return {
    sha: commit.sha,
    url: `${url}/commits/${commit.sha}`,
    commit: {
      message: commit.message ?? `commit ${commit.sha.slice(0, 7)}`,
      author: who,
      committer: who,
    },
    author: { login: 'octocat', type: 'User' },
    parents: (commit.parents ?? []).map((sha) => ({ sha, url: `${url}/commits/${sha}` })),
  };
}

function decodePath(rest: string): string {
  return rest.split('/').map(decodeURIComponent).join('/');
}

function unprocessable(message: string): JsonReply {
  return {
    status: 422,
    json: { message, documentation_url: 'https://docs.github.com/rest', status: '422' },
  };
}
