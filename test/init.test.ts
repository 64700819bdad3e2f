import { execFileSync, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ACTION_REPOSITORY, detectWorkflowRunner } from '../src/init-runner.js';
import type { WorkflowRunner } from '../src/init-templates.js';
import { CONFIG_PATH, HOOK_PATH, WORKFLOW_PATH, runInit } from '../src/init.js';

const ACTION: WorkflowRunner = { kind: 'action', repository: ACTION_REPOSITORY, version: '1.2.3' };

const discovered = {
  ledgers: ['deploy/docker/patch.upstream.status.md'],
  records: [
    'deploy/docker/patches/a/fix.upstream.status.yaml',
    'deploy/docker/patches/b/x.upstream.status.yaml',
    'elsewhere/one.upstream.status.yaml',
  ],
  patchDirs: ['deploy/docker/patches'],
};

let root = '';
beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), 'us-init-'));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const git = (...args: string[]): string =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
const read = (path: string): Promise<string> => readFile(join(root, path), 'utf8');

/** A PATH whose `npx` prints its arguments and exits with `code`. */
async function stubNpx(code: number): Promise<string> {
  const bin = join(root, 'stub-bin');
  await mkdir(bin, { recursive: true });
  await writeFile(join(bin, 'npx'), `#!/bin/sh\necho "npx $*"\nexit ${code}\n`);
  await chmod(join(bin, 'npx'), 0o755);
  return `${bin}${delimiter}${process.env.PATH ?? ''}`;
}

describe('runInit in a git repository', () => {
  beforeEach(() => {
    git('init', '-q');
  });

  it('writes the config, the workflow and the hook', async () => {
    const result = await runInit({ root, workflow: ACTION, discovered });
    expect(result).toEqual({ written: [CONFIG_PATH, WORKFLOW_PATH, HOOK_PATH], kept: [] });
  });

  it('writes a config that sets nothing, whose options all parse when uncommented', async () => {
    await runInit({ root, workflow: ACTION, discovered });
    const config = await read(CONFIG_PATH);
    expect(parse(config)).toBeNull();
    expect(config).toContain('#     - deploy/docker/patch.upstream.status.md\n');
    const active = config
      .split('\n')
      .filter((l) => /^#[a-z]/.test(l))
      .map((l) => l.slice(1))
      .join('\n');
    const options = parse(active) as Record<string, unknown>;
    expect(Object.keys(options)).toEqual([
      'ledgers',
      'records',
      'patches',
      'repos',
      'bases',
      'ignore',
      'rules',
      'github',
    ]);
    expect(options.ledgers).toEqual(['deploy/docker/patch.upstream.status.md']);
    expect(options.records).toEqual([
      'deploy/docker/patches/**/*.upstream.status.yaml',
      'elsewhere/one.upstream.status.yaml',
    ]);
    expect(options.patches).toEqual({
      dir: 'deploy/docker/patches',
      exclude: [],
      extensions: ['.patch', '.diff', '.py', '.sh'],
    });
    expect(options.rules).toEqual({ 'stale-check': { severity: 'warning', maxAgeDays: 30 } });
    expect(options.github).toEqual({ chunkSize: 100, concurrency: 8, timeoutSeconds: 40 });
  });

  it('keeps a discovered path that YAML would misread as one quoted string', async () => {
    await runInit({
      root,
      workflow: ACTION,
      discovered: { ledgers: ['a #b, c: d.md'], records: [], patchDirs: [] },
    });
    const line = (await read(CONFIG_PATH)).split('\n').find((l) => l.startsWith('#ledgers:'));
    expect(parse(line?.slice(1) ?? '')).toEqual({ ledgers: ['a #b, c: d.md'] });
  });

  type Workflow = {
    on: { schedule: { cron: string }[] };
    permissions: Record<string, string>;
    jobs: {
      check: {
        steps: {
          uses?: string;
          run?: string;
          env?: Record<string, string>;
          with?: Record<string, string>;
        }[];
      };
    };
  };
  const stepsOf = (wf: Workflow): string[] => wf.jobs.check.steps.map((s) => s.uses ?? s.run ?? '');

  it('writes a daily workflow that runs the pinned Action with the Actions token', async () => {
    await runInit({ root, workflow: ACTION, discovered });
    const text = await read(WORKFLOW_PATH);
    const wf = parse(text) as Workflow;
    expect(wf.on.schedule[0]?.cron).toMatch(/^\d+ \d+ \* \* \*$/);
    expect(Object.keys(wf.on)).toContain('workflow_dispatch');
    expect(wf.permissions).toEqual({ contents: 'read' });
    expect(stepsOf(wf)).toEqual(['actions/checkout@v4', `${ACTION_REPOSITORY}@v1.2.3`]);
    expect(wf.jobs.check.steps[1]?.with).toEqual({ token: '${{ github.token }}' });
    // Never an unpinned package name that whoever publishes it first would run.
    expect(text).not.toMatch(/npx (--yes )?upstream-status|npx -y/);
  });

  it("writes a workflow that runs the repository's locked devDependency, never fetching", async () => {
    await runInit({ root, workflow: { kind: 'devDependency' }, discovered });
    const text = await read(WORKFLOW_PATH);
    const wf = parse(text) as Workflow;
    expect(stepsOf(wf)).toEqual([
      'actions/checkout@v4',
      'actions/setup-node@v4',
      'npm ci',
      'npx --no-install upstream-status check',
    ]);
    expect(wf.jobs.check.steps[3]?.env).toEqual({ GH_TOKEN: '${{ github.token }}' });
    // The commented-out sync steps become valid steps when uncommented.
    const uncommented = text.replace(/^( {6})# (?=- | {2})/gm, '$1');
    expect(stepsOf(parse(uncommented) as Workflow)).toEqual([
      'actions/checkout@v4',
      'actions/setup-node@v4',
      'npm ci',
      'npx --no-install upstream-status check',
      'npx --no-install upstream-status sync',
      'peter-evans/create-pull-request@v7',
    ]);
    expect(text).not.toMatch(/npx (--yes )?upstream-status|npx -y/);
  });

  it('chooses the devDependency only when package.json names it and a lockfile pins it', async () => {
    expect(await detectWorkflowRunner(root, '1.2.3')).toEqual(ACTION);
    await writeFile(
      join(root, 'package.json'),
      JSON.stringify({ devDependencies: { '@upstream-status/cli': '0.1.0' } }),
    );
    expect(await detectWorkflowRunner(root, '1.2.3')).toEqual(ACTION);
    await writeFile(join(root, 'package-lock.json'), '{}');
    expect(await detectWorkflowRunner(root, '1.2.3')).toEqual({ kind: 'devDependency' });
    // The bare name is not ours: a package.json naming it gets the Action.
    await writeFile(
      join(root, 'package.json'),
      JSON.stringify({ devDependencies: { 'upstream-status': '0.1.0' } }),
    );
    expect(await detectWorkflowRunner(root, '1.2.3')).toEqual(ACTION);
  });

  it("names the Action's repository as package.json does", async () => {
    const pkg = JSON.parse(await readFile(new URL('../package.json', import.meta.url), 'utf8')) as {
      repository: { url: string };
    };
    expect(pkg.repository.url).toBe(`git+https://github.com/${ACTION_REPOSITORY}.git`);
  });

  it('writes an executable hook that runs the check and exits with its status', async () => {
    await runInit({ root, workflow: ACTION, discovered });
    const hook = join(root, HOOK_PATH);
    expect((await stat(hook)).mode & 0o777).toBe(0o755);
    expect((await read(HOOK_PATH)).startsWith('#!/bin/sh\n')).toBe(true);
    const pass = spawnSync(hook, [], {
      cwd: root,
      env: { PATH: await stubNpx(0) },
      encoding: 'utf8',
    });
    expect(pass.status).toBe(0);
    expect(pass.stdout).toBe(
      'npx --no-install upstream-status check --cache .git/upstream-status/answers.json --cache-ttl 60\n',
    );
    const fail = spawnSync(hook, [], {
      cwd: root,
      env: { PATH: await stubNpx(1) },
      encoding: 'utf8',
    });
    expect(fail.status).toBe(1);
    expect(fail.stderr).toContain('rebase refused');
  });

  it('lets the rebase go on with a warning when GitHub cannot be asked, unless told to refuse', async () => {
    await runInit({ root, workflow: ACTION, discovered });
    const hook = join(root, HOOK_PATH);
    const env = { PATH: await stubNpx(3) };
    const warned = spawnSync(hook, [], { cwd: root, env, encoding: 'utf8' });
    expect(warned.status).toBe(0);
    expect(warned.stderr).toMatch(/warning: GitHub could not be asked.*rebase allowed/);
    git('config', 'upstream-status.unreachable', 'refuse');
    const refused = spawnSync(hook, [], { cwd: root, env, encoding: 'utf8' });
    expect(refused.status).toBe(3);
    expect(refused.stderr).toContain('rebase refused');
  });

  it('passes the configured cache lifetime', async () => {
    await runInit({ root, workflow: ACTION, discovered });
    git('config', 'upstream-status.cacheTtl', '5');
    const run = spawnSync(join(root, HOOK_PATH), [], {
      cwd: root,
      env: { PATH: await stubNpx(0) },
      encoding: 'utf8',
    });
    expect(run.stdout).toContain('--cache-ttl 5\n');
  });

  it('makes the hook executable whatever the umask', async () => {
    const previous = process.umask(0o077);
    try {
      await runInit({ root, workflow: ACTION, discovered });
    } finally {
      process.umask(previous);
    }
    expect((await stat(join(root, HOOK_PATH))).mode & 0o777).toBe(0o755);
  });

  it('makes git refuse a rebase when the check fails', async () => {
    await runInit({ root, workflow: ACTION, discovered });
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'base');
    git('branch', 'upstream');
    git('-c', 'user.name=t', '-c', 'user.email=t@t', 'commit', '-q', '--allow-empty', '-m', 'ours');
    // Diverge, or git finds nothing to rebase and never asks the hook.
    git('checkout', '-q', 'upstream');
    git(
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@t',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      'new base',
    );
    git('checkout', '-q', '-');
    const env = { ...process.env, PATH: await stubNpx(1) };
    const rebase = spawnSync('git', ['rebase', 'upstream'], { cwd: root, env, encoding: 'utf8' });
    expect(rebase.status).not.toBe(0);
    // Git sends a hook's stdout to its own stderr.
    expect(rebase.stderr).toContain('npx --no-install upstream-status check');
    expect(rebase.stderr).toMatch(/pre-rebase hook refused/);
  });

  it('writes nothing the second time and says why it kept each file', async () => {
    await runInit({ root, workflow: ACTION, discovered });
    const before = await Promise.all([CONFIG_PATH, WORKFLOW_PATH, HOOK_PATH].map(read));
    const again = await runInit({
      root,
      workflow: ACTION,
      discovered: { ledgers: [], records: [], patchDirs: [] },
    });
    expect(again).toEqual({
      written: [],
      kept: [
        `${CONFIG_PATH} (already exists)`,
        `${WORKFLOW_PATH} (already exists)`,
        `${HOOK_PATH} (already exists)`,
      ],
    });
    expect(await Promise.all([CONFIG_PATH, WORKFLOW_PATH, HOOK_PATH].map(read))).toEqual(before);
  });

  it('never overwrites a file that is already there', async () => {
    const mine = Buffer.from('#!/bin/sh\n# my own hook\r\nexit 0\n');
    await writeFile(join(root, HOOK_PATH), mine);
    await writeFile(join(root, CONFIG_PATH), 'ledgers: [x.md]\n');
    const result = await runInit({ root, workflow: ACTION, discovered });
    expect(result.written).toEqual([WORKFLOW_PATH]);
    expect(result.kept).toEqual([
      `${CONFIG_PATH} (already exists)`,
      `${HOOK_PATH} (already exists)`,
    ]);
    expect(await readFile(join(root, HOOK_PATH))).toEqual(mine);
    expect(await read(CONFIG_PATH)).toBe('ledgers: [x.md]\n');
  });
});

describe('runInit outside a git repository', () => {
  it('skips the hook, says so, and creates no .git', async () => {
    const result = await runInit({ root, workflow: ACTION, discovered });
    expect(result.written).toEqual([CONFIG_PATH, WORKFLOW_PATH]);
    expect(result.kept).toEqual([`${HOOK_PATH} (skipped: not a git repository)`]);
    await expect(stat(join(root, '.git'))).rejects.toThrow(/ENOENT/);
  });

  it('skips the hook when .git is a file (a worktree or submodule)', async () => {
    await writeFile(join(root, '.git'), 'gitdir: /elsewhere\n');
    const result = await runInit({ root, workflow: ACTION, discovered });
    expect(result.kept).toEqual([
      // git itself cannot use this `.git` file: no hooks directory to write into.
      `${HOOK_PATH} (skipped: not a git repository)`,
    ]);
  });
});
