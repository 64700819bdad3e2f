/** Exit codes and messages for user errors and GitHub outages: never a stack trace. */
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startFakeGitHub } from '../support/fake-github.js';
import { FIXTURES, runCli } from './cli.js';
import { QUEUE_REPOS } from './queue-data.js';

const QUEUE = path.join(FIXTURES, 'e2e', 'queue');
const TOKEN = 'ghp_CANARYusage0123456789';

describe('exit codes', () => {
  it('GitHub answering only 5xx ends in exit 3 with a one-line reason within the configured bound', async () => {
    // A 2 s bound instead of the default 40 s: the give-up path is the same, the wait is not.
    const dir = await mkdtemp(path.join(os.tmpdir(), 'us-5xx-'));
    await cp(QUEUE, dir, { recursive: true });
    await writeFile(path.join(dir, '.upstream-status.yml'), 'github: { timeoutSeconds: 2 }\n');
    const gh = await startFakeGitHub({
      repos: QUEUE_REPOS,
      token: TOKEN,
      faults: [{ kind: 'status', status: 502 }],
    });
    try {
      const r = await runCli(['check', '--root', dir, '--today', '2026-08-20'], {
        GH_TOKEN: TOKEN,
        GITHUB_API_URL: gh.url,
      });
      expect(r.code).toBe(3);
      expect(r.stdout).toBe('');
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^upstream-status: GitHub could not be asked: .*502/);
      expect(r.stderr).not.toContain(TOKEN);
      // It asked at least twice (one retry fits in 2 s), and never waited past a retry it could not afford.
      expect(gh.requests.length).toBeGreaterThanOrEqual(2);
    } finally {
      await gh.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a bad configuration is exit 2, naming every key and line', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'us-cfg-'));
    try {
      await writeFile(
        path.join(dir, '.upstream-status.yml'),
        '# config\nledgerz: []\nrules:\n  stale-check: { maxAgeDays: soon }\n',
      );
      const r = await runCli(['check', '--root', dir, '--offline']);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/\.upstream-status\.yml:2: ledgerz/);
      expect(r.stderr).toMatch(/:4: rules\.stale-check\.maxAgeDays/);
      expect(r.stderr).not.toMatch(/\n\s+at /);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('an unknown option or a bad --today is exit 2 without a stack trace', async () => {
    const a = await runCli(['check', '--no-such-flag']);
    expect(a.code).toBe(2);
    const b = await runCli(['check', '--root', QUEUE, '--offline', '--today', 'tomorrow']);
    expect(b.code).toBe(2);
    expect(b.stderr).toMatch(/--today/);
    expect(b.stderr).not.toMatch(/\n\s+at /);
  });

  it('list needs no network and exits 0', async () => {
    const r = await runCli(['list', '--root', QUEUE, '--format', 'json', '--today', '2026-08-20'], {
      GITHUB_API_URL: 'http://127.0.0.1:9',
    });
    expect(r.code).toBe(0);
    const report = JSON.parse(r.stdout) as {
      refs: { live: unknown }[];
      findings: { rule: string }[];
    };
    expect(report.refs.length).toBe(36); // 35 on GitHub, and internal#4411
    expect(report.refs.every((x) => x.live === null)).toBe(true);
    expect(report.findings.map((f) => f.rule)).toContain('unindexed-patch');
    expect(report.findings.map((f) => f.rule)).not.toContain('state-drift');
  });

  it('npm start runs the bundled example offline and reports its drift', async () => {
    const r = await runCli([
      'check',
      '--root',
      'example',
      '--replay',
      'example/github-snapshot.json',
      '--today',
      '2026-08-20',
    ]);
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/\[state-drift\]/);
    expect(r.stdout).toMatch(/\[anchor-collision-merged\]/);
    expect(r.stdout).toMatch(/\[unindexed-patch\]/);
  });
});
