/**
 * Issue 13 item 11: `init` followed a symlinked `.github` outside the root,
 * and wrote `.git/hooks/pre-rebase` while `core.hooksPath` pointed elsewhere
 * (the hook never ran, and init said "wrote"). Now folders are resolved
 * before anything is created, and the hook goes where git runs hooks.
 */
import { execFileSync } from 'node:child_process';
import { mkdir, mkdtemp, readdir, rm, stat, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { ACTION_REPOSITORY } from '../src/init-runner.js';
import type { WorkflowRunner } from '../src/init-templates.js';
import { CONFIG_PATH, HOOK_PATH, WORKFLOW_PATH, runInit } from '../src/init.js';

const discovered = { ledgers: [], records: [], patchDirs: [] };
const workflow: WorkflowRunner = {
  kind: 'action',
  repository: ACTION_REPOSITORY,
  version: '1.2.3',
};
let base = '';
let root = '';
let outside = '';
beforeEach(async () => {
  base = await mkdtemp(join(tmpdir(), 'us-init-paths-'));
  root = join(base, 'repo');
  outside = join(base, 'outside');
  await mkdir(root);
  await mkdir(outside);
  git('init', '-q');
});
afterEach(async () => {
  await rm(base, { recursive: true, force: true });
});

function git(...args: string[]): string {
  return execFileSync('git', args, {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

const exists = (p: string): Promise<boolean> =>
  stat(p).then(
    () => true,
    () => false,
  );

it('a .github symlinked outside the root: the workflow is skipped, nothing is created outside', async () => {
  await symlink(outside, join(root, '.github'));
  const result = await runInit({ root, workflow, discovered });
  expect(result.written).toEqual([CONFIG_PATH, HOOK_PATH]);
  expect(result.kept).toEqual([
    `${WORKFLOW_PATH} (skipped: .github/workflows resolves outside the root)`,
  ]);
  expect(await readdir(outside)).toEqual([]);
});

it('core.hooksPath inside the root: the hook goes there, where git runs it', async () => {
  git('config', 'core.hooksPath', '.githooks');
  const result = await runInit({ root, workflow, discovered });
  expect(result.written).toEqual([CONFIG_PATH, WORKFLOW_PATH, '.githooks/pre-rebase']);
  expect(await exists(join(root, HOOK_PATH))).toBe(false);
  expect((await stat(join(root, '.githooks', 'pre-rebase'))).mode & 0o111).not.toBe(0);
});

it('core.hooksPath outside the root: the hook is skipped, saying where git looks', async () => {
  git('config', 'core.hooksPath', outside);
  const result = await runInit({ root, workflow, discovered });
  expect(result.written).toEqual([CONFIG_PATH, WORKFLOW_PATH]);
  expect(result.kept).toEqual([
    `pre-rebase hook (skipped: git runs hooks from ${outside}, outside the root; add it there yourself)`,
  ]);
  expect(await readdir(outside)).toEqual([]);
  expect(await exists(join(root, HOOK_PATH))).toBe(false);
});

it('a hooks folder symlinked outside the root is not written through', async () => {
  await rm(join(root, '.git', 'hooks'), { recursive: true, force: true });
  await symlink(outside, join(root, '.git', 'hooks'));
  const result = await runInit({ root, workflow, discovered });
  expect(result.written).toEqual([CONFIG_PATH, WORKFLOW_PATH]);
  expect(result.kept).toEqual([
    expect.stringMatching(/^pre-rebase hook \(skipped: git runs hooks from .*, outside the root/),
  ]);
  expect(await readdir(outside)).toEqual([]);
});
