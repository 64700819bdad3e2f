/**
 * Real git output for test patches: `git diff` and `git format-patch` run in
 * throwaway repositories, isolated from the user's git configuration.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Tree } from './python-tree.js';

const ENV = {
  PATH: process.env.PATH ?? '/usr/bin:/bin',
  HOME: tmpdir(),
  GIT_CONFIG_NOSYSTEM: '1',
  GIT_CONFIG_GLOBAL: '/dev/null',
  GIT_AUTHOR_NAME: 'Ada Upstream',
  GIT_AUTHOR_EMAIL: 'ada@example.org',
  GIT_AUTHOR_DATE: '2026-01-02T03:04:05Z',
  GIT_COMMITTER_NAME: 'Ada Upstream',
  GIT_COMMITTER_EMAIL: 'ada@example.org',
  GIT_COMMITTER_DATE: '2026-01-02T03:04:05Z',
};

function git(dir: string, args: string[]): string {
  // core.autocrlf off: CRLF files must reach the diff byte for byte.
  const all = ['-c', 'core.autocrlf=false', '-c', 'init.defaultBranch=main', ...args];
  return execFileSync('git', all, { cwd: dir, env: ENV, encoding: 'utf8' });
}

export function writeTree(dir: string, tree: Tree): void {
  for (const entry of readdirSync(dir))
    if (entry !== '.git') rmSync(join(dir, entry), { recursive: true });
  for (const [path, content] of Object.entries(tree)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), content);
  }
}

function withRepo<T>(before: Tree, after: Tree, use: (dir: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'rebase-git-'));
  try {
    git(dir, ['init', '-q']);
    writeTree(dir, before);
    git(dir, ['add', '-A']);
    git(dir, ['commit', '-q', '-m', 'upstream base']);
    writeTree(dir, after);
    git(dir, ['add', '-A']);
    return use(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `git diff` from `before` to `after`; `args` such as `-U1`. */
export function gitDiff(before: Tree, after: Tree, args: string[] = []): string {
  return withRepo(before, after, (dir) => git(dir, ['diff', '--cached', ...args]));
}

/** `git format-patch`: mail headers, message, `---`, diffstat, diff, signature. */
export function formatPatch(before: Tree, after: Tree, message: string): string {
  return withRepo(before, after, (dir) => {
    git(dir, ['commit', '-q', '-m', message]);
    return git(dir, ['format-patch', '-1', '--stdout']);
  });
}
