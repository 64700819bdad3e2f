/**
 * rebase-check end to end on a fixture queue, against an upstream history
 * made in the test: once with files from the fake GitHub, once from a local
 * checkout of the same history — the verdicts must be the same.
 *
 * Mostly in-process (runRebaseCheck); the last block spawns the built CLI
 * with `--onto` and `--upstream-dir` as a user would.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import {
  parseOnto,
  runRebaseCheck,
  type RebaseCheckResult,
} from '../../src/rebase/check-command.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { makeUpstream, type Upstream } from '../rebase/support/upstream.js';
import { FIXTURES, runCli } from './cli.js';

const ROOT = path.join(FIXTURES, 'rebase-e2e', 'queue');
const TOKEN = 'ghp_rebasee2e000000000000000000000000000000';

const numbered = (prefix: string, n: number, edits: Record<number, string> = {}) =>
  Array.from({ length: n }, (_, i) => `${edits[i + 1] ?? `${prefix} line ${i + 1}`}\n`).join('');

let up: Upstream;
let gh: FakeGitHub;

beforeAll(async () => {
  up = makeUpstream([
    {
      message: 'Initial import',
      files: {
        'engine/indexer.py': numbered('idx', 30),
        'engine/alloc.py': numbered('alloc', 30),
        'engine/sched.py': numbered('sched', 20, { 3: 'def schedule(job):' }),
      },
    },
    { message: 'Release v1', files: { 'README.md': 'v1\n' }, tags: ['v1'] },
    {
      message: 'Fix rows (#101)',
      files: { 'engine/indexer.py': numbered('idx', 30, { 5: 'idx line 5 fixed' }) },
    },
    {
      message: 'Refactor alloc (#102)',
      files: {
        'engine/alloc.py': numbered('alloc', 30, {
          10: 'alloc refactored 10',
          11: 'alloc refactored 11',
          12: 'alloc refactored 12',
        }),
        'engine/sched.py': numbered('sched', 20, {
          3: 'def schedule(job):',
          11: 'sched line 11 moved',
        }),
      },
    },
    { message: 'Release v2', files: { 'README.md': 'v2\n' }, tags: ['v2'] },
    {
      message: 'Sched tweak (#104)',
      files: {
        'engine/sched.py': numbered('sched', 21, {
          3: 'def schedule(job):',
          11: 'sched line 11 moved',
        }),
      },
    },
  ]);
  const [, , fix, refactor, , later] = up.shas;
  gh = await startFakeGitHub({
    repos: {
      'up/engine': {
        ...up.fake,
        prs: [
          { number: 101, state: 'MERGED', mergeCommit: fix ?? null },
          { number: 102, state: 'MERGED', mergeCommit: refactor ?? null },
          { number: 104, state: 'MERGED', mergeCommit: later ?? null },
        ],
      },
    },
  });
});
afterAll(async () => {
  await gh.close();
  up.cleanup();
});

async function check(
  onto: string[],
  from: 'github' | 'local',
  token: string | null = TOKEN,
): Promise<RebaseCheckResult> {
  const { config, errors } = await loadConfig(ROOT, null);
  expect(errors).toEqual([]);
  return runRebaseCheck({
    root: ROOT,
    config,
    onto: onto.map(parseOnto),
    upstreamDir: from === 'local' ? up.dir : null,
    github: { token, apiUrl: gh.url, graphqlUrl: token === null ? null : gh.graphqlUrl },
    today: '2026-08-20',
  });
}

const P = 'patches/engine';
const brief = (r: RebaseCheckResult) =>
  r.findings.map((f) => [f.rule, f.severity, f.file, f.line, f.ref]);

describe('rebase-check onto the current base', () => {
  it('finds nothing to say about patches that apply, beyond the script it cannot check', async () => {
    const result = await check(['v1'], 'github');
    expect(brief(result)).toEqual([
      ['anchor-not-checkable', 'notice', `${P}/hook.upstream.status.yaml`, 1, null],
    ]);
    expect(result.checked.map((c) => [c.patch, c.verdict])).toEqual([
      [`${P}/alloc.diff`, 'applies'],
      [`${P}/fix_rows.diff`, 'applies'],
      [`${P}/guard.py`, 'anchors-found'],
      [`${P}/hook.py`, 'not-checkable'],
      [`${P}/sched.diff`, 'applies'],
    ]);
  });
});

describe('rebase-check onto a new base', () => {
  it('reports the fix that landed, the collision that landed, the hunk that moved and by whom, the anchor that went', async () => {
    const result = await check(['up/engine@v2'], 'github');
    expect(brief(result)).toEqual([
      ['hunk-does-not-apply', 'error', `${P}/alloc.diff`, 3, null],
      ['collision-in-target', 'error', `${P}/alloc.upstream.status.yaml`, 8, 'up/engine#102'],
      ['already-applied', 'warning', `${P}/fix_rows.diff`, 7, null],
      ['fixed-in-target', 'notice', `${P}/fix_rows.upstream.status.yaml`, 7, 'up/engine#101'],
      ['anchor-missing', 'error', `${P}/guard.upstream.status.yaml`, 6, null],
      ['anchor-not-checkable', 'notice', `${P}/hook.upstream.status.yaml`, 1, null],
    ]);
    const hunk = result.findings[0]?.message ?? '';
    expect(hunk).toContain(
      'hunk 1 of engine/alloc.py (old lines 9-13) does not apply to up/engine@v2',
    );
    expect(hunk).toContain(
      'line 10 is now "alloc refactored 10" where the hunk expects "alloc line 10"',
    );
    expect(hunk).toContain(
      `changed since v1 by ${up.shas[3]?.slice(0, 12)} "Refactor alloc (#102)" (#102)`,
    );
    // Only commits after the base: the initial import also touched the file.
    expect(hunk).not.toContain(up.shas[0]?.slice(0, 12));
    expect(result.findings[4]?.message).toContain(
      'anchor "sched line 11\\n" of patches/engine/guard.py is gone',
    );
    // #104 merged after v2: not in it, so no drop advice for sched.diff.
    expect(result.findings.some((f) => f.ref === 'up/engine#104')).toBe(false);
  });

  it('gives the same verdicts with files from a local checkout as from GitHub', async () => {
    for (const onto of [['v1'], ['v2'], ['up/engine@v2', 'v1']]) {
      const remote = await check(onto, 'github');
      const local = await check(onto, 'local');
      expect(local.findings, onto.join(' ')).toEqual(remote.findings);
      expect(local.checked, onto.join(' ')).toEqual(remote.checked);
    }
  });

  it('gives the same verdicts without a token (REST only)', async () => {
    const graphql = await check(['v2'], 'github');
    const rest = await check(['v2'], 'github', null);
    expect(rest.findings).toEqual(graphql.findings);
    expect(rest.notes.join('\n')).toMatch(/60 requests an hour/);
  });
});

describe('rebase-check from the command line', () => {
  it('takes --onto and --upstream-dir, prints JSON, and exits 1 on a hunk that no longer applies', async () => {
    const r = await runCli(
      [
        'rebase-check',
        '--root',
        ROOT,
        '--onto',
        'v2',
        '--upstream-dir',
        up.dir,
        '--format',
        'json',
        '--today',
        '2026-08-20',
      ],
      { GH_TOKEN: TOKEN, GITHUB_API_URL: gh.url },
    );
    expect(r.code).toBe(1);
    const report = JSON.parse(r.stdout) as { findings: { rule: string }[] };
    expect(report.findings.map((f) => f.rule)).toEqual([
      'hunk-does-not-apply',
      'collision-in-target',
      'already-applied',
      'fixed-in-target',
      'anchor-missing',
      'anchor-not-checkable',
    ]);
  });

  it('names patches from the repository top when --root is below it', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'us-rebase-paths-'));
    try {
      execFileSync('git', ['init', '-q'], { cwd: work });
      await cp(ROOT, path.join(work, 'vendor', 'q'), { recursive: true });
      const args = ['--onto', 'v2', '--upstream-dir', up.dir, '--format', 'json'];
      const r = await runCli(
        ['rebase-check', '--root', 'vendor/q', ...args, '--today', '2026-08-20'],
        { GH_TOKEN: TOKEN, GITHUB_API_URL: gh.url, GIT_CEILING_DIRECTORIES: path.dirname(work) },
        work,
      );
      expect(r.code, r.stderr).toBe(1);
      const report = JSON.parse(r.stdout) as {
        root: string;
        findings: { file: string; patch: string | null; message: string }[];
      };
      expect(report.root).toBe('vendor/q');
      expect(report.findings.length).toBeGreaterThan(3);
      for (const f of report.findings) {
        expect(f.file).toMatch(/^vendor\/q\/patches\//);
        if (f.patch !== null) expect(f.patch).toMatch(/^vendor\/q\/patches\//);
        // The patch a message names is named the same way; upstream files (engine/…) are not ours.
        expect(f.message).not.toMatch(/(^|[^\w/.-])patches\//);
      }
      expect(report.findings.map((f) => f.message).join('\n')).toContain('vendor/q/patches/');
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('names the patches it could not check from the repository top too (stderr note)', async () => {
    const work = await mkdtemp(path.join(os.tmpdir(), 'us-rebase-notes-'));
    try {
      execFileSync('git', ['init', '-q'], { cwd: work });
      const q = path.join(work, 'vendor', 'q');
      await cp(ROOT, q, { recursive: true });
      // A record that names no upstream repository: rebase-check cannot pair it.
      await cp(path.join(q, P, 'sched.diff'), path.join(q, P, 'orphan.diff'));
      await writeFile(
        path.join(q, P, 'orphan.upstream.status.yaml'),
        'schema_version: 1\nstatus_updated: 2026-08-05\ntarget:\n  files: [engine/sched.py]\n',
      );
      const r = await runCli(
        ['rebase-check', '--root', 'vendor/q', '--onto', 'v2', '--today', '2026-08-20'],
        { GH_TOKEN: TOKEN, GITHUB_API_URL: gh.url, GIT_CEILING_DIRECTORIES: path.dirname(work) },
        work,
      );
      expect(r.stderr).toMatch(
        /name no upstream repository.*: vendor\/q\/patches\/engine\/orphan\.diff/,
      );
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  });

  it('without --onto is a usage error (exit 2)', async () => {
    const r = await runCli(['rebase-check', '--root', ROOT]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--onto/);
  });
});
