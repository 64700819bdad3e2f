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
