/**
 * DEFECTS (time bound / retry-after):
 * 1. "Something went wrong while executing your query" is retried by
 *    plugin-retry's wrap (requestWithGraphqlErrorHandling), which calls its
 *    errorRequest directly, bypassing the `retryWithinBudget` error hook
 *    (octokit.ts). So a 4 s (then 9 s) backoff timer is armed past the bound;
 *    after the bound's abort, the process lives on until it fires: exit 3
 *    comes ~3 s late with timeoutSeconds 2 (up to 9 s late in general).
 * 2. A 429 with `retry-after: 1` whose body lacks GitHub's "secondary rate"
 *    wording (a proxy, a GHES load balancer) is not waited out: exit 3 at once
 *    (SPEC §8 "honour retry-after").
 */
import { expect, it } from 'vitest';
import { QUEUE_REPOS } from '../e2e/queue-data.js';
import { startFakeGitHub, type Fault } from '../support/fake-github.js';
import { canaryToken, copyQueue, QUEUE, runCli, TODAY } from './support/cli.js';

const TOKEN = canaryToken(44);

async function run(faults: Fault[], config?: string) {
  const gh = await startFakeGitHub({ repos: QUEUE_REPOS, token: TOKEN, faults });
  const copy = config ? await copyQueue(config) : null;
  try {
    const r = await runCli(['check', '--root', copy?.root ?? QUEUE, '--format', 'json', ...TODAY], {
      GH_TOKEN: TOKEN,
      GITHUB_API_URL: gh.url,
    });
    // From its first request to its exit: the wait on GitHub. Its start-up (node,
    // reading the queue) is what a loaded machine slows down; it is the slack.
    const exitedAt = performance.now();
    const first = Math.min(...gh.arrivals);
    return { ...r, waitedMs: exitedAt - first, startupMs: first - (exitedAt - r.ms) };
  } finally {
    await gh.close();
    await copy?.remove();
  }
}

it('GraphQL "Something went wrong" forever: exit 3 within the 2 s bound of its first request (+1 s, + its start-up as slack)', async () => {
  const r = await run(
    [
      {
        kind: 'graphql-errors',
        errors: [{ message: 'Something went wrong while executing your query.' }],
      },
    ],
    'github: { timeoutSeconds: 2 }\n',
  );
  expect(r.code).toBe(3);
  // A retry armed past the bound (4 s backoff) would keep the process alive ≥ 5 s.
  expect(r.waitedMs).toBeLessThan(2000 + 1000 + r.startupMs);
});

it('a 429 with retry-after: 1 and a plain body is waited out, then answered', async () => {
  const r = await run([
    {
      kind: 'status',
      status: 429,
      count: 1,
      body: '{"message":"Too Many Requests"}',
      headers: { 'retry-after': '1' },
    },
  ]);
  expect(r.stderr).toBe('');
  expect(r.code).toBe(1);
});
