/**
 * One `sync` at a time per tree: `.upstream-status.lock` in the root,
 * created exclusively (`wx`) with the holder's pid, removed when the writes
 * are done. A lock whose pid no longer runs (a sync killed midway) is taken
 * over; a live one makes this sync write nothing and say who holds it.
 */
import { open, readFile, unlink } from 'node:fs/promises';
import path from 'node:path';

export const LOCK_NAME = '.upstream-status.lock';

export interface SyncLock {
  release(): Promise<void>;
}

export async function acquireSyncLock(root: string): Promise<SyncLock> {
  const file = path.join(root, LOCK_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o644);
      await handle.writeFile(`${process.pid}\n`).finally(() => handle.close());
      return { release: () => unlink(file).catch(() => undefined) };
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw new Error(
          `cannot take the sync lock ${LOCK_NAME}: ${String((err as Error).message)}`,
        );
      }
      const holder = await lockHolder(file);
      if (holder !== null && isRunning(holder)) {
        throw new Error(
          `another sync (pid ${holder}) is writing this tree (lock ${LOCK_NAME}); nothing was written`,
        );
      }
      // Left by a sync that no longer runs: take it over.
      await unlink(file).catch(() => undefined);
    }
  }
  throw new Error(`cannot take the sync lock ${LOCK_NAME}; remove it if no sync is running`);
}

async function lockHolder(file: string): Promise<number | null> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const pid = Number(text.trim());
  return Number.isInteger(pid) && pid > 0 ? pid : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    // EPERM: it runs, as another user.
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
