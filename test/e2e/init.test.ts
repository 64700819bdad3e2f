/** `init` through the CLI in a fresh git repository. */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { runCli } from './cli.js';

describe('init', () => {
  let repo: string;
  beforeAll(async () => {
    repo = await mkdtemp(path.join(os.tmpdir(), 'us-init-'));
    execFileSync('git', ['init', '-q', repo]);
  });
  afterAll(async () => {
    await rm(repo, { recursive: true, force: true });
  });

  it('writes the three files once, and a second run changes nothing', async () => {
    const first = await runCli(['init', '--root', repo]);
    expect(first.code).toBe(0);
    expect(first.stdout).toContain('wrote .upstream-status.yml');
    expect(first.stdout).toContain('wrote .github/workflows/upstream-status.yml');
    expect(first.stdout).toContain('wrote .git/hooks/pre-rebase');
    const workflow = parse(
      await readFile(path.join(repo, '.github/workflows/upstream-status.yml'), 'utf8'),
    ) as { on: { schedule: { cron: string }[] } };
    expect(workflow.on.schedule[0]?.cron).toMatch(/\S+ \S+ \S+ \S+ \S+/);
    expect((await stat(path.join(repo, '.git/hooks/pre-rebase'))).mode & 0o111).toBeTruthy();
    // The written config is valid for the tool itself: what stops the check is the
    // empty tree (nothing to check is exit 2), not the configuration.
    const check = await runCli(['check', '--root', repo, '--offline']);
    expect(check.stderr).toMatch(/^upstream-status: no patch records found under /);
    expect(check.stderr).not.toMatch(/configuration/);
    expect(check.code).toBe(2);

    const before = await readFile(path.join(repo, '.upstream-status.yml'), 'utf8');
    const second = await runCli(['init', '--root', repo]);
    expect(second.code).toBe(0);
    expect(second.stdout).not.toContain('wrote');
    expect(await readFile(path.join(repo, '.upstream-status.yml'), 'utf8')).toBe(before);
  });
});
