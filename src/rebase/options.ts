/** The options and result of `rebase-check` (its contract with the CLI and the tests). */
import type { Config } from '../config-types.js';
import type { Collected } from '../collect.js';
import type { GitHubClient } from '../github/client.js';
import type { ContainmentResolver } from '../github/containment.js';
import type { ContentSource } from '../github/contents.js';
import type { CulpritFinder } from '../github/culprits.js';
import type { RefKey, Resolution } from '../model.js';
import type { RebaseFinding } from './findings.js';
import type { OntoTarget } from './targets.js';

export interface RebaseGitHubSettings {
  token: string | null;
  apiUrl: string;
  /** Null: derived from apiUrl. */
  graphqlUrl: string | null;
}

/** What the check asks the outside world through; built from the options unless given. */
export interface RebaseServices {
  contents: ContentSource | null;
  containment: ContainmentResolver | null;
  culprits: CulpritFinder | null;
  /** Live PR states (merge commits); null: fixed/collision checks are skipped with a note. */
  live: GitHubClient | null;
}

export interface RebaseCheckOptions {
  root: string;
  config: Config;
  onto: OntoTarget[];
  /** A local upstream checkout: files, containment and culprits come from it. */
  upstreamDir: string | null;
  /** Null: no network (only --upstream-dir can then serve files). */
  github: RebaseGitHubSettings | null;
  today: string;
  services?: Partial<RebaseServices>;
}

export type PairVerdict =
  | 'applies'
  | 'fails'
  | 'already-applied'
  | 'anchors-found'
  | 'not-checkable'
  /** A shell script whose diffs are patches of the queue, checked on their own. */
  | 'companions';

/** One (patch, --onto) pair that was checked. */
export interface CheckedPair {
  patch: string;
  repo: string | null;
  ref: string;
  /** The commit REF named when it was read. */
  commit: string;
  verdict: PairVerdict;
}

export interface RebaseCheckResult {
  findings: RebaseFinding[];
  checked: CheckedPair[];
  /** Every HTTP request made. */
  requests: number;
  /** Of which, requests for file contents. */
  fileRequests: number;
  notes: string[];
  collected: Collected;
  /** Live states of the fix/own/anchor-collision refs asked about (for the report's refs). */
  live: Map<RefKey, Resolution>;
}
