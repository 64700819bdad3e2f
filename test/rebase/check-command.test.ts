import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type Config } from '../../src/config-types.js';
import { UsageError } from '../../src/errors.js';
import { parseOnto, runRebaseCheck } from '../../src/rebase/check-command.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { writeFiles } from '../support/tree.js';
import { makeUpstream, type Upstream } from './support/upstream.js';

const TOKEN = 'ghp_rebasecheck00000000000000000000000000000';
const numbered = (prefix: string, n: number, edits: Record<number, string> = {}) =>
  Array.from({ length: n }, (_, i) => `${edits[i + 1] ?? `${prefix} ${i + 1}`}\n`).join('');

/** A one-hunk diff changing line `at` of `file` (numbered with `prefix`). */
function diffFor(file: string, prefix: string, at: number): string {
  return [
    `--- a/${file}`,
    `+++ b/${file}`,
    `@@ -${at - 1},3 +${at - 1},3 @@`,
    ` ${prefix} ${at - 1}`,
    `-${prefix} ${at}`,
    `+${prefix} ${at} patched`,
    ` ${prefix} ${at + 1}`,
    '',
  ].join('\n');
}

function record(repo: string | null, extra = ''): string {
  return `schema_version: 1\nstatus_updated: 2026-08-05\ntarget:\n${repo ? `  repo: ${repo}\n` : '  files: []\n'}${extra}upstream_prs: null\n`;
}

const roots: string[] = [];
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'rebase-root-'));
  roots.push(root);
  return writeFiles(root, files);
}
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});

let up: Upstream;
let gh: FakeGitHub;
beforeAll(async () => {
  up = makeUpstream([
    {
      message: 'init',
      files: {
        'a.py': numbered('a', 20),
        'b.py': numbered('b', 20),
        'c.py': numbered('c', 20),
        'blob.bin': 'x\0y',
      },
      tags: ['v1'],
    },
    ...Array.from({ length: 7 }, (_, i) => ({
      message: `Touch b, take ${i + 1} (#${200 + i})`,
      files: { 'b.py': numbered('b', 20, { 2: `b 2 take ${i + 1}` }) },
    })),
    { message: 'release', files: { README: 'v2\n' }, tags: ['v2'] },
  ]);
  gh = await startFakeGitHub({
    repos: {
      'up/one': up.fake,
      'up/two': { refs: { v1: 'f'.repeat(40) }, commits: [{ sha: 'f'.repeat(40) }] },
    },
  });
});
afterAll(async () => {
  await gh.close();
  up.cleanup();
});

function run(
  root: string,
  onto: string[],
  opts: {
    token?: string | null;
    local?: boolean;
    offline?: boolean;
    config?: Partial<Config>;
  } = {},
) {
  const token = opts.token === undefined ? TOKEN : opts.token;
  return runRebaseCheck({
    root,
    config: { ...DEFAULT_CONFIG, ...opts.config },
    onto: onto.map(parseOnto),
    upstreamDir: opts.local ? up.dir : null,
    github: opts.offline
      ? null
      : { token, apiUrl: gh.url, graphqlUrl: token === null ? null : gh.graphqlUrl },
    today: '2026-08-20',
  });
}

/** N patches, each touching a.py, b.py and c.py at v1. */
function queue(n: number): string {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    files[`patches/p${i}.diff`] =
      diffFor('a.py', 'a', 5) + diffFor('b.py', 'b', 10) + diffFor('c.py', 'c', 15);
    files[`patches/p${i}.upstream.status.yaml`] = record('up/one');
  }
  return tree(files);
}

describe('requests for files', () => {
  it('scale with distinct files, not with patches × files', async () => {
    for (const [token, perRun] of [
      [TOKEN, 1],
      [null, 3],
    ] as const) {
      const one = await run(queue(1), ['v1'], { token });
      gh.reset();
      const many = await run(queue(8), ['v1'], { token });
      expect(many.checked.map((c) => c.verdict)).toEqual(Array(8).fill('applies'));
      expect([one.fileRequests, many.fileRequests], String(token)).toEqual([perRun, perRun]);
      const contents = gh.requests.filter(
        (r) => r.path.includes('/contents/') || (r.body ?? '').includes('on Blob'),
      );
      expect(contents, String(token)).toHaveLength(perRun);
    }
  });
});

describe('which --onto applies to which patch', () => {
  const twoRepos = () =>
    tree({
      'patches/one.diff': diffFor('a.py', 'a', 5),
      'patches/one.upstream.status.yaml': record('up/one'),
      'patches/two.diff': diffFor('a.py', 'a', 5),
      'patches/two.upstream.status.yaml': record('up/two'),
      'patches/none.diff': diffFor('a.py', 'a', 5),
      'patches/none.upstream.status.yaml': record(null),
    });

  it('a bare REF: every patch whose repo has it; patches of no repo are named in a note', async () => {
    const result = await run(twoRepos(), ['v2']);
    expect(result.checked.map((c) => [c.patch, c.repo, c.ref])).toEqual([
      ['patches/one.diff', 'up/one', 'v2'],
    ]);
    expect(result.notes.join('\n')).toContain('patches/none.diff');
    const both = await run(twoRepos(), ['v1']);
    expect(both.checked.map((c) => c.repo)).toEqual(['up/one', 'up/two']);
  });

  it('owner/repo@REF: only that repo; a ref it lacks, or a bare ref no repo has, is a usage error', async () => {
    const result = await run(twoRepos(), ['up/two@v1']);
    expect(result.checked.map((c) => c.patch)).toEqual(['patches/two.diff']);
    await expect(run(twoRepos(), ['up/two@v2'])).rejects.toThrow(
      /--onto up\/two@v2: no such ref in up\/two/,
    );
    await expect(run(twoRepos(), ['v9'])).rejects.toBeInstanceOf(UsageError);
  });

  it('with --upstream-dir, a bare REF is the checkout and covers every patch', async () => {
    const result = await run(twoRepos(), ['v1'], { local: true });
    expect(result.checked.map((c) => c.patch)).toEqual([
      'patches/none.diff',
      'patches/one.diff',
      'patches/two.diff',
    ]);
  });

  it('parses --onto and refuses what is not [owner/repo@]REF', () => {
    expect(parseOnto('Up/One@release/v2')).toEqual({ repo: 'up/one', ref: 'release/v2' });
    expect(parseOnto('v2')).toEqual({ repo: null, ref: 'v2' });
    for (const bad of ['', '--all', 'a..b', 'x y'])
      expect(() => parseOnto(bad), bad).toThrow(UsageError);
  });

  it('needs a source of files, and a real checkout', async () => {
    await expect(run(twoRepos(), ['v1'], { offline: true })).rejects.toThrow(/--upstream-dir/);
    await expect(
      runRebaseCheck({
        root: twoRepos(),
        config: DEFAULT_CONFIG,
        onto: [parseOnto('v1')],
        upstreamDir: tmpdir(),
        github: null,
        today: '2026-08-20',
      }),
    ).rejects.toThrow(/is not a git checkout/);
  });
});

describe('culprits', () => {
  const moved = (extra: string) =>
    tree({
      'patches/b.diff': diffFor('b.py', 'b', 3),
      'patches/b.upstream.status.yaml': record('up/one', extra),
    });

  it('names the newest commits since the record pinned base, at most five, with their PRs', async () => {
    const root = moved(`  versions: [{ ref: v1, commit: ${up.shas[0]} }]\n`);
    for (const local of [false, true]) {
      const result = await run(root, ['v2'], { local });
      const [finding] = result.findings;
      expect(finding?.rule).toBe('hunk-does-not-apply');
      const named = [...(finding?.message ?? '').matchAll(/take (\d)/g)].map((m) => m[1]);
      expect(named, String(local)).toEqual(['7', '7', '6', '5', '4', '3']);
      expect(finding?.message).toContain('changed since v1 by');
      expect(finding?.message).toContain('(#206)');
      expect(finding?.message).not.toContain('take 2');
    }
  });

  it('stops at the base: a base after some of the changes leaves only the later ones', async () => {
    const root = moved(`  versions: [{ ref: mid, commit: ${up.shas[5]} }]\n`);
    const result = await run(root, ['v2']);
    const named = [...(result.findings[0]?.message ?? '').matchAll(/"Touch b, take (\d)/g)].map(
      (m) => m[1],
    );
    expect(named).toEqual(['7', '6']);
  });

  it('are not looked up for patches that apply', async () => {
    gh.reset();
    await run(moved(''), ['v1']);
    expect(gh.requests.some((r) => r.path.endsWith('/commits') || r.path.endsWith('/pulls'))).toBe(
      false,
    );
  });
});

describe('what cannot be applied', () => {
  it('reports a binary change, a missing file, a binary target and a malformed patch', async () => {
    const root = tree({
      'patches/bin.diff':
        'diff --git a/logo.png b/logo.png\nindex 1..2 100644\nBinary files a/logo.png and b/logo.png differ\n',
      'patches/bin.upstream.status.yaml': record('up/one'),
      'patches/gone.diff': diffFor('gone.py', 'g', 5),
      'patches/gone.upstream.status.yaml': record('up/one'),
      'patches/onbin.diff': diffFor('blob.bin', 'x', 2),
      'patches/onbin.upstream.status.yaml': record('up/one'),
      'patches/short.diff': '--- a/a.py\n+++ b/a.py\n@@ -4,3 +4,3 @@\n a 4\n-a 5\n',
      'patches/short.upstream.status.yaml': record('up/one'),
    });
    for (const local of [false, true]) {
      const result = await run(root, ['v1'], { local });
      expect(
        result.findings.map((f) => [f.rule, f.severity, f.file, f.line]),
        String(local),
      ).toEqual([
        ['hunk-does-not-apply', 'error', 'patches/bin.diff', 1],
        ['hunk-does-not-apply', 'error', 'patches/gone.diff', 1],
        ['hunk-does-not-apply', 'error', 'patches/onbin.diff', 1],
        ['hunk-does-not-apply', 'error', 'patches/short.diff', 3],
        ['parse-error', 'error', 'patches/short.diff', 6],
      ]);
      expect(result.findings.map((f) => f.message).join('\n')).toMatch(
        /binary change to logo\.png[^\n]*\n[^\n]*gone\.py does not exist at up\/one@v1[^\n]*\n[^\n]*blob\.bin is a binary file at up\/one@v1/,
      );
    }
  });

  it('applies configured severities, and drops a rule turned off', async () => {
    const root = tree({
      'patches/prose.diff': 'just words\n',
      'patches/prose.upstream.status.yaml': record('up/one'),
    });
    expect(
      (
        await run(root, ['v1'], { config: { rules: { 'parse-error': { severity: 'warning' } } } })
      ).findings.map((f) => f.severity),
    ).toEqual(['warning']);
    expect(
      (await run(root, ['v1'], { config: { rules: { 'parse-error': { severity: 'off' } } } }))
        .findings,
    ).toEqual([]);
  });

  it('says that fixes and collisions need GitHub when only a checkout is given', async () => {
    const root = tree({
      'patches/a.diff': diffFor('a.py', 'a', 5),
      'patches/a.upstream.status.yaml':
        `${record('up/one')}related_refs:\n  - { ref: "#7", kind: pr, relevance: anchor-collision }\n`.replace(
          'upstream_prs: null\n',
          '',
        ),
    });
    const result = await runRebaseCheck({
      root,
      config: DEFAULT_CONFIG,
      onto: [parseOnto('v1')],
      upstreamDir: up.dir,
      github: null,
      today: '2026-08-20',
    });
    expect(result.findings).toEqual([]);
    expect(result.notes).toEqual([
      'without GitHub, rebase-check cannot tell which fix or collision PRs landed in REF',
    ]);
  });
});
