import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubClient, graphqlUrlFor } from '../../src/github/index.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { optionsFor, SAMPLE_REFS, SAMPLE_REPOS, TEST_TOKEN } from './sample-repos.js';

describe('graphqlUrlFor', () => {
  it.each([
    ['https://api.github.com', 'https://api.github.com/graphql'],
    ['https://api.github.com/', 'https://api.github.com/graphql'],
    ['https://ghe.example.com/api/v3', 'https://ghe.example.com/api/graphql'],
    ['https://ghe.example.com/api/v3/', 'https://ghe.example.com/api/graphql'],
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/graphql'],
  ])('%s → %s', (apiUrl, expected) => {
    expect(graphqlUrlFor(apiUrl)).toBe(expected);
  });
});

describe('createGitHubClient', () => {
  let gh: FakeGitHub;
  beforeAll(async () => {
    gh = await startFakeGitHub({ repos: SAMPLE_REPOS });
  });
  afterAll(() => gh.close());
  beforeEach(() => gh.reset());

  it('uses GraphQL with a token, at the URL derived from the API URL when none is given', async () => {
    await createGitHubClient(optionsFor(gh, { graphqlUrl: null })).resolve(SAMPLE_REFS.slice(0, 3));
    expect(gh.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['POST /graphql']);
  });

  it('derives GitHub Enterprise Server URLs from an /api/v3 API URL', async () => {
    const apiUrl = `${gh.url}/api/v3`;
    const opts = { ...optionsFor(gh), apiUrl, graphqlUrl: null };
    const viaGraphql = await createGitHubClient(opts).resolve(SAMPLE_REFS.slice(0, 2));
    const viaRest = await createGitHubClient({ ...opts, token: null }).resolve([
      { key: 'acme/engine#13', kindHint: null },
    ]);
    expect(gh.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /api/graphql',
      'GET /api/v3/repos/acme/engine/issues/13',
    ]);
    expect(viaGraphql.results.size).toBe(2);
    expect(viaRest.results.get('acme/engine#13')?.status).toBe('found');
  });

  it('uses REST without a token', async () => {
    await createGitHubClient(optionsFor(gh, { token: null })).resolve([
      { key: 'acme/engine#13', kindHint: null },
    ]);
    expect(gh.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      'GET /repos/acme/engine/issues/13',
    ]);
  });

  it('sends the token as authorization and the user agent given', async () => {
    const strict = await startFakeGitHub({ repos: SAMPLE_REPOS, token: TEST_TOKEN });
    const seen = new Headers();
    // The fake never logs headers, so look at them on the wire instead.
    const original = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      new Headers(init?.headers).forEach((value, name) => seen.set(name, value));
      return original(input, init);
    };
    try {
      const client = createGitHubClient(optionsFor(strict, { userAgent: 'upstream-status/9.9' }));
      const { results } = await client.resolve(SAMPLE_REFS.slice(0, 1));
      expect(results.get(SAMPLE_REFS[0]!.key)?.status).toBe('found');
    } finally {
      globalThis.fetch = original;
      await strict.close();
    }
    expect(seen.get('authorization')).toBe(`token ${TEST_TOKEN}`);
    expect(seen.get('user-agent')).toMatch(/^upstream-status\/9\.9 /);
  });
});
