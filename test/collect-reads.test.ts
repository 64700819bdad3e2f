/**
 * What collectSources reads (issue 14): a run that writes nothing reads a
 * `.patch` only as far as its header and keeps no patch text; `sync`
 * (wholeFiles) reads every file whole and keeps its text to rewrite it.
 * Both read the same mentions.
 */
import { mkdtemp, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectSources } from '../src/collect.js';
import { DEFAULT_CONFIG } from '../src/config-types.js';

let root: string;
const PATCH = 'layer/recipes-core/foo/files/0001-fix.patch';
// A body far past the first read chunk, with a ref that is no header's business.
const body = Array.from({ length: 4000 }, (_, i) => `+line ${i} see other/repo#${i + 1}`).join(
  '\n',
);
const patchText = [
  'From 0123456789abcdef0123456789abcdef01234567 Mon Sep 17 00:00:00 2001',
  'From: A Author <a@example.org>',
  'Subject: [PATCH] fix the thing',
  '',
  'Upstream-Status: Submitted [https://github.com/example-org/foo/pull/42]',
  'Signed-off-by: A Author <a@example.org>',
  '---',
  ' src/x.c | 1 +',
  '',
  'diff --git a/src/x.c b/src/x.c',
  '--- a/src/x.c',
  '+++ b/src/x.c',
  '@@ -1,1 +1,4000 @@',
  body,
  '',
].join('\n');

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'us-collect-'));
  await mkdir(path.join(root, path.dirname(PATCH)), { recursive: true });
  await writeFile(path.join(root, PATCH), patchText);
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('collectSources', () => {
  it('keeps no patch text when nothing will be written, and reads the same mentions', async () => {
    const read = await collectSources(root, DEFAULT_CONFIG);
    const whole = await collectSources(root, DEFAULT_CONFIG, { wholeFiles: true });
    expect(read.texts.has(PATCH)).toBe(false);
    expect(whole.texts.get(PATCH)).toBe(patchText);
    expect([...read.mentionsByRef.keys()]).toEqual(['example-org/foo#42']);
    expect(read.sources).toEqual(whole.sources);
  });
});

describe('collectSources reads ledgers and records whole', () => {
  let tree: string;
  const row = (i: number): string => `| \`p${i}.py\` | o/r#${i} | OPEN |`;
  // Past the 64 KiB a small source is read in: the rest is read after its size is asked.
  const bigLedger = [
    '| patch | upstream PR | PR state |',
    '|---|---|---|',
    ...Array.from({ length: 3000 }, (_, i) => row(i + 1)),
    '',
  ].join('\n');
  const record = (n: number, pad: number): string =>
    `# ${'x'.repeat(pad)}\npatch: { path: deploy/patches/r${n}.py }\nupstream_prs:\n  - { ref: "o/s#${n}", state: OPEN }\n`;

  beforeAll(async () => {
    tree = await mkdtemp(path.join(os.tmpdir(), 'us-collect-whole-'));
    await mkdir(path.join(tree, 'deploy/patches'), { recursive: true });
    await writeFile(path.join(tree, 'deploy/patch.upstream.status.md'), bigLedger);
    // 1 KiB, 40 KiB (read in one go) and 70 KiB (sized first) records, and two
    // either side of 32 KiB: exactly the limit below, and one byte over it.
    const exactly = (n: number, bytes: number): number => bytes - record(n, 0).length;
    for (const [n, pad] of [
      [1, 1000],
      [2, 40_000],
      [3, 70_000],
      [4, exactly(4, 32 * 1024)],
      [5, exactly(5, 32 * 1024 + 1)],
    ] as const) {
      await writeFile(path.join(tree, `deploy/patches/r${n}.py`), 'x = 1\n');
      await writeFile(path.join(tree, `deploy/patches/r${n}.upstream.status.yaml`), record(n, pad));
    }
  });
  afterAll(() => rm(tree, { recursive: true, force: true }));

  it('reads each to its end, small or past 64 KiB, and keeps its exact text', async () => {
    expect(bigLedger.length).toBeGreaterThan(90_000);
    const run = await collectSources(tree, DEFAULT_CONFIG, { wholeFiles: true });
    expect(run.mentionsByRef.has('o/r#1')).toBe(true);
    expect(run.mentionsByRef.has('o/r#3000')).toBe(true);
    expect(run.texts.get('deploy/patch.upstream.status.md')).toBe(bigLedger);
    for (const n of [1, 2, 3, 4, 5]) expect(run.mentionsByRef.has(`o/s#${n}`)).toBe(true);
    expect(run.texts.get('deploy/patches/r3.upstream.status.yaml')).toBe(record(3, 70_000));
    expect(run.sources.flatMap((s) => s.problems)).toEqual([]);
  });

  it('asks the budget with each file’s size, before or after reading it', async () => {
    // 32 KiB: the 1 KiB record and the one of exactly 32 KiB are read; the rest are not.
    const limits = { ...DEFAULT_CONFIG.limits, maxFileMB: 1 / 32 };
    const run = await collectSources(tree, { ...DEFAULT_CONFIG, limits });
    const refused = run.sources
      .filter((s) => s.problems.some((p) => p.message.startsWith('not read:')))
      .map((s) => [s.source.path, s.problems[0]?.message]);
    expect(refused).toEqual([
      ['deploy/patch.upstream.status.md', 'not read: 0.1 MiB is over limits.maxFileMB (0 MiB)'],
      [
        'deploy/patches/r2.upstream.status.yaml',
        'not read: 0 MiB is over limits.maxFileMB (0 MiB)',
      ],
      [
        'deploy/patches/r3.upstream.status.yaml',
        'not read: 0.1 MiB is over limits.maxFileMB (0 MiB)',
      ],
      [
        'deploy/patches/r5.upstream.status.yaml',
        'not read: 0 MiB is over limits.maxFileMB (0 MiB)',
      ],
    ]);
    expect([...run.mentionsByRef.keys()]).toEqual(['o/s#1', 'o/s#4']);
  });
});
