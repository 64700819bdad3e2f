/**
 * The client used without a token (GraphQL always needs one): one REST
 * lookup per ref, a second one when an issue turns out to be a PR.
 * Review decisions are not available over REST and stay null.
 */
import {
  splitRefKey,
  type LiveState,
  type RefKey,
  type RefKind,
  type Resolution,
} from '../model.js';
import {
  GitHubUnavailableError,
  type GitHubClient,
  type RefRequest,
  type ResolveResult,
} from './client.js';
import { GitHubSession, mapLimited, type GitHubOctokit, type TransportOptions } from './octokit.js';

export interface RestClientOptions extends TransportOptions {
  concurrency: number;
}

export const UNAUTHENTICATED_NOTE =
  'No GitHub token: asked the REST API without one, which allows 60 requests an hour; set GH_TOKEN (or GITHUB_TOKEN) to use GraphQL, about one request per 100 refs.';

export function createRestClient(opts: RestClientOptions): GitHubClient {
  return {
    async resolve(refs: readonly RefRequest[]): Promise<ResolveResult> {
      const requests = mergeHints(refs);
      const session = new GitHubSession(opts);
      const resolutions =
        requests.length === 0
          ? []
          : await session.run((octokit) =>
              mapLimited(requests, opts.concurrency, async (ref) =>
                session.scrubResolution(await resolveOne(octokit, ref)),
              ),
            );
      const results = new Map<RefKey, Resolution>();
      requests.forEach((ref, i) => {
        const resolution = resolutions[i];
        if (resolution) results.set(ref.key, resolution);
      });
      return { results, requests: session.requests, cost: 0, notes: [UNAUTHENTICATED_NOTE] };
    },
  };
}

/** One request per key; a hint counts only when the mentions agree on it. */
function mergeHints(refs: readonly RefRequest[]): RefRequest[] {
  const hints = new Map<RefKey, RefKind | null>();
  for (const ref of refs) {
    const seen = hints.get(ref.key);
    if (seen === undefined) hints.set(ref.key, ref.kindHint);
    else if (seen !== ref.kindHint && ref.kindHint !== null)
      hints.set(ref.key, seen === null ? ref.kindHint : null);
  }
  return [...hints].map(([key, kindHint]) => ({ key, kindHint }));
}

async function resolveOne(octokit: GitHubOctokit, ref: RefRequest): Promise<Resolution> {
  const { owner, repo, number } = splitRefKey(ref.key);
  const getPull = (): Promise<unknown> =>
    orMissing(
      octokit.request('GET /repos/{owner}/{repo}/pulls/{pull_number}', {
        owner,
        repo,
        pull_number: number,
      }),
    );
  // `/pulls/N` is 404 for an issue, so a wrong hint costs one extra request.
  if (ref.kindHint === 'pr') {
    const pull = await getPull();
    if (pull !== null) return found(ref.key, readRestPull(pull));
  }
  const issue = await orMissing(
    octokit.request('GET /repos/{owner}/{repo}/issues/{issue_number}', {
      owner,
      repo,
      issue_number: number,
    }),
  );
  if (issue === null) {
    return {
      status: 'not-found',
      message: `Could not find ${owner}/${repo}#${number}: no such issue or pull request, or the repository does not exist or is not visible.`,
    };
  }
  if (!isPullIssue(issue)) return found(ref.key, readRestIssue(issue));
  const pull = await getPull();
  if (pull === null)
    throw new GitHubUnavailableError(
      `GitHub lists ${ref.key} as a pull request but has no such pull`,
    );
  return found(ref.key, readRestPull(pull));
}

/** 404 (and 410 for a deleted issue) answer one ref; anything else fails the run. */
async function orMissing(request: Promise<{ data: unknown }>): Promise<unknown> {
  try {
    return (await request).data;
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 404 || status === 410) return null;
    throw error;
  }
}

function found(key: RefKey, live: LiveState | null): Resolution {
  if (!live) throw new GitHubUnavailableError(`GitHub sent an unreadable answer for ${key}`);
  return { status: 'found', live };
}

function isPullIssue(issue: unknown): boolean {
  return (
    typeof issue === 'object' &&
    issue !== null &&
    'pull_request' in issue &&
    issue.pull_request != null
  );
}

export function readRestPull(value: unknown): LiveState | null {
  const pull = common(value);
  if (!pull) return null;
  const { raw } = pull;
  const merged = raw['merged'] === true || typeof raw['merged_at'] === 'string';
  return {
    ...pull.fields,
    kind: 'pr',
    state: merged
      ? 'MERGED'
      : raw['state'] === 'closed'
        ? 'CLOSED'
        : raw['draft'] === true
          ? 'DRAFT'
          : 'OPEN',
    mergedAt: text(raw['merged_at']),
    // For an open PR this is GitHub's test merge, not a merge commit.
    mergeCommit: merged ? text(raw['merge_commit_sha']) : null,
    stateReason: null,
    reviewDecision: null,
  };
}

export function readRestIssue(value: unknown): LiveState | null {
  const issue = common(value);
  if (!issue) return null;
  const reason = text(issue.raw['state_reason']);
  return {
    ...issue.fields,
    kind: 'issue',
    state: issue.raw['state'] === 'closed' ? 'CLOSED' : 'OPEN',
    mergedAt: null,
    mergeCommit: null,
    // GraphQL spells these COMPLETED / NOT_PLANNED; keep one spelling.
    stateReason: reason === null ? null : reason.toUpperCase(),
    reviewDecision: null,
  };
}

function common(value: unknown) {
  if (typeof value !== 'object' || value === null) return null;
  const raw = value as Record<string, unknown>;
  if (typeof raw['title'] !== 'string' || typeof raw['html_url'] !== 'string') return null;
  const user = raw['user'];
  const login =
    typeof user === 'object' && user !== null ? (user as { login?: unknown }).login : null;
  return {
    raw,
    fields: {
      title: raw['title'],
      url: raw['html_url'],
      closedAt: text(raw['closed_at']),
      author: text(login),
    },
  };
}

function text(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
