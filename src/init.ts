/**
 * `upstream-status init`: write a config, a scheduled workflow and a git
 * pre-rebase hook, each only if absent. It never overwrites: a file's
 * existence is checked by the exclusive create itself (`wx`), so there is no
 * window between looking and writing.
 */
import { chmod, mkdir, open, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import {
  configTemplate,
  hookTemplate,
  type Discovered,
  workflowTemplate,
  type WorkflowRunner,
} from './init-templates.js';

export type { Discovered } from './init-templates.js';

export interface InitOptions {
  root: string;
  discovered: Discovered;
  /** How the workflow runs the tool (src/init-runner.ts decides). */
  workflow: WorkflowRunner;
}

export interface InitResult {
  /** Root-relative paths written. */
  written: string[];
  /** `path (reason)` for each file left alone. */
  kept: string[];
}

export const CONFIG_PATH = '.upstream-status.yml';
export const WORKFLOW_PATH = '.github/workflows/upstream-status.yml';
export const HOOK_PATH = '.git/hooks/pre-rebase';

function isErrno(error: unknown, code: string): boolean {
  return error instanceof Error && (error as NodeJS.ErrnoException).code === code;
}

/** True if written, false if the file already existed; other errors propagate. */
async function writeIfAbsent(file: string, content: string, mode?: number): Promise<boolean> {
  await mkdir(dirname(file), { recursive: true });
  let handle;
  try {
    handle = await open(file, 'wx', mode);
  } catch (error) {
    if (isErrno(error, 'EEXIST')) return false;
    throw error;
  }
  try {
    await handle.writeFile(content, 'utf8');
  } finally {
    await handle.close();
  }
  // open()'s mode is filtered by the umask; a hook must be executable whatever it is.
  if (mode !== undefined) await chmod(file, mode);
  return true;
}

/** Null when hooks can go in `.git/hooks`, else why not. */
async function hookSkipReason(root: string): Promise<string | null> {
  try {
    const info = await stat(join(root, '.git'));
    // A file `.git` (worktree, submodule) points elsewhere; its hooks are not ours to guess.
    return info.isDirectory() ? null : 'skipped: .git is not a directory (worktree or submodule)';
  } catch (error) {
    if (isErrno(error, 'ENOENT')) return 'skipped: not a git repository';
    throw error;
  }
}

export async function runInit(opts: InitOptions): Promise<InitResult> {
  const result: InitResult = { written: [], kept: [] };
  const place = async (path: string, content: string, mode?: number): Promise<void> => {
    if (await writeIfAbsent(join(opts.root, path), content, mode)) result.written.push(path);
    else result.kept.push(`${path} (already exists)`);
  };
  await place(CONFIG_PATH, configTemplate(opts.discovered));
  await place(WORKFLOW_PATH, workflowTemplate(opts.workflow));
  const skip = await hookSkipReason(opts.root);
  if (skip === null) await place(HOOK_PATH, hookTemplate(), 0o755);
  else result.kept.push(`${HOOK_PATH} (${skip})`);
  return result;
}
