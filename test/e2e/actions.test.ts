/** On GitHub Actions: annotations at the exact stale line, and a job summary. */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { FIXTURES, PROJECT, runCli } from './cli.js';
import { QUEUE_REPOS } from './queue-data.js';

const QUEUE = path.join(FIXTURES, 'e2e', 'queue');
const TOKEN = 'ghp_CANARYactions0123456789abcdef';

describe('GITHUB_ACTIONS=true', () => {
  let gh: FakeGitHub;
  let dir: string;
  beforeAll(async () => {
    gh = await startFakeGitHub({ repos: QUEUE_REPOS, token: TOKEN });
    dir = await mkdtemp(path.join(os.tmpdir(), 'us-actions-'));
  });
  afterAll(async () => {
    await gh.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('annotates the exact stale line and writes a summary table', async () => {
    const summary = path.join(dir, 'summary.md');
    await writeFile(summary, '');
    const r = await runCli(['check', '--root', QUEUE, '--today', '2026-08-20'], {
      GH_TOKEN: TOKEN,
      GITHUB_API_URL: gh.url,
      GITHUB_ACTIONS: 'true',
      GITHUB_WORKSPACE: PROJECT,
      GITHUB_STEP_SUMMARY: summary,
    });
    expect(r.code).toBe(1);
    const annotations = r.stdout
      .split('\n')
      .filter((l) => l.startsWith('::'))
      .map((l) => /^::(error|warning|notice) file=([^,]+),line=(\d+),title=([^:]+)::(.*)$/.exec(l));
    expect(annotations.length).toBeGreaterThan(0);
    const drifts = annotations.filter((m) => m?.[4] === 'state-drift');
    expect(drifts.length).toBe(6);
    for (const m of drifts) {
      expect(m).not.toBeNull();
      const [, level, file, line, , message] = m!;
      expect(level).toBe('error');
      // The path is relative to the workspace and the line is the one that is stale.
      const text = await readFile(path.join(PROJECT, file!), 'utf8');
      const staleLine = text.split('\n')[Number(line) - 1]!;
      const recorded = /recorded (OPEN|MERGED|CLOSED|DRAFT)/.exec(message!)?.[1];
      expect(recorded).toBeDefined();
      expect(staleLine).toContain(recorded!);
    }
    const md = await readFile(summary, 'utf8');
    expect(md).toMatch(/\| patch \| rule \|/);
    expect(md).toContain('infer-org/sglang#4101');
    expect(md + r.stdout).not.toContain(TOKEN);
  });

  it('an explicit --format wins over the Actions default', async () => {
    const r = await runCli(
      ['check', '--root', QUEUE, '--format', 'json', '--today', '2026-08-20'],
      {
        GH_TOKEN: TOKEN,
        GITHUB_API_URL: gh.url,
        GITHUB_ACTIONS: 'true',
      },
    );
    expect(() => JSON.parse(r.stdout) as unknown).not.toThrow();
  });
});
