/**
 * The writing half of `sync`: print the plan as a unified diff (dry run),
 * or write each changed file atomically. One file that cannot be written
 * does not stop the others; each failure is reported with its reason.
 *
 * Before writing, the file is read again and must still be exactly the text
 * the plan started from: a file edited since it was read, or one that is not
 * valid UTF-8 (whose bad bytes the plan's text replaced), is not written;
 * the same is checked again, with the inode, just before the rename, and a
 * file that resolves outside the root is never written (atomic.ts).
 *
 * Writes happen under an exclusive lock file in the root (lock.ts): two
 * syncs of one tree do not interleave.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { unifiedDiff } from './diff.js';
import { nodeFs, writeAtomic, type AtomicFs } from './atomic.js';
import { acquireSyncLock, type SyncLock } from './lock.js';
import type { SyncPlan } from './plan.js';

export { SyncWriteError, writeAtomic, type AtomicFs } from './atomic.js';

export interface ApplyOptions {
  dryRun: boolean;
  /** How the diff names a root-relative path (default: as it is); see report/paths.ts. */
  shownPath?: (rel: string) => string;
  /** For tests: the file-system calls the atomic write uses. */
  fs?: AtomicFs;
}

export interface ApplyResult {
  /** Root-relative paths written. */
  written: string[];
  /** The unified diff of every planned change (written or, in a dry run, not). */
  diff: string;
  failed: { path: string; message: string }[];
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

export async function applySyncPlan(
  root: string,
  plan: SyncPlan,
  options: ApplyOptions,
): Promise<ApplyResult> {
  const result: ApplyResult = {
    written: [],
    diff: plan.files
      .map((f) => unifiedDiff(options.shownPath?.(f.path) ?? f.path, f.before, f.after))
      .join(''),
    failed: [],
  };
  if (options.dryRun || plan.files.length === 0) return result;
  let lock: SyncLock;
  try {
    lock = await acquireSyncLock(root);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    result.failed.push(...plan.files.map((f) => ({ path: f.path, message })));
    return result;
  }
  try {
    for (const file of plan.files) {
      const abs = path.join(root, file.path);
      try {
        await checkUnchanged(abs, file.path, file.before);
        const guard = { root, shown: file.path, before: file.before };
        await writeAtomic(abs, file.after, options.fs ?? nodeFs, guard);
        result.written.push(file.path);
      } catch (err) {
        result.failed.push({
          path: file.path,
          message: err instanceof Error ? err.message : String(err),
        });
      }
    }
  } finally {
    await lock.release();
  }
  return result;
}

async function checkUnchanged(abs: string, rel: string, before: string): Promise<void> {
  const bytes = await readFile(abs).catch((err: NodeJS.ErrnoException) => {
    throw new Error(`cannot read ${rel} again before writing it: ${err.code ?? err.message}`);
  });
  let current: string;
  try {
    current = strictUtf8.decode(bytes);
  } catch {
    throw new Error(
      `not writing ${rel}: it is not valid UTF-8, and rewriting it would lose the invalid bytes`,
    );
  }
  if (current !== before)
    throw new Error(`not writing ${rel}: it changed since it was read; run sync again`);
}
