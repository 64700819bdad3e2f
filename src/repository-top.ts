/**
 * The root as reports show it: relative to the top of the git repository it
 * is in, so a `--root deploy/docker` run (or the Action's `root` input)
 * names `deploy/docker/patches/x.py`, which is where GitHub places an
 * annotation and where a person finds the file. Outside a repository, an
 * Actions workspace that holds the root stands for the repository (a
 * checkout without git is a download of it); otherwise paths stay relative
 * to the root itself.
 */
import { execFileSync } from 'node:child_process';
import { realpathSync } from 'node:fs';
import path from 'node:path';

/** `.` or a `/`-joined path without `./` or a trailing slash. */
export function shownRootOf(root: string, env: NodeJS.ProcessEnv): string {
  const real = realOrSelf(root);
  const top = gitTop(root) ?? (env.GITHUB_WORKSPACE ? realOrSelf(env.GITHUB_WORKSPACE) : null);
  if (top === null) return '.';
  const rel = path.relative(realOrSelf(top), real);
  // Not below the top (GIT_WORK_TREE elsewhere, a workspace that does not hold the root).
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))
    return '.';
  return rel.split(path.sep).join('/');
}

/** The top of the git repository `dir` is in, or null when it is in none. */
export function gitTop(dir: string): string | null {
  try {
    const top = execFileSync('git', ['rev-parse', '--show-toplevel'], {
      cwd: dir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return top === '' ? null : top;
  } catch {
    // Not in a repository, inside .git itself, or no git installed: no top.
    return null;
  }
}

function realOrSelf(p: string): string {
  try {
    return realpathSync(p);
  } catch {
    return path.resolve(p);
  }
}
