/**
 * What the rest of the tool needs from GitHub, behind one interface with
 * several implementations (GraphQL with a token, REST without, replay).
 */
import type { RefKey, RefKind, Resolution } from '../model.js';
import type { DateRequest } from './base-dates.js';

export interface RefRequest {
  key: RefKey;
  /** What the records say it is, when they say; lets REST pick the endpoint. */
  kindHint: RefKind | null;
}

export interface ResolveResult {
  /** One entry per requested key. */
  results: Map<RefKey, Resolution>;
  /** HTTP requests made (retries included). */
  requests: number;
  /** GraphQL points spent (sum of rateLimit.cost), 0 for REST/replay. */
  cost: number;
  /** Things the user should know (e.g. the unauthenticated REST limit). */
  notes: string[];
  /**
   * Commit dates (epoch ms, null: not found) by dateKey(), learned on the
   * way: each merged PR's merge commit and each of ResolveExtras.dates. Only
   * the GraphQL client dates anything; containment uses these instead of
   * asking again (containment.ts).
   */
  dates?: Map<string, number | null>;
}

export interface ResolveExtras {
  /** Revisions to date in the same queries as the refs (the pinned bases). */
  dates?: readonly DateRequest[];
}

export interface GitHubClient {
  resolve(refs: readonly RefRequest[], extras?: ResolveExtras): Promise<ResolveResult>;
}

/**
 * GitHub could not be asked at all (network, authentication, exhausted rate
 * limit, persistent 5xx, time bound reached). Maps to exit code 3. The
 * message is one line and never contains the token.
 */
export class GitHubUnavailableError extends Error {
  override readonly name = 'GitHubUnavailableError';
  constructor(
    message: string,
    readonly status: number | null = null,
  ) {
    super(message);
  }
}
