/**
 * When GitHub misbehaves: retries that help, and one-line
 * GitHubUnavailableErrors (exit 3) when they cannot, never with the token.
 */
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GitHubUnavailableError } from '../../src/github/client.js';
import { createGitHubClient, type GitHubOptions } from '../../src/github/index.js';
import { startFakeGitHub, type Fault, type FakeGitHub } from '../support/fake-github.js';
import { optionsFor, SAMPLE_REFS, SAMPLE_REPOS, TEST_TOKEN } from './sample-repos.js';

const REFS = SAMPLE_REFS.slice(0, 5);
let gh: FakeGitHub | null = null;
afterEach(async () => {
  await gh?.close();
  gh = null;
});

async function fake(faults: Fault[], token?: string): Promise<FakeGitHub> {
  gh = await startFakeGitHub({ repos: SAMPLE_REPOS, faults, ...(token ? { token } : {}) });
  return gh;
}

/** The error a resolve ends with, and how long it took to come. */
async function failure(
  opts: GitHubOptions,
): Promise<{ error: GitHubUnavailableError; ms: number }> {
  const started = Date.now();
  const error: unknown = await createGitHubClient(opts)
    .resolve(REFS)
    .then(
      () => null,
      (e: unknown) => e,
    );
  if (!(error instanceof GitHubUnavailableError))
    throw new Error(`expected GitHubUnavailableError, got ${String(error)}`);
  expect(error.message).not.toContain('\n');
  expect(error.message).not.toContain(TEST_TOKEN);
  return { error, ms: Date.now() - started };
}

describe('server errors', () => {
  it('gives up on a GitHub that only answers 502 within the time bound, saying what it saw', async () => {
    const server = await fake([{ kind: 'status', status: 502 }]);
    const { error, ms } = await failure(optionsFor(server, { timeoutSeconds: 3 }));
    // The third attempt would come after 1 + 4 s, past the bound: not attempted.
    expect(error.message).toMatch(
      /^GitHub did not answer: 502 Bad Gateway from POST \/graphql after 2 attempts \(\d s\)$/,
    );
    expect(server.requests).toHaveLength(2);
    expect(ms).toBeLessThan(5000);
  });

  it('retries a 5xx and then answers', async () => {
    const server = await fake([{ kind: 'status', status: 503, count: 1 }]);
    const result = await createGitHubClient(optionsFor(server)).resolve(REFS);
    expect(result.requests).toBe(2);
    expect(result.results.size).toBe(5);
  });

  it('backs off longer after each 5xx (1 s, then 4 s)', async () => {
    const server = await fake([{ kind: 'status', status: 503, count: 2 }]);
    await createGitHubClient(optionsFor(server)).resolve(REFS);
    const [first, second, third] = server.requests.map((r) => r.startedAt);
    expect(server.requests.map((r) => r.status)).toEqual([503, 503, 200]);
    expect(second! - first!).toBeLessThan(3000);
    expect(third! - second!).toBeGreaterThanOrEqual(3000);
  });

  it('retries a 5xx over REST too and counts the retry', async () => {
    const server = await fake([{ kind: 'status', status: 500, count: 1 }]);
    const result = await createGitHubClient(optionsFor(server, { token: null })).resolve([
      { key: 'acme/engine#13', kindHint: 'issue' },
    ]);
    expect(result.requests).toBe(2);
    expect(result.results.get('acme/engine#13')?.status).toBe('found');
  });

  it('gives up on a GitHub that does not answer at all within the time bound', async () => {
    const server = await fake([{ kind: 'delay', ms: 10_000 }]);
    const { error, ms } = await failure(optionsFor(server, { timeoutSeconds: 1 }));
    expect(error.message).toBe('GitHub did not answer within 1 s (1 request sent)');
    expect(ms).toBeLessThan(3000);
  });

  it('blames a timeout on the request that hangs, mentioning the 5xx before it', async () => {
    const server = await fake([
      { kind: 'status', status: 502, count: 1 },
      { kind: 'delay', ms: 10_000 },
    ]);
    const { error } = await failure(optionsFor(server, { timeoutSeconds: 2 }));
    expect(error.message).toBe(
      'GitHub did not answer within 2 s (2 requests sent; before that 502 Bad Gateway from POST /graphql)',
    );
  });

  it('reports an answer that is not JSON', async () => {
    const server = await fake([{ kind: 'invalid-json' }]);
    const { error } = await failure(optionsFor(server));
    expect(error.message).toBe('GitHub sent an unreadable answer to POST /graphql');
  });

  it('reports a GitHub nobody is listening on, without retrying for long', async () => {
    const port = await closedPort();
    const url = `http://127.0.0.1:${port}`;
    const { error, ms } = await failure(optionsFor({ url, graphqlUrl: `${url}/graphql` }));
    expect(error.message).toMatch(
      /^GitHub could not be reached: .*ECONNREFUSED.* \(POST \/graphql\)$/,
    );
    expect(ms).toBeLessThan(2000);
  });
});

describe('stopping', () => {
  it('sends nothing more once the run has failed', async () => {
    const server = await fake([
      {
        kind: 'status',
        status: 403,
        count: 1,
        body: '{"message":"Resource not accessible by integration"}',
      },
      { kind: 'delay', ms: 300, count: 1 },
    ]);
    const { error } = await failure(optionsFor(server, { chunkSize: 1, concurrency: 2 }));
    expect(error.message).toBe(
      'GitHub refused POST /graphql: 403 Resource not accessible by integration',
    );
    // Once the slow second query is answered on the server's side, nothing may follow it.
    await vi.waitFor(() => expect(server.requests).toHaveLength(2), { timeout: 5000 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(server.requests).toHaveLength(2);
  });
});

describe('GraphQL errors', () => {
  it('fails the run when GitHub rejects the query itself', async () => {
    const server = await fake([
      { kind: 'graphql-errors', errors: [{ message: 'Parse error on "}" (RCURLY) at [3, 1]' }] },
    ]);
    const { error } = await failure(optionsFor(server));
    expect(error.message).toBe(
      'GitHub rejected the query for acme/engine#1 and 4 more: Parse error on "}" (RCURLY) at [3, 1]',
    );
    expect(server.requests).toHaveLength(1);
  });

  it('retries "Something went wrong while executing your query"', async () => {
    const server = await fake([
      {
        kind: 'graphql-errors',
        count: 1,
        errors: [
          { message: 'Something went wrong while executing your query. Please try again later.' },
        ],
      },
    ]);
    const result = await createGitHubClient(optionsFor(server)).resolve(REFS);
    expect(result.requests).toBe(2);
    expect(result.results.size).toBe(5);
  });

  it('gives up on "Something went wrong" within the time bound, arming no retry past it', async () => {
    const server = await fake([
      {
        kind: 'graphql-errors',
        errors: [{ message: 'Something went wrong while executing your query.' }],
      },
    ]);
    const { error, ms } = await failure(optionsFor(server, { timeoutSeconds: 2 }));
    // Attempt 1, then 1 s; the next backoff (4 s) would end after the bound: not armed.
    expect(server.requests).toHaveLength(2);
    expect(ms).toBeLessThan(2000);
    expect(error.message).toMatch(/Something went wrong while executing your query/);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(server.requests).toHaveLength(2);
  });
});

describe('rate limits', () => {
  it.each([429, 403] as const)(
    'waits out a secondary limit (%i with retry-after: 1) and answers',
    async (status) => {
      const server = await fake([
        { kind: 'status', status, count: 1, headers: { 'retry-after': '1' } },
      ]);
      const result = await createGitHubClient(optionsFor(server)).resolve(REFS);
      expect(server.requests.map((r) => r.status)).toEqual([status, 200]);
      const [limited, retried] = server.requests;
      expect(retried!.startedAt - limited!.endedAt).toBeGreaterThanOrEqual(900);
      expect(result.requests).toBe(2);
      expect(result.results.size).toBe(5);
    },
  );

  it.each([
    ['seconds', () => '1'],
    ['an HTTP date', () => new Date(Date.now() + 1500).toUTCString()],
  ])(
    "honours retry-after (%s) on a 429 without GitHub's wording (a proxy)",
    async (_, retryAfter) => {
      const server = await fake([
        {
          kind: 'status',
          status: 429,
          count: 1,
          body: '{"message":"Too Many Requests"}',
          headers: { 'retry-after': retryAfter() },
        },
      ]);
      const result = await createGitHubClient(optionsFor(server)).resolve(REFS);
      expect(server.requests.map((r) => r.status)).toEqual([429, 200]);
      const [limited, retried] = server.requests;
      expect(retried!.startedAt - limited!.endedAt).toBeGreaterThanOrEqual(900);
      expect(result.requests).toBe(2);
      expect(result.results.size).toBe(5);
    },
  );

  it('honours retry-after on a plain 429 over REST too', async () => {
    const server = await fake([
      { kind: 'status', status: 429, count: 1, body: 'slow down', headers: { 'retry-after': '1' } },
    ]);
    const result = await createGitHubClient(optionsFor(server, { token: null })).resolve([
      { key: 'acme/engine#13', kindHint: 'issue' },
    ]);
    expect(server.requests.map((r) => r.status)).toEqual([429, 200]);
    expect(result.results.get('acme/engine#13')?.status).toBe('found');
  });

  it("gives up at once, saying until when, when a plain 429's retry-after ends past the bound", async () => {
    const server = await fake([
      {
        kind: 'status',
        status: 429,
        body: '{"message":"Too Many Requests"}',
        headers: { 'retry-after': '120' },
      },
    ]);
    const started = Date.now();
    const { error, ms } = await failure(optionsFor(server, { timeoutSeconds: 5 }));
    const ended = Date.now();
    // Two minutes from when the 429 came (either side of a minute boundary):
    // some instant between this test's start and end, not failure()'s own.
    const hhmm = [started, ended].map((t) => new Date(t + 120_000).toISOString().slice(11, 16));
    expect(hhmm.map((t) => `GitHub rate limit exhausted until ${t} UTC`)).toContain(error.message);
    expect(server.requests).toHaveLength(1);
    expect(ms).toBeLessThan(1000);
  });

  it('stops waiting out a plain 429 after three waits', async () => {
    const server = await fake([
      {
        kind: 'status',
        status: 429,
        body: '{"message":"Too Many Requests"}',
        headers: { 'retry-after': '0' },
      },
    ]);
    const { error } = await failure(optionsFor(server));
    expect(server.requests).toHaveLength(4);
    expect(error.message).toMatch(/^GitHub rate limit exhausted/);
  });

  it('gives up at once when the primary limit resets after the time bound', async () => {
    const reset = Math.floor(Date.now() / 1000) + 3600;
    const server = await fake([
      {
        kind: 'status',
        status: 403,
        headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
        body: '{"message":"API rate limit exceeded for 127.0.0.1."}',
      },
    ]);
    const { error, ms } = await failure(optionsFor(server, { token: null }));
    // The reset (plus a second of margin) may round into the next minute: either is right.
    const hhmm = [0, 1000, 60_000].map((d) =>
      new Date(reset * 1000 + d).toISOString().slice(11, 16),
    );
    expect(
      hhmm.map(
        (t) =>
          `GitHub rate limit exhausted until ${t} UTC (unauthenticated requests get 60 an hour; set GH_TOKEN for 5,000)`,
      ),
    ).toContain(error.message);
    expect(ms).toBeLessThan(2000);
  });

  it('gives up on a GraphQL RATE_LIMITED answer that resets after the time bound', async () => {
    const server = await fake([{ kind: 'rate-limited-graphql', resetInSeconds: 3600 }]);
    const { error } = await failure(optionsFor(server, { timeoutSeconds: 10 }));
    expect(error.message).toMatch(/^GitHub rate limit exhausted until \d\d:\d\d UTC$/);
  });

  it('reads a RATE_LIMITED answer itself where plugin-throttling does not look (Enterprise /api/graphql)', async () => {
    const server = await fake([{ kind: 'rate-limited-graphql', resetInSeconds: 3600 }]);
    const { error } = await failure(
      optionsFor(server, { apiUrl: `${server.url}/api/v3`, graphqlUrl: null }),
    );
    expect(server.requests.map((r) => r.path)).toEqual(['/api/graphql']);
    expect(error.message).toMatch(/^GitHub rate limit exhausted until \d\d:\d\d UTC$/);
  });

  it('waits for a GraphQL RATE_LIMITED answer that resets within the time bound', async () => {
    const server = await fake([{ kind: 'rate-limited-graphql', resetInSeconds: 1, count: 1 }]);
    const result = await createGitHubClient(optionsFor(server)).resolve(REFS);
    expect(result.requests).toBe(2);
    expect(result.results.size).toBe(5);
  });
});

describe('authentication', () => {
  it('says the token was rejected, without its value', async () => {
    const server = await fake([], 'ghp_theRightOne');
    const { error } = await failure(optionsFor(server));
    expect(error.message).toBe('GitHub rejected the token (401 Bad credentials); check GH_TOKEN');
    expect(error.status).toBe(401);
    expect(server.requests).toHaveLength(1);
  });

  it('does not mangle messages for a token too short to be real', async () => {
    const server = await fake([{ kind: 'status', status: 502 }]);
    const { error } = await failure(optionsFor(server, { token: 't', timeoutSeconds: 2 }));
    expect(error.message).toMatch(/^GitHub did not answer: 502 Bad Gateway/);
  });

  it('asks for a token when GitHub wants one and none was given', async () => {
    const server = await fake([], 'ghp_theRightOne');
    const { error } = await failure(optionsFor(server, { token: null }));
    expect(error.message).toBe('GitHub wants authentication (401 Bad credentials); set GH_TOKEN');
  });

  it('scrubs the token from anything GitHub echoes back', async () => {
    const body = JSON.stringify({
      message: `Forbidden: token ${TEST_TOKEN} lacks SSO authorization`,
    });
    const server = await fake([{ kind: 'status', status: 403, body }]);
    const { error } = await failure(optionsFor(server));
    expect(error.message).toBe(
      'GitHub refused POST /graphql: 403 Forbidden: token [REDACTED] lacks SSO authorization',
    );
  });
});

/** A loopback port with nothing listening on it. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
