/**
 * The shape of a loaded configuration (SPEC §7) and its defaults.
 * Loading and validation live in config.ts; this file is only the contract.
 */
import type { RuleId, Severity } from './model.js';

export interface RuleSettings {
  /** `off` disables the rule. */
  severity?: Severity | 'off';
  /** stale-check only. */
  maxAgeDays?: number;
  /**
   * Root-relative globs of files the rule is off for (a per-file waiver): a
   * finding is dropped when its file or its patch matches one.
   */
  exclude?: string[];
}

export interface Config {
  /** Ledger paths (root-relative); null = discover `**\/patch.upstream.status.md`. */
  ledgers: string[] | null;
  /** Record globs (root-relative); null = discover `**\/*.upstream.status.yaml`. */
  records: string[] | null;
  /**
   * Root-relative globs of files and folders never read (test fixtures,
   * vendored trees): no ledger, record, index, patch or document in them is
   * discovered.
   */
  exclude: string[];
  patches: {
    /** Root-relative patches folder; null = `patches/` beside each ledger / index. */
    dir: string | null;
    /** Globs (relative to the patches folder) that are not patches. */
    exclude: string[];
    /** Extensions that make a file a patch. */
    extensions: string[];
  };
  repos: {
    /** alias → owner/repo (both lower-cased after loading). */
    aliases: Record<string, string>;
    /** patch folder prefix (relative to the patches folder, or the root) → owner/repo. */
    defaults: Record<string, string>;
  };
  /** owner/repo → pinned base ref. */
  bases: Record<string, string>;
  /** `owner/repo#*`, `owner/repo#123`, `internal#*`. */
  ignore: string[];
  rules: Partial<Record<RuleId, RuleSettings>>;
  /** Installed package name → where its source lives upstream (anchor scripts' targets). */
  packages: Record<string, { repo: string | null; path: string | null }>;
  github: {
    /** Refs per GraphQL query. */
    chunkSize: number;
    /** Queries in flight at once. */
    concurrency: number;
    /** Bound on the whole resolution, retries included. */
    timeoutSeconds: number;
    /**
     * Most GitHub requests one run may make (GraphQL queries cost 1 point
     * each; compare calls 1 REST request each); null = no cap.
     */
    budget: number | null;
  };
}

export const DEFAULT_CONFIG: Config = {
  ledgers: null,
  records: null,
  exclude: [],
  patches: {
    dir: null,
    exclude: ['**/README*', '**/*.md', '_schema/**', 'archived/**', '**/*.upstream.status.yaml'],
    extensions: ['.patch', '.diff', '.py', '.sh'],
  },
  repos: { aliases: {}, defaults: {} },
  bases: {},
  ignore: [],
  rules: {},
  packages: {},
  github: { chunkSize: 100, concurrency: 8, timeoutSeconds: 40, budget: null },
};
