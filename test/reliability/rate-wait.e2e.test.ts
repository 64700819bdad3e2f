/**
 * Issue 13 item 6: an absurd `retry-after` or reset time (1e14 s, the year
 * 3000) gave "internal error: Invalid time value" (exit 2) or a time with no
 * date. Now: exit 3, one line, the date when the wait is longer than a day.
 */
import { expect, it } from 'vitest';
import { QUEUE_REPOS } from '../e2e/queue-data.js';
import { startFakeGitHub, type Fault } from '../support/fake-github.js';
import { canaryToken, QUEUE, runCli, TODAY } from './support/cli.js';

const TOKEN = canaryToken(45);

async function run(fault: Fault, token: string | null = TOKEN) {
  const gh = await startFakeGitHub({ repos: QUEUE_REPOS, faults: [fault] });
  try {
    return await runCli(['check', '--root', QUEUE, '--format', 'json', ...TODAY], {
      ...(token ? { GH_TOKEN: token } : {}),
      GITHUB_API_URL: gh.url,
    });
  } finally {
    await gh.close();
  }
}

const LIMITED = (headers: Record<string, string>): Fault => ({
  kind: 'status',
  status: 429,
  body: '{"message":"Too Many Requests"}',
  headers,
});
const PRIMARY = (reset: string): Fault => ({
  kind: 'status',
  status: 403,
  body: '{"message":"API rate limit exceeded for user."}',
  headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': reset },
});

it.each([
  [
    'retry-after: 1e14 seconds',
    LIMITED({ 'retry-after': '100000000000000' }),
    /for more than a year/,
  ],
  [
    'retry-after: a date in the year 3000',
    LIMITED({ 'retry-after': 'Wed, 01 Jan 3000 00:00:00 GMT' }),
    /until 3000-01-01 00:00 UTC/,
  ],
  ['x-ratelimit-reset: 1e14 (GraphQL)', PRIMARY('100000000000000'), /for more than a year/],
  [
    'x-ratelimit-reset: the year 3000 (GraphQL)',
    PRIMARY('32503680000'),
    /until 3000-01-01 00:00 UTC/,
  ],
  [
    'x-ratelimit-reset: 1e14 (REST, no token)',
    { ...PRIMARY('100000000000000'), match: 'rest' as const },
    /for more than a year/,
  ],
])('%s: exit 3 with a readable wait', async (what, fault, message) => {
  const r = await run(fault, what.includes('no token') ? null : TOKEN);
  expect(r.stdout).toBe('');
  expect(r.stderr.trim().split('\n')).toEqual([
    expect.stringMatching(
      /^upstream-status: GitHub could not be asked: GitHub rate limit exhausted /,
    ),
  ]);
  expect(r.stderr).toMatch(message);
  expect(r.code).toBe(3);
});
