/**
 * Failing fast when GitHub cannot be reached at all (issue 12: the pre-rebase
 * hook waited ~14 s of retries before letting the rebase go on). Counted in
 * attempts, never in time: an unknown host, a refused or blocked port, no
 * route, a bad certificate → one attempt; a resolver that says "try again"
 * or a connect timeout → two; anything else keeps the usual retries.
 */
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest';
import { GitHubUnavailableError } from '../../src/github/client.js';
import { connectFailure } from '../../src/github/connect-failure.js';
import { transport } from '../../src/github/http-fetch.js';
import { createGitHubClient } from '../../src/github/index.js';
import { optionsFor, SAMPLE_REFS } from './sample-repos.js';

const REFS = SAMPLE_REFS.slice(0, 5);

// Every HTTP exchange goes through transport.exchange: counted here, and made to fail at will.
let exchange: MockInstance<typeof transport.exchange>;
beforeEach(() => {
  exchange = vi.spyOn(transport, 'exchange');
});
afterEach(() => {
  vi.restoreAllMocks();
});

/** What a failed connection is thrown as: TypeError("fetch failed") around the socket's error. */
function fetchFailed(code: string | null, message = `connect ${code ?? ''} 192.0.2.1:443`): Error {
  const cause = Object.assign(new Error(message), code === null ? {} : { code });
  return new TypeError('fetch failed', { cause });
}

/** Resolve against `url`; how many requests were attempted and what the run ended with. */
async function attempts(url: string): Promise<{ calls: number; error: GitHubUnavailableError }> {
  const error: unknown = await createGitHubClient(optionsFor({ url, graphqlUrl: `${url}/graphql` }))
    .resolve(REFS)
    .then(
      () => null,
      (e: unknown) => e,
    );
  if (!(error instanceof GitHubUnavailableError))
    throw new Error(`expected exit 3, got ${String(error)}`);
  return { calls: exchange.mock.calls.length, error };
}

/** The same, with fetch failing every time as `failure` says. */
async function attemptsWith(
  failure: Error,
): Promise<{ calls: number; error: GitHubUnavailableError }> {
  exchange.mockImplementation(() => Promise.reject(failure));
  const error: unknown = await createGitHubClient(
    optionsFor({ url: 'https://api.github.test', graphqlUrl: 'https://api.github.test/graphql' }),
  )
    .resolve(REFS)
    .then(
      () => null,
      (e: unknown) => e,
    );
  if (!(error instanceof GitHubUnavailableError))
    throw new Error(`expected exit 3, got ${String(error)}`);
  return { calls: exchange.mock.calls.length, error };
}

describe('a GitHub that cannot be reached', () => {
  it('gives up on a port nobody listens on after one attempt', async () => {
    // It used to be retried three times.
    const { calls, error } = await attempts('http://127.0.0.1:1');
    expect(calls).toBe(1);
    expect(error.message).toBe(
      'GitHub could not be reached: connect ECONNREFUSED 127.0.0.1:1 (POST /graphql)',
    );
  });

  it('gives up on a host that cannot resolve (RFC 6761 .invalid) after at most one retry', async () => {
    const { calls, error } = await attempts('http://api.upstream-status.invalid');
    // ENOTFOUND where a resolver answers; EAI_AGAIN (one retry) where none is reachable.
    expect(calls).toBeLessThanOrEqual(2);
    expect(error.message).toMatch(/^GitHub could not be reached: .*(ENOTFOUND|EAI_AGAIN)/);
  });

  it.each([
    ['no such host', 'ENOTFOUND'],
    ['a refused connection', 'ECONNREFUSED'],
    ['no route to the host', 'EHOSTUNREACH'],
    ['no route to the network', 'ENETUNREACH'],
    ['an expired certificate', 'CERT_HAS_EXPIRED'],
    ['a certificate for another name', 'ERR_TLS_CERT_ALTNAME_INVALID'],
  ])('does not retry %s (%s)', async (_name, code) => {
    const { calls, error } = await attemptsWith(fetchFailed(code));
    expect(calls).toBe(1);
    expect(error.message).toBe(
      `GitHub could not be reached: connect ${code} 192.0.2.1:443 (POST /graphql)`,
    );
  });

  it.each([
    ['a resolver that says try again', 'EAI_AGAIN'],
    ['a connection attempt that timed out', 'ETIMEDOUT'],
    ['a connection attempt that timed out (undici)', 'UND_ERR_CONNECT_TIMEOUT'],
  ])('retries %s once (%s)', async (_name, code) => {
    const { calls, error } = await attemptsWith(fetchFailed(code));
    expect(calls).toBe(2);
    expect(error.message).toMatch(/\(POST \/graphql\) after 2 attempts$/);
  });

  it('reads every address a connection tried (IPv6, then IPv4)', () => {
    const both = new AggregateError([
      Object.assign(new Error('connect ECONNREFUSED ::1:443'), { code: 'ECONNREFUSED' }),
      Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:443'), { code: 'ECONNREFUSED' }),
    ]);
    expect(connectFailure(new TypeError('fetch failed', { cause: both }))).toBe('unreachable');
  });

  it('leaves failures that a retry can fix to the usual retries', () => {
    expect(connectFailure(fetchFailed('ECONNRESET', 'read ECONNRESET'))).toBeNull();
    expect(connectFailure(fetchFailed(null, 'other side closed'))).toBeNull();
    expect(connectFailure(new Error('no cause'))).toBeNull();
  });
});
