/**
 * Picks the GitHub client for a run: GraphQL with a token, REST without one
 * (GraphQL always needs a token), and record/replay around either.
 */
import type { GitHubClient } from './client.js';
import { createGraphqlClient } from './graphql-client.js';
import { createRestClient } from './rest-client.js';

export { recordingClient, replayClient } from './snapshot.js';

export const DEFAULT_API_URL = 'https://api.github.com';

export interface GitHubOptions {
  token: string | null;
  /** Default https://api.github.com. */
  apiUrl: string;
  /** Null: derived from apiUrl (see graphqlUrlFor). */
  graphqlUrl: string | null;
  chunkSize: number;
  concurrency: number;
  timeoutSeconds: number;
  userAgent?: string;
}

export function createGitHubClient(opts: GitHubOptions): GitHubClient {
  const transport = {
    apiUrl: opts.apiUrl,
    timeoutSeconds: opts.timeoutSeconds,
    ...(opts.userAgent !== undefined ? { userAgent: opts.userAgent } : {}),
  };
  if (opts.token) {
    return createGraphqlClient({
      ...transport,
      token: opts.token,
      graphqlUrl: opts.graphqlUrl ?? graphqlUrlFor(opts.apiUrl),
      chunkSize: opts.chunkSize,
      concurrency: opts.concurrency,
    });
  }
  return createRestClient({ ...transport, token: null, concurrency: opts.concurrency });
}

/**
 * GitHub.com serves GraphQL at api.github.com/graphql; GitHub Enterprise
 * Server serves REST at https://host/api/v3 and GraphQL at
 * https://host/api/graphql; anything else (a proxy, a test server) is assumed
 * to serve it beside the REST root.
 */
export function graphqlUrlFor(apiUrl: string): string {
  const base = apiUrl.replace(/\/+$/, '');
  if (/\/api\/v3$/.test(base)) return base.replace(/\/v3$/, '/graphql');
  return `${base}/graphql`;
}
