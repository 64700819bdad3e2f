/**
 * Spawn the built CLI the way a user would, with a controlled environment:
 * dist/cli.cjs, the one-file bundle `npm run build` links (scripts/build-cli.mjs).
 */
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const CLI = path.join(PROJECT, 'dist', 'cli.cjs');
export const FIXTURES = path.join(PROJECT, 'test', 'fixtures');

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * The CLI's environment: ours without GitHub variables, so the developer's token never leaks in.
 * Each fixture stands for a repository of its own: git does not look above test/fixtures,
 * so reports name paths from the fixture (as its own repository top would), not from
 * this project's top (report/paths.ts).
 */
export function cliEnv(env: Record<string, string> = {}): Record<string, string> {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined) continue;
    if (/^(GH_|GITHUB_)/.test(k) || k === 'CI' || k === 'FORCE_COLOR') continue;
    base[k] = v;
  }
  return { ...base, NO_COLOR: '1', GIT_CEILING_DIRECTORIES: FIXTURES, ...env };
}

/**
 * `list --format json` of a tree that is a git checkout of its own (in the
 * temp dir): git may look above the fixtures here, as in a developer's shell,
 * so the tool finds the checkout the plain way. The parsed report, or a throw
 * with what the CLI said.
 */
export function listCheckout<R>(root: string): R {
  const env = cliEnv();
  delete env.GIT_CEILING_DIRECTORIES;
  const r = spawnSync(process.execPath, [CLI, 'list', '--format', 'json', '--root', root], {
    env,
    encoding: 'utf8',
  });
  if (r.status !== 0 || r.stderr !== '') {
    throw new Error(`list --root ${root} exited ${r.status}: ${r.stderr}`);
  }
  return JSON.parse(r.stdout) as R;
}

/** Run the CLI in `cliEnv(env)`. */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
  cwd = PROJECT,
): Promise<CliResult> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd,
      env: cliEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr, ms: performance.now() - started }));
  });
}
