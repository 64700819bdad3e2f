/**
 * discover against a fake GitHub serving 1,500 open PRs, of which a known set
 * touch the queue's footprint: certain, near, same-file-only and already
 * recorded ones. It must find every certain one and no same-file-only one,
 * within the request budget, and a second run must re-fetch only PRs pushed to.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.js';
import { runDiscover, type DiscoverResult } from '../../src/discover/run.js';
import { QUEUE, repoData } from '../support/discover-data.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { runCli } from '../e2e/cli.js';

const TOKEN = 'ghp_discover000000000000000000000000000000';
let root: string;
let gh: FakeGitHub;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'discover-'));
  for (const [rel, text] of Object.entries(QUEUE)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
});
afterAll(async () => {
  await gh?.close();
  rmSync(root, { recursive: true, force: true });
});

async function discover(pushed?: ReadonlySet<number>): Promise<DiscoverResult> {
  await gh?.close();
  gh = await startFakeGitHub({ repos: { 'up/engine': repoData(pushed) } });
  const { config, errors } = await loadConfig(root, null);
  expect(errors).toEqual([]);
  return runDiscover({
    root,
    config,
    github: { token: TOKEN, apiUrl: gh.url, graphqlUrl: gh.graphqlUrl },
    cacheDir: '.upstream-status/cache',
  });
}

describe('discover', () => {
  it('finds every certain collision and no same-file-only one, within the request budget', async () => {
    const r = await discover();
    expect(r.findings.map((f) => [f.ref, f.severity, f.patch, f.file])).toEqual([
      ['up/engine#101', 'warning', 'patches/fix.py', 'patches/fix.upstream.status.yaml'],
      ['up/engine#102', 'notice', 'patches/fix.py', 'patches/fix.upstream.status.yaml'],
      ['up/engine#105', 'warning', 'patches/rows.diff', 'patches/rows.diff'],
      ['up/engine#106', 'notice', 'patches/rows.diff', 'patches/rows.diff'],
    ]);
    expect(r.findings[0]?.message).toContain(
      '"Rework m" (open, no review decision, last push 2026-07-01) would break anchor "line 20" of patches/fix.py (line 4)',
    );
    expect(r.findings[3]?.message).toContain('(draft, review required');
    expect(r.graphqlRequests).toBeLessThanOrEqual(30);
    expect(r.restRequests).toBe(6);
  });

  it('fetches again only the PRs pushed to since the last run', async () => {
    const pushed = new Set([101, 102, ...Array.from({ length: 18 }, (_, i) => 500 + i)]);
    const r = await discover(pushed);
    expect(r.fetched).toBe(2);
    expect(r.restRequests).toBeLessThanOrEqual(20);
    expect(r.graphqlRequests).toBeLessThanOrEqual(20);
    expect(r.findings.map((f) => f.ref)).toEqual([
      'up/engine#101',
      'up/engine#102',
      'up/engine#105',
      'up/engine#106',
    ]);
  });

  it('runs from the command line, JSON report, exit 0 on warnings, and needs a token', async () => {
    await discover();
    const env = { GITHUB_API_URL: gh.url, GITHUB_GRAPHQL_URL: gh.graphqlUrl };
    const r = await runCli(['discover', '--root', root, '--format', 'json'], {
      ...env,
      GH_TOKEN: TOKEN,
    });
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as { findings: { rule: string; ref: string }[] };
    expect(report.findings.map((f) => [f.rule, f.ref])).toEqual([
      ['unrecorded-collision', 'up/engine#101'],
      ['unrecorded-collision', 'up/engine#102'],
      ['unrecorded-collision', 'up/engine#105'],
      ['unrecorded-collision', 'up/engine#106'],
    ]);
    const anonymous = await runCli(['discover', '--root', root], env);
    expect(anonymous.code).toBe(2);
    expect(anonymous.stderr).toMatch(/needs a token/);
  });

  it('check --discover adds the collisions to the check report; --offline and --discover contradict', async () => {
    await discover();
    const env = { GITHUB_API_URL: gh.url, GITHUB_GRAPHQL_URL: gh.graphqlUrl, GH_TOKEN: TOKEN };
    const r = await runCli(['check', '--root', root, '--discover', '--format', 'json'], env);
    const report = JSON.parse(r.stdout) as { findings: { rule: string; ref: string }[] };
    expect(
      report.findings.filter((f) => f.rule === 'unrecorded-collision').map((f) => f.ref),
    ).toEqual(['up/engine#101', 'up/engine#102', 'up/engine#105', 'up/engine#106']);
    const refused = await runCli(['check', '--root', root, '--discover', '--offline'], env);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(/--discover/);
  });

  it('sync --add-collisions records the certain collisions after writing the states', async () => {
    await discover();
    const env = { GITHUB_API_URL: gh.url, GITHUB_GRAPHQL_URL: gh.graphqlUrl, GH_TOKEN: TOKEN };
    const copy = mkdtempSync(path.join(tmpdir(), 'discover-sync-'));
    try {
      for (const [rel, text] of Object.entries(QUEUE)) {
        mkdirSync(path.dirname(path.join(copy, rel)), { recursive: true });
        writeFileSync(path.join(copy, rel), text);
      }
      const r = await runCli(['sync', '--root', copy, '--add-collisions'], env);
      expect(r.stdout).toContain('recorded collisions in patches/fix.upstream.status.yaml');
      const record = readFileSync(path.join(copy, 'patches/fix.upstream.status.yaml'), 'utf8');
      expect(record).toContain('ref: "up/engine#101"');
      expect(record).not.toContain('ref: "up/engine#102"'); // near, not certain
    } finally {
      rmSync(copy, { recursive: true, force: true });
    }
  });

  it('--add-collisions writes each certain collision into the record, and the next run stays quiet about it', async () => {
    await discover();
    const env = { GITHUB_API_URL: gh.url, GITHUB_GRAPHQL_URL: gh.graphqlUrl, GH_TOKEN: TOKEN };
    const r = await runCli(['discover', '--root', root, '--add-collisions'], env);
    expect(r.stderr).toContain('recorded collisions in patches/fix.upstream.status.yaml');
    expect(r.stderr).toContain(
      'up/engine#105: patches/rows.diff has no record or ledger row to write into',
    );
    const record = readFileSync(path.join(root, 'patches/fix.upstream.status.yaml'), 'utf8');
    expect(record).toContain(
      '  - { ref: "up/engine#101", url: "https://github.com/up/engine/pull/101", kind: "pr", state: "OPEN", relevance: "anchor-collision", note: "found by discover: Rework m" }\n',
    );
    const again = await discover();
    expect(again.findings.map((f) => f.ref)).toEqual([
      'up/engine#102',
      'up/engine#105',
      'up/engine#106',
    ]);
  });

  it('names files from the repository top when --root is below it: report, messages, notes', async () => {
    await discover();
    const env = { GITHUB_API_URL: gh.url, GITHUB_GRAPHQL_URL: gh.graphqlUrl, GH_TOKEN: TOKEN };
    const top = mkdtempSync(path.join(tmpdir(), 'discover-top-'));
    try {
      execFileSync('git', ['init', '-q'], { cwd: top });
      for (const [rel, text] of Object.entries(QUEUE)) {
        mkdirSync(path.dirname(path.join(top, 'sub', rel)), { recursive: true });
        writeFileSync(path.join(top, 'sub', rel), text);
      }
      const ceiling = { ...env, GIT_CEILING_DIRECTORIES: path.dirname(top) };
      const json = await runCli(['discover', '--root', 'sub', '--format', 'json'], ceiling, top);
      const report = JSON.parse(json.stdout) as {
        root: string;
        findings: { file: string; patch: string; message: string }[];
      };
      expect(report.root).toBe('sub');
      expect(report.findings.map((f) => [f.patch, f.file])).toEqual([
        ['sub/patches/fix.py', 'sub/patches/fix.upstream.status.yaml'],
        ['sub/patches/fix.py', 'sub/patches/fix.upstream.status.yaml'],
        ['sub/patches/rows.diff', 'sub/patches/rows.diff'],
        ['sub/patches/rows.diff', 'sub/patches/rows.diff'],
      ]);
      expect(report.findings[0]?.message).toContain('of sub/patches/fix.py (line 4)');
      const wrote = await runCli(['discover', '--root', 'sub', '--add-collisions'], ceiling, top);
      expect(wrote.stderr).toContain('recorded collisions in sub/patches/fix.upstream.status.yaml');
      expect(wrote.stderr).toContain('up/engine#105: sub/patches/rows.diff has no record');
    } finally {
      rmSync(top, { recursive: true, force: true });
    }
  });
});
