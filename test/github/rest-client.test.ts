import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createGitHubClient } from '../../src/github/index.js';
import type { RefKey, Resolution } from '../../src/model.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { optionsFor, SAMPLE_REFS, SAMPLE_REPOS } from './sample-repos.js';

let gh: FakeGitHub;
beforeAll(async () => {
  gh = await startFakeGitHub({ repos: SAMPLE_REPOS });
});
afterAll(() => gh.close());
beforeEach(() => gh.reset());

/** Review decisions only exist over GraphQL. */
function withoutReviewDecision(results: Map<RefKey, Resolution>): Map<RefKey, Resolution> {
  return new Map(
    [...results].map(([key, r]) => [
      key,
      r.status === 'found' ? { ...r, live: { ...r.live, reviewDecision: null } } : r,
    ]),
  );
}

describe('REST client (no token)', () => {
  it('gives the same results as GraphQL, except review decisions', async () => {
    const viaGraphql = await createGitHubClient(optionsFor(gh)).resolve(SAMPLE_REFS);
    const viaRest = await createGitHubClient(optionsFor(gh, { token: null })).resolve(SAMPLE_REFS);
    expect(viaRest.results).toEqual(withoutReviewDecision(viaGraphql.results));
    expect(
      [...viaRest.results.values()].every(
        (r) => r.status !== 'found' || r.live.reviewDecision === null,
      ),
    ).toBe(true);
    expect(viaRest.cost).toBe(0);
  });

  it('notes the 60 requests an hour limit and how to set a token', async () => {
    const { notes } = await createGitHubClient(optionsFor(gh, { token: null })).resolve(
      SAMPLE_REFS.slice(0, 1),
    );
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(/60 requests an hour.*GH_TOKEN/);
  });

  it('picks the endpoint from the kind hint, and counts every request', async () => {
    const client = createGitHubClient(optionsFor(gh, { token: null }));
    const result = await client.resolve([
      { key: 'acme/engine#1', kindHint: 'pr' }, // a PR: /pulls answers
      { key: 'acme/engine#13', kindHint: 'issue' }, // an issue: /issues answers
      { key: 'acme/engine#2', kindHint: null }, // a PR: /issues says so, then /pulls for draft and merge commit
      { key: 'acme/engine#14', kindHint: 'pr' }, // a wrong hint: /pulls is 404, then /issues
    ]);
    expect(gh.requests.map((r) => `${r.path} ${r.status}`).sort()).toEqual([
      '/repos/acme/engine/issues/13 200',
      '/repos/acme/engine/issues/14 200',
      '/repos/acme/engine/issues/2 200',
      '/repos/acme/engine/pulls/1 200',
      '/repos/acme/engine/pulls/14 404',
      '/repos/acme/engine/pulls/2 200',
    ]);
    expect(result.requests).toBe(6);
    expect(result.results.get('acme/engine#2')).toMatchObject({ live: { state: 'DRAFT' } });
    expect(result.results.get('acme/engine#14')).toMatchObject({ live: { kind: 'issue' } });
  });

  it('asks once per key, trusting a kind hint only when the mentions agree', async () => {
    const client = createGitHubClient(optionsFor(gh, { token: null }));
    await client.resolve([
      { key: 'acme/engine#1', kindHint: null },
      { key: 'acme/engine#1', kindHint: 'pr' }, // null + pr → pr
      { key: 'acme/engine#5', kindHint: 'pr' },
      { key: 'acme/engine#5', kindHint: 'issue' }, // disagreement → no hint
    ]);
    expect(gh.requests.map((r) => r.path).sort()).toEqual([
      '/repos/acme/engine/issues/5',
      '/repos/acme/engine/pulls/1',
      '/repos/acme/engine/pulls/5',
    ]);
  });

  it('keeps the merge commit of an open PR null although REST reports a test merge', async () => {
    const { results } = await createGitHubClient(optionsFor(gh, { token: null })).resolve([
      { key: 'acme/engine#1', kindHint: 'pr' },
    ]);
    expect(results.get('acme/engine#1')).toMatchObject({
      live: { state: 'OPEN', mergeCommit: null },
    });
  });

  it('answers a missing number or repository with not-found for that ref only', async () => {
    const { results } = await createGitHubClient(optionsFor(gh, { token: null })).resolve([
      { key: 'acme/engine#999', kindHint: 'pr' },
      { key: 'acme/gone#1', kindHint: null },
      { key: 'acme/engine#3', kindHint: null },
    ]);
    expect(results.get('acme/engine#999')).toMatchObject({
      status: 'not-found',
      message: expect.stringContaining('acme/engine#999') as unknown,
    });
    expect(results.get('acme/gone#1')?.status).toBe('not-found');
    expect(results.get('acme/engine#3')).toMatchObject({
      status: 'found',
      live: { state: 'MERGED' },
    });
  });
});
