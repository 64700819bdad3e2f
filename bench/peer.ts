/**
 * The peer for Yocto trees: openembedded-core's own
 * `scripts/contrib/patchreview.py`, run with python3. It is another
 * project's file (GPL-2.0-only), so it is never copied into this repository:
 * the bench takes it at run time from an openembedded-core git directory
 * (a bare mirror) or checkout, given by `BENCH_OE_CORE` (default: the
 * mirror under /work/.mirror/openembedded+openembedded-core).
 *
 * patchreview.py lists patches with `git ls-files` inside each layer, so
 * every tree it reads is made a git repository first (`commitTree`).
 */
import { existsSync, statSync } from 'node:fs';
import { mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';
import { spawnRaw } from './measure.js';

export const DEFAULT_OE_CORE = '/work/.mirror/openembedded+openembedded-core';

/** Where openembedded-core comes from. */
export type OeSource =
  | { kind: 'git-dir'; gitDir: string; describe: string }
  | { kind: 'checkout'; dir: string; isGit: boolean; describe: string };

export interface Peer {
  python: string;
  pythonVersion: string;
  /** Absolute path of patchreview.py (its `../../meta/lib` holds `oe.qa`). */
  script: string;
  source: OeSource;
}

export type Unavailable = { unavailable: string };

const isGitDir = (p: string): boolean =>
  existsSync(path.join(p, 'HEAD')) && existsSync(path.join(p, 'objects'));

const isDir = (p: string): boolean => {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
};

async function git(args: string[], cwd?: string): Promise<string> {
  const r = await spawnRaw('git', args, cwd ? { cwd } : {});
  if (r.code !== 0)
    throw new Error(`git ${args.join(' ')}: ${r.stderr.trim() || `exit ${r.code}`}`);
  return r.stdout;
}

/** A git directory or checkout at `p`, or one or two levels below it (a mirror's `repo/`). */
async function locate(p: string, depth = 2): Promise<OeSource | null> {
  if (!isDir(p)) return null;
  if (existsSync(path.join(p, 'scripts', 'contrib', 'patchreview.py'))) {
    const isGit = existsSync(path.join(p, '.git'));
    return { kind: 'checkout', dir: p, isGit, describe: `checkout ${p}` };
  }
  if (isGitDir(p)) return { kind: 'git-dir', gitDir: p, describe: `git dir ${p}` };
  if (depth === 0) return null;
  for (const e of (await readdir(p, { withFileTypes: true })).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    if (!e.isDirectory()) continue;
    const found = await locate(path.join(p, e.name), depth - 1);
    if (found) return found;
  }
  return null;
}

/** `git archive HEAD [paths]` of the source, unpacked into `dest`. */
async function archiveInto(src: OeSource, dest: string, paths: string[]): Promise<void> {
  await mkdir(dest, { recursive: true });
  const gitArgs = src.kind === 'git-dir' ? ['--git-dir', src.gitDir] : ['-C', src.dir];
  const tar = await spawnRaw(
    'sh',
    [
      '-c',
      'git "$@" | tar -x -C "$BENCH_DEST"',
      'sh',
      ...gitArgs,
      'archive',
      '--format=tar',
      'HEAD',
      ...paths,
    ],
    { env: { BENCH_DEST: dest } },
  );
  if (tar.code !== 0) throw new Error(`git archive | tar -x: ${tar.stderr.trim()}`);
}

/**
 * Find python3 and openembedded-core, and put patchreview.py (with the
 * `meta/lib` it imports) under `workDir`; or say why the peer is not available.
 */
export async function preparePeer(workDir: string): Promise<Peer | Unavailable> {
  const python = process.env['BENCH_PYTHON'] ?? 'python3';
  let pythonVersion: string;
  try {
    const v = await spawnRaw(python, ['--version']);
    if (v.code !== 0) return { unavailable: `${python} --version exited ${v.code}` };
    pythonVersion = (v.stdout || v.stderr).trim();
  } catch {
    return { unavailable: `${python} not found` };
  }
  try {
    await git(['--version']);
  } catch {
    return { unavailable: 'git not found (patchreview.py lists patches with git ls-files)' };
  }
  const where = process.env['BENCH_OE_CORE'] ?? DEFAULT_OE_CORE;
  const source = await locate(path.resolve(where));
  if (!source)
    return {
      unavailable: `no openembedded-core git dir or checkout at ${where} (set BENCH_OE_CORE)`,
    };
  const dest = path.join(workDir, 'oe-core-scripts');
  try {
    // A copy, so that Python's __pycache__ never lands in the user's checkout.
    if (source.kind === 'checkout' && !source.isGit) {
      for (const rel of ['scripts/contrib', 'meta/lib']) {
        await mkdir(path.join(dest, rel), { recursive: true });
        const r = await spawnRaw('cp', [
          '-a',
          `${path.join(source.dir, rel)}/.`,
          path.join(dest, rel),
        ]);
        if (r.code !== 0) throw new Error(`cp: ${r.stderr.trim()}`);
      }
    } else await archiveInto(source, dest, ['scripts/contrib/patchreview.py', 'meta/lib']);
  } catch (e) {
    return { unavailable: `cannot read patchreview.py from ${source.describe}: ${String(e)}` };
  }
  return {
    python,
    pythonVersion,
    script: path.join(dest, 'scripts', 'contrib', 'patchreview.py'),
    source,
  };
}

/** `<short hash> <commit date>` of the source's HEAD, or null for a plain directory. */
export async function describeHead(src: OeSource): Promise<string | null> {
  if (src.kind === 'checkout' && !src.isGit) return null;
  const args = src.kind === 'git-dir' ? ['--git-dir', src.gitDir] : ['-C', src.dir];
  return (await git([...args, 'log', '-1', '--format=%h %cs', 'HEAD'])).trim();
}

/** The real openembedded-core tree at HEAD, exported into `dest` (a plain copy for a non-git checkout). */
export async function exportOeCore(src: OeSource, dest: string): Promise<void> {
  if (src.kind === 'checkout' && !src.isGit) {
    const r = await spawnRaw('cp', ['-a', `${src.dir}/.`, dest]);
    if (r.code !== 0) throw new Error(`cp: ${r.stderr.trim()}`);
    return;
  }
  await archiveInto(src, dest, []);
}

/** Make `dir` a git repository with everything in it committed. */
export async function commitTree(dir: string): Promise<void> {
  await git(['init', '-q'], dir);
  await git(['add', '-A'], dir);
  await git(
    [
      '-c',
      'user.name=bench',
      '-c',
      'user.email=bench@localhost',
      '-c',
      'commit.gpgsign=false',
      'commit',
      '-q',
      '--no-verify',
      '-m',
      'bench tree',
    ],
    dir,
  );
}

// Patches the way patchreview.py finds them, counted without it: tracked by
// git in a layer (`meta`, `meta-*`, or the tree itself if it has
// conf/layer.conf) and matching its pathspecs `recipes-*/**/*.patch` or
// `recipes-*/**/*.diff` (git pathspecs are fnmatch without FNM_PATHNAME:
// `*` crosses `/`, but both slashes are literal).
export async function expectedYoctoPatches(dir: string): Promise<number> {
  const files = (await git(['ls-files', '-z'], dir)).split('\0').filter(Boolean);
  const own = existsSync(path.join(dir, 'conf', 'layer.conf'));
  const re = own
    ? /^recipes-.*\/.*\/.*\.(patch|diff)$/
    : /^(meta|meta-[^/]+)\/recipes-.*\/.*\/.*\.(patch|diff)$/;
  return files.filter((f) => re.test(f)).length;
}

/** "Total patches found: N" from patchreview.py's summary. */
export function patchreviewCount(stdout: string): number | null {
  const m = /^Total patches found: (\d+)$/m.exec(stdout);
  return m ? Number(m[1]) : null;
}
