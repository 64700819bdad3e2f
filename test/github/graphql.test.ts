import { describe, expect, it } from 'vitest';
import { buildBatchQuery, readBatchAnswer, readLiveState } from '../../src/github/graphql.js';

describe('buildBatchQuery', () => {
  it('groups refs by repository under stable aliases, with PR and issue state aliased apart', () => {
    const batch = buildBatchQuery(['acme/engine#1', 'acme/engine#42', 'acme/transport#7']);
    expect(batch.query).toBe(
      [
        'query {',
        '  r0: repository(owner: "acme", name: "engine") {',
        '    i1: issueOrPullRequest(number: 1) { __typename ...pr ...issue }',
        '    i42: issueOrPullRequest(number: 42) { __typename ...pr ...issue }',
        '  }',
        '  r1: repository(owner: "acme", name: "transport") {',
        '    i7: issueOrPullRequest(number: 7) { __typename ...pr ...issue }',
        '  }',
        '  rateLimit { cost remaining resetAt }',
        '}',
        'fragment pr on PullRequest { number title url prState: state isDraft merged mergedAt closedAt mergeCommit { oid committedDate } reviewDecision author { login } }',
        'fragment issue on Issue { number title url issueState: state stateReason closedAt author { login } }',
      ].join('\n'),
    );
    expect(batch.slots).toEqual([
      { key: 'acme/engine#1', repoAlias: 'r0', itemAlias: 'i1' },
      { key: 'acme/engine#42', repoAlias: 'r0', itemAlias: 'i42' },
      { key: 'acme/transport#7', repoAlias: 'r1', itemAlias: 'i7' },
    ]);
  });

  it('quotes owner and repo as GraphQL strings', () => {
    expect(buildBatchQuery(['a"b/c\\d#1']).query).toContain(
      'repository(owner: "a\\"b", name: "c\\\\d")',
    );
  });
});

const pr = {
  __typename: 'PullRequest',
  number: 5,
  title: 'Fix rows',
  url: 'https://github.com/acme/engine/pull/5',
  prState: 'OPEN',
  isDraft: false,
  merged: false,
  mergedAt: null,
  closedAt: null,
  mergeCommit: null,
  reviewDecision: 'REVIEW_REQUIRED',
  author: { login: 'alice' },
};
const issue = {
  __typename: 'Issue',
  number: 6,
  title: 'Rows mismatch',
  url: 'https://github.com/acme/engine/issues/6',
  issueState: 'OPEN',
  stateReason: null,
  closedAt: null,
  author: { login: 'dave' },
};

describe('readLiveState', () => {
  it('maps an open PR', () => {
    expect(readLiveState(pr)).toEqual({
      kind: 'pr',
      state: 'OPEN',
      mergedAt: null,
      mergeCommit: null,
      closedAt: null,
      stateReason: null,
      reviewDecision: 'REVIEW_REQUIRED',
      title: 'Fix rows',
      url: 'https://github.com/acme/engine/pull/5',
      author: 'alice',
    });
  });

  it('maps an open draft PR to DRAFT', () => {
    expect(readLiveState({ ...pr, isDraft: true })?.state).toBe('DRAFT');
  });

  it('maps a merged PR to MERGED with its merge commit, even if it was a draft once', () => {
    const live = readLiveState({
      ...pr,
      prState: 'MERGED',
      merged: true,
      isDraft: true,
      mergedAt: '2026-07-09T12:00:00Z',
      closedAt: '2026-07-09T12:00:00Z',
      mergeCommit: { oid: 'abc123' },
    });
    expect(live).toMatchObject({
      state: 'MERGED',
      mergedAt: '2026-07-09T12:00:00Z',
      mergeCommit: 'abc123',
    });
  });

  it('maps a PR closed without merge to CLOSED', () => {
    const live = readLiveState({
      ...pr,
      prState: 'CLOSED',
      isDraft: true,
      closedAt: '2026-07-10T00:00:00Z',
    });
    expect(live).toMatchObject({
      state: 'CLOSED',
      closedAt: '2026-07-10T00:00:00Z',
      mergeCommit: null,
    });
  });

  it('maps open and closed issues, keeping the state reason', () => {
    expect(readLiveState(issue)).toEqual({
      kind: 'issue',
      state: 'OPEN',
      mergedAt: null,
      mergeCommit: null,
      closedAt: null,
      stateReason: null,
      reviewDecision: null,
      title: 'Rows mismatch',
      url: 'https://github.com/acme/engine/issues/6',
      author: 'dave',
    });
    expect(
      readLiveState({ ...issue, issueState: 'CLOSED', stateReason: 'NOT_PLANNED' }),
    ).toMatchObject({
      state: 'CLOSED',
      stateReason: 'NOT_PLANNED',
    });
  });

  it('keeps a deleted author (ghost) as null and rejects nodes of another type', () => {
    expect(readLiveState({ ...pr, author: null })?.author).toBeNull();
    expect(readLiveState({ ...pr, __typename: 'Discussion' })).toBeNull();
    expect(readLiveState(null)).toBeNull();
  });
});

describe('readBatchAnswer', () => {
  const batch = buildBatchQuery([
    'acme/engine#5',
    'acme/engine#6',
    'acme/engine#7',
    'acme/gone#1',
    'acme/gone#2',
  ]);

  it('gives a missing number and a missing repository not-found by the error path, and the rest found', () => {
    const answer = readBatchAnswer(
      batch,
      { r0: { i5: pr, i6: issue, i7: null }, r1: null, rateLimit: { cost: 1, remaining: 4999 } },
      [
        {
          type: 'NOT_FOUND',
          path: ['r0', 'i7'],
          message: 'Could not resolve to an issue or pull request with the number of 7.',
        },
        {
          type: 'NOT_FOUND',
          path: ['r1'],
          message: "Could not resolve to a Repository with the name 'acme/gone'.",
        },
      ],
    );
    expect(answer.unanswered).toEqual([]);
    expect(answer.cost).toBe(1);
    expect(answer.results.get('acme/engine#5')).toMatchObject({
      status: 'found',
      live: { kind: 'pr' },
    });
    expect(answer.results.get('acme/engine#6')).toMatchObject({
      status: 'found',
      live: { kind: 'issue' },
    });
    expect(answer.results.get('acme/engine#7')).toEqual({
      status: 'not-found',
      message: 'Could not resolve to an issue or pull request with the number of 7.',
    });
    for (const key of ['acme/gone#1', 'acme/gone#2']) {
      expect(answer.results.get(key)).toEqual({
        status: 'not-found',
        message: "Could not resolve to a Repository with the name 'acme/gone'.",
      });
    }
  });

  it('leaves refs unanswered when GitHub gave no data or a null without saying why', () => {
    expect(
      readBatchAnswer(batch, null, [{ message: 'Something went wrong' }]).unanswered,
    ).toHaveLength(5);
    const partial = readBatchAnswer(
      batch,
      { r0: { i5: pr, i6: null, i7: { bogus: true } }, r1: null },
      [],
    );
    expect(partial.unanswered).toEqual([
      'acme/engine#6',
      'acme/engine#7',
      'acme/gone#1',
      'acme/gone#2',
    ]);
    expect(partial.cost).toBe(0);
  });
});
