import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GitHubClient } from '../../src/github/client.js';
import {
  answeringImpossibleNumbers,
  createGitHubClient,
  graphqlUrlFor,
  replayClient,
} from '../../src/github/index.js';
import { formatSnapshot } from '../../src/github/snapshot.js';
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
    // The fake never logs headers, so it is a server of our own that looks at them.
    const seen: Record<string, string | string[] | undefined>[] = [];
    const strict = await startFakeGitHub({ repos: SAMPLE_REPOS, token: TEST_TOKEN });
    const peek = http.createServer((req, res) => {
      seen.push(req.headers);
      const upstream = http.request(
        new URL(req.url ?? '/', strict.url),
        { method: req.method, headers: req.headers },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      req.pipe(upstream);
    });
    await new Promise<void>((resolve) => peek.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(peek.address() as AddressInfo).port}`;
    try {
      const client = createGitHubClient(
        optionsFor({ url, graphqlUrl: `${url}/graphql` }, { userAgent: 'upstream-status/9.9' }),
      );
      const { results } = await client.resolve(SAMPLE_REFS.slice(0, 1));
      expect(results.get(SAMPLE_REFS[0]!.key)?.status).toBe('found');
    } finally {
      peek.closeAllConnections();
      await new Promise((resolve) => peek.close(resolve));
      await strict.close();
    }
    expect(seen).toHaveLength(1);
    expect(seen[0]?.['authorization']).toBe(`token ${TEST_TOKEN}`);
    expect(seen[0]?.['user-agent']).toMatch(/^upstream-status\/9\.9 /);
    // Compressed answers are asked for, as fetch asks for them.
    expect(seen[0]?.['accept-encoding']).toBe('gzip, deflate, br');
  });
});

describe('ref numbers no issue or pull request can have', () => {
  let gh: FakeGitHub;
  beforeAll(async () => {
    gh = await startFakeGitHub({ repos: SAMPLE_REPOS });
  });
  afterAll(() => gh.close());
  beforeEach(() => gh.reset());

  const IMPOSSIBLE = [
    { key: 'acme/engine#2147483648', kindHint: null },
    { key: 'acme/engine#9999999999', kindHint: 'pr' as const },
    { key: 'acme/engine#1e+21', kindHint: null },
  ];

  it('answers them not-found without asking, and asks for the rest in the same batch (GraphQL)', async () => {
    const refs = [...SAMPLE_REFS.slice(0, 3), ...IMPOSSIBLE];
    const { results, requests } = await createGitHubClient(optionsFor(gh)).resolve(refs);
    expect(requests).toBe(1);
    expect(gh.requests.map((r) => r.body ?? '').join()).not.toMatch(/2147483648|9999999999|1e\+21/);
    for (const ref of SAMPLE_REFS.slice(0, 3)) expect(results.get(ref.key)?.status).toBe('found');
    expect(results.get('acme/engine#9999999999')).toEqual({
      status: 'not-found',
      message: 'no GitHub issue or pull request can have number 9999999999',
    });
    expect(results.get('acme/engine#2147483648')?.status).toBe('not-found');
    expect(results.get('acme/engine#1e+21')?.status).toBe('not-found');
  });

  it('keeps 2147483647 itself for GitHub to answer', async () => {
    const { results } = await createGitHubClient(optionsFor(gh)).resolve([
      { key: 'acme/engine#2147483647', kindHint: null },
    ]);
    expect(gh.requests).toHaveLength(1);
    expect(results.get('acme/engine#2147483647')).toMatchObject({ status: 'not-found' });
    expect(results.get('acme/engine#2147483647')).not.toMatchObject({
      message: expect.stringContaining('can have number'),
    });
  });

  it('does the same over REST', async () => {
    const { results } = await createGitHubClient(optionsFor(gh, { token: null })).resolve([
      { key: 'acme/engine#13', kindHint: null },
      ...IMPOSSIBLE,
    ]);
    expect(gh.requests.map((r) => r.path)).toEqual(['/repos/acme/engine/issues/13']);
    expect(results.get('acme/engine#13')?.status).toBe('found');
    expect(results.get('acme/engine#9999999999')?.status).toBe('not-found');
  });

  it('does not call the client at all when every ref is impossible', async () => {
    const inner: GitHubClient = { resolve: vi.fn() };
    const result = await answeringImpossibleNumbers(inner).resolve(IMPOSSIBLE);
    expect(inner.resolve).not.toHaveBeenCalled();
    expect([...result.results.keys()]).toEqual(IMPOSSIBLE.map((r) => r.key));
    expect(result.requests).toBe(0);
  });

  it('answers them in a replay too, even when the snapshot predates the rule', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'upstream-status-impossible-'));
    try {
      const file = join(dir, 'snap.json');
      const live = await createGitHubClient(optionsFor(gh)).resolve(SAMPLE_REFS.slice(0, 1));
      await writeFile(file, formatSnapshot(live.results));
      const replay = await replayClient(file);
      const { results } = await replay.resolve([SAMPLE_REFS[0]!, ...IMPOSSIBLE]);
      expect(results.get(SAMPLE_REFS[0]!.key)?.status).toBe('found');
      expect(results.get('acme/engine#9999999999')?.status).toBe('not-found');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
