/**
 * dist/cli.cjs runs the bundle through V8's code cache (scripts/cli-launcher.cjs):
 * the first run of a command saves the compiled code in the user's cache
 * folder, later runs start from it. The cache may only ever change speed:
 * these check that it is used, private, refused when it does not fit, never
 * fatal, bounded, and that output is the same with it, without it and
 * against a broken one.
 */
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { isAscii } from 'node:buffer';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../bench/generate.js';
import { execFile } from 'node:child_process';
import { CLI, cliEnv, PROJECT, runCli } from './cli.js';

const LIST = ['list', '--root', path.join(PROJECT, 'example'), '--today', '2026-08-20'];
let home: string;
beforeAll(() => {
  home = mkdtempSync(path.join(os.tmpdir(), 'us-compile-cache-'));
});
afterAll(() => rmSync(home, { recursive: true, force: true }));

const folder = (cacheHome: string) => path.join(cacheHome, 'upstream-status', 'compile-cache');
const debug = (cacheHome: string) => ({ XDG_CACHE_HOME: cacheHome, NODE_DEBUG: 'upstream-status' });
const stateOf = (stderr: string) => /compile cache: (\w+)/.exec(stderr)?.[1];

/** The stderr of `node <nodeFlag> dist/cli.cjs --version`, with the cache's debug lines on. */
function versionStderr(nodeFlag: string, cacheHome: string): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      [nodeFlag, CLI, '--version'],
      { env: cliEnv(debug(cacheHome)) },
      (error, _stdout, stderr) => (error ? reject(error) : resolve(stderr)),
    );
  });
}

describe('the compile cache', () => {
  it('is saved by the first run, used by the next, and changes nothing in the output', async () => {
    const cacheHome = path.join(home, 'first');
    const plain = await runCli(LIST, { NODE_DISABLE_COMPILE_CACHE: '1' });
    const first = await runCli(LIST, debug(cacheHome));
    expect(stateOf(first.stderr)).toBe('missing');
    const files = readdirSync(folder(cacheHome));
    expect(files).toEqual([
      expect.stringMatching(/^[0-9a-f]{16}-\d+-\d+-v\d+\.\d+\.\d+-\w+-\w+-[0-9a-f]{8}-list\.v8$/),
    ]);
    // Private to the user: code another user could change would run as this one.
    expect(statSync(folder(cacheHome)).mode & 0o777).toBe(0o700);
    expect(statSync(path.join(folder(cacheHome), files[0] ?? '')).mode & 0o777).toBe(0o600);
    const second = await runCli(LIST, debug(cacheHome));
    expect(stateOf(second.stderr)).toBe('used');
    for (const run of [first, second]) {
      expect(run.code).toBe(plain.code);
      expect(run.stdout).toBe(plain.stdout);
    }
    // Another command keeps its own cache (it compiles other functions), and so does another root.
    await runCli(['--version'], debug(cacheHome));
    expect(readdirSync(folder(cacheHome)).some((f) => f.endsWith('-cli.v8'))).toBe(true);
    const other = ['list', `--root=${path.join(PROJECT, 'test', 'fixtures', 'e2e', 'queue')}`];
    expect(stateOf((await runCli(other, debug(cacheHome))).stderr)).toBe('missing');
    expect(readdirSync(folder(cacheHome)).filter((f) => f.endsWith('-list.v8'))).toHaveLength(2);
  });

  it('is written again by a run that worked much longer than the one that wrote it', async () => {
    const cacheHome = path.join(home, 'grow');
    const tree = path.join(home, 'grow-tree');
    const list = ['list', '--root', tree, '--today', '2026-08-20'];
    // The first `list` of this root finds an empty folder: it compiles little.
    mkdirSync(tree);
    await runCli(list, { XDG_CACHE_HOME: cacheHome });
    const [name = ''] = readdirSync(folder(cacheHome));
    const file = path.join(folder(cacheHome), name);
    const small = statSync(file).size;
    // The file starts with the CPU milliseconds of the run that wrote it. On a
    // busy machine that first run can cost as much CPU as the next: say it cost
    // 1 ms, so the verdict below does not depend on how busy the machine is.
    const written = readFileSync(file);
    written.writeUInt32LE(1, 0);
    writeFileSync(file, written);
    // Then the queue is there, and reading it compiles much more.
    await generateTree(tree, { patches: 300, repos: 4, seed: 3 });
    await runCli(list, { XDG_CACHE_HOME: cacheHome });
    const grown = statSync(file).size;
    expect(grown).toBeGreaterThan(small);
    // A small run afterwards keeps the bigger cache.
    rmSync(tree, { recursive: true });
    mkdirSync(tree);
    await runCli(list, { XDG_CACHE_HOME: cacheHome });
    expect(statSync(file).size).toBe(grown);
    expect(readdirSync(folder(cacheHome))).toEqual([name]);
  });

  it('starts a bundle that is pure ASCII, so reading it as latin1 loses nothing', () => {
    // build-cli.mjs writes every other character as its \u escape.
    const bundle = readFileSync(path.join(PROJECT, 'dist', 'cli-main.cjs'));
    expect(isAscii(bundle)).toBe(true);
    expect(bundle.toString('latin1')).toBe(bundle.toString('utf8'));
    // The ditto marks a ledger may use survive as escapes inside their pattern.
    expect(bundle.toString('latin1')).toMatch(/\\u2033\|\\u3003/);
  });

  it('keeps a cache per command of the CLI, and one for anything else', async () => {
    const launcher = readFileSync(path.join(PROJECT, 'scripts', 'cli-launcher.cjs'), 'utf8');
    const listed = /const COMMANDS = new Set\(\[([^\]]*)\]\)/.exec(launcher)?.[1] ?? '';
    const cli = readFileSync(path.join(PROJECT, 'src', 'cli.ts'), 'utf8');
    const declared = [...cli.matchAll(/\.command\('([a-z-]+)/g)].map((m) => m[1]);
    expect([...listed.matchAll(/'([a-z-]+)'/g)].map((m) => m[1]).sort()).toEqual(declared.sort());
    const cacheHome = path.join(home, 'commands');
    await runCli(['frobnicate'], { XDG_CACHE_HOME: cacheHome });
    await runCli(['--version'], { XDG_CACHE_HOME: cacheHome });
    expect(readdirSync(folder(cacheHome)).map((f) => f.replace(/^.*-/, ''))).toEqual(['cli.v8']);
  });

  it('refuses a broken cache file, runs as usual and writes a good one over it', async () => {
    const cacheHome = path.join(home, 'broken');
    await runCli(LIST, { XDG_CACHE_HOME: cacheHome });
    const [name = ''] = readdirSync(folder(cacheHome));
    const file = path.join(folder(cacheHome), name);
    const good = readFileSync(file);
    writeFileSync(file, Buffer.alloc(good.length, 7));
    const plain = await runCli(LIST, { NODE_DISABLE_COMPILE_CACHE: '1' });
    const run = await runCli(LIST, debug(cacheHome));
    expect(stateOf(run.stderr)).toBe('rejected');
    expect(run.stdout).toBe(plain.stdout);
    expect(readFileSync(file).equals(Buffer.alloc(good.length, 7))).toBe(false);
    expect(stateOf((await runCli(LIST, debug(cacheHome))).stderr)).toBe('used');
  });

  it('is off with NODE_DISABLE_COMPILE_CACHE, and a cache folder it cannot write costs nothing but time', async () => {
    const off = path.join(home, 'off');
    const disabled = await runCli(LIST, { ...debug(off), NODE_DISABLE_COMPILE_CACHE: '1' });
    expect(stateOf(disabled.stderr)).toBe('off');
    expect(() => readdirSync(off)).toThrow();
    // XDG_CACHE_HOME names a file: nothing can be written under it.
    const blocked = path.join(home, 'a-file');
    writeFileSync(blocked, '');
    const run = await runCli(LIST, { XDG_CACHE_HOME: blocked });
    expect(run.stderr).toBe('');
    expect(run.stdout).toBe(disabled.stdout);
  });

  it("raises V8's optimising budget and compiles regexps at once for our code, unless node was given either flag", async () => {
    const cacheHome = path.join(home, 'budget');
    const ours = await runCli(['--version'], debug(cacheHome));
    expect(ours.stderr).toContain('interrupt budget: 1000000 (ours)');
    const given = await versionStderr('--interrupt-budget=50000', cacheHome);
    expect(given).toContain('interrupt budget: as given to node');
    // Regular expressions are compiled at their first run, unless node is told otherwise.
    expect(ours.stderr).toContain('regexp tier-up: off (ours)');
    expect(given).toContain('regexp tier-up: off (ours)');
    const regexpGiven = await versionStderr('--regexp-tier-up', cacheHome);
    expect(regexpGiven).toContain('regexp tier-up: as given to node');
    expect(regexpGiven).toContain('interrupt budget: 1000000 (ours)');
    // Each set of node flags keeps its own cache file (V8 refuses data made under others).
    expect(readdirSync(folder(cacheHome)).filter((f) => f.endsWith('-cli.v8'))).toHaveLength(3);
  });

  it('is neither read nor written in a folder others can write to', async () => {
    const cacheHome = path.join(home, 'shared');
    await runCli(LIST, { XDG_CACHE_HOME: cacheHome });
    const [name = ''] = readdirSync(folder(cacheHome));
    chmodSync(folder(cacheHome), 0o777);
    const run = await runCli(LIST, debug(cacheHome));
    expect(stateOf(run.stderr)).toBe('off');
    expect(run.code).toBe(0);
    expect(readdirSync(folder(cacheHome))).toEqual([name]);
    // A file others can write is refused as well.
    chmodSync(folder(cacheHome), 0o700);
    chmodSync(path.join(folder(cacheHome), name), 0o666);
    expect(stateOf((await runCli(LIST, debug(cacheHome))).stderr)).toBe('off');
  });

  it('keeps at most 32 files, dropping the oldest', async () => {
    const cacheHome = path.join(home, 'full');
    await runCli(['--version'], { XDG_CACHE_HOME: cacheHome });
    const dir = folder(cacheHome);
    const old = Date.now() / 1000 - 86_400;
    for (let i = 0; i < 40; i++) {
      const f = path.join(dir, `0000000000000000-1-1-v0.0.0-other-build-${i}.v8`);
      writeFileSync(f, 'x');
      utimesSync(f, old + i, old + i);
    }
    await runCli(LIST, { XDG_CACHE_HOME: cacheHome });
    const left = readdirSync(dir);
    expect(left).toHaveLength(32);
    expect(left.some((f) => f.endsWith('-list.v8'))).toBe(true);
    expect(left.some((f) => f.endsWith('-cli.v8'))).toBe(true);
    // The oldest of the planted files went first.
    expect(left).not.toContain('0000000000000000-1-1-v0.0.0-other-build-0.v8');
    expect(left).toContain('0000000000000000-1-1-v0.0.0-other-build-39.v8');
  });
});
