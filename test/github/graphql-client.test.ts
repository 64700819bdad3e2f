import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubClient } from '../../src/github/index.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { optionsFor, SAMPLE_REFS, SAMPLE_REPOS } from './sample-repos.js';

let gh: FakeGitHub;
beforeAll(async () => {
  gh = await startFakeGitHub({ repos: SAMPLE_REPOS });
});
afterAll(() => gh.close());
beforeEach(() => gh.reset());

describe('GraphQL client', () => {
  it('answers 35 refs over 3 repositories with exactly one request', async () => {
    const result = await createGitHubClient(optionsFor(gh)).resolve(SAMPLE_REFS);
    expect(gh.requests.map((r) => `${r.method} ${r.path} ${r.status}`)).toEqual([
      'POST /graphql 200',
    ]);
    expect(result.requests).toBe(1);
    expect(result.cost).toBe(1);
    expect(result.notes).toEqual([]);
    expect(result.results.size).toBe(35);
    expect([...result.results.values()].every((r) => r.status === 'found')).toBe(true);
  });

  it('maps every state right', async () => {
    const { results } = await createGitHubClient(optionsFor(gh)).resolve(SAMPLE_REFS);
    const live = (key: string) => {
      const resolution = results.get(key);
      return resolution?.status === 'found' ? resolution.live : null;
    };
    expect(live('acme/engine#1')).toEqual({
      kind: 'pr',
      state: 'OPEN',
      mergedAt: null,
      mergeCommit: null,
      closedAt: null,
      stateReason: null,
      reviewDecision: 'REVIEW_REQUIRED',
      title: 'Pull request 1',
      url: 'https://github.com/acme/engine/pull/1',
      author: 'dev0',
    });
    expect(live('acme/engine#2')?.state).toBe('DRAFT');
    expect(live('other-org/tools#3')).toMatchObject({
      state: 'MERGED',
      mergedAt: '2026-07-09T12:00:00Z',
      mergeCommit: expect.stringMatching(/^[0-9a-f]{40}$/) as unknown,
      url: 'https://github.com/Other-Org/Tools/pull/3',
    });
    expect(live('acme/transport#4')).toMatchObject({ state: 'CLOSED', mergeCommit: null });
    expect(live('acme/engine#13')).toMatchObject({
      kind: 'issue',
      state: 'OPEN',
      stateReason: null,
    });
    expect(live('acme/engine#15')).toMatchObject({
      kind: 'issue',
      state: 'CLOSED',
      stateReason: 'NOT_PLANNED',
    });
  });

  it('sends ceil(refs / chunkSize) queries, each key once', async () => {
    const client = createGitHubClient(optionsFor(gh, { chunkSize: 10 }));
    const result = await client.resolve([...SAMPLE_REFS, ...SAMPLE_REFS]);
    expect(gh.requests).toHaveLength(4);
    expect(result.requests).toBe(4);
    expect(result.cost).toBe(4);
    expect(result.results.size).toBe(35);
  });

  it('fails only the refs of a missing number or a missing repository', async () => {
    const refs = [
      ...SAMPLE_REFS,
      { key: 'acme/engine#999', kindHint: null },
      { key: 'acme/gone#1', kindHint: 'pr' as const },
      { key: 'acme/gone#2', kindHint: null },
    ];
    const { results, requests } = await createGitHubClient(optionsFor(gh)).resolve(refs);
    expect(requests).toBe(1);
    expect(results.get('acme/engine#999')).toEqual({
      status: 'not-found',
      message: 'Could not resolve to an issue or pull request with the number of 999.',
    });
    expect(results.get('acme/gone#1')).toEqual({
      status: 'not-found',
      message: "Could not resolve to a Repository with the name 'acme/gone'.",
    });
    expect(results.get('acme/gone#2')?.status).toBe('not-found');
    expect([...results.values()].filter((r) => r.status === 'found')).toHaveLength(35);
  });

  it('makes no request for no refs', async () => {
    const result = await createGitHubClient(optionsFor(gh)).resolve([]);
    expect(result).toEqual({
      results: new Map(),
      requests: 0,
      cost: 0,
      notes: [],
      dates: new Map(),
    });
    expect(gh.requests).toHaveLength(0);
  });
});

describe('GraphQL client concurrency', () => {
  it('runs 8 chunks at once instead of pacing them a second apart like writes', async () => {
    const slow = await startFakeGitHub({ repos: SAMPLE_REPOS, latencyMs: 300 });
    try {
      const client = createGitHubClient(optionsFor(slow, { chunkSize: 4, concurrency: 8 }));
      const result = await client.resolve(SAMPLE_REFS.slice(0, 32));
      expect(result.requests).toBe(8);
      // Every request arrived before the first one was answered.
      const firstEnd = Math.min(...slow.requests.map((r) => r.endedAt));
      expect(slow.requests.filter((r) => r.startedAt < firstEnd)).toHaveLength(8);
    } finally {
      await slow.close();
    }
  });

  it('keeps at most `concurrency` queries in flight', async () => {
    const slow = await startFakeGitHub({ repos: SAMPLE_REPOS, latencyMs: 100 });
    try {
      await createGitHubClient(optionsFor(slow, { chunkSize: 5, concurrency: 2 })).resolve(
        SAMPLE_REFS,
      );
      const overlap = Math.max(
        ...slow.requests.map(
          (a) =>
            slow.requests.filter((b) => b.startedAt <= a.startedAt && a.startedAt < b.endedAt)
              .length,
        ),
      );
      expect(overlap).toBe(2);
    } finally {
      await slow.close();
    }
  });
});
