/**
 * `upstream-status init`: write a config, a scheduled workflow and a git
 * pre-rebase hook, each only if absent. It never overwrites: a file's
 * existence is checked by the exclusive create itself (`wx`), so there is no
 * window between looking and writing.
 *
 * It never writes outside the root: a folder on the way (`.github` as a
 * symlink) must resolve inside it, and the hook goes where git will run it —
 * `git rev-parse --git-path hooks`, which follows `core.hooksPath` and
 * worktrees — or is skipped, saying why.
 */
import { execFileSync } from 'node:child_process';
import { chmod, mkdir, open, realpath } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
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

/** Where git runs this repository's hooks (absolute), or why there is none. */
function hooksDir(root: string): { dir: string } | { skip: string } {
  try {
    const out = execFileSync(
      'git',
      ['rev-parse', '--path-format=absolute', '--git-path', 'hooks'],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] },
    ).trim();
    return out === '' ? { skip: 'skipped: not a git repository' } : { dir: out };
  } catch {
    return { skip: 'skipped: not a git repository' };
  }
}

/**
 * The root-relative form of `dir` once every part of it that exists is
 * resolved (symlinks followed), or null when that leaves the root.
 */
async function insideRoot(root: string, dir: string): Promise<string | null> {
  const realRoot = await realpath(root);
  let existing = dir;
  let rest = '';
  for (;;) {
    try {
      existing = await realpath(existing);
      break;
    } catch (error) {
      if (!isErrno(error, 'ENOENT') && !isErrno(error, 'ENOTDIR')) throw error;
      const parent = dirname(existing);
      if (parent === existing) return null;
      rest = rest === '' ? relative(parent, existing) : join(relative(parent, existing), rest);
      existing = parent;
    }
  }
  const rel = relative(realRoot, join(existing, rest));
  if (rel === '') return '';
  return rel === '..' || rel.startsWith(`..${sep}`) || isAbsolute(rel) ? null : rel;
}

export async function runInit(opts: InitOptions): Promise<InitResult> {
  const result: InitResult = { written: [], kept: [] };
  const place = async (path: string, content: string, mode?: number): Promise<void> => {
    // Checked before mkdir: a symlinked `.github` must not get folders created through it.
    if ((await insideRoot(opts.root, dirname(join(opts.root, path)))) === null) {
      result.kept.push(`${path} (skipped: ${dirname(path)} resolves outside the root)`);
      return;
    }
    if (await writeIfAbsent(join(opts.root, path), content, mode)) result.written.push(path);
    else result.kept.push(`${path} (already exists)`);
  };
  await place(CONFIG_PATH, configTemplate(opts.discovered));
  await place(WORKFLOW_PATH, workflowTemplate(opts.workflow));
  const hooks = hooksDir(opts.root);
  if ('skip' in hooks) {
    result.kept.push(`${HOOK_PATH} (${hooks.skip})`);
    return result;
  }
  const rel = await insideRoot(opts.root, hooks.dir);
  if (rel === null) {
    result.kept.push(
      `pre-rebase hook (skipped: git runs hooks from ${hooks.dir}, outside the root; add it there yourself)`,
    );
    return result;
  }
  await place(join(rel, 'pre-rebase').split(sep).join('/'), hookTemplate(), 0o755);
  return result;
}
