/**
 * gitTop finds the repository top without starting git when the case is
 * plain (repository-top.ts plainGitTop), and must then say exactly what
 * `git rev-parse --show-toplevel` says. Each layout is built with real git;
 * the answers are compared with git's own. Cases git must decide (a linked
 * work tree, a `.git` that is not a repository, core.worktree, variables that
 * steer git) are left to it.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gitTop, plainGitTop } from '../src/repository-top.js';

let base: string;
const git = (cwd: string, ...args: string[]) =>
  execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
// git's own answer, without the variables the test harness sets.
const ENV = Object.fromEntries(
  Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_')),
) as NodeJS.ProcessEnv;
function gitsAnswer(dir: string): string | null {
  try {
    return (
      execFileSync('git', ['rev-parse', '--show-toplevel'], {
        cwd: dir,
        encoding: 'utf8',
        env: ENV,
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() || null
    );
  } catch {
    return null;
  }
}

beforeAll(() => {
  base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'us-top-')));
  const repo = path.join(base, 'repo');
  mkdirSync(path.join(repo, 'deploy', 'docker', 'patches'), { recursive: true });
  git(base, 'init', '-q', repo);
  git(
    repo,
    '-c',
    'user.name=t',
    '-c',
    'user.email=t@t',
    'commit',
    '-q',
    '--allow-empty',
    '-m',
    'x',
  );
  git(repo, 'worktree', 'add', '-q', path.join(base, 'linked'));
  mkdirSync(path.join(base, 'linked', 'sub'));
  mkdirSync(path.join(base, 'plain', 'deep'), { recursive: true });
  // A folder named .git that is no repository: git looks further up.
  mkdirSync(path.join(repo, 'vendored', '.git'), { recursive: true });
  mkdirSync(path.join(repo, 'vendored', 'x'));
  const moved = path.join(base, 'moved');
  mkdirSync(path.join(moved, 'tree'), { recursive: true });
  git(base, 'init', '-q', moved);
  git(moved, 'config', 'core.worktree', path.join(moved, 'tree'));
  writeFileSync(path.join(moved, 'tree', 'f'), '');
});
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('the repository top', () => {
  it.each([
    ['the top itself', 'repo'],
    ['a folder deep inside', 'repo/deploy/docker/patches'],
    ['no repository at all', 'plain/deep'],
    ['a linked work tree (its .git is a file)', 'linked/sub'],
    ['below a .git folder that is no repository', 'repo/vendored/x'],
    ['a repository whose config names another work tree', 'moved/tree'],
  ])('is what git says for %s', (_name, rel) => {
    const dir = path.join(base, rel);
    expect(gitTop(dir, ENV)).toBe(gitsAnswer(dir));
  });

  it('is found without git only where the case is plain', () => {
    expect(plainGitTop(path.join(base, 'repo/deploy/docker'), ENV)).toBe(path.join(base, 'repo'));
    // Null when the walk reaches / on one filesystem; where /tmp is a mount of its own, git decides.
    expect([null, undefined]).toContain(plainGitTop(path.join(base, 'plain/deep'), ENV));
    expect(plainGitTop(path.join(base, 'linked/sub'), ENV)).toBeUndefined();
    expect(plainGitTop(path.join(base, 'repo/vendored/x'), ENV)).toBeUndefined();
    expect(plainGitTop(path.join(base, 'moved/tree'), ENV)).toBeUndefined();
    for (const name of ['GIT_DIR', 'GIT_WORK_TREE', 'GIT_CEILING_DIRECTORIES']) {
      expect(plainGitTop(path.join(base, 'repo'), { ...ENV, [name]: base })).toBeUndefined();
    }
  });
});
