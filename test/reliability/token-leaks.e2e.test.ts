/**
 * DEFECTS (secrets):
 * 1. GH_TOKEN with surrounding whitespace (a trailing newline from a secret
 *    file, `\r\n` from a Windows-edited .env) is sent trimmed, but the scrubber
 *    (octokit.ts GitHubSession.scrub) looks for the untrimmed value, so an
 *    error body echoing the header prints the real token.
 * 2. A GraphQL NOT_FOUND error's message becomes the unresolved-ref finding's
 *    message and the snapshot's `not-found` message unscrubbed
 *    (graphql.ts notFound → Resolution.message): a message that quotes the
 *    token reaches stdout and the --record file.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { QUEUE_REPOS } from '../e2e/queue-data.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { canaryToken, copyQueue, runCli, TODAY } from './support/cli.js';

const TOKEN = canaryToken(43);
let gh: FakeGitHub;
let work: Awaited<ReturnType<typeof copyQueue>>;
beforeAll(async () => {
  gh = await startFakeGitHub({ repos: QUEUE_REPOS });
  work = await copyQueue('github: { chunkSize: 1 }\n');
});
afterAll(async () => {
  await gh.close();
  await work.remove();
});

it.each([`${TOKEN}\n`, `${TOKEN}\r\n`, `${TOKEN}\t`])(
  'a token with whitespace (%j) is not echoed back',
  async (written) => {
    gh.setFaults([{ kind: 'echo-auth', status: 403 }]);
    const run = await runCli(['check', '--root', work.root, ...TODAY], {
      GH_TOKEN: written,
      GITHUB_API_URL: gh.url,
    });
    expect(run.code).toBe(3);
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
  },
);

it('a NOT_FOUND message quoting the token reaches neither the report nor the snapshot', async () => {
  const body = JSON.stringify({
    data: { r0: null, rateLimit: { cost: 1, remaining: 4999, resetAt: '2026-08-20T00:00:00Z' } },
    errors: [
      {
        type: 'NOT_FOUND',
        path: ['r0'],
        message: `Could not resolve to a Repository (Authorization: token ${TOKEN})`,
      },
    ],
  });
  gh.setFaults([{ kind: 'raw', status: 200, body }]);
  const snap = path.join(work.root, 'snap.json');
  const run = await runCli(
    ['check', '--root', work.root, '--format', 'json', '--record', snap, ...TODAY],
    { GH_TOKEN: TOKEN, GITHUB_API_URL: gh.url },
  );
  expect(run.code).toBe(1);
  expect(run.stdout + run.stderr).not.toContain(TOKEN);
  expect(await readFile(snap, 'utf8')).not.toContain(TOKEN);
});
