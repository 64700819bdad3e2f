/**
 * Picks the GitHub client for a run: GraphQL with a token, REST without one
 * (GraphQL always needs a token), and record/replay around either.
 */
import type { RefKey, Resolution } from '../model.js';
import type { GitHubClient, RefRequest, ResolveExtras, ResolveResult } from './client.js';
import { createGraphqlClient } from './graphql-client.js';
import { createRestClient } from './rest-client.js';
import type { Slots } from './slots.js';
import { replayClient as replaySnapshot } from './snapshot.js';

export { recordingClient } from './snapshot.js';

/** GitHub numbers issues and pull requests with GraphQL `Int`s: none is larger. */
export const MAX_GITHUB_NUMBER = 2_147_483_647;

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
  /** The run's deadline (epoch ms), shared with its other GitHub phases. */
  deadline?: number;
  /** Most bytes one answer may have, decompressed. */
  maxResponseBytes?: number;
  /** Requests in flight across the run (limits.ts). */
  slots?: Slots;
  /** Aborted when the run gives up (limits.ts). */
  abandoned?: AbortSignal;
}

export function createGitHubClient(opts: GitHubOptions): GitHubClient {
  return answeringImpossibleNumbers(createNetworkClient(opts));
}

/** A client that answers from a snapshot file (see snapshot.ts), never touching the network. */
export async function replayClient(file: string): Promise<GitHubClient> {
  return answeringImpossibleNumbers(await replaySnapshot(file));
}

/**
 * Wraps a client so that a ref whose number no issue or pull request can
 * have (over 2³¹−1, or not a whole number) is answered not-found here,
 * without asking: in an aliased GraphQL query it is not an Int, and GitHub
 * would reject the whole batch, checking nothing. This way it costs only
 * its own ref (an unresolved-ref finding).
 */
export function answeringImpossibleNumbers(inner: GitHubClient): GitHubClient {
  return {
    async resolve(refs: readonly RefRequest[], extras?: ResolveExtras): Promise<ResolveResult> {
      const impossible = new Map<RefKey, Resolution>();
      const asked = refs.filter((ref) => {
        const written = ref.key.slice(ref.key.lastIndexOf('#') + 1);
        const number = Number(written);
        if (/^\d+$/.test(written) && number <= MAX_GITHUB_NUMBER) return true;
        impossible.set(ref.key, {
          status: 'not-found',
          message: `no GitHub issue or pull request can have number ${written}`,
        });
        return false;
      });
      if (impossible.size === 0) return inner.resolve(refs, extras);
      const result: ResolveResult =
        asked.length === 0
          ? { results: new Map(), requests: 0, cost: 0, notes: [] }
          : await inner.resolve(asked, extras);
      for (const [key, resolution] of impossible) result.results.set(key, resolution);
      return result;
    },
  };
}

function createNetworkClient(opts: GitHubOptions): GitHubClient {
  // A token read from a secret file often ends in a newline: it is sent trimmed.
  const token = opts.token?.trim() || null;
  const transport = {
    apiUrl: opts.apiUrl,
    timeoutSeconds: opts.timeoutSeconds,
    ...(opts.userAgent !== undefined ? { userAgent: opts.userAgent } : {}),
    ...(opts.deadline !== undefined ? { deadline: opts.deadline } : {}),
    ...(opts.maxResponseBytes !== undefined ? { maxResponseBytes: opts.maxResponseBytes } : {}),
    ...(opts.slots !== undefined ? { slots: opts.slots } : {}),
    ...(opts.abandoned !== undefined ? { abandoned: opts.abandoned } : {}),
  };
  if (token !== null) {
    return createGraphqlClient({
      ...transport,
      token,
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
