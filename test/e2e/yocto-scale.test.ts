/** `list` on a generated Yocto layer finds every GitHub ref its headers name (issue 7). */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { generateYoctoTree, type YoctoTree } from '../../bench/generate-yocto.js';
import { runCli } from './cli.js';

let dir: string;
let tree: YoctoTree;
beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'us-yocto-'));
  tree = await generateYoctoTree(dir, 300);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

it('finds every GitHub PR in 300 Upstream-Status lines, and nothing else', async () => {
  const r = await runCli(['list', '--root', dir, '--format', 'json']);
  expect(r.code).toBe(0);
  const report = JSON.parse(r.stdout) as {
    refs: { ref: string; mentions: { recordedState: string | null }[] }[];
  };
  expect(report.refs.map((x) => x.ref).sort()).toEqual(tree.refs);
  // Submitted → OPEN, Backport → MERGED: every mention records a state.
  expect(report.refs.every((x) => x.mentions.every((m) => m.recordedState !== null))).toBe(true);
});
