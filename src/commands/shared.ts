/** What every command does before its own work: find the root, load the config, read the flags. */
import { existsSync, statSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { GitHubSettings } from '../check.js';
import type { Config } from '../config-types.js';
import { loadConfig } from '../config.js';
import { UsageError } from '../errors.js';
import { checkEndpoint } from '../github/endpoint.js';
import { ownRepository } from '../own-repo.js';
import { gitTop, shownRootOf } from '../repository-top.js';
import { refuseContradictions, type ExclusiveFlags } from './flag-rules.js';

/** Set by the Action's bundler (scripts/build-action.mjs), where package.json is not beside the code. */
declare const __UPSTREAM_STATUS_VERSION__: string | undefined;

// Read from package.json only when no bundler set it (tests run the sources).
export const VERSION: string =
  typeof __UPSTREAM_STATUS_VERSION__ === 'string'
    ? __UPSTREAM_STATUS_VERSION__
    : (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

export interface GitHubFlags {
  /** --budget: most GitHub requests this run may make. */
  budget?: string;
  replay?: string;
  record?: string;
  apiUrl?: string;
  graphqlUrl?: string;
}

export interface RunBase {
  root: string;
  /** The root relative to the repository top: where every reported path starts (repository-top.ts). */
  shownRoot: string;
  config: Config;
  /** Root-relative path of the configuration file read, if any. */
  configFile: string | null;
  now: Date;
  today: string;
  /** The project's own repository when the checkout or the Actions job says (own-repo.ts). */
  ownRepo: string | null;
}

/** Root, configuration and date: a configuration error stops here with every key and line. */
export async function prepare(
  flags: {
    root?: string;
    config?: string;
    today?: string;
    budget?: string;
    output?: string;
  } & ExclusiveFlags,
): Promise<RunBase> {
  refuseContradictions(flags);
  const root = resolveRoot(flags.root);
  // --output and --record into a folder that does not exist yet: create it, as `>` in CI scripts would not.
  for (const file of [flags.output, flags.record]) if (file) await ensureParentDir(file);
  const loaded = await loadConfig(root, flags.config ?? null);
  if (loaded.errors.length > 0) {
    throw new UsageError(
      `configuration ${loaded.file ?? ''} has ${loaded.errors.length} error(s)`,
      loaded.errors.map((e) => `${e.file}:${e.line}: ${e.key ? `${e.key}: ` : ''}${e.message}`),
    );
  }
  if (flags.budget !== undefined) {
    const n = Number(flags.budget);
    if (!Number.isInteger(n) || n < 1) {
      throw new UsageError(
        `--budget must be a positive whole number of requests, not "${flags.budget}"`,
      );
    }
    loaded.config.github.budget = n;
  }
  const now = new Date();
  return {
    root,
    // Without --root the root is the top already: no second git call.
    shownRoot: flags.root ? shownRootOf(root, process.env) : '.',
    config: loaded.config,
    // Run-level findings point at it like at any file of the tree: root-relative.
    configFile:
      loaded.file !== null && flags.config
        ? path.relative(root, path.resolve(flags.config)).split(path.sep).join('/')
        : loaded.file,
    now,
    today: parseToday(flags.today, now),
    ownRepo: ownRepository(root, process.env, loaded.config.github.webHost),
  };
}

/**
 * The GitHub URLs as configuration: a URL with credentials, another scheme,
 * or plain http to a remote host with a token is a UsageError (exit 2, no
 * request made). Returns the warnings to print (an allowed plain-http host).
 */
export function vetGitHubSettings(gh: GitHubSettings, config: Config): string[] {
  if (gh.replay !== null) return [];
  const opts = { token: gh.token !== null, allowInsecureHttp: config.github.allowInsecureHttp };
  const urls: [string, string][] = [['the GitHub API URL', gh.apiUrl]];
  if (gh.graphqlUrl !== null) urls.push(['the GitHub GraphQL URL', gh.graphqlUrl]);
  const verdicts = urls.map(([what, url]) => checkEndpoint(what, url, opts));
  const errors = verdicts.flatMap((v) => (v.error === null ? [] : [v.error]));
  if (errors.length > 0) throw new UsageError(errors.join('; '));
  return verdicts.flatMap((v) => (v.warning === null ? [] : [v.warning]));
}

export function warn(warnings: readonly string[]): void {
  for (const w of warnings) process.stderr.write(`upstream-status: warning: ${w}\n`);
}

/** The token comes only from the environment, never from a flag (flags end up in shell history). */
export function githubSettings(flags: GitHubFlags): GitHubSettings {
  return {
    token: tokenFromEnv(process.env),
    apiUrl: flags.apiUrl ?? process.env.GITHUB_API_URL ?? 'https://api.github.com',
    graphqlUrl: flags.graphqlUrl ?? process.env.GITHUB_GRAPHQL_URL ?? null,
    replay: flags.replay ?? null,
    record: flags.record ?? null,
  };
}

/**
 * GH_TOKEN, else GITHUB_TOKEN, trimmed: a secret file or a Windows-edited
 * .env leaves a newline, CRLF or tab around it, and the token is sent (and so
 * must be scrubbed) without it. Blank counts as unset.
 */
export function tokenFromEnv(env: NodeJS.ProcessEnv): string | null {
  for (const name of ['GH_TOKEN', 'GITHUB_TOKEN']) {
    const token = env[name]?.trim();
    if (token) return token;
  }
  return null;
}

async function ensureParentDir(file: string): Promise<void> {
  try {
    await mkdir(path.dirname(path.resolve(file)), { recursive: true });
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code ?? 'error';
    throw new UsageError(`cannot create the folder for ${file} (${code})`);
  }
}

export function resolveRoot(flag: string | undefined): string {
  if (flag) {
    const root = path.resolve(flag);
    if (!existsSync(root) || !statSync(root).isDirectory()) {
      throw new UsageError(`--root ${flag} is not a directory`);
    }
    return root;
  }
  const top = gitTop(process.cwd());
  // Falling back to the working directory once scanned a whole file system from `/`.
  if (top === null) {
    throw new UsageError(
      'not inside a git repository, and no --root given: run it in your repository, or pass --root DIR',
    );
  }
  return top;
}

export function parseToday(flag: string | undefined, now: Date): string {
  if (flag === undefined) return now.toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(flag) || Number.isNaN(Date.parse(flag))) {
    throw new UsageError(`--today must be a date like 2026-08-10, not "${flag}"`);
  }
  return flag;
}
