/**
 * `sync` writes `in_pinned_base` where in-pinned-base-drift found it wrong
 * (its finding said "run sync", and sync did not), and a check afterwards
 * no longer reports it. Runs on a copy of the bundled example with its
 * recorded GitHub answers, so no network.
 */
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { PROJECT, runCli } from './cli.js';

const SNAPSHOT = path.join(PROJECT, 'example', 'github-snapshot.json');
const RECORD = 'patches/engine_core/host_alloc.upstream.status.yaml';
let root: string;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'us-pinned-'));
  await cp(path.join(PROJECT, 'example'), root, { recursive: true });
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const rules = async (): Promise<string[]> => {
  const r = await runCli([
    'check',
    '--root',
    root,
    '--replay',
    SNAPSHOT,
    '--today',
    '2026-08-20',
    '--format',
    'json',
  ]);
  return (JSON.parse(r.stdout) as { findings: { rule: string }[] }).findings.map((f) => f.rule);
};

it('writes in_pinned_base and nothing else on that line; the drift is gone afterwards', async () => {
  expect(await rules()).toContain('in-pinned-base-drift');
  const before = await readFile(path.join(root, RECORD), 'utf8');
  const sync = await runCli([
    'sync',
    '--root',
    root,
    '--replay',
    SNAPSHOT,
    '--today',
    '2026-08-20',
  ]);
  expect(sync.stderr).toBe('');
  expect(sync.stdout).toMatch(/example-org\/engine#3655 in_pinned_base: false → true/);
  const after = await readFile(path.join(root, RECORD), 'utf8');
  const changed = after
    .split('\n')
    .filter((line, i) => line !== before.split('\n')[i] && !/status_updated/.test(line));
  expect(changed).toEqual([expect.stringMatching(/^\s*in_pinned_base: true\s*(#.*)?$/)]);
  expect(await rules()).not.toContain('in-pinned-base-drift');
});
