/**
 * `ignore` patterns drop refs from every source before anything is judged
 * or reported; with no patterns (the usual case) collectSources skips that
 * pass, and nothing is dropped.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectSources } from '../src/collect.js';
import { DEFAULT_CONFIG } from '../src/config-types.js';

let root: string;
const LEDGER = [
  '# Patches',
  '',
  '| patch | upstream PR | PR state |',
  '|---|---|---|',
  '| `a.py` | o/keep#1 | OPEN |',
  '| `b.py` | o/drop#2 | OPEN |',
  '| ″ | o/keep#3 | OPEN |',
  '',
].join('\n');

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'us-collect-ignore-'));
  await mkdir(path.join(root, 'deploy/patches'), { recursive: true });
  await writeFile(path.join(root, 'deploy/patch.upstream.status.md'), LEDGER);
  await writeFile(path.join(root, 'deploy/patches/a.py'), 'x = 1\n');
  await writeFile(path.join(root, 'deploy/patches/b.py'), 'y = 2\n');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('collectSources and ignore patterns', () => {
  it('keeps every ref when nothing is ignored', async () => {
    const run = await collectSources(root, DEFAULT_CONFIG);
    expect([...run.mentionsByRef.keys()]).toEqual(['o/keep#1', 'o/drop#2', 'o/keep#3']);
    expect(run.sources.flatMap((s) => s.mentions.map((m) => m.ref))).toEqual([
      'o/keep#1',
      'o/drop#2',
      'o/keep#3',
    ]);
  });

  it('drops ignored refs from the sources and from the refs to check', async () => {
    const run = await collectSources(root, { ...DEFAULT_CONFIG, ignore: ['O/Drop#*'] });
    expect([...run.mentionsByRef.keys()]).toEqual(['o/keep#1', 'o/keep#3']);
    expect(run.sources.flatMap((s) => s.mentions.map((m) => m.ref))).toEqual([
      'o/keep#1',
      'o/keep#3',
    ]);
    // The patch is still indexed: only its ref is ignored.
    expect([...run.indexed.keys()]).toContain('deploy/patches/b.py');
  });
});
