/**
 * rebase-check's GitHub flags from the command line: --record writes a
 * snapshot and --replay answers from it without asking GitHub anything (files
 * from --upstream-dir); a bare --onto REF is applied only to the repositories
 * that have REF, and the others are reported as skipped.
 */
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { makeUpstream, type Upstream } from '../rebase/support/upstream.js';
import { FIXTURES, runCli } from './cli.js';

const TOKEN = 'ghp_rebaseflags0000000000000000000000000000';
const lines = (prefix: string, n: number, edit: Record<number, string> = {}) =>
  Array.from({ length: n }, (_, i) => `${edit[i + 1] ?? `${prefix} line ${i + 1}`}\n`).join('');

let up: Upstream;
let other: Upstream;
let gh: FakeGitHub;
let root: string;

beforeAll(async () => {
  up = makeUpstream([
    {
      message: 'Initial import',
      files: {
        'engine/indexer.py': lines('idx', 30),
        'engine/alloc.py': lines('alloc', 30),
        'engine/sched.py': lines('sched', 20, { 3: 'def schedule(job):' }),
      },
    },
    { message: 'Release v1', files: { 'README.md': 'v1\n' }, tags: ['v1'] },
    {
      message: 'Fix rows (#101)',
      files: { 'engine/indexer.py': lines('idx', 30, { 5: 'idx line 5 fixed' }) },
    },
    { message: 'Release v2', files: { 'README.md': 'v2\n' }, tags: ['v2'] },
  ]);
  // A second upstream that never tagged v2.
  other = makeUpstream([
    { message: 'Initial import', files: { 'lib/x.py': lines('x', 10) }, tags: ['v1'] },
  ]);
  gh = await startFakeGitHub({
    token: TOKEN,
    repos: {
      'up/engine': {
        ...up.fake,
        prs: [{ number: 101, state: 'MERGED', mergeCommit: up.shas[2] ?? null }],
      },
      'up/other': other.fake,
    },
  });
  root = await mkdtemp(path.join(os.tmpdir(), 'us-rebase-flags-'));
  await cp(path.join(FIXTURES, 'rebase-e2e', 'queue'), root, { recursive: true });
  await mkdir(path.join(root, 'patches', 'other'), { recursive: true });
  await writeFile(
    path.join(root, 'patches', 'other', 'x.diff'),
    'diff --git a/lib/x.py b/lib/x.py\n--- a/lib/x.py\n+++ b/lib/x.py\n@@ -1,3 +1,3 @@\n x line 1\n-x line 2\n+x line 2 patched\n x line 3\n',
  );
  await writeFile(
    path.join(root, 'patches', 'other', 'x.upstream.status.yaml'),
    'schema_version: 1\nstatus_updated: 2026-08-05\ntarget:\n  repo: up/other\n  files: [lib/x.py]\nupstream_prs: null\n',
  );
});
afterAll(async () => {
  await gh.close();
  up.cleanup();
  other.cleanup();
  await rm(root, { recursive: true, force: true });
});

const args = (...more: string[]) => [
  'rebase-check',
  '--root',
  root,
  '--format',
  'json',
  '--today',
  '2026-08-20',
  ...more,
];

describe('rebase-check --record / --replay', () => {
  it('replays a recorded run with the same findings and no request to GitHub', async () => {
    const snap = path.join(root, 'snaps', 'rebase.json');
    const env = { GH_TOKEN: TOKEN, GITHUB_API_URL: gh.url };
    const recorded = await runCli(
      args('--onto', 'up/engine@v2', '--upstream-dir', up.dir, '--record', snap),
      env,
    );
    expect(recorded.stderr).toBe('');
    expect(JSON.parse(await readFile(snap, 'utf8'))).toMatchObject({ schemaVersion: 1 });
    gh.reset();
    const replayed = await runCli(
      args('--onto', 'up/engine@v2', '--upstream-dir', up.dir, '--replay', snap),
      env,
    );
    expect(gh.requests).toEqual([]);
    expect(replayed.code).toBe(recorded.code);
    const findings = (out: string) => (JSON.parse(out) as { findings: unknown[] }).findings;
    expect(findings(replayed.stdout)).toEqual(findings(recorded.stdout));
    expect(findings(replayed.stdout)).toContainEqual(
      expect.objectContaining({ rule: 'fixed-in-target', ref: 'up/engine#101' }),
    );
  });

  it('refuses --replay without --upstream-dir (a snapshot holds no upstream files)', async () => {
    const r = await runCli(args('--onto', 'v2', '--replay', path.join(root, 'none.json')), {
      GITHUB_API_URL: gh.url,
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--replay needs --upstream-dir/);
  });
});

describe('rebase-check --onto REF', () => {
  it('checks the repositories that have REF and reports the others as skipped', async () => {
    const r = await runCli(args('--onto', 'v2'), { GH_TOKEN: TOKEN, GITHUB_API_URL: gh.url });
    expect(r.stderr).toContain('note: --onto v2: skipped up/other, which have no such ref');
    const report = JSON.parse(r.stdout) as { findings: { file?: string }[] };
    expect(report.findings.some((f) => f.file?.startsWith('patches/other/'))).toBe(false);
  });
});
