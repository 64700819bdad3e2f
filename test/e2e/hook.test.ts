/**
 * The pre-rebase hook `init` writes, run by git in a repository that carries
 * the queue fixture, with `npx` resolving to the built CLI:
 * - GitHub unreachable: the rebase goes on, with a warning;
 * - without a token, ten rebases in a row after the first cost at most ten
 *   requests in all (answers cached in .git/), counted by the fake GitHub.
 */
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { chmod, cp, mkdir, mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { CLI, FIXTURES } from './cli.js';
import { QUEUE_REPOS } from './queue-data.js';

const QUEUE = path.join(FIXTURES, 'e2e', 'queue');
let repo: string;
let bin: string;
let gh: FakeGitHub;

const git = (...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], {
    cwd: repo,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });

/** Environment of a developer's shell: no token, no CI; GitHub at `apiUrl`. */
function shellEnv(apiUrl: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(GH_|GITHUB_|GIT_)/.test(k) || k === 'CI') continue;
    env[k] = v;
  }
  return {
    ...env,
    PATH: `${bin}${path.delimiter}${process.env.PATH ?? ''}`,
    GITHUB_API_URL: apiUrl,
    NO_COLOR: '1',
  };
}

/** Diverge `upstream` from the current branch so a rebase has something to do. */
function newBase(n: number): void {
  git('checkout', '-q', '-B', 'upstream');
  git('commit', '-q', '--allow-empty', '-m', `base ${n}`);
  git('checkout', '-q', 'main');
}

/** Run `git rebase upstream` asynchronously: the fake GitHub answers from this process. */
async function rebase(apiUrl: string): Promise<{ status: number | null; stderr: string }> {
  const r = await new Promise<{ status: number | null; stderr: string }>((resolve, reject) => {
    const child = spawn('git', ['rebase', 'upstream'], { cwd: repo, env: shellEnv(apiUrl) });
    let stderr = '';
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.stdout.resume();
    child.on('error', reject);
    child.on('close', (status) => resolve({ status, stderr }));
  });
  // Leave the branch where it was, so every rebase runs the hook again.
  if (r.status === 0) git('reset', '-q', '--hard', 'ORIG_HEAD');
  return r;
}

/** A loopback port nobody listens on: connections to it are refused at once. */
async function closedPort(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  repo = await mkdtemp(path.join(os.tmpdir(), 'us-hook-'));
  bin = path.join(repo, '..', `${path.basename(repo)}-bin`);
  await mkdir(bin);
  // `npx --no-install upstream-status ARGS` → the built CLI with ARGS.
  await writeFile(
    path.join(bin, 'npx'),
    `#!/bin/sh\n[ "$1" = --no-install ] && [ "$2" = upstream-status ] || exit 9\nshift 2\nexec "${process.execPath}" "${CLI}" "$@"\n`,
  );
  await chmod(path.join(bin, 'npx'), 0o755);
  await cp(QUEUE, repo, { recursive: true });
  git('init', '-q', '-b', 'main');
  git('add', '-A');
  git('commit', '-q', '-m', 'queue');
  const init = spawnSync(process.execPath, [CLI, 'init'], {
    cwd: repo,
    env: shellEnv('http://127.0.0.1:1'),
    encoding: 'utf8',
  });
  expect(init.stdout).toContain('wrote .git/hooks/pre-rebase');
  // The queue's config/workflow files are not part of what the hook checks.
  git('add', '-A');
  git('commit', '-q', '-m', 'init');
  gh = await startFakeGitHub({ repos: QUEUE_REPOS });
});

afterAll(async () => {
  await gh.close();
  await rm(repo, { recursive: true, force: true });
  await rm(bin, { recursive: true, force: true });
});

describe('the pre-rebase hook', () => {
  it('lets the rebase go on, with a warning, when GitHub cannot be reached', async () => {
    newBase(0);
    const r = await rebase(await closedPort());
    expect(r.stderr).toMatch(/GitHub could not be asked/);
    expect(r.stderr).toMatch(/rebase allowed/);
    expect(r.status).toBe(0);
  });

  it('refuses the rebase while the records have drifted', async () => {
    newBase(1);
    const r = await rebase(gh.url);
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/rebase refused/);
  });

  it('costs at most ten requests for ten more rebases without a token', async () => {
    const cache = path.join(repo, '.git/upstream-status/answers.json');
    await rm(cache, { force: true });
    gh.reset();
    const first = await rebase(gh.url);
    expect(first.status).not.toBe(0);
    const firstRun = gh.requests.length;
    expect(firstRun).toBeGreaterThan(10); // one REST request (or two) per ref: worth caching
    expect((await stat(cache)).isFile()).toBe(true);
    for (let i = 2; i <= 11; i++) {
      newBase(i);
      const r = await rebase(gh.url);
      // The same verdict from the cached answers.
      expect(r.status).toBe(first.status);
      expect(r.stderr).toMatch(/rebase refused/);
    }
    expect(gh.requests.length - firstRun).toBeLessThanOrEqual(10);
  });
});
