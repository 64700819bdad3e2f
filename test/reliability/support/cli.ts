/**
 * Spawning the built CLI for the reliability suite. Like test/e2e/cli.ts, but
 * the binary can be swapped (`RELIABILITY_CLI=/tmp/copy/dist/cli.cjs`) so a
 * test can be run against a copy of dist/ with one protection removed, and
 * every run is killed after a hard limit so no test can hang.
 */
import { spawn } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { prng } from '../../support/prng.js';

export const PROJECT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
export const CLI = process.env.RELIABILITY_CLI ?? path.join(PROJECT, 'dist', 'cli.cjs');
export const QUEUE = path.join(PROJECT, 'test', 'fixtures', 'e2e', 'queue');
export const TODAY = ['--today', '2026-08-20'];

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

/**
 * Run the CLI with only the GitHub variables given here; killed after `hardLimitMs`.
 * git does not look above test/fixtures: a fixture is a repository top of its own
 * (as in test/e2e/cli.ts).
 */
export function runCli(
  args: string[],
  env: Record<string, string> = {},
  hardLimitMs = 60_000,
): Promise<CliRun> {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined || /^(GH_|GITHUB_|RUNNER_)/.test(k)) continue;
    if (k === 'CI' || k === 'FORCE_COLOR' || k === 'RELIABILITY_CLI') continue;
    base[k] = v;
  }
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], {
      cwd: PROJECT,
      env: {
        ...base,
        NO_COLOR: '1',
        GIT_CEILING_DIRECTORIES: path.join(PROJECT, 'test', 'fixtures'),
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: hardLimitMs,
      killSignal: 'SIGKILL',
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (d: string) => (stdout += d));
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) =>
      resolve({ code, signal, stdout, stderr, ms: performance.now() - started }),
    );
  });
}

/** A temporary copy of the queue fixture, optionally with a `.upstream-status.yml`. */
export async function copyQueue(
  config?: string,
): Promise<{ root: string; remove(): Promise<void> }> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'us-rel-'));
  await cp(QUEUE, root, { recursive: true });
  if (config !== undefined) await writeFile(path.join(root, '.upstream-status.yml'), config);
  return { root, remove: () => rm(root, { recursive: true, force: true }) };
}

export { prng };

/** A GitHub-shaped token (`ghp_` + 36 base62) from a seed: recognisable anywhere it leaks. */
export function canaryToken(seed: number): string {
  const next = prng(seed);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  let out = 'ghp_';
  for (let i = 0; i < 36; i++) out += alphabet[Math.floor(next() * alphabet.length)];
  return out;
}
