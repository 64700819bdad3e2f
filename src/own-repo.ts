/**
 * The project's own GitHub repository: the one that carries the patches.
 * SPEC §2.4: "internal PR #N" and "<project> PR #N" name it. A checkout
 * knows it as its `origin` remote; a GitHub Actions job as
 * GITHUB_REPOSITORY. An extracted tree (a download, a copy) does not, and
 * then those refs stay unasked, as before (refs.ts `RefContext.ownRepo`).
 *
 * Never starts git: the remote is read from `.git/config` when the
 * repository is found the plain way (repository-top.ts `plainGitTop`), or
 * from the repository GIT_DIR names, as git sets it for a hook run in a
 * linked work tree (a pre-rebase check there); a run that needs no
 * subprocess still loads none.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { plainGitTop } from './repository-top.js';

/**
 * `owner/repo`, lower-cased, or null when the run cannot tell. `webHost` is
 * the GitHub host remotes must name (github.com, or an Enterprise host).
 */
export function ownRepository(
  root: string,
  env: NodeJS.ProcessEnv,
  webHost: string,
): string | null {
  const gitDir = gitDirOf(root, env);
  if (gitDir !== null) {
    const url = originUrl(readTextOrEmpty(path.join(commonDir(gitDir), 'config')));
    const repo = url === null ? null : repoOfRemote(url, webHost);
    if (repo !== null) return repo;
  }
  // On Actions the workspace is the repository's checkout.
  const workspace = env.GITHUB_WORKSPACE;
  const named = env.GITHUB_REPOSITORY ?? '';
  if (env.GITHUB_ACTIONS !== 'true' || !workspace || !REPO_NAME.test(named)) return null;
  const rel = path.relative(path.resolve(workspace), path.resolve(root));
  const inside = rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
  return inside ? named.toLowerCase() : null;
}

const REPO_NAME = /^[A-Za-z0-9][A-Za-z0-9-]*\/[A-Za-z0-9_.-]+$/;

/** The git dir of the repository `root` is in, when it is found without starting git. */
function gitDirOf(root: string, env: NodeJS.ProcessEnv): string | null {
  const top = plainGitTop(root, env);
  if (typeof top === 'string') return path.join(top, '.git');
  // A hook run in a linked work tree has GIT_DIR set: git's search is not
  // plain, but the variable names the answer.
  return env.GIT_DIR ? path.resolve(env.GIT_DIR) : null;
}

/** A linked work tree's git dir keeps its config in the main repository's (`commondir`). */
function commonDir(gitDir: string): string {
  const common = readTextOrEmpty(path.join(gitDir, 'commondir')).trim();
  return common === '' ? gitDir : path.resolve(gitDir, common);
}

function readTextOrEmpty(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/**
 * The first `url` of `[remote "origin"]` in a git config file, or null.
 * Section and key names are case-insensitive, the remote's name is not;
 * `#` and `;` start comments; a value may be quoted.
 */
export function originUrl(config: string): string | null {
  let inOrigin = false;
  for (const raw of config.split('\n')) {
    const line = raw.trim();
    const section = /^\[\s*([A-Za-z0-9.-]+)(?:\s+"((?:[^"\\]|\\.)*)")?\s*\]/.exec(line);
    if (section !== null) {
      inOrigin = section[1]!.toLowerCase() === 'remote' && section[2] === 'origin';
      continue;
    }
    if (!inOrigin) continue;
    const entry = /^url\s*=\s*(.*)$/i.exec(line);
    if (entry === null) continue;
    const value = entry[1]!.replace(/\s[#;].*$/, '').trim();
    const unquoted = /^"(.*)"$/.exec(value)?.[1] ?? value;
    return unquoted === '' ? null : unquoted;
  }
  return null;
}

/**
 * `owner/repo` (lower-cased) of a remote URL on `host`: `https://host/o/r`,
 * `ssh://git@host:22/o/r.git`, `git@host:o/r.git`; null for any other host,
 * a local path or another shape. Credentials in the URL are never kept.
 */
export function repoOfRemote(url: string, host: string): string | null {
  const m =
    /^(?:(?:https?|ssh|git|git\+ssh|ssh\+git):\/\/(?:[^@/]*@)?([^/:]+)(?::\d+)?\/|(?:[^@/:]+@)?([^/:]+):(?!\/))([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9_.-]+?)(?:\.git)?\/?$/.exec(
      url.trim(),
    );
  if (m === null) return null;
  const at = (m[1] ?? m[2] ?? '').toLowerCase();
  if (at !== host.toLowerCase()) return null;
  return `${m[3]}/${m[4]}`.toLowerCase();
}
