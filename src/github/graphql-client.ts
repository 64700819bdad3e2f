/**
 * The client used with a token: refs in chunks, one aliased GraphQL query per
 * chunk, a few chunks in flight at once.
 *
 * Queries go through `octokit.request` rather than `octokit.graphql`: the
 * latter rewrites the URL for GitHub Enterprise (ignoring an explicit
 * GraphQL URL) and turns partial answers into a thrown error, while a
 * NOT_FOUND for one ref is an ordinary part of the answer here.
 */
import type { RefKey, Resolution } from '../model.js';
import {
  GitHubUnavailableError,
  type GitHubClient,
  type RefRequest,
  type ResolveExtras,
  type ResolveResult,
} from './client.js';
import type { DateRequest } from './base-dates.js';
import {
  buildBatchQuery,
  readBatchAnswer,
  type BatchAnswer,
  type GraphqlErrorLike,
} from './graphql.js';
import { GitHubSession, mapLimited, type GitHubOctokit, type TransportOptions } from './octokit.js';

export interface GraphqlClientOptions extends TransportOptions {
  token: string;
  graphqlUrl: string;
  chunkSize: number;
  concurrency: number;
}

export function createGraphqlClient(opts: GraphqlClientOptions): GitHubClient {
  return {
    async resolve(refs: readonly RefRequest[], extras?: ResolveExtras): Promise<ResolveResult> {
      const chunks = chunk(distinctKeys(refs), Math.max(1, opts.chunkSize));
      // The pinned bases are dated by the first query, beside its refs.
      const dated = extras?.dates ?? [];
      const session = new GitHubSession(opts);
      const answers =
        chunks.length === 0
          ? []
          : await session.run((octokit) =>
              mapLimited(chunks, opts.concurrency, (keys) =>
                askChunk(octokit, session, opts.graphqlUrl, keys, keys === chunks[0] ? dated : []),
              ),
            );
      const results = new Map<RefKey, Resolution>();
      const dates = new Map<string, number | null>();
      let cost = 0;
      for (const answer of answers) {
        for (const [key, resolution] of answer.results) results.set(key, resolution);
        for (const [key, at] of answer.dates) dates.set(key, at);
        cost += answer.cost;
      }
      return { results, requests: session.requests, cost, notes: [], dates };
    },
  };
}

async function askChunk(
  octokit: GitHubOctokit,
  session: GitHubSession,
  url: string,
  keys: readonly RefKey[],
  dates: readonly DateRequest[],
): Promise<BatchAnswer> {
  const batch = buildBatchQuery(keys, dates);
  const response = await octokit.request({ method: 'POST', url, query: batch.query });
  const body: unknown = response.data;
  if (typeof body !== 'object' || body === null) {
    throw new GitHubUnavailableError(
      `GitHub sent an unreadable answer to POST ${new URL(url).pathname}`,
    );
  }
  const { data, errors: rawErrors } = body as { data?: unknown; errors?: unknown };
  // Messages are GitHub's words and can quote the request: scrubbed as read,
  // since NOT_FOUND messages become findings and snapshot entries.
  const errors = readErrors(rawErrors).map((error) => ({
    ...error,
    message: session.scrub(error.message),
  }));
  if (errors.some((error) => error.type === 'RATE_LIMITED')) {
    const reset = Number(response.headers['x-ratelimit-reset']);
    throw session.rateLimitError(Number.isFinite(reset) && reset > 0 ? reset : null);
  }
  const answer = readBatchAnswer(batch, data, errors);
  const [first] = answer.unanswered;
  if (first !== undefined) {
    // Errors without a path (or on a path we did not ask) are about the query.
    const reason = errors.find((error) => error.type !== 'NOT_FOUND') ?? errors[0];
    const more = answer.unanswered.length > 1 ? ` and ${answer.unanswered.length - 1} more` : '';
    throw new GitHubUnavailableError(
      reason
        ? `GitHub rejected the query for ${first}${more}: ${reason.message}`
        : `GitHub's answer has nothing for ${first}${more}`,
    );
  }
  for (const [key, resolution] of answer.results) {
    answer.results.set(key, session.scrubResolution(resolution));
  }
  return answer;
}

function readErrors(value: unknown): GraphqlErrorLike[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown): GraphqlErrorLike[] => {
    if (typeof item !== 'object' || item === null) return [];
    const { message, type, path } = item as { message?: unknown; type?: unknown; path?: unknown };
    return [
      {
        message: typeof message === 'string' ? message : 'unknown GraphQL error',
        ...(typeof type === 'string' ? { type } : {}),
        ...(Array.isArray(path)
          ? { path: path.filter((p) => typeof p === 'string' || typeof p === 'number') }
          : {}),
      },
    ];
  });
}

/** Each key once, sorted by repository then number, so queries are deterministic. */
export function distinctKeys(refs: readonly RefRequest[]): RefKey[] {
  const keys = [...new Set(refs.map((ref) => ref.key))];
  const repoOf = (key: RefKey): string => key.slice(0, key.lastIndexOf('#'));
  const numberOf = (key: RefKey): number => Number(key.slice(key.lastIndexOf('#') + 1));
  return keys.sort((a, b) => compareText(repoOf(a), repoOf(b)) || numberOf(a) - numberOf(b));
}

// Not localeCompare: the order must not depend on the user's locale.
function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
}
