/**
 * The writing half of `sync`: print the plan as a unified diff (dry run),
 * or write each changed file atomically. One file that cannot be written
 * does not stop the others; each failure is reported with its reason.
 *
 * Before writing, the file is read again and must still be exactly the text
 * the plan started from: a file edited since it was read, or one that is not
 * valid UTF-8 (whose bad bytes the plan's text replaced), is not written.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { unifiedDiff } from './diff.js';
import { nodeFs, writeAtomic, type AtomicFs } from './atomic.js';
import type { SyncPlan } from './plan.js';

export { SyncWriteError, writeAtomic, type AtomicFs } from './atomic.js';

export interface ApplyOptions {
  dryRun: boolean;
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
    diff: plan.files.map((f) => unifiedDiff(f.path, f.before, f.after)).join(''),
    failed: [],
  };
  if (options.dryRun) return result;
  for (const file of plan.files) {
    const abs = path.join(root, file.path);
    try {
      await checkUnchanged(abs, file.path, file.before);
      await writeAtomic(abs, file.after, options.fs ?? nodeFs);
      result.written.push(file.path);
    } catch (err) {
      result.failed.push({
        path: file.path,
        message: err instanceof Error ? err.message : String(err),
      });
    }
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
