/**
 * Issue 13 item 9: `sync` check-then-write races. An edit saved between the
 * re-read and the rename was silently lost, and a symlink swapped in during
 * the run was followed outside the root. Now the bytes and inode are checked
 * again just before the rename, nothing outside the root is written, and
 * two syncs of one tree do not interleave (an exclusive lock file).
 */
import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeFs, type AtomicFs } from '../../src/sync/atomic.js';
import { LOCK_NAME } from '../../src/sync/lock.js';
import type { SyncPlan } from '../../src/sync/plan.js';
import { applySyncPlan } from '../../src/sync/write.js';

let base: string;
let root: string;
let outside: string;
beforeEach(async () => {
  base = await fsp.mkdtemp(path.join(tmpdir(), 'us-write-guard-'));
  root = path.join(base, 'root');
  outside = path.join(base, 'outside');
  await fsp.mkdir(root);
  await fsp.mkdir(outside);
});
afterEach(async () => {
  await fsp.rm(base, { recursive: true, force: true });
});

const BEFORE = 'state: OPEN\n';
const AFTER = 'state: MERGED\n';
const plan = (file = 'ledger.md'): SyncPlan => ({
  files: [{ path: file, before: BEFORE, after: AFTER, changes: [] }],
  notes: [],
});

/** nodeFs whose chmod (called after the temp file is written, before the rename) runs `meanwhile` first. */
function racing(meanwhile: () => Promise<void>): AtomicFs {
  let done = false;
  return {
    ...nodeFs,
    chmod: async (f, mode) => {
      if (!done) {
        done = true;
        await meanwhile();
      }
      return nodeFs.chmod(f, mode);
    },
  };
}

async function leftovers(dir: string): Promise<string[]> {
  return (await fsp.readdir(dir)).filter((n) => n.endsWith('.tmp') || n === LOCK_NAME);
}

describe('sync write guard', () => {
  it('an edit saved in place after the re-read is kept, not overwritten', async () => {
    const file = path.join(root, 'ledger.md');
    await fsp.writeFile(file, BEFORE);
    const fs = racing(() => fsp.writeFile(file, 'state: OPEN  # my edit\n'));
    const r = await applySyncPlan(root, plan(), { dryRun: false, fs });
    expect(r.failed).toEqual([
      {
        path: 'ledger.md',
        message: 'not writing ledger.md: it changed since it was read; run sync again',
      },
    ]);
    expect(await fsp.readFile(file, 'utf8')).toBe('state: OPEN  # my edit\n');
    expect(await leftovers(root)).toEqual([]);
  });

  it("an editor's save by rename (same bytes, new inode) is not overwritten", async () => {
    const file = path.join(root, 'ledger.md');
    await fsp.writeFile(file, BEFORE);
    const fs = racing(async () => {
      await fsp.writeFile(path.join(root, 'ledger.md.swp'), BEFORE);
      await fsp.rename(path.join(root, 'ledger.md.swp'), file);
    });
    const r = await applySyncPlan(root, plan(), { dryRun: false, fs });
    expect(r.failed.map((f) => f.message)).toEqual([
      'not writing ledger.md: it was replaced since it was read; run sync again',
    ]);
    expect(await fsp.readFile(file, 'utf8')).toBe(BEFORE);
  });

  it('a symlink out of the root is never written through', async () => {
    await fsp.writeFile(path.join(outside, 'victim.md'), BEFORE);
    await fsp.symlink(path.join(outside, 'victim.md'), path.join(root, 'ledger.md'));
    const r = await applySyncPlan(root, plan(), { dryRun: false });
    expect(r.failed.map((f) => f.message)).toEqual([
      expect.stringMatching(
        /^not writing ledger\.md: it resolves to .*victim\.md, outside the root/,
      ),
    ]);
    expect(await fsp.readFile(path.join(outside, 'victim.md'), 'utf8')).toBe(BEFORE);
  });

  it('a symlink swapped in during the run is not followed out of the root', async () => {
    const file = path.join(root, 'ledger.md');
    await fsp.writeFile(file, BEFORE);
    await fsp.writeFile(path.join(outside, 'victim.md'), BEFORE);
    const fs = racing(async () => {
      await fsp.rm(file);
      await fsp.symlink(path.join(outside, 'victim.md'), file);
    });
    const r = await applySyncPlan(root, plan(), { dryRun: false, fs });
    expect(r.failed.map((f) => f.message)).toEqual([
      'not writing ledger.md: it was moved or relinked; run sync again',
    ]);
    expect(await fsp.readFile(path.join(outside, 'victim.md'), 'utf8')).toBe(BEFORE);
  });

  it('a symlink inside the root is still written through', async () => {
    await fsp.writeFile(path.join(root, 'real.md'), BEFORE);
    await fsp.symlink('real.md', path.join(root, 'ledger.md'));
    const r = await applySyncPlan(root, plan(), { dryRun: false });
    expect(r).toMatchObject({ written: ['ledger.md'], failed: [] });
    expect(await fsp.readFile(path.join(root, 'real.md'), 'utf8')).toBe(AFTER);
  });
});

describe('sync lock', () => {
  it('a live lock holder: nothing is written, and the holder is named', async () => {
    await fsp.writeFile(path.join(root, 'ledger.md'), BEFORE);
    // The test runner itself is a running process.
    await fsp.writeFile(path.join(root, LOCK_NAME), `${process.pid}\n`);
    const r = await applySyncPlan(root, plan(), { dryRun: false });
    expect(r.written).toEqual([]);
    expect(r.failed.map((f) => f.message)).toEqual([
      `another sync (pid ${process.pid}) is writing this tree (lock ${LOCK_NAME}); nothing was written`,
    ]);
    expect(await fsp.readFile(path.join(root, 'ledger.md'), 'utf8')).toBe(BEFORE);
  });

  it('a lock left by a sync that no longer runs is taken over, and removed after', async () => {
    await fsp.writeFile(path.join(root, 'ledger.md'), BEFORE);
    await fsp.writeFile(path.join(root, LOCK_NAME), '2147483646\n');
    const r = await applySyncPlan(root, plan(), { dryRun: false });
    expect(r).toMatchObject({ written: ['ledger.md'], failed: [] });
    expect(await leftovers(root)).toEqual([]);
  });

  it('holds the lock while writing', async () => {
    await fsp.writeFile(path.join(root, 'ledger.md'), BEFORE);
    let seen: string | null = null;
    const fs = racing(async () => {
      seen = await fsp.readFile(path.join(root, LOCK_NAME), 'utf8');
    });
    await applySyncPlan(root, plan(), { dryRun: false, fs });
    expect(seen).toBe(`${process.pid}\n`);
  });
});
