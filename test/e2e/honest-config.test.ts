/**
 * Misconfiguration is said out loud (exit 2 and what to do), never a silent
 * pass: an empty tree, no git repository, contradictory flags, a typo'd
 * command; and --output/--record into a folder that does not exist yet work.
 */
import { cp, mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { FIXTURES, PROJECT, runCli } from './cli.js';
import { QUEUE_REPOS } from './queue-data.js';

const QUEUE = path.join(FIXTURES, 'e2e', 'queue');
const TOKEN = 'ghp_CANARYhonest0123456789abcdefghij';
let tmp: string;
let gh: FakeGitHub;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'us-honest-'));
  gh = await startFakeGitHub({ repos: QUEUE_REPOS, token: TOKEN });
});
afterAll(async () => {
  await gh.close();
  await rm(tmp, { recursive: true, force: true });
});

describe('nothing to check', () => {
  it.each([['check', '--offline'], ['list'], ['sync', '--dry-run']])(
    '%s on an empty tree is exit 2, naming what was looked for and where',
    async (...args) => {
      const r = await runCli([...args, '--root', tmp]);
      expect(r.code).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toContain(`no patch records found under ${tmp}`);
      expect(r.stderr).toContain('patch.upstream.status.md');
      expect(r.stderr).toContain('*.upstream.status.yaml');
    },
  );

  it('outside a git repository without --root is a usage error, not a scan of the working directory', async () => {
    const r = await runCli(['list'], {}, tmp);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/not inside a git repository, and no --root given/);
  });
});

describe('contradictory flags', () => {
  it.each([
    [['check', '--offline', '--replay', 'x.json']],
    [['check', '--offline', '--record', 'x.json']],
    [['check', '--replay', 'a.json', '--record', 'b.json']],
    [['check', '--cache', 'a.json', '--replay', 'b.json']],
    [['rebase-check', '--onto', 'v1', '--offline', '--replay', 'x.json']],
  ])('%j is refused with exit 2', async (args) => {
    const r = await runCli([...args, '--root', QUEUE]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/^upstream-status: --\S+ and --\S+ together: /);
  });

  it('refuses --cache-ttl without --cache, and a TTL that is not whole minutes', async () => {
    for (const args of [
      ['--cache-ttl', '5'],
      ['--cache', path.join(tmp, 'c.json'), '--cache-ttl', 'soon'],
    ]) {
      const r = await runCli(['check', '--root', QUEUE, ...args], { GITHUB_API_URL: gh.url });
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/--cache/);
    }
  });
});

describe('unknown commands', () => {
  it.each([
    ['chek', "'check'"],
    ['rebase', "'rebase-check'"],
    ['snyc', "'sync'"],
  ])('%s gets "did you mean %s"', async (word, suggestion) => {
    const r = await runCli([word, '--root', QUEUE]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`unknown command '${word}'. Did you mean ${suggestion}?`);
  });

  it('a word far from every command lists the commands', async () => {
    const r = await runCli(['frobnicate']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/unknown command 'frobnicate'\.\n {2}commands: check, list/);
  });
});

describe('output into folders that do not exist yet', () => {
  it('--output and --record create them', async () => {
    const copy = path.join(tmp, 'queue');
    await cp(QUEUE, copy, { recursive: true });
    const out = path.join(tmp, 'new', 'deeper', 'report.json');
    const snap = path.join(tmp, 'snaps', 'run.json');
    const r = await runCli(
      [
        'check',
        '--root',
        copy,
        '--format',
        'json',
        '--output',
        out,
        '--record',
        snap,
        '--today',
        '2026-08-20',
      ],
      { GH_TOKEN: TOKEN, GITHUB_API_URL: gh.url },
      PROJECT,
    );
    expect(r.stderr).toBe('');
    expect(r.code).toBe(1);
    expect(JSON.parse(await readFile(out, 'utf8'))).toMatchObject({ schemaVersion: 1 });
    expect((await stat(snap)).isFile()).toBe(true);
  });
});
