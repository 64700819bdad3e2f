import * as fsp from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { nodeFs, type AtomicFs } from '../../src/sync/atomic.js';
import { planSync, type SyncPlan } from '../../src/sync/plan.js';
import { applySyncPlan, writeAtomic } from '../../src/sync/write.js';
import { collected, fixture, HEADER, LEDGER, LIVE, readSources, RECORD, TODAY } from './support.js';

let dir: string;
beforeEach(async () => {
  dir = await fsp.mkdtemp(path.join(tmpdir(), 'upstream-status-sync-'));
});
afterEach(async () => {
  await fsp.rm(dir, { recursive: true, force: true });
});

const errno = (code: string): NodeJS.ErrnoException =>
  Object.assign(new Error(`${code}: simulated`), { code });

async function leftovers(): Promise<string[]> {
  return (await fsp.readdir(dir)).filter((n) => n.endsWith('.tmp'));
}

describe('writeAtomic', () => {
  it('replaces the content, keeps the mode and leaves no temp file', async () => {
    const file = path.join(dir, 'ledger.md');
    await fsp.writeFile(file, 'old\n');
    await fsp.chmod(file, 0o640);
    await writeAtomic(file, '\uFEFFnew\r\n');
    expect(await fsp.readFile(file)).toEqual(Buffer.from('\uFEFFnew\r\n', 'utf8'));
    expect((await fsp.stat(file)).mode & 0o7777).toBe(0o640);
    expect(await leftovers()).toEqual([]);
  });

  it('keeps an executable patch executable', async () => {
    const file = path.join(dir, 'apply.sh');
    await fsp.writeFile(file, '#!/bin/sh\n');
    await fsp.chmod(file, 0o755);
    await writeAtomic(file, '#!/bin/sh\n# synced\n');
    expect((await fsp.stat(file)).mode & 0o7777).toBe(0o755);
  });

  it('writes through a symlink to its target and keeps the link', async () => {
    const target = path.join(dir, 'real.md');
    const link = path.join(dir, 'link.md');
    await fsp.writeFile(target, 'old\n');
    await fsp.symlink('real.md', link);
    await writeAtomic(link, 'new\n');
    expect((await fsp.lstat(link)).isSymbolicLink()).toBe(true);
    expect(await fsp.readFile(target, 'utf8')).toBe('new\n');
  });

  it('fails with the file and the reason when a parent of the path is a file', async () => {
    const blocker = path.join(dir, 'not-a-dir');
    await fsp.writeFile(blocker, 'x');
    const file = path.join(blocker, 'ledger.md');
    await expect(writeAtomic(file, 'new\n')).rejects.toThrow(
      `cannot write ${file}: a parent of the path is not a directory (ENOTDIR); the file is unchanged`,
    );
    expect(await fsp.readFile(blocker, 'utf8')).toBe('x');
  });

  it('leaves the original intact and removes the temp file when the rename fails (EROFS)', async () => {
    const file = path.join(dir, 'ledger.md');
    await fsp.writeFile(file, 'old\n');
    const fs: AtomicFs = { ...nodeFs, rename: () => Promise.reject(errno('EROFS')) };
    await expect(writeAtomic(file, 'new\n', fs)).rejects.toMatchObject({
      message: `cannot write ${file}: read-only file system (EROFS); the file is unchanged`,
      code: 'EROFS',
      file,
    });
    expect(await fsp.readFile(file, 'utf8')).toBe('old\n');
    expect(await leftovers()).toEqual([]);
  });

  it('removes a half-written temp file when the disk fills up', async () => {
    const file = path.join(dir, 'ledger.md');
    await fsp.writeFile(file, 'old\n');
    const fs: AtomicFs = {
      ...nodeFs,
      open: async (f, flags, mode) => {
        const handle = await fsp.open(f, flags, mode);
        handle.writeFile = () => Promise.reject(errno('ENOSPC'));
        return handle;
      },
    };
    await expect(writeAtomic(file, 'new\n', fs)).rejects.toThrow(
      /no space left on device \(ENOSPC\)/,
    );
    expect(await fsp.readFile(file, 'utf8')).toBe('old\n');
    expect(await leftovers()).toEqual([]);
  });

  it('never removes a file it did not create, even one with the temp name', async () => {
    const file = path.join(dir, 'ledger.md');
    await fsp.writeFile(file, 'old\n');
    const unlinked: string[] = [];
    const fs: AtomicFs = {
      ...nodeFs,
      open: () => Promise.reject(errno('EEXIST')),
      unlink: async (f) => {
        unlinked.push(f);
      },
    };
    await expect(writeAtomic(file, 'new\n', fs)).rejects.toThrow(/EEXIST/);
    expect(unlinked).toEqual([]);
  });

  it('says permission denied when the directory cannot take a new file (EACCES)', async () => {
    const file = path.join(dir, 'ledger.md');
    await fsp.writeFile(file, 'old\n');
    const fs: AtomicFs = { ...nodeFs, open: () => Promise.reject(errno('EACCES')) };
    await expect(writeAtomic(file, 'new\n', fs)).rejects.toThrow(
      `cannot write ${file}: permission denied (EACCES); the file is unchanged`,
    );
    expect(await fsp.readFile(file, 'utf8')).toBe('old\n');
  });
});

/** The fixtures laid out under `dir` as a repository would hold them. */
async function layOut(): Promise<void> {
  const files: [string, string][] = [
    [LEDGER, 'ledger.md'],
    [RECORD, 'fix_rows.upstream.status.yaml'],
    [HEADER, 'fix_rows.py'],
  ];
  for (const [rel, name] of files) {
    await fsp.mkdir(path.dirname(path.join(dir, rel)), { recursive: true });
    await fsp.writeFile(path.join(dir, rel), fixture(name));
  }
}

function fixturePlan(): SyncPlan {
  const { sources, texts } = collected();
  return planSync({ sources, texts, live: LIVE, today: TODAY });
}

const read = (rel: string) => fsp.readFile(path.join(dir, rel), 'utf8');

describe('applySyncPlan', () => {
  it('in a dry run returns the diff and writes nothing', async () => {
    await layOut();
    const before = await fsp.stat(path.join(dir, LEDGER));
    const result = await applySyncPlan(dir, fixturePlan(), { dryRun: true });
    expect(result).toEqual({ written: [], failed: [], diff: fixture('sync.diff.expected') });
    expect(await read(LEDGER)).toBe(fixture('ledger.md'));
    expect((await fsp.stat(path.join(dir, LEDGER))).mtimeMs).toBe(before.mtimeMs);
  });

  it('writes every planned file, after which a new plan from disk is empty', async () => {
    await layOut();
    const result = await applySyncPlan(dir, fixturePlan(), { dryRun: false });
    expect(result.failed).toEqual([]);
    expect(result.written).toEqual([LEDGER, HEADER, RECORD].sort());
    expect(await read(LEDGER)).toBe(fixture('ledger.md.expected'));
    expect(await read(RECORD)).toBe(fixture('fix_rows.upstream.status.yaml.expected'));
    expect(await read(HEADER)).toBe(fixture('fix_rows.py.expected'));
    const texts = new Map(
      await Promise.all([LEDGER, RECORD, HEADER].map(async (p) => [p, await read(p)] as const)),
    );
    const again = planSync({ sources: readSources(texts), texts, live: LIVE, today: TODAY });
    expect(again.files).toEqual([]);
  });

  it('goes on after a file it cannot write, and names each failure', async () => {
    await layOut();
    const plan = fixturePlan();
    // The header's folder is replaced by a file: that write fails, the others must not.
    await fsp.rm(path.join(dir, path.dirname(HEADER)), { recursive: true });
    await fsp.writeFile(path.join(dir, path.dirname(HEADER)), 'not a folder');
    const result = await applySyncPlan(dir, plan, { dryRun: false });
    expect(result.written).toEqual([LEDGER]);
    expect(result.failed.map((f) => f.path)).toEqual([HEADER, RECORD]);
    expect(result.failed[0]!.message).toMatch(/fix_rows\.py again before writing it: ENOTDIR/);
    expect(await read(LEDGER)).toBe(fixture('ledger.md.expected'));
  });

  it('reports a write failure with its reason and leaves that file as it was', async () => {
    await layOut();
    const fs: AtomicFs = {
      ...nodeFs,
      rename: (from, to) =>
        to.endsWith('.yaml') ? Promise.reject(errno('EROFS')) : nodeFs.rename(from, to),
    };
    const result = await applySyncPlan(dir, fixturePlan(), { dryRun: false, fs });
    expect(result.written).toEqual([LEDGER, HEADER].sort());
    expect(result.failed).toEqual([
      {
        path: RECORD,
        message: expect.stringMatching(
          /^cannot write .*fix_rows\.upstream\.status\.yaml: read-only file system \(EROFS\); the file is unchanged$/,
        ),
      },
    ]);
    expect(await read(RECORD)).toBe(fixture('fix_rows.upstream.status.yaml'));
  });

  it('does not overwrite a file edited since it was read', async () => {
    await layOut();
    const plan = fixturePlan();
    await fsp.appendFile(path.join(dir, LEDGER), 'A line someone just added.\n');
    const result = await applySyncPlan(dir, plan, { dryRun: false });
    expect(result.failed).toEqual([
      {
        path: LEDGER,
        message: `not writing ${LEDGER}: it changed since it was read; run sync again`,
      },
    ]);
    expect(await read(LEDGER)).toBe(`${fixture('ledger.md')}A line someone just added.\n`);
  });

  it('refuses to rewrite a file that is not valid UTF-8, whose bad bytes would be lost', async () => {
    await layOut();
    const bytes = Buffer.concat([Buffer.from(fixture('ledger.md')), Buffer.from([0xff, 0x0a])]);
    await fsp.writeFile(path.join(dir, LEDGER), bytes);
    const text = new TextDecoder().decode(bytes);
    const { sources } = collected();
    const plan = planSync({
      sources: [readSources(new Map([[LEDGER, text]]))[0]!, ...sources.slice(1)],
      texts: new Map([...collected().texts, [LEDGER, text]]),
      live: LIVE,
      today: TODAY,
    });
    const result = await applySyncPlan(dir, plan, { dryRun: false });
    expect(result.failed.map((f) => f.message)).toEqual([
      `not writing ${LEDGER}: it is not valid UTF-8, and rewriting it would lose the invalid bytes`,
    ]);
    expect(await fsp.readFile(path.join(dir, LEDGER))).toEqual(bytes);
  });
});
