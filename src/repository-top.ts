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
import { existsSync, lstatSync, readFileSync, realpathSync, statSync } from 'node:fs';
import path from 'node:path';

/** `.` or a `/`-joined path without `./` or a trailing slash. */
export function shownRootOf(root: string, env: NodeJS.ProcessEnv): string {
  const real = realOrSelf(root);
  const top = gitTop(root, env) ?? (env.GITHUB_WORKSPACE ? realOrSelf(env.GITHUB_WORKSPACE) : null);
  if (top === null) return '.';
  const rel = path.relative(realOrSelf(top), real);
  // Not below the top (GIT_WORK_TREE elsewhere, a workspace that does not hold the root).
  if (rel === '' || rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel))
    return '.';
  return rel.split(path.sep).join('/');
}

/**
 * The top of the git repository `dir` is in, or null when it is in none.
 * What `git rev-parse --show-toplevel` says; in the plain case (below)
 * found without starting git, which costs ~5 ms a run.
 */
export function gitTop(dir: string, env: NodeJS.ProcessEnv = process.env): string | null {
  const plain = plainGitTop(dir, env);
  return plain === undefined ? askGit(dir) : plain;
}

/** Any of these changes where git looks: leave the answer to git. */
const GIT_LOOKUP_ENV = [
  'GIT_DIR',
  'GIT_WORK_TREE',
  'GIT_CEILING_DIRECTORIES',
  'GIT_DISCOVERY_ACROSS_FILESYSTEM',
  'GIT_COMMON_DIR',
];

/**
 * The top without git, when the answer is plain: no variable steers git's
 * search, and walking up from `dir` (symlinks resolved, as git does) on one
 * filesystem meets either nothing called `.git` (null: no repository) or a
 * `.git` folder that is a repository (HEAD, objects/, refs/), is owned by
 * this user (git refuses others' repositories unless configured to trust
 * them) and names no other work tree in its config. Anything else — a `.git`
 * file (a linked work tree, a submodule), a filesystem boundary, a config
 * with `worktree` — is undefined: ask git.
 */
export function plainGitTop(dir: string, env: NodeJS.ProcessEnv): string | null | undefined {
  if (GIT_LOOKUP_ENV.some((name) => env[name] !== undefined)) return undefined;
  if (typeof process.getuid !== 'function') return undefined;
  let at: string;
  let device: number;
  try {
    at = realpathSync(dir);
    device = statSync(at).dev;
  } catch {
    return undefined;
  }
  for (;;) {
    const dotGit = path.join(at, '.git');
    const found = lstatSync(dotGit, { throwIfNoEntry: false });
    if (found !== undefined) {
      const uid = process.getuid();
      if (!found.isDirectory() || found.uid !== uid || statSync(at).uid !== uid) return undefined;
      const isRepository =
        existsSync(path.join(dotGit, 'HEAD')) &&
        existsSync(path.join(dotGit, 'objects')) &&
        existsSync(path.join(dotGit, 'refs'));
      if (!isRepository) return undefined;
      const config = readTextOrNull(path.join(dotGit, 'config'));
      if (config === null || /worktree/i.test(config)) return undefined;
      return at;
    }
    const parent = path.dirname(at);
    if (parent === at) return null;
    const parentDevice = statSync(parent, { throwIfNoEntry: false })?.dev;
    if (parentDevice !== device) return undefined;
    at = parent;
  }
}

function readTextOrNull(file: string): string | null {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return null;
  }
}

function askGit(dir: string): string | null {
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
