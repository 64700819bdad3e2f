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
  /**
   * What one run reads at most. A file past its limit is not read and is a
   * parse-error naming it: a 136 MB ledger took the run down with an
   * out-of-memory abort (the ledger reader needs ~35× the file's size).
   */
  limits: {
    /** Files read (ledgers, records, indexes, patches). */
    maxFiles: number;
    /** MiB of one ledger, record or record index (read whole). */
    maxFileMB: number;
    /** MiB of one patch file (only its header is read, but the file is decoded). */
    maxPatchMB: number;
  };
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
    /**
     * The host of GitHub's web URLs (`github.com`; an Enterprise server's
     * name): the only host `sync` writes into a patch (`Applied-Upstream:`).
     */
    webHost: string;
    /** Most MiB one GitHub answer may have, decompressed; a larger one ends the run (exit 3). */
    maxResponseMB: number;
    /** Send the token over plain http to a host that is not loopback (with a warning). */
    allowInsecureHttp: boolean;
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
  limits: { maxFiles: 100_000, maxFileMB: 2, maxPatchMB: 64 },
  packages: {},
  github: {
    chunkSize: 100,
    concurrency: 8,
    timeoutSeconds: 40,
    budget: null,
    webHost: 'github.com',
    maxResponseMB: 8,
    allowInsecureHttp: false,
  },
};
