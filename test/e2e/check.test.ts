/**
 * End to end: the built CLI against the fake GitHub on a realistic queue with
 * all three record forms. The findings must be exactly what the fake's
 * answers imply — a false drift is as bad as a missed one.
 */
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { FIXTURES, runCli } from './cli.js';
import { EXPECTED_ERRORS, QUEUE_REPOS } from './queue-data.js';

const QUEUE = path.join(FIXTURES, 'e2e', 'queue');
const TOKEN = 'ghp_CANARYtoken0123456789abcdefABCDEF';
const TODAY = ['--today', '2026-08-20'];

function errorsOf(report: Report): string[] {
  return report.findings
    .filter((f) => f.severity === 'error')
    .map((f) => `${f.rule} ${f.ref ?? '-'} ${f.file}`)
    .sort();
}

function parseReport(stdout: string): Report {
  return JSON.parse(stdout) as Report;
}

describe('check on a realistic queue', () => {
  let gh: FakeGitHub;
  beforeAll(async () => {
    gh = await startFakeGitHub({ repos: QUEUE_REPOS, token: TOKEN });
  });
  afterAll(async () => {
    await gh.close();
  });

  it('with a token: exactly the implied drifts, all refs in one GraphQL request', async () => {
    gh.reset();
    const r = await runCli(['check', '--root', QUEUE, '--format', 'json', ...TODAY], {
      GH_TOKEN: TOKEN,
      GITHUB_API_URL: gh.url,
    });
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    const report = parseReport(r.stdout);
    expect(errorsOf(report)).toEqual(EXPECTED_ERRORS);
    expect(
      report.findings.filter((f) => f.severity === 'warning').map((f) => `${f.rule} ${f.file}`),
      // "internal PR #178" names the project's own tracker: never asked about, never warned of.
    ).toEqual([]);
    // 35 GitHub refs and internal#4411, which is listed but never asked about.
    expect(report.summary.refs).toBe(36);
    // All 35 GitHub refs in one GraphQL query, which also dates the pinned base
    // (kv_layout's record pins v0.11.0 at 7a1c2e9d0b3f) and, with each merged PR, its merge
    // commit: no date query of its own. On top of it, one compare per merged fix of that
    // patch (#30378 and #30427): the fake's infer-org/vllm has no git history, so the base
    // is not dated and both are compared (a dated base older than both merges would have
    // answered them without compares).
    const graphql = gh.requests.filter((q) => q.path.endsWith('/graphql'));
    const compares = gh.requests.filter((q) => q.path.includes('/compare/'));
    expect(graphql.length).toBe(1);
    expect(graphql[0]?.body).toMatch(/object\(expression: \\"7a1c2e9d0b3f\\"\)/);
    expect(graphql[0]?.body).toMatch(/mergeCommit \{ oid committedDate \}/);
    expect(compares.map((q) => q.path).sort()).toEqual([
      expect.stringMatching(/^\/repos\/infer-org\/vllm\/compare\/7a1c2e9d0b3f\.\.\.[0-9a-f]+/),
      expect.stringMatching(/^\/repos\/infer-org\/vllm\/compare\/7a1c2e9d0b3f\.\.\.[0-9a-f]+/),
    ]);
    expect(gh.requests.length).toBe(3);
    expect(report.summary.requests).toBe(3);
    expect(r.stdout + r.stderr).not.toContain(TOKEN);
  });

  it('without a token: the same result over REST, with a note about the limit', async () => {
    gh.reset();
    const open = await startFakeGitHub({ repos: QUEUE_REPOS });
    try {
      const r = await runCli(['check', '--root', QUEUE, '--format', 'json', ...TODAY], {
        GITHUB_API_URL: open.url,
      });
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/60 requests/);
      expect(errorsOf(parseReport(r.stdout))).toEqual(EXPECTED_ERRORS);
      expect(open.requests.every((q) => q.path.startsWith('/repos/'))).toBe(true);
    } finally {
      await open.close();
    }
  });

  it('a missing number or repo fails only that ref', async () => {
    const repos = structuredClone(QUEUE_REPOS);
    repos['infer-org/sglang']!.prs = repos['infer-org/sglang']!.prs!.filter(
      (p) => p.number !== 5005,
    );
    delete repos['kv-org/mooncake'];
    const partial = await startFakeGitHub({ repos, token: TOKEN });
    try {
      const r = await runCli(['check', '--root', QUEUE, '--format', 'json', ...TODAY], {
        GH_TOKEN: TOKEN,
        GITHUB_API_URL: partial.url,
      });
      expect(r.code).toBe(1);
      const report = parseReport(r.stdout);
      const unresolved = report.findings
        .filter((f) => f.rule === 'unresolved-ref')
        .map((f) => f.ref);
      expect(unresolved.sort()).toEqual([
        'infer-org/sglang#5005',
        'kv-org/mooncake#275',
        'kv-org/mooncake#280',
        'kv-org/mooncake#290',
        'kv-org/mooncake#300',
      ]);
      // Everything else is judged exactly as before.
      expect(errorsOf(report).filter((e) => !e.startsWith('unresolved-ref'))).toEqual(
        EXPECTED_ERRORS,
      );
    } finally {
      await partial.close();
    }
  });

  it('records the answers without the token and replays them offline', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'us-snap-'));
    try {
      const snap = path.join(dir, 'snap.json');
      const live = await runCli(
        ['check', '--root', QUEUE, '--format', 'json', '--record', snap, ...TODAY],
        {
          GH_TOKEN: TOKEN,
          GITHUB_API_URL: gh.url,
        },
      );
      const text = await readFile(snap, 'utf8');
      expect(text).not.toContain(TOKEN);
      gh.reset();
      const replayed = await runCli(
        ['check', '--root', QUEUE, '--format', 'json', '--replay', snap, ...TODAY],
        {
          GITHUB_API_URL: 'http://127.0.0.1:9',
        },
      );
      expect(gh.requests).toHaveLength(0);
      expect(replayed.code).toBe(live.code);
      const a = parseReport(live.stdout);
      const b = parseReport(replayed.stdout);
      expect(b.findings).toEqual(a.findings);
      expect(b.refs).toEqual(a.refs);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('text output groups findings by patch and says what to do', async () => {
    const r = await runCli(['check', '--root', QUEUE, ...TODAY], {
      GH_TOKEN: TOKEN,
      GITHUB_API_URL: gh.url,
    });
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('deploy/docker/patches/sglang/fix_rows.py');
    expect(r.stdout).toMatch(/infer-org\/sglang#4101/);
    expect(r.stdout).toMatch(/\[state-drift\]/);
    expect(r.stdout).not.toContain(TOKEN);
  });
});

describe('malformed input', () => {
  let gh: FakeGitHub;
  let root: string;
  beforeAll(async () => {
    gh = await startFakeGitHub({ repos: QUEUE_REPOS, token: TOKEN });
    root = await mkdtemp(path.join(os.tmpdir(), 'us-broken-'));
    await cp(QUEUE, root, { recursive: true });
    const patches = path.join(root, 'deploy/docker/patches');
    // Bad YAML in a record.
    await writeFile(
      path.join(patches, 'sglang/host_alloc.upstream.status.yaml'),
      'schema_version: 1\nstatus_updated: 2026-08-05\nupstream_prs:\n  - ref: infer-org/sglang#3655\n    state: [MERGED\n',
    );
    // A broken table row: a ditto row with no patch row above it.
    const ledger = path.join(root, 'deploy/docker/patch.upstream.status.md');
    const text = await readFile(ledger, 'utf8');
    await writeFile(
      ledger,
      text.replace(
        '| patch | upstream issue | upstream PR | PR state |\n|---|---|---|---|\n',
        '| patch | upstream issue | upstream PR | PR state |\n|---|---|---|---|\n| ″ (anchor collision) | — | [mooncake#300](https://github.com/kv-org/mooncake/pull/300) | OPEN |\n',
      ),
    );
    // A header that is not UTF-8.
    await writeFile(
      path.join(patches, 'mooncake/transfer_timeout.py'),
      Buffer.concat([
        Buffer.from('# Raise the timeout\n# caf'),
        Buffer.from([0xe9, 0x0a]),
        Buffer.from('print(1)\n'),
      ]),
    );
  });
  afterAll(async () => {
    await gh.close();
    await rm(root, { recursive: true, force: true });
  });

  it('reports parse-error with file and line, and still checks the rest', async () => {
    const r = await runCli(['check', '--root', root, '--format', 'json', ...TODAY], {
      GH_TOKEN: TOKEN,
      GITHUB_API_URL: gh.url,
    });
    expect(r.code).toBe(1);
    expect(r.stderr).not.toMatch(/\n\s+at /); // no stack trace
    const report = parseReport(r.stdout);
    const parseErrors = report.findings
      .filter((f) => f.rule === 'parse-error')
      .map((f) => `${f.file}:${f.line}`);
    expect(parseErrors).toEqual(
      expect.arrayContaining([
        'deploy/docker/patches/sglang/host_alloc.upstream.status.yaml:5',
        'deploy/docker/patches/mooncake/transfer_timeout.py:2',
      ]),
    );
    expect(parseErrors.some((p) => p.startsWith('deploy/docker/patch.upstream.status.md:'))).toBe(
      true,
    );
    // The drifts elsewhere are still found.
    for (const e of EXPECTED_ERRORS) expect(errorsOf(report)).toContain(e);
  });
});

describe('--budget', () => {
  let gh: FakeGitHub;
  beforeAll(async () => {
    gh = await startFakeGitHub({ repos: QUEUE_REPOS, token: TOKEN });
  });
  afterAll(async () => {
    await gh.close();
  });

  it('asks nothing when the refs alone would exceed it, and says so', async () => {
    const r = await runCli(
      ['check', '--root', QUEUE, '--format', 'json', '--budget', '1', '--today', '2026-08-20'],
      { GITHUB_API_URL: gh.url }, // no token: 35 refs over REST cost far more than 1
    );
    expect(r.code).toBe(1);
    expect(gh.requests).toHaveLength(0);
    const report = parseReport(r.stdout);
    expect(
      report.findings.filter((f) => f.rule === 'budget-exceeded').map((f) => f.severity),
    ).toEqual(['error']);
    // Never a silent pass: the network rules did not run, and the report says why.
    expect(report.findings.some((f) => f.rule === 'state-drift')).toBe(false);
  });

  it('with room for the refs but not the compares, skips only the pinned-base rules', async () => {
    gh.reset();
    const r = await runCli(
      ['check', '--root', QUEUE, '--format', 'json', '--budget', '1', '--today', '2026-08-20'],
      { GH_TOKEN: TOKEN, GITHUB_API_URL: gh.url },
    );
    const report = parseReport(r.stdout);
    expect(gh.requests).toHaveLength(1);
    expect(errorsOf(report)).toEqual(EXPECTED_ERRORS);
    expect(
      report.findings.filter((f) => f.rule === 'budget-exceeded').map((f) => f.severity),
    ).toEqual(['warning']);
  });
});
