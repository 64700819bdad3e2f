import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildDatesQuery,
  dateKey,
  DATES_PER_QUERY,
  fetchCommitDates,
  readDatesAnswer,
  type DateRequest,
} from '../../src/github/base-dates.js';
import { GitHubUnavailableError } from '../../src/github/client.js';
import { GitHubSession } from '../../src/github/octokit.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';

const TOKEN = 'ghp_basedates00000000000000000000000000000';
const sha = (c: string) => c.repeat(40);
const JAN = Date.parse('2026-01-01T00:00:00Z');
const MAR = Date.parse('2026-03-01T00:00:00Z');

let gh: FakeGitHub;
beforeAll(async () => {
  gh = await startFakeGitHub({
    repos: {
      'Acme/Engine': {
        commits: [
          { sha: sha('a'), parents: [], date: '2026-01-01T00:00:00Z' },
          { sha: sha('b'), parents: [sha('a')], date: '2026-03-01T00:00:00Z' },
        ],
        refs: { main: sha('b'), 'release/v1': sha('a'), v1: sha('a'), 'v1-annotated': sha('b') },
        annotatedTags: ['v1-annotated'],
      },
    },
  });
});
afterAll(() => gh.close());

async function dates(requests: DateRequest[], concurrency = 2) {
  const session = new GitHubSession({ token: TOKEN, apiUrl: gh.url, timeoutSeconds: 10 });
  const out = await session.run((octokit) =>
    fetchCommitDates(octokit, session, gh.graphqlUrl, requests, concurrency),
  );
  return { out, requests: session.requests };
}

describe('date query (GraphQL, validated against GitHub schema by the fake)', () => {
  it('dates a tag, an annotated tag, a branch with a slash, a short and a full sha', async () => {
    gh.reset();
    const revs = ['v1', 'v1-annotated', 'release/v1', 'main', 'bbbbbbbbbbbb', sha('a')];
    const { out, requests } = await dates(revs.map((rev) => ({ repo: 'acme/engine', rev })));
    expect(requests).toBe(1);
    expect(gh.requests.map((r) => [r.path, r.status])).toEqual([['/graphql', 200]]);
    expect(revs.map((rev) => out.get(dateKey('acme/engine', rev)))).toEqual([
      JAN,
      MAR,
      JAN,
      MAR,
      MAR,
      JAN,
    ]);
  });

  it('the fake peels REF^{commit} as rev-parse does, and gives an annotated tag its Tag', async () => {
    const query =
      'query { r0: repository(owner: "acme", name: "engine") { a: object(expression: "v1-annotated^{commit}") { __typename ... on Commit { committedDate } } b: object(expression: "v1-annotated") { __typename ... on Tag { target { oid } } } c: object(expression: "bbbbbbb^{commit}") { oid } } }';
    const response = await fetch(gh.graphqlUrl, {
      method: 'POST',
      headers: { authorization: `bearer ${TOKEN}` },
      body: JSON.stringify({ query }),
    });
    expect(await response.json()).toEqual({
      data: {
        r0: {
          a: { __typename: 'Commit', committedDate: '2026-03-01T00:00:00Z' },
          b: { __typename: 'Tag', target: { oid: sha('b') } },
          c: { oid: sha('b') },
        },
      },
    });
  });

  it('leaves unknown revisions, unknown repositories and a wrong oid undated', async () => {
    const { out } = await dates([
      { repo: 'acme/engine', rev: 'nope' },
      { repo: 'acme/engine', rev: 'v1:README.md' },
      { repo: 'acme/missing', rev: 'v1' },
      // A merge commit is only dated by its own oid.
      { repo: 'acme/engine', rev: 'main', expectOid: sha('a') },
      { repo: 'acme/engine', rev: sha('a'), expectOid: sha('a') },
    ]);
    expect([...out.entries()]).toEqual([
      ['acme/engine@nope', null],
      ['acme/engine@v1:README.md', null],
      ['acme/missing@v1', null],
      ['acme/engine@main', null],
      [`acme/engine@${sha('a')}`, JAN],
    ]);
  });

  it(`asks ${DATES_PER_QUERY} revisions per query`, async () => {
    gh.reset();
    const many = Array.from({ length: DATES_PER_QUERY + 1 }, (_, i) => ({
      repo: 'acme/engine',
      rev: i === 0 ? 'v1' : `missing-${i}`,
    }));
    const { out, requests } = await dates(many);
    expect(requests).toBe(2);
    expect(out.size).toBe(DATES_PER_QUERY + 1);
    expect(out.get('acme/engine@v1')).toBe(JAN);
  });

  it('a rejected query leaves everything undated; a rate limit is an error', async () => {
    gh.setFaults([
      { kind: 'graphql-errors', errors: [{ message: 'Parse error on "x"' }], count: 1 },
    ]);
    const { out } = await dates([{ repo: 'acme/engine', rev: 'v1' }]);
    expect(out.get('acme/engine@v1')).toBeNull();
    gh.setFaults([{ kind: 'rate-limited-graphql', count: 1 }]);
    await expect(dates([{ repo: 'acme/engine', rev: 'v1' }])).rejects.toBeInstanceOf(
      GitHubUnavailableError,
    );
    gh.setFaults([]);
  });
});

describe('buildDatesQuery / readDatesAnswer (pure)', () => {
  it('groups by repository, escapes names, and reads a Tag through its target', () => {
    const batch = buildDatesQuery([
      { repo: 'o/r', rev: 'v1' },
      { repo: 'x/y', rev: 'a "quoted" ref' },
      { repo: 'O/R', rev: 'v1' },
      { repo: 'o/r', rev: sha('c'), expectOid: sha('c') },
    ]);
    expect(batch.query).toContain('r0: repository(owner: "o", name: "r")');
    expect(batch.query).toContain('d1: object(expression: "a \\"quoted\\" ref") { ...dated }');
    expect(batch.slots.map((s) => s.key)).toEqual([
      'o/r@v1',
      'x/y@a "quoted" ref',
      `o/r@${sha('c')}`,
    ]);
    const read = readDatesAnswer(batch, {
      r0: {
        d0: {
          __typename: 'Tag',
          target: { __typename: 'Commit', oid: sha('e'), committedDate: '2026-01-01T00:00:00Z' },
        },
        d2: { __typename: 'Commit', oid: sha('C'), committedDate: 'not a date' },
      },
      r1: null,
    });
    expect([...read.values()]).toEqual([JAN, null, null]);
  });
});
