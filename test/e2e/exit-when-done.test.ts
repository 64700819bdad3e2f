/**
 * The CLI ends as soon as its answer is out (src/stdio.ts `exitWhenDone`),
 * and a run that needs neither subprocesses nor sockets does not load them
 * (docs/decisions.md, "Lazy built-ins" and "Output with writeSync").
 *
 * Both are read from inside the CLI's process by a preloaded script
 * (test/support/at-exit.cjs), not from timings: what was still pending at
 * exit, and which of Node's modules were loaded.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { copyQueue } from '../reliability/support/cli.js';
import { CLI, cliEnv, PROJECT } from './cli.js';
import { QUEUE_REPOS } from './queue-data.js';

const PRELOAD = path.join(PROJECT, 'test', 'support', 'at-exit.cjs');

interface AtExit {
  code: number | null;
  stderr: string;
  pending: string[];
  modules: string[];
}

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'us-at-exit-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

let runs = 0;
/** Run the CLI (stdout and stderr are pipes) with the at-exit probe. */
function probe(args: string[], env: Record<string, string> = {}): Promise<AtExit> {
  const file = path.join(scratch, `run-${++runs}.json`);
  const childEnv = cliEnv({ AT_EXIT_FILE: file, ...env });
  // The trees here are copies outside any repository: without a variable
  // that steers git's search, the repository top is found without git.
  delete childEnv.GIT_CEILING_DIRECTORIES;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-r', PRELOAD, CLI, ...args], {
      cwd: PROJECT,
      env: childEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stdout.resume();
    child.stderr.setEncoding('utf8').on('data', (d: string) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => {
      readFile(file, 'utf8').then((text) => {
        const seen = JSON.parse(text) as { pending: string[]; modules: string[] };
        resolve({ code, stderr, ...seen });
      }, reject);
    });
  });
}

describe('a failed GitHub run', () => {
  let gh: FakeGitHub;
  let queue: { root: string; remove(): Promise<void> };
  beforeAll(async () => {
    // Two GraphQL queries at once: the first is answered 503 (plugin-retry
    // arms its backoff timer, 1 s), the second 401, which ends the run.
    gh = await startFakeGitHub({
      repos: QUEUE_REPOS,
      faults: [
        {
          kind: 'sequence',
          match: 'graphql',
          steps: [
            { kind: 'status', status: 503 },
            { kind: 'status', status: 401 },
          ],
        },
      ],
    });
    queue = await copyQueue('github:\n  chunkSize: 5\n  concurrency: 2\n');
  });
  afterAll(async () => {
    await gh.close();
    await queue.remove();
  });

  it('exits with its answer without waiting for the retry timer it abandoned', async () => {
    const r = await probe(['check', '--root', queue.root, '--format', 'json'], {
      GH_TOKEN: 'token-for-the-fake',
      GITHUB_API_URL: gh.url,
    });
    expect(r.stderr).toMatch(/rejected the token \(401/);
    expect(r.code).toBe(3);
    // Still armed when the process ended: it did not sit on it for a second.
    expect(r.pending).toContain('Timeout');
  });
});

describe('Node modules a run loads', () => {
  const heavy = [
    'NativeModule child_process',
    'NativeModule diagnostics_channel',
    'NativeModule fs/promises',
    'NativeModule net',
  ];
  let queue: { root: string; remove(): Promise<void> };
  beforeAll(async () => {
    queue = await copyQueue();
  });
  afterAll(() => queue.remove());

  it.each([
    ['list', ['list']],
    ['list --format json', ['list', '--format', 'json']],
    ['check --offline --format json', ['check', '--offline', '--format', 'json']],
  ])(
    '%s loads none of child_process, diagnostics_channel, fs/promises, net',
    async (_name, args) => {
      // NO_COLOR unset: a colour check must not build the stdout stream either.
      const r = await probe([...args, '--root', queue.root], { NO_COLOR: '' });
      expect(r.stderr).toBe('');
      expect(r.modules.length).toBeGreaterThan(50);
      expect(r.modules.filter((m) => heavy.includes(m))).toEqual([]);
    },
  );
});
