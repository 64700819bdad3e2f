/**
 * Paths in every report start at the repository top (issue 12 item 4): a run
 * with `--root vendor/queue` inside a git repository names
 * `vendor/queue/deploy/docker/…` in text, JSON, workflow commands, markdown,
 * list, footprint and sync output alike, on Actions and off it. Outside a
 * repository they stay relative to the root. The same queue is checked in
 * both places, so every path can be compared one for one.
 */
import { execFileSync } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { FIXTURES, runCli } from './cli.js';
import { QUEUE_REPOS } from './queue-data.js';

const QUEUE = path.join(FIXTURES, 'e2e', 'queue');
const TOKEN = 'ghp_PATHStoken0123456789abcdefABCDEFGH';
const TODAY = ['--today', '2026-08-20'];
const SUB = 'vendor/queue';

let work: string;
/** A git repository holding the queue in vendor/queue. */
let repo: string;
/** The same queue in a folder that is in no repository. */
let loose: string;
let gh: FakeGitHub;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'us-paths-'));
  repo = path.join(work, 'checkout');
  loose = path.join(work, 'loose');
  await mkdir(repo);
  execFileSync('git', ['init', '-q'], { cwd: repo });
  await cp(QUEUE, path.join(repo, SUB), { recursive: true });
  await cp(QUEUE, loose, { recursive: true });
  gh = await startFakeGitHub({ repos: QUEUE_REPOS, token: TOKEN });
});
afterAll(async () => {
  await gh.close();
  await rm(work, { recursive: true, force: true });
});

const env = (extra: Record<string, string> = {}): Record<string, string> => ({
  GH_TOKEN: TOKEN,
  GITHUB_API_URL: gh.url,
  // The temporary folder may sit below some repository on a developer's machine.
  GIT_CEILING_DIRECTORIES: work,
  ...extra,
});

/** Run in the repository with `--root vendor/queue`. */
const inRepo = (args: string[], extra: Record<string, string> = {}) =>
  runCli([...args, '--root', SUB, ...TODAY], env(extra), repo);
/** Run on the loose copy with `--root`. */
const outside = (args: string[], extra: Record<string, string> = {}) =>
  runCli([...args, '--root', loose, ...TODAY], env(extra), work);

/** Every path field of a §6 report, in a fixed order. */
function pathsOf(report: Report): string[] {
  return [
    ...report.sources.map((s) => s.path),
    ...report.patches.map((p) => p.path),
    ...report.refs.flatMap((r) => r.mentions.flatMap((m) => [m.source, m.patch ?? '-'])),
    ...report.findings.flatMap((f) => [f.file, f.patch ?? '-']),
  ];
}

/** A queue path not preceded by the subfolder: a path still relative to the root. */
const UNPREFIXED = /(^|[^\w/.-])deploy\/docker\//m;

describe('a root below the repository top', () => {
  it('JSON: every path from the top, root says where the root is, messages agree', async () => {
    const [sub, top] = await Promise.all([
      inRepo(['check', '--format', 'json']),
      outside(['check', '--format', 'json']),
    ]);
    expect(sub.code, sub.stderr).toBe(1);
    expect(top.code, top.stderr).toBe(1);
    const a = JSON.parse(sub.stdout) as Report;
    const b = JSON.parse(top.stdout) as Report;
    expect(a.root).toBe(SUB);
    expect(b.root).toBe('.');
    expect(b.findings.length).toBeGreaterThan(3);
    expect(pathsOf(a)).toEqual(pathsOf(b).map((p) => (p === '-' ? p : `${SUB}/${p}`)));
    // Messages name the same files the way the fields do.
    const messages = a.findings.map((f) => f.message).join('\n');
    expect(messages).toContain(`${SUB}/deploy/docker/`);
    expect(messages).not.toMatch(UNPREFIXED);
    expect(a.findings.map((f) => f.message)).toEqual(
      b.findings.map((f) => f.message.replace(/(^|[\s`(])(deploy\/docker\/)/g, `$1${SUB}/$2`)),
    );
  });

  it('points a run-level finding at the --config file as the tree names it', async () => {
    await writeFile(path.join(repo, SUB, 'budget.yml'), 'github:\n  budget: 1\n');
    const r = await inRepo(['check', '--format', 'json', '--config', `${SUB}/budget.yml`]);
    const report = JSON.parse(r.stdout) as Report;
    const over = report.findings.find((f) => f.rule === 'budget-exceeded');
    expect(over?.file).toBe(`${SUB}/budget.yml`);
  });

  it('text: every finding line and patch heading from the top', async () => {
    const r = await inRepo(['check']);
    expect(r.code, r.stderr).toBe(1);
    const findingLines = r.stdout.split('\n').filter((l) => /^ {2}(error|warning|notice) /.test(l));
    expect(findingLines.length).toBeGreaterThan(3);
    for (const line of findingLines) expect(line).toMatch(/^ {2}\w+ +vendor\/queue\/\S+:\d+ {2}/);
    expect(r.stdout).toMatch(/^vendor\/queue\/deploy\/docker\/patches\/\S+$/m);
    expect(r.stdout).not.toMatch(UNPREFIXED);
  });

  it('workflow commands: file= is the repository path, with and without --format on Actions', async () => {
    const off = await inRepo(['check', '--format', 'github']);
    // Actions with the repository checked out below the workspace (`path: checkout`):
    // GitHub wants the repository path, not the workspace path.
    const on = await inRepo(['check'], {
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: work,
      GITHUB_STEP_SUMMARY: path.join(work, 'summary.md'),
    });
    for (const r of [off, on]) {
      expect(r.code, r.stderr).toBe(1);
      const files = [...r.stdout.matchAll(/^::\w+ file=([^,]+),/gm)].map((m) => m[1]);
      expect(files.length).toBeGreaterThan(3);
      for (const f of files) expect(f).toMatch(/^vendor\/queue\/deploy\/docker\//);
    }
    expect(on.stdout).toBe(off.stdout);
  });

  it('markdown: the findings table names the files from the top', async () => {
    const r = await inRepo(['check', '--format', 'markdown']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stdout).toContain('`vendor/queue/deploy/docker/');
    expect(r.stdout).not.toMatch(UNPREFIXED);
  });

  it('list, footprint and sync --dry-run name the same paths', async () => {
    const list = await inRepo(['list']);
    expect(list.code, list.stderr).toBe(0);
    expect(list.stdout).toMatch(/^ {2}vendor\/queue\/deploy\/docker\/\S+:\d+ /m);
    expect(list.stdout).not.toMatch(UNPREFIXED);

    const listJson = JSON.parse((await inRepo(['list', '--format', 'json'])).stdout) as Report;
    expect(listJson.root).toBe(SUB);

    const footprint = await inRepo(['footprint', '--format', 'json']);
    expect(footprint.code, footprint.stderr).toBe(0);
    const fp = JSON.parse(footprint.stdout) as { root: string; patches: { patch: string }[] };
    expect(fp.root).toBe(SUB);
    expect(fp.patches.length).toBeGreaterThan(0);
    for (const p of fp.patches) expect(p.patch).toMatch(/^vendor\/queue\//);
    const footprintText = await inRepo(['footprint']);
    expect(footprintText.stdout).toMatch(/^vendor\/queue\/deploy\/docker\/patches\/\S+ {2}\[/m);

    const sync = await inRepo(['sync', '--dry-run']);
    expect(sync.code, sync.stderr).toBe(0);
    const headers = sync.stdout.split('\n').filter((l) => /^(---|\+\+\+) /.test(l));
    expect(headers.length).toBeGreaterThan(0);
    for (const h of headers)
      expect(h).toMatch(/^(--- a|\+\+\+ b)\/vendor\/queue\/deploy\/docker\//);
  });

  it('sync names the files it wrote from the top', async () => {
    const copy = path.join(repo, 'vendor', 'synced');
    await cp(QUEUE, copy, { recursive: true });
    const r = await runCli(['sync', '--root', 'vendor/synced', ...TODAY], env(), repo);
    expect(r.code, r.stderr).toBe(0);
    const updated = r.stdout.split('\n').filter((l) => l.startsWith('updated '));
    expect(updated.length).toBeGreaterThan(0);
    for (const l of updated) expect(l).toMatch(/^updated vendor\/synced\/deploy\/docker\//);
    expect(r.stdout).toMatch(/^ {2}vendor\/synced\/deploy\/docker\/\S+:\d+ {2}/m);
  });
});

describe('a root outside any repository', () => {
  it('keeps paths relative to the root in every format', async () => {
    for (const format of ['text', 'github', 'markdown']) {
      const r = await outside(['check', '--format', format]);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toMatch(/(^|[\s`=])deploy\/docker\//m);
      expect(r.stdout).not.toContain('loose/');
    }
  });

  it('on Actions, a workspace holding the root stands for the repository (a checkout without git)', async () => {
    const sub = path.join(work, 'no-git', 'q');
    await cp(QUEUE, sub, { recursive: true });
    await writeFile(path.join(work, 'summary2.md'), '');
    const r = await runCli(
      ['check', '--root', sub, ...TODAY],
      env({
        GITHUB_ACTIONS: 'true',
        GITHUB_WORKSPACE: path.join(work, 'no-git'),
        GITHUB_STEP_SUMMARY: path.join(work, 'summary2.md'),
      }),
      work,
    );
    expect(r.code, r.stderr).toBe(1);
    const files = [...r.stdout.matchAll(/^::\w+ file=([^,]+),/gm)].map((m) => m[1]);
    expect(files.length).toBeGreaterThan(3);
    for (const f of files) expect(f).toMatch(/^q\/deploy\/docker\//);
    expect(await readFile(path.join(work, 'summary2.md'), 'utf8')).toContain('q/deploy/docker/');
  });
});
