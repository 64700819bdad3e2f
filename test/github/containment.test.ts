import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  askPinnedContainment,
  containmentKey,
  containsCommit,
  createGitHubContainment,
  createLocalContainment,
  encodeRef,
  fixedContainment,
  readContainmentSnapshot,
  recordingContainment,
  replayContainment,
} from '../../src/github/containment.js';
import { GitHubUnavailableError } from '../../src/github/client.js';
import { dateKey } from '../../src/github/base-dates.js';
import { createGitHubClient } from '../../src/github/index.js';
import { runRules } from '../../src/rules/index.js';
import { parseRecord } from '../../src/sources/records/index.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { context, live as liveState } from '../rules/helpers.js';
import { makeUpstream, type Upstream } from '../rebase/support/upstream.js';

const TOKEN = 'ghp_containment000000000000000000000000000';
const sha = (c: string) => c.repeat(40);
// c1 ← c2 ← c3 (main); c2 ← d1 (side). v1 = c2.
const REPO = {
  commits: [
    { sha: sha('1'), parents: [] },
    { sha: sha('2'), parents: [sha('1')] },
    { sha: sha('3'), parents: [sha('2')] },
    { sha: sha('d'), parents: [sha('2')] },
  ],
  refs: { v1: sha('2'), main: sha('3'), side: sha('d'), 'release/v1': sha('2') },
};

// Dated history: a1 ← a2 (v1, annotated; 1 March) ← a3 (12 h later) ← a4 (main, May); a1 ← s1 (side).
const day = (iso: string) => `2026-${iso}T00:00:00Z`;
const DATED = {
  commits: [
    { sha: sha('a'), parents: [], date: day('01-01') },
    { sha: sha('b'), parents: [sha('a')], date: day('03-01') },
    { sha: sha('c'), parents: [sha('b')], date: '2026-03-01T12:00:00Z' },
    { sha: sha('e'), parents: [sha('c')], date: day('05-01') },
    { sha: sha('f'), parents: [sha('a')], date: day('02-01') },
  ],
  refs: { v1: sha('b'), main: sha('e'), side: sha('f') },
  annotatedTags: ['v1'],
  // Merged as a4 (in the history), and one whose merge commit the history lacks.
  prs: [
    { number: 7, state: 'MERGED' as const, mergeCommit: sha('e'), mergedAt: day('05-02') },
    { number: 8, state: 'MERGED' as const, mergeCommit: sha('8'), mergedAt: day('06-01') },
  ],
};

let gh: FakeGitHub;
beforeAll(async () => {
  gh = await startFakeGitHub({
    repos: { 'Acme/Engine': REPO, 'acme/dated': DATED },
    latencyMs: 20,
  });
});
afterAll(() => gh.close());

function resolver(concurrency = 4) {
  return createGitHubContainment({ token: TOKEN, apiUrl: gh.url, timeoutSeconds: 10, concurrency });
}

describe('fake GitHub compare', () => {
  it.each([
    ['v1', sha('2'), 'identical', 0, 0],
    ['v1', sha('1'), 'behind', 0, 1],
    ['v1', sha('3'), 'ahead', 1, 0],
    ['side', sha('3'), 'diverged', 1, 1],
  ])('%s...%s is %s', async (base, head, status, ahead, behind) => {
    const response = await fetch(`${gh.url}/repos/acme/engine/compare/${base}...${head}`, {
      headers: { authorization: `token ${TOKEN}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ status, ahead_by: ahead, behind_by: behind });
  });

  it('answers 404 for an unknown ref, commit or repository', async () => {
    for (const route of [
      'acme/engine/compare/nope...v1',
      'acme/engine/compare/v1...' + sha('9'),
      'acme/other/compare/v1...v1',
    ]) {
      const response = await fetch(`${gh.url}/repos/${route}`, {
        headers: { authorization: `token ${TOKEN}` },
      });
      expect(response.status, route).toBe(404);
    }
  });
});

describe('GitHub containment (compare API)', () => {
  it('identical and behind are contained; ahead and diverged are not; 404 is unknown', async () => {
    const r = resolver();
    expect(await containsCommit(r, 'acme/engine', 'v1', sha('2'))).toBe(true);
    expect(await containsCommit(r, 'acme/engine', 'v1', sha('1'))).toBe(true);
    expect(await containsCommit(r, 'acme/engine', 'v1', sha('3'))).toBe(false);
    expect(await containsCommit(r, 'acme/engine', 'side', sha('3'))).toBe(false);
    expect(await containsCommit(r, 'acme/engine', 'v1', sha('9'))).toBeNull();
    expect(await containsCommit(r, 'acme/missing', 'v1', sha('2'))).toBeNull();
  });

  it('asks each (repo, ref, sha) once per run, however often and however written', async () => {
    gh.reset();
    const r = resolver();
    const q = { repo: 'acme/engine', ref: 'main', sha: sha('1') };
    const first = await r.contains([q, q, { ...q, repo: 'Acme/Engine' }]);
    expect(first.requests).toBe(1);
    expect(first.answers.get(containmentKey(q))).toBe(true);
    const second = await r.contains([q]);
    expect(second.requests).toBe(0);
    expect(gh.requests.filter((x) => x.path.includes('/compare/'))).toHaveLength(1);
  });

  it('keeps at most `concurrency` compares in flight', async () => {
    gh.reset();
    const questions = ['1', '2', '3', 'd'].flatMap((c) =>
      ['v1', 'main', 'side'].map((ref) => ({ repo: 'acme/engine', ref, sha: sha(c) })),
    );
    await resolver(2).contains(questions);
    const spans = gh.requests.map((x) => [x.startedAt, x.endedAt] as const);
    expect(spans).toHaveLength(12);
    const peak = Math.max(...spans.map(([s]) => spans.filter(([a, b]) => a <= s && s < b).length));
    expect(peak).toBeLessThanOrEqual(2);
  });

  it('routes a ref with a slash as path segments', async () => {
    expect(encodeRef('release/v1')).toBe('release/v1');
    expect(encodeRef('a b#c')).toBe('a%20b%23c');
    expect(await containsCommit(resolver(), 'acme/engine', 'release/v1', sha('1'))).toBe(true);
  });

  it('fails the run, as an outage, when GitHub cannot be reached', async () => {
    const broken = createGitHubContainment({
      token: TOKEN,
      apiUrl: 'http://127.0.0.1:9',
      timeoutSeconds: 5,
      concurrency: 1,
    });
    await expect(containsCommit(broken, 'acme/engine', 'v1', sha('1'))).rejects.toBeInstanceOf(
      GitHubUnavailableError,
    );
  });
});

describe('GitHub containment: dates first', () => {
  const BASE = sha('b').slice(0, 12); // a record pins v1 by its short sha
  const q = (ref: string, c: string, mergedAt: string) => ({
    repo: 'acme/dated',
    ref,
    sha: sha(c),
    mergedAt,
  });
  const compares = () => gh.requests.filter((r) => r.path.includes('/compare/')).map((r) => r.path);
  const graphql = () => gh.requests.filter((r) => r.path === '/graphql');

  it('answers "no" without a compare when the PR was merged after the base', async () => {
    gh.reset();
    const after = q(BASE, 'e', day('05-01'));
    const alsoAfter = q('v1', 'e', day('05-01')); // the annotated tag, read through its target
    const { answers, requests } = await resolver().contains([after, alsoAfter]);
    expect(answers.get(containmentKey(after))).toBe(false);
    expect(answers.get(containmentKey(alsoAfter))).toBe(false);
    expect(compares()).toEqual([]);
    expect(graphql()).toHaveLength(1);
    expect(requests).toBe(1);
  });

  it('still compares what the dates cannot rule out, and gets the truth', async () => {
    gh.reset();
    const before = q(BASE, 'a', day('01-01')); // in v1
    const beforeOther = q(BASE, 'f', day('02-01')); // on another branch: not in v1
    const withinMargin = q(BASE, 'c', '2026-03-01T12:00:00Z'); // 12 h after: not in v1
    const pushed = q(BASE, 'a', day('06-01')); // merged by a push in June; its commit is in v1
    const unknownBase = q('nope', 'e', day('05-01'));
    const unknownCommit = q(BASE, '9', day('05-01'));
    const after = q(BASE, 'e', day('05-01'));
    const r = resolver();
    const all = [before, beforeOther, withinMargin, unknownBase, unknownCommit, after];
    const { answers, requests } = await r.contains(all);
    expect(all.map((x) => answers.get(containmentKey(x)))).toEqual([
      true,
      false,
      false,
      null,
      null,
      false,
    ]);
    expect(compares().sort()).toEqual(
      [
        `${BASE}...${sha('a')}`,
        `${BASE}...${sha('c')}`,
        `${BASE}...${sha('9')}`,
        `${BASE}...${sha('f')}`,
        `nope...${sha('e')}`,
      ]
        .map((x) => `/repos/acme/dated/compare/${x}`)
        .sort(),
    );
    expect(requests).toBe(1 + 5);
    expect(requests).toBe(gh.requests.length);
    // Same key as `before`: answered from the cache, whatever its merge date says.
    const again = await r.contains([pushed]);
    expect(again).toEqual({ answers: new Map([[containmentKey(pushed), true]]), requests: 0 });
    gh.reset();
    const fresh = await resolver().contains([pushed, after]);
    expect(fresh.answers.get(containmentKey(pushed))).toBe(true);
    expect(compares()).toEqual([`/repos/acme/dated/compare/${BASE}...${sha('a')}`]);
  });

  it('gives the answers the compare API alone gives', async () => {
    const revs = ['v1', BASE, 'main', 'side', 'nope'];
    const commits = ['a', 'b', 'c', 'e', 'f', '9'];
    const plain = revs.flatMap((ref) =>
      commits.map((c) => ({ repo: 'acme/dated', ref, sha: sha(c) })),
    );
    const truth = (await resolver().contains(plain)).answers;
    let decided = 0;
    for (const mergedAt of [...DATED.commits.map((c) => c.date), '2027-01-01T00:00:00Z']) {
      // A PR is merged when or after its merge commit is made.
      const questions = plain
        .filter((x) => (DATED.commits.find((c) => c.sha === x.sha)?.date ?? '') <= mergedAt)
        .map((x) => ({ ...x, mergedAt }));
      gh.reset();
      const { answers } = await resolver().contains(questions);
      expect(graphql()).toHaveLength(1);
      decided += questions.length - compares().length;
      for (const x of questions) {
        expect(answers.get(containmentKey(x)), `${containmentKey(x)} ${mergedAt}`).toBe(
          truth.get(containmentKey(x)),
        );
      }
    }
    expect(decided).toBe(13);
  });

  it('without a token, or with a single question, only compares', async () => {
    gh.reset();
    const after = q(BASE, 'e', day('05-01'));
    const other = q(BASE, 'a', day('01-01'));
    const open = createGitHubContainment({
      token: null,
      apiUrl: gh.url,
      timeoutSeconds: 10,
      concurrency: 2,
    });
    const { answers } = await open.contains([after, other]);
    expect(answers.get(containmentKey(after))).toBe(false);
    expect(graphql()).toHaveLength(0);
    expect(compares()).toHaveLength(2);
    gh.reset();
    expect((await resolver().contains([after])).requests).toBe(1);
    expect(graphql()).toHaveLength(0);
  });

  it('skips the date query when it could take the call past maxRequests', async () => {
    gh.reset();
    const budgeted = createGitHubContainment({
      token: TOKEN,
      apiUrl: gh.url,
      timeoutSeconds: 10,
      concurrency: 2,
      maxRequests: 2,
    });
    const { requests } = await budgeted.contains([
      q(BASE, 'e', day('05-01')),
      q(BASE, 'c', '2026-03-01T12:00:00Z'),
    ]);
    expect(requests).toBe(2);
    expect(graphql()).toHaveLength(0);
  });

  it('falls back to compares when GitHub rejects the date query', async () => {
    gh.reset();
    gh.setFaults([
      {
        kind: 'graphql-errors',
        match: 'graphql',
        errors: [{ message: "Field 'object' doesn't exist on type 'Repository'" }],
      },
    ]);
    try {
      const after = q(BASE, 'e', day('05-01'));
      const before = q(BASE, 'a', day('01-01'));
      const { answers, requests } = await resolver().contains([after, before]);
      expect(answers.get(containmentKey(after))).toBe(false);
      expect(answers.get(containmentKey(before))).toBe(true);
      expect(requests).toBe(3);
      expect(compares()).toHaveLength(2);
    } finally {
      gh.setFaults([]);
    }
  });

  it('records the answers decided by date, so a replay needs neither dates nor network', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'containment-'));
    const file = path.join(dir, 'snap.json');
    try {
      const after = q(BASE, 'e', day('05-01'));
      const before = q(BASE, 'a', day('01-01'));
      gh.reset();
      await recordingContainment(resolver(), file).contains([after, before]);
      expect(compares()).toHaveLength(1);
      gh.reset();
      const replay = await replayContainment(file);
      const { answers, requests } = await replay.contains([
        { repo: after.repo, ref: after.ref, sha: after.sha },
        before,
      ]);
      expect([...answers.values()]).toEqual([false, true]);
      expect(requests).toBe(0);
      expect(gh.requests).toHaveLength(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('local containment (git merge-base --is-ancestor)', () => {
  let up: Upstream;
  beforeAll(() => {
    up = makeUpstream([
      { message: 'one', files: { 'a.txt': '1\n' } },
      { message: 'two', files: { 'a.txt': '2\n' }, tags: ['v1'] },
      { message: 'three', files: { 'a.txt': '3\n' } },
    ]);
  });
  afterAll(() => up.cleanup());

  it('gives the answers the compare API gives for the same history', async () => {
    const fake = await startFakeGitHub({ repos: { 'o/r': up.fake } });
    try {
      const remote = createGitHubContainment({
        token: TOKEN,
        apiUrl: fake.url,
        timeoutSeconds: 10,
        concurrency: 2,
      });
      const local = createLocalContainment({ dir: up.dir });
      const questions = ['v1', 'main'].flatMap((ref) =>
        up.shas.map((s) => ({ repo: 'o/r', ref, sha: s })),
      );
      questions.push(
        { repo: 'o/r', ref: 'v1', sha: 'f'.repeat(40) },
        { repo: 'o/r', ref: 'nope', sha: up.shas[0] as string },
      );
      const a = await remote.contains(questions);
      const b = await local.contains(questions);
      expect([...b.answers]).toEqual([...a.answers]);
      expect([...a.answers.values()]).toEqual([true, true, false, true, true, true, null, null]);
    } finally {
      await fake.close();
    }
  });

  it('refuses option-like names instead of passing them to git', async () => {
    const local = createLocalContainment({ dir: up.dir });
    expect(await containsCommit(local, 'o/r', '--help', up.shas[0] as string)).toBeNull();
  });
});

describe('snapshot: record and replay', () => {
  it('merges answers into the snapshot file, keeps its ref answers, and replays them offline', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'containment-'));
    const file = path.join(dir, 'snap.json');
    try {
      writeFileSync(
        file,
        JSON.stringify({
          schemaVersion: 1,
          answers: { 'o/r#1': { status: 'not-found', message: 'x' } },
        }),
      );
      const q1 = { repo: 'o/r', ref: 'v1', sha: 'a'.repeat(40) };
      const q2 = { repo: 'o/r', ref: 'v1', sha: 'b'.repeat(40) };
      const inner = fixedContainment(
        new Map([
          [containmentKey(q1), true],
          [containmentKey(q2), null],
        ]),
      );
      await recordingContainment(inner, file).contains([q2, q1]);
      const written = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
      expect(written['answers']).toEqual({ 'o/r#1': { status: 'not-found', message: 'x' } });
      expect(Object.keys(written['containment'] as object)).toEqual([
        containmentKey(q1),
        containmentKey(q2),
      ]);
      expect(await readContainmentSnapshot(file)).toEqual(
        new Map([
          [containmentKey(q1), true],
          [containmentKey(q2), null],
        ]),
      );
      const replay = await replayContainment(file);
      expect(await containsCommit(replay, 'o/r', 'v1', 'a'.repeat(40))).toBe(true);
      await expect(containsCommit(replay, 'o/r', 'v2', 'a'.repeat(40))).rejects.toThrow(
        /no containment answer for o\/r@v2/,
      );
      const lenient = await replayContainment(file, { lenient: true });
      expect(await containsCommit(lenient, 'o/r', 'v2', 'a'.repeat(40))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads a snapshot without containment as no answers, and rejects bad ones', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'containment-'));
    const file = path.join(dir, 'snap.json');
    try {
      writeFileSync(file, JSON.stringify({ schemaVersion: 1, answers: {} }));
      expect((await readContainmentSnapshot(file)).size).toBe(0);
      writeFileSync(
        file,
        JSON.stringify({ schemaVersion: 1, answers: {}, containment: { 'o/r@v1...x': 'yes' } }),
      );
      await expect(readContainmentSnapshot(file)).rejects.toThrow(/not true, false or null/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('askPinnedContainment → the pinned-base rules', () => {
  it('asks GitHub only what the rules read, and the rules then judge by the answers', async () => {
    const patch = 'deploy/patches/a/fix.py';
    const recordPath = 'deploy/patches/a/fix.upstream.status.yaml';
    const record = parseRecord({
      path: recordPath,
      patchPath: patch,
      text: `schema_version: 1
target:
  repo: acme/engine
  versions: [{ ref: v1, commit: ${sha('2')} }]
upstream_prs:
  - { ref: acme/engine#1, state: MERGED, in_pinned_base: false }
  - { ref: acme/engine#2, state: MERGED, in_pinned_base: false }
related_refs:
  - { ref: acme/engine#3, kind: pr, state: MERGED, relevance: anchor-collision }
`,
    });
    const base = context({ mentions: record.mentions, entries: record.patches, live: {} });
    const live = new Map([
      ['acme/engine#1', liveState('MERGED', { mergeCommit: sha('1') })],
      ['acme/engine#2', liveState('MERGED', { mergeCommit: sha('3') })],
      ['acme/engine#3', liveState('MERGED', { mergeCommit: sha('1') })],
    ]);
    gh.reset();
    const asked = await askPinnedContainment(
      { sources: [record], config: { bases: {} }, mentionsByRef: base.mentionsByRef, live },
      resolver(),
    );
    // Both PRs were merged (live mergedAt, August) long after the base (2 January),
    // but their merge commits are older (1 and 3 January: merged by a push, or the
    // fake's history says so): the dates cannot rule them out, so both are compared.
    expect(asked.requests).toBe(3);
    expect(gh.requests.map((r) => r.path).sort()).toEqual([
      '/graphql',
      `/repos/acme/engine/compare/${sha('2')}...${sha('1')}`,
      `/repos/acme/engine/compare/${sha('2')}...${sha('3')}`,
    ]);
    const ctx = { ...base, live, pinned: asked.pinned, containment: asked.containment };
    const findings = runRules(ctx, { offline: false }).filter((f) =>
      ['drop-candidate', 'in-pinned-base-drift'].includes(f.rule),
    );
    expect(findings.map((f) => [f.rule, f.ref])).toEqual([
      ['drop-candidate', 'acme/engine#1'],
      ['in-pinned-base-drift', 'acme/engine#1'],
    ]);
  });
});

describe('GitHub containment: dates the ref queries learned', () => {
  const at = (iso: string) => Date.parse(iso);
  const graphqlBodies = () =>
    gh.requests.filter((r) => r.path === '/graphql').map((r) => r.body ?? '');
  const client = () =>
    createGitHubClient({
      token: TOKEN,
      apiUrl: gh.url,
      graphqlUrl: `${gh.url}/graphql`,
      chunkSize: 100,
      concurrency: 4,
      timeoutSeconds: 10,
    });

  it('dates every merge commit and the pinned bases in the ref query itself', async () => {
    gh.reset();
    const result = await client().resolve(
      [
        { key: 'acme/dated#7', kindHint: null },
        { key: 'acme/dated#8', kindHint: null },
      ],
      {
        dates: [
          { repo: 'acme/dated', rev: 'v1' },
          { repo: 'acme/dated', rev: 'nope' },
        ],
      },
    );
    expect(result.requests).toBe(1);
    expect(graphqlBodies()).toHaveLength(1);
    expect(result.dates).toEqual(
      new Map([
        // The annotated tag, read through its target; a revision GitHub lacks is null.
        [dateKey('acme/dated', 'v1'), at(day('03-01'))],
        [dateKey('acme/dated', 'nope'), null],
        // a4's own date; #8's merge commit, unknown to the history, dated at the merge.
        [dateKey('acme/dated', sha('e')), at(day('05-01'))],
        [dateKey('acme/dated', sha('8')), at(day('06-01'))],
      ]),
    );
  });

  it('asks no date query for what the ref queries dated, and gives the same answers', async () => {
    gh.reset();
    const learned = await client().resolve([{ key: 'acme/dated#7', kindHint: null }], {
      dates: [{ repo: 'acme/dated', rev: sha('b').slice(0, 12) }],
    });
    const after = {
      repo: 'acme/dated',
      ref: sha('b').slice(0, 12),
      sha: sha('e'),
      mergedAt: day('05-02'),
    };
    const within = { ...after, sha: sha('c'), mergedAt: '2026-03-01T12:00:00Z' };
    gh.reset();
    const informed = createGitHubContainment({
      token: TOKEN,
      apiUrl: gh.url,
      timeoutSeconds: 10,
      concurrency: 4,
      ...(learned.dates ? { knownDates: learned.dates } : {}),
    });
    const { answers, requests } = await informed.contains([after, within]);
    expect(answers.get(containmentKey(after))).toBe(false);
    expect(answers.get(containmentKey(within))).toBe(false);
    // The base and a4 were known; only c3's date was asked, then c3 compared (12 h: too close).
    expect(graphqlBodies()).toHaveLength(1);
    expect(graphqlBodies()[0]).toContain(sha('c'));
    expect(graphqlBodies()[0]).not.toContain(sha('e'));
    expect(requests).toBe(2);
    gh.reset();
    const uninformed = await resolver().contains([after, within]);
    expect(uninformed.answers).toEqual(answers);
  });
});
