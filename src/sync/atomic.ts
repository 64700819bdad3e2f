/**
 * Replace a file's content atomically: write a temp file beside it, flush
 * it to disk, give it the original's mode, then rename it over the original.
 * A reader sees the old file or the new one, never half of one; on any
 * failure the temp file is removed and the original is untouched.
 *
 * With a guard (what `sync` passes), the file must resolve inside the root
 * (a symlink swapped in during the run is not followed out of it), and its
 * bytes and inode must still be the ones the plan started from — checked
 * before writing the temp file and again just before the rename, so an
 * edit saved meanwhile (in place, or by an editor's own rename) is not
 * overwritten.
 */
import { randomBytes } from 'node:crypto';
import * as fsp from 'node:fs/promises';
import path from 'node:path';

/** The file-system calls used, injectable so tests can make any of them fail. */
export interface AtomicFs {
  realpath(file: string): Promise<string>;
  stat(file: string): Promise<FileStat>;
  readFile(file: string): Promise<Uint8Array>;
  open(file: string, flags: string, mode: number): Promise<fsp.FileHandle>;
  chmod(file: string, mode: number): Promise<void>;
  chown(file: string, uid: number, gid: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  unlink(file: string): Promise<void>;
}

export interface FileStat {
  mode: number;
  uid: number;
  gid: number;
  ino: number;
  dev: number;
  size: number;
  mtimeMs: number;
}

/** What the file must still be when it is replaced (see writeAtomic). */
export interface WriteGuard {
  /** The root the file must resolve inside. */
  root: string;
  /** The root-relative name, for messages. */
  shown: string;
  /** The text the plan started from. */
  before: string;
}

export const nodeFs: AtomicFs = {
  realpath: (f) => fsp.realpath(f),
  stat: (f) => fsp.stat(f),
  readFile: (f) => fsp.readFile(f),
  open: (f, flags, mode) => fsp.open(f, flags, mode),
  chmod: (f, mode) => fsp.chmod(f, mode),
  chown: (f, uid, gid) => fsp.chown(f, uid, gid),
  rename: (a, b) => fsp.rename(a, b),
  unlink: (f) => fsp.unlink(f),
};

export class SyncWriteError extends Error {
  constructor(
    readonly file: string,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'SyncWriteError';
  }
}

export async function writeAtomic(
  file: string,
  content: string,
  fs: AtomicFs = nodeFs,
  guard: WriteGuard | null = null,
): Promise<void> {
  let tmp: string | null = null;
  try {
    // Through a symlink, the link's target is what gets new content; the link stays a link.
    const target = await fs.realpath(file);
    if (guard !== null) await checkInside(fs, guard, target);
    const original = await fs.stat(target);
    if (guard !== null) await checkUnchanged(fs, guard, target, original);
    const dir = path.dirname(target);
    const name = path.join(
      dir,
      `.${path.basename(target)}.upstream-status-${process.pid}-${randomBytes(4).toString('hex')}.tmp`,
    );
    const mode = original.mode & 0o7777;
    // `wx`: never write into a file that already exists — and never remove one we did not create.
    const handle = await fs.open(name, 'wx', mode);
    tmp = name;
    try {
      await handle.writeFile(content, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    // open() applies the umask; the file must keep exactly the mode it had.
    await fs.chmod(tmp, mode);
    // Keeping the owner only works as root or as the owner already; otherwise it is moot.
    await fs.chown(tmp, original.uid, original.gid).catch(() => undefined);
    if (guard !== null) {
      // The last look before the rename: same place, same inode, same bytes.
      if ((await fs.realpath(file)) !== target) throw guardError(guard, 'it was moved or relinked');
      await checkUnchanged(fs, guard, target, original);
    }
    await fs.rename(tmp, target);
    tmp = null;
    await syncDir(fs, dir);
  } catch (err) {
    if (tmp !== null) await fs.unlink(tmp).catch(() => undefined);
    throw toWriteError(file, err);
  }
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

class GuardError extends Error {}

function guardError(guard: WriteGuard, why: string): GuardError {
  return new GuardError(`not writing ${guard.shown}: ${why}; run sync again`);
}

async function checkInside(fs: AtomicFs, guard: WriteGuard, target: string): Promise<void> {
  const root = await fs.realpath(guard.root);
  const rel = path.relative(root, target);
  if (rel === '' || rel.startsWith('..') || path.isAbsolute(rel)) {
    throw new GuardError(
      `not writing ${guard.shown}: it resolves to ${target}, outside the root (a symlink)`,
    );
  }
}

async function checkUnchanged(
  fs: AtomicFs,
  guard: WriteGuard,
  target: string,
  first: FileStat,
): Promise<void> {
  const now = await fs.stat(target);
  if (now.ino !== first.ino || now.dev !== first.dev) {
    throw guardError(guard, 'it was replaced since it was read');
  }
  let current: string;
  try {
    current = strictUtf8.decode(await fs.readFile(target));
  } catch {
    throw new GuardError(
      `not writing ${guard.shown}: it is not valid UTF-8, and rewriting it would lose the invalid bytes`,
    );
  }
  if (current !== guard.before) throw guardError(guard, 'it changed since it was read');
}

/**
 * Flush the directory so the rename itself survives a crash. Best effort:
 * the new content is already in place, and some file systems refuse this.
 */
async function syncDir(fs: AtomicFs, dir: string): Promise<void> {
  try {
    const handle = await fs.open(dir, 'r', 0);
    await handle.sync().finally(() => handle.close());
  } catch {
    // Nothing to undo: the file was replaced; only durability is not confirmed.
  }
}

function toWriteError(file: string, err: unknown): SyncWriteError {
  if (err instanceof GuardError) return new SyncWriteError(file, null, err.message);
  const e = err as NodeJS.ErrnoException;
  const code = typeof e?.code === 'string' ? e.code : null;
  const reason = REASONS[code ?? ''] ?? (err instanceof Error ? err.message : String(err));
  const detail = code === null ? reason : `${reason} (${code})`;
  return new SyncWriteError(file, code, `cannot write ${file}: ${detail}; the file is unchanged`);
}

const REASONS: Record<string, string> = {
  EACCES: 'permission denied',
  EPERM: 'operation not permitted',
  EROFS: 'read-only file system',
  ENOSPC: 'no space left on device',
  EDQUOT: 'disk quota exceeded',
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a parent of the path is not a directory',
  EISDIR: 'it is a directory',
};
