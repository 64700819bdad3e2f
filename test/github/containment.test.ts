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
import { runRules } from '../../src/rules/index.js';
import { parseRecord } from '../../src/sources/records.js';
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

let gh: FakeGitHub;
beforeAll(async () => {
  gh = await startFakeGitHub({ repos: { 'Acme/Engine': REPO }, latencyMs: 20 });
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
    expect(asked.requests).toBe(2);
    expect(gh.requests.map((r) => r.path).sort()).toEqual([
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
