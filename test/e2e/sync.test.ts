/** `sync` end to end on the realistic queue: write back, then check finds no drift. */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { FIXTURES, runCli } from './cli.js';
import { QUEUE_REPOS } from './queue-data.js';

const QUEUE = path.join(FIXTURES, 'e2e', 'queue');
const TOKEN = 'ghp_CANARYsync0123456789abcdef';
const TODAY = ['--today', '2026-08-20'];

async function snapshotTree(root: string, files: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const f of files) out.set(f, await readFile(path.join(root, f), 'utf8'));
  return out;
}

const SOURCES = [
  'deploy/docker/patch.upstream.status.md',
  'deploy/docker/patches/sglang/fix_rows.py',
  'deploy/docker/patches/sglang/sched_guard.py',
  'deploy/docker/patches/vllm/kv_layout.upstream.status.yaml',
  'deploy/docker/patches/mooncake/engine_impl.diff',
];

describe('sync', () => {
  let gh: FakeGitHub;
  let root: string;
  const env = (): Record<string, string> => ({ GH_TOKEN: TOKEN, GITHUB_API_URL: gh.url });
  beforeAll(async () => {
    gh = await startFakeGitHub({ repos: QUEUE_REPOS, token: TOKEN });
    root = await mkdtemp(path.join(os.tmpdir(), 'us-sync-'));
    await cp(QUEUE, root, { recursive: true });
  });
  afterAll(async () => {
    await gh.close();
    await rm(root, { recursive: true, force: true });
  });

  it('--dry-run prints a diff and leaves the tree untouched', async () => {
    const before = await snapshotTree(root, SOURCES);
    const r = await runCli(['sync', '--root', root, '--dry-run', ...TODAY], env());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('--- a/deploy/docker/patch.upstream.status.md');
    expect(r.stdout).toMatch(/^\+.*MERGED 2026-08-12/m);
    expect(await snapshotTree(root, SOURCES)).toEqual(before);
  });

  it('writes the live states so that check reports no drift, and a second sync changes nothing', async () => {
    const r = await runCli(['sync', '--root', root, ...TODAY], env());
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('updated deploy/docker/patch.upstream.status.md');
    expect(r.stdout + r.stderr).not.toContain(TOKEN);

    const check = await runCli(['check', '--root', root, '--format', 'json', ...TODAY], env());
    const report = JSON.parse(check.stdout) as Report;
    const drift = report.findings.filter((f) =>
      ['state-drift', 'merged-at-drift', 'review-decision-drift', 'stale-check'].includes(f.rule),
    );
    expect(drift).toEqual([]);
    // What sync cannot fix is still reported.
    expect(report.findings.map((f) => f.rule)).toContain('unindexed-patch');

    const after = await snapshotTree(root, SOURCES);
    const again = await runCli(['sync', '--root', root, ...TODAY], env());
    expect(again.code).toBe(0);
    expect(again.stdout).toContain('already matches');
    expect(await snapshotTree(root, SOURCES)).toEqual(after);
  });

  it('touches only state words, cells, fields and dates', async () => {
    const original = await readFile(path.join(QUEUE, SOURCES[0]!), 'utf8');
    const synced = await readFile(path.join(root, SOURCES[0]!), 'utf8');
    const a = original.split('\n');
    const b = synced.split('\n');
    expect(b.length).toBe(a.length);
    const changed = a.flatMap((line, i) => (line === b[i] ? [] : [[line, b[i]!]]));
    expect(changed.length).toBeGreaterThan(0);
    for (const [was, now] of changed) {
      // Removing every state word and date from both sides leaves the same line.
      const strip = (s: string): string =>
        s
          .replace(/\b(OPEN|MERGED|CLOSED|DRAFT|both)\b|\d{4}-\d{2}-\d{2}|#\d+|;/g, '')
          .replace(/\s+/g, ' ');
      expect(strip(now!)).toBe(strip(was!));
    }
  });
});
