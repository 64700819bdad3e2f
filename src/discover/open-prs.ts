/**
 * The open PRs of a repository with the paths they change: one GraphQL query
 * per 100 PRs (files inline, first 100 each), then REST `pulls/{n}/files` for
 * the hunks of the few that touch a footprint. The query and the reading of
 * its answer are pure; the two fetchers take an Octokit.
 */
import type { GitHubOctokit } from '../github/octokit.js';
import { GitHubUnavailableError } from '../github/client.js';
import type { PrFile } from './replay.js';

export interface OpenPr {
  number: number;
  title: string;
  url: string;
  isDraft: boolean;
  reviewDecision: string | null;
  updatedAt: string;
  headRefOid: string;
  paths: string[];
  /** More than 100 files: the paths are not all known, ask REST. */
  morePaths: boolean;
}

export const OPEN_PRS_QUERY = `query ($owner: String!, $name: String!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequests(states: OPEN, first: 100, after: $after) {
      pageInfo { hasNextPage endCursor }
      nodes {
        number title url isDraft reviewDecision updatedAt headRefOid
        files(first: 100) { totalCount nodes { path } }
      }
    }
  }
}`;

const rec = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
const str = (v: unknown): string => (typeof v === 'string' ? v : '');

export function readOpenPrsPage(data: unknown): { prs: OpenPr[]; after: string | null } {
  const conn = rec(rec(rec(data)['repository'])['pullRequests']);
  const info = rec(conn['pageInfo']);
  const nodes = Array.isArray(conn['nodes']) ? conn['nodes'] : [];
  const prs = nodes.map((n): OpenPr => {
    const node = rec(n);
    const files = rec(node['files']);
    const paths = (Array.isArray(files['nodes']) ? files['nodes'] : []).map((f) =>
      str(rec(f)['path']),
    );
    return {
      number: Number(node['number']),
      title: str(node['title']),
      url: str(node['url']),
      isDraft: node['isDraft'] === true,
      reviewDecision: typeof node['reviewDecision'] === 'string' ? node['reviewDecision'] : null,
      updatedAt: str(node['updatedAt']),
      headRefOid: str(node['headRefOid']),
      paths,
      morePaths: Number(files['totalCount'] ?? 0) > paths.length,
    };
  });
  return { prs, after: info['hasNextPage'] === true ? str(info['endCursor']) || null : null };
}

export async function listOpenPrs(
  octokit: GitHubOctokit,
  graphqlUrl: string,
  repo: string,
): Promise<OpenPr[]> {
  const [owner, name] = repo.split('/');
  const out: OpenPr[] = [];
  let after: string | null = null;
  do {
    const response = await octokit.request({
      method: 'POST',
      url: graphqlUrl,
      query: OPEN_PRS_QUERY,
      variables: { owner, name, after },
    });
    const body = rec(response.data);
    if (Array.isArray(body['errors']) && body['errors'].length > 0)
      throw new GitHubUnavailableError(
        `GitHub rejected the open-PR query for ${repo}: ${str(rec(body['errors'][0])['message'])}`,
      );
    const page = readOpenPrsPage(body['data']);
    out.push(...page.prs);
    after = page.after;
  } while (after !== null);
  return out;
}

export async function pullFiles(
  octokit: GitHubOctokit,
  repo: string,
  n: number,
): Promise<PrFile[]> {
  const [owner = '', name = ''] = repo.split('/');
  const out: PrFile[] = [];
  for (let page = 1; page <= 30; page++) {
    const response = await octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}/files', {
      owner,
      repo: name,
      pull_number: n,
      per_page: 100,
      page,
    });
    const list = Array.isArray(response.data) ? (response.data as unknown[]) : [];
    for (const f of list) {
      const file = rec(f);
      out.push({
        path: str(file['filename']),
        patch: typeof file['patch'] === 'string' ? file['patch'] : null,
      });
    }
    if (list.length < 100) break;
  }
  return out;
}
