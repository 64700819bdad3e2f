/**
 * Issue 13 item 2: an endless body reached 11.5 GB RSS and a gzip bomb
 * 4.25 GB before the time bound fired. Each answer is now counted after
 * decompression and cut at github.maxResponseMB: exit 3, one line naming
 * the cap, and the process's peak RSS stays far below 300 MB.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { QUEUE_REPOS } from '../e2e/queue-data.js';
import { startFakeGitHub, type Fault } from '../support/fake-github.js';
import { canaryToken, copyQueue, QUEUE, runCli, TODAY } from './support/cli.js';

const TOKEN = canaryToken(46);
const PROBE = pathToFileURL(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'rss-probe.mjs'),
).href;
const PEAK_RSS_BOUND_MB = 300;

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), 'us-bodycap-'));
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

async function run(fault: Fault, token: string | null, config?: string) {
  const gh = await startFakeGitHub({ repos: QUEUE_REPOS, faults: [fault] });
  const copy = config ? await copyQueue(config) : null;
  const rssFile = path.join(scratch, `rss-${Math.random().toString(16).slice(2)}`);
  try {
    const r = await runCli(
      ['check', '--root', copy?.root ?? QUEUE, '--format', 'json', ...TODAY],
      {
        ...(token ? { GH_TOKEN: token } : {}),
        GITHUB_API_URL: gh.url,
        NODE_OPTIONS: `--import=${PROBE}`,
        RSS_PROBE_FILE: rssFile,
      },
      30_000,
    );
    const peakMb = Number(await readFile(rssFile, 'utf8')) / 1024;
    return { ...r, peakMb };
  } finally {
    await gh.close();
    await copy?.remove();
  }
}

it.each([
  [
    'an endless GraphQL body',
    { kind: 'endless' } as Fault,
    TOKEN,
    /POST \/graphql was larger than 8 MiB/,
  ],
  [
    'a gzip bomb on GraphQL',
    { kind: 'gzip-bomb' } as Fault,
    TOKEN,
    /POST \/graphql was larger than 8 MiB/,
  ],
  [
    'an endless REST body (no token)',
    { kind: 'endless' } as Fault,
    null,
    /GET \/repos\/.* was larger than 8 MiB/,
  ],
  [
    'a gzip bomb on REST (no token)',
    { kind: 'gzip-bomb' } as Fault,
    null,
    /GET \/repos\/.* was larger than 8 MiB/,
  ],
])('%s: exit 3 naming the cap, peak RSS < 300 MB', async (_what, fault, token, message) => {
  const r = await run(fault, token);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(/^upstream-status: GitHub could not be asked: GitHub's answer to /),
  ]);
  expect(r.stderr).toMatch(message);
  expect(r.code).toBe(3);
  expect(r.peakMb).toBeLessThan(PEAK_RSS_BOUND_MB);
});

it('the cap is configurable (github.maxResponseMB)', async () => {
  const r = await run({ kind: 'gzip-bomb' }, TOKEN, 'github: { maxResponseMB: 2 }\n');
  expect(r.stderr).toMatch(/larger than 2 MiB/);
  expect(r.code).toBe(3);
});
