/**
 * The token never comes back out: not when it was written with a trailing
 * newline, not in GitHub's NOT_FOUND messages, not in anything else read
 * from an answer.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { GitHubUnavailableError } from '../../src/github/client.js';
import { createGitHubClient } from '../../src/github/index.js';
import { GitHubSession, retryAfterSeconds } from '../../src/github/octokit.js';
import { tokenFromEnv } from '../../src/commands/shared.js';
import type { LiveState } from '../../src/model.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { optionsFor, SAMPLE_REFS, SAMPLE_REPOS, TEST_TOKEN } from './sample-repos.js';

let gh: FakeGitHub | null = null;
afterEach(async () => {
  await gh?.close();
  gh = null;
});

const session = (token: string | null): GitHubSession =>
  new GitHubSession({ token, apiUrl: 'http://127.0.0.1:9', timeoutSeconds: 1 });

describe('tokenFromEnv', () => {
  it.each([
    [{ GH_TOKEN: `${TEST_TOKEN}\n` }, TEST_TOKEN],
    [{ GH_TOKEN: `${TEST_TOKEN}\r\n` }, TEST_TOKEN],
    [{ GH_TOKEN: `\t${TEST_TOKEN}\t` }, TEST_TOKEN],
    [{ GH_TOKEN: ' \n', GITHUB_TOKEN: `${TEST_TOKEN}\n` }, TEST_TOKEN],
    [{ GH_TOKEN: 'a', GITHUB_TOKEN: 'b' }, 'a'],
    [{ GH_TOKEN: '\r\n' }, null],
    [{}, null],
  ])('%j → %j', (env, expected) => {
    expect(tokenFromEnv(env)).toBe(expected);
  });
});

describe('GitHubSession.scrub', () => {
  it.each([`${TEST_TOKEN}\n`, `${TEST_TOKEN}\r\n`, `${TEST_TOKEN}\t`, ` ${TEST_TOKEN}`])(
    'finds the token as sent (trimmed) when it was given as %j',
    (given) => {
      expect(session(given).scrub(`Authorization: token ${TEST_TOKEN}\r\nx`)).toBe(
        'Authorization: token [REDACTED]\r\nx',
      );
    },
  );

  it('scrubs every string of a resolution', () => {
    const s = session(TEST_TOKEN);
    expect(
      s.scrubResolution({ status: 'not-found', message: `Could not resolve (${TEST_TOKEN})` }),
    ).toEqual({ status: 'not-found', message: 'Could not resolve ([REDACTED])' });
    const live: LiveState = {
      kind: 'pr',
      state: 'OPEN',
      title: `leak ${TEST_TOKEN}`,
      url: `https://github.com/o/x/pull/1?t=${TEST_TOKEN}`,
      closedAt: null,
      author: 'alice',
      mergedAt: null,
      mergeCommit: null,
      stateReason: null,
      reviewDecision: null,
    };
    expect(s.scrubResolution({ status: 'found', live })).toEqual({
      status: 'found',
      live: {
        ...live,
        title: 'leak [REDACTED]',
        url: 'https://github.com/o/x/pull/1?t=[REDACTED]',
      },
    });
  });
});

describe('through the clients', () => {
  it.each([`${TEST_TOKEN}\n`, `${TEST_TOKEN}\r\n`, `${TEST_TOKEN}\t`])(
    'sends a token given as %j trimmed, and scrubs it from an error echoing the header',
    async (given) => {
      gh = await startFakeGitHub({
        repos: SAMPLE_REPOS,
        token: TEST_TOKEN,
        faults: [{ kind: 'echo-auth', status: 403, count: 1 }],
      });
      const error: unknown = await createGitHubClient(optionsFor(gh, { token: given }))
        .resolve(SAMPLE_REFS.slice(0, 2))
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(GitHubUnavailableError);
      expect((error as Error).message).toContain('[REDACTED]');
      expect((error as Error).message).not.toContain(TEST_TOKEN);
      // Accepted once trimmed: the next run gets through.
      const { results } = await createGitHubClient(optionsFor(gh, { token: given })).resolve(
        SAMPLE_REFS.slice(0, 2),
      );
      expect(results.get(SAMPLE_REFS[0]!.key)?.status).toBe('found');
    },
  );

  it('scrubs a GraphQL NOT_FOUND message that quotes the token', async () => {
    const body = JSON.stringify({
      data: { r0: null, rateLimit: { cost: 1, remaining: 4999, resetAt: '2026-08-20T00:00:00Z' } },
      errors: [
        {
          type: 'NOT_FOUND',
          path: ['r0'],
          message: `Could not resolve to a Repository (Authorization: token ${TEST_TOKEN})`,
        },
      ],
    });
    gh = await startFakeGitHub({
      repos: SAMPLE_REPOS,
      faults: [{ kind: 'raw', status: 200, body }],
    });
    const { results } = await createGitHubClient(optionsFor(gh)).resolve(SAMPLE_REFS.slice(0, 2));
    expect(results.get(SAMPLE_REFS[0]!.key)).toEqual({
      status: 'not-found',
      message: 'Could not resolve to a Repository (Authorization: token [REDACTED])',
    });
  });

  it.each([TEST_TOKEN, null])(
    'scrubs what an answer says about a ref (token %s)',
    async (token) => {
      gh = await startFakeGitHub({
        repos: {
          'acme/engine': { prs: [{ number: 1, state: 'OPEN', title: `oops ${TEST_TOKEN}` }] },
        },
      });
      // Without a token there is nothing to scrub: REST answers as it is.
      const { results } = await createGitHubClient(optionsFor(gh, { token })).resolve([
        { key: 'acme/engine#1', kindHint: 'pr' },
      ]);
      const found = results.get('acme/engine#1');
      expect(found?.status === 'found' && found.live.title).toBe(
        token === null ? `oops ${TEST_TOKEN}` : 'oops [REDACTED]',
      );
    },
  );
});

describe('retryAfterSeconds', () => {
  const now = Date.parse('2026-08-20T12:00:00Z');
  it.each([
    ['1', 1],
    [' 30 ', 30],
    [['2'], 2],
    ['Thu, 20 Aug 2026 12:00:05 GMT', 5],
    ['Thu, 20 Aug 2026 11:00:00 GMT', 0],
    ['soon', null],
    [undefined, null],
  ])('%j → %j', (value, expected) => {
    expect(retryAfterSeconds(value, now)).toBe(expected);
  });
});
