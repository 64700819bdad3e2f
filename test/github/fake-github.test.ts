/**
 * The fake must answer like GitHub, or the client tests prove nothing: these
 * pin its schema validation, its error shapes and its REST answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBatchQuery } from '../../src/github/graphql.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';

const TOKEN = 'ghp_faketoken000000000000000000000000000';
let gh: FakeGitHub;

beforeAll(async () => {
  gh = await startFakeGitHub({
    repos: {
      'Acme/Engine': {
        prs: [
          {
            number: 1,
            state: 'MERGED',
            title: 'Fix rows',
            author: 'alice',
            mergeCommit: 'a'.repeat(40),
          },
          { number: 2, state: 'OPEN', isDraft: true },
        ],
        issues: [{ number: 3, state: 'CLOSED', stateReason: 'NOT_PLANNED' }],
      },
    },
  });
});
afterAll(() => gh.close());

async function graphql(
  query: string,
  token: string | null = TOKEN,
): Promise<{ status: number; body: unknown }> {
  const response = await fetch(gh.graphqlUrl, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `bearer ${token}` } : {}),
    },
    body: JSON.stringify({ query }),
  });
  return { status: response.status, body: await response.json() };
}

describe('fake GitHub GraphQL', () => {
  it('rejects a query GitHub would reject: un-aliased `state` on both PullRequest and Issue', async () => {
    const { status, body } = await graphql(
      '{ repository(owner: "acme", name: "engine") { issueOrPullRequest(number: 1) { ... on PullRequest { state } ... on Issue { state } } } }',
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({
      errors: [{ message: expect.stringContaining('"state" conflict') as unknown }],
    });
    expect(body).not.toHaveProperty('data');
  });

  it('rejects a field that does not exist in the schema', async () => {
    const { body } = await graphql(
      '{ repository(owner: "acme", name: "engine") { pullRequestCount } }',
    );
    expect(body).toEqual({
      errors: [
        {
          message:
            'Cannot query field "pullRequestCount" on type "Repository". Did you mean "pullRequest" or "pullRequests"?',
          locations: [{ line: 1, column: 47 }],
        },
      ],
    });
  });

  it('answers the batch query, case-insensitively, with NOT_FOUND errors shaped like GitHub’s', async () => {
    const { query } = buildBatchQuery([
      'acme/engine#1',
      'acme/engine#2',
      'acme/engine#3',
      'acme/engine#9',
      'acme/none#1',
    ]);
    const { status, body } = await graphql(query);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      data: {
        r0: {
          i1: {
            __typename: 'PullRequest',
            title: 'Fix rows',
            url: 'https://github.com/Acme/Engine/pull/1',
            prState: 'MERGED',
            merged: true,
            mergeCommit: { oid: 'a'.repeat(40) },
            author: { login: 'alice' },
          },
          i2: { __typename: 'PullRequest', prState: 'OPEN', isDraft: true, mergeCommit: null },
          i3: { __typename: 'Issue', issueState: 'CLOSED', stateReason: 'NOT_PLANNED' },
          i9: null,
        },
        r1: null,
        rateLimit: { cost: 1 },
      },
      errors: [
        {
          type: 'NOT_FOUND',
          path: ['r0', 'i9'],
          locations: [{ line: 6, column: 5 }],
          message: 'Could not resolve to an issue or pull request with the number of 9.',
        },
        {
          type: 'NOT_FOUND',
          path: ['r1'],
          locations: [{ line: 8, column: 3 }],
          message: "Could not resolve to a Repository with the name 'acme/none'.",
        },
      ],
    });
  });

  it('answers 401 without a token, as GraphQL always needs one', async () => {
    const { status, body } = await graphql('{ rateLimit { cost } }', null);
    expect(status).toBe(401);
    expect(body).toMatchObject({ message: 'This endpoint requires you to be authenticated.' });
  });
});

describe('fake GitHub REST', () => {
  const get = async (path: string) => {
    const response = await fetch(`${gh.url}${path}`);
    return {
      status: response.status,
      headers: response.headers,
      body: (await response.json()) as unknown,
    };
  };

  it('serves a PR through /issues with a pull_request field and through /pulls', async () => {
    const issue = await get('/repos/acme/engine/issues/1');
    expect(issue.status).toBe(200);
    expect(issue.body).toMatchObject({
      number: 1,
      state: 'closed',
      html_url: 'https://github.com/Acme/Engine/pull/1',
      pull_request: { merged_at: '2026-07-09T12:00:00Z' },
    });
    expect(issue.headers.get('x-ratelimit-limit')).toBe('60');
    const pull = await get('/repos/acme/engine/pulls/1');
    expect(pull.body).toMatchObject({
      merged: true,
      merge_commit_sha: 'a'.repeat(40),
      user: { login: 'alice' },
    });
  });

  it('answers 404 like GitHub for an issue asked as a pull, and for missing things', async () => {
    const expected = {
      status: 404,
      body: expect.objectContaining({ message: 'Not Found' }) as unknown,
    };
    expect(await get('/repos/acme/engine/pulls/3')).toMatchObject(expected);
    expect(await get('/repos/acme/engine/issues/99')).toMatchObject(expected);
    expect(await get('/repos/acme/nothing/issues/1')).toMatchObject(expected);
    expect((await get('/repos/acme/engine/issues/3')).body).toMatchObject({
      state_reason: 'not_planned',
    });
  });

  it('logs requests with their bodies but never their headers', async () => {
    gh.reset();
    await graphql('{ rateLimit { cost } }');
    expect(gh.requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: '/graphql',
        status: 200,
        body: '{"query":"{ rateLimit { cost } }"}',
      }),
    ]);
    expect(JSON.stringify(gh.requests)).not.toContain(TOKEN);
  });
});

describe('fake GitHub faults and token', () => {
  it('applies a fault to the first N matching requests only, and checks a configured token', async () => {
    const strict = await startFakeGitHub({
      repos: { 'a/b': { issues: [{ number: 1, state: 'OPEN' }] } },
      token: TOKEN,
      faults: [{ kind: 'status', status: 503, count: 1, match: 'rest' }],
    });
    try {
      const ask = (token: string) =>
        fetch(`${strict.url}/repos/a/b/issues/1`, {
          headers: { authorization: `token ${token}` },
        }).then((r) => r.status);
      expect(await ask('wrong')).toBe(401);
      expect(await ask(TOKEN)).toBe(503);
      expect(await ask(TOKEN)).toBe(200);
    } finally {
      await strict.close();
    }
  });
});
