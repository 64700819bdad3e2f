#!/usr/bin/env node
// The package's bin. scripts/build-cli.mjs writes it as dist/cli.cjs from
// scripts/cli-launcher.cjs, with BUILD set to a hash of the bundle it starts.
//
// It runs the whole CLI, dist/cli-main.cjs (one CommonJS bundle), through V8's
// code cache, as Node 22's module.enableCompileCache() would; Node 20 has no
// such switch. The first run of each command compiles as usual and, on
// exit, saves the bytecode of every function it compiled. Later runs of the
// same build start from it and skip parsing and compiling; a run that worked
// much longer than the one that wrote the cache (so compiled more) writes it
// again (docs/decisions.md, "Compile cache").
//
// The cache holds code, never results: what a run reads and reports does not
// depend on it. Files are keyed by the bundle's hash, size and mtime, Node's
// version, flags and the platform, the command and the root (V8 also refuses data made for another version or
// other flags), live in the user's cache folder ($XDG_CACHE_HOME or
// ~/.cache, then upstream-status/) and are private to the user. Any failure
// only costs speed. NODE_DISABLE_COMPILE_CACHE=1, Node's own switch for the
// same feature, turns it off; NODE_DEBUG=upstream-status says what it did.
'use strict';
// CommonJS, not ESM: Node starts a CommonJS entry ~5 ms sooner (no ESM loader).
const {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} = require('node:fs');
const { createRequire } = require('node:module');
const { homedir } = require('node:os');
const path = require('node:path');
const { setFlagsFromString } = require('node:v8');
const { Script } = require('node:vm');

// A run lasts well under a second: TurboFan, V8's optimising compiler, would
// compile hot functions on a second thread and rarely finish in time to pay
// back. Functions must be ~15 times hotter than by default before it is
// asked (docs/decisions.md, "Optimising compiler"); a long run still gets it.
// Set before the bundle is compiled, so every function of ours is under it;
// a budget given to node on the command line wins.
const OWN_BUDGET = !givenToNode('--interrupt-budget');
if (OWN_BUDGET) setFlagsFromString('--interrupt-budget=1000000');
// V8 first runs a regular expression in its bytecode interpreter and
// compiles it to machine code only once it runs again; here most run a few
// thousand times in a row (one per header or ledger row), so they are
// compiled at their first run (docs/decisions.md, "Regular expressions
// compiled at once"). A regexp flag given to node wins.
const OWN_REGEXP = !givenToNode('--regexp-tier-up') && !givenToNode('--no-regexp-tier-up');
if (OWN_REGEXP) setFlagsFromString('--no-regexp-tier-up');

/** Whether node was started with the V8 flag `name` (`--name` or `--name=…`). */
function givenToNode(name) {
  return process.execArgv.some((flag) => flag === name || flag.startsWith(`${name}=`));
}

/** The commands (src/cli.ts); anything else (--version, a typo) shares one cache. */
const COMMANDS = new Set([
  'check',
  'list',
  'sync',
  'rebase-check',
  'footprint',
  'discover',
  'init',
]);

const BUILD = '%BUILD%';
const MAIN = path.join(__dirname, 'cli-main.cjs');

// ASCII by construction (build-cli.mjs escapes the rest): latin1 reads it as
// UTF-8 would, without decoding 1.5 MB of it.
const source = readFileSync(MAIN, 'latin1');
const cacheFile = privateOrNull(compileCacheFile());
// A cache file is the CPU milliseconds of the run that wrote it (4 bytes) and V8's data.
let cachedData;
let cachedCpuMs = 0;
if (cacheFile !== null) {
  try {
    const file = readFileSync(cacheFile);
    if (file.length > 4) {
      cachedCpuMs = file.readUInt32LE(0);
      cachedData = file.subarray(4);
    }
  } catch {
    // First run of this command with this build: compiled as usual, saved at exit.
  }
}
// CommonJS's own wrapper, on the bundle's first line, so line numbers stay the bundle's.
const script = new Script(
  `(function (exports, require, module, __filename, __dirname) {${source}\n})`,
  { filename: MAIN, cachedData },
);
const missed =
  cacheFile !== null && (cachedData === undefined || script.cachedDataRejected === true);
if (cacheFile !== null) {
  process.once('exit', () => {
    const { user, system } = process.cpuUsage();
    const cpuMs = Math.round((user + system) / 1000);
    // A run that worked much longer than the cache's writer compiled functions it lacks.
    if (missed || cpuMs > cachedCpuMs * 1.5 + 20) save(script, cacheFile, cpuMs);
  });
}
// NODE_DEBUG=upstream-status says what the cache did (on stderr), as NODE_DEBUG does for Node's own parts.
if (/\bupstream-status\b/.test(process.env.NODE_DEBUG ?? '')) {
  const state =
    cacheFile === null
      ? 'off'
      : cachedData === undefined
        ? 'missing'
        : missed
          ? 'rejected'
          : 'used';
  process.stderr.write(`compile cache: ${state}${cacheFile === null ? '' : ` (${cacheFile})`}\n`);
  process.stderr.write(`interrupt budget: ${OWN_BUDGET ? '1000000 (ours)' : 'as given to node'}\n`);
  process.stderr.write(`regexp tier-up: ${OWN_REGEXP ? 'off (ours)' : 'as given to node'}\n`);
}
const bundle = { exports: {} };
script.runInThisContext()(bundle.exports, createRequire(MAIN), bundle, MAIN, __dirname);

/** Where this build's code cache for this command lives, or null for none. */
function compileCacheFile() {
  if (process.env.NODE_DISABLE_COMPILE_CACHE) return null;
  try {
    const home = process.env.XDG_CACHE_HOME || path.join(homedir(), '.cache');
    if (!path.isAbsolute(home)) return null;
    const { size, mtimeMs } = statSync(MAIN);
    // Each command compiles different functions: each keeps its own cache.
    const command = COMMANDS.has(process.argv[2] ?? '') ? process.argv[2] : 'cli';
    // Node flags (--cpu-prof, --no-opt, …) change what V8 accepts: each set keeps its own.
    const flags = process.execArgv.length === 0 ? '' : `-${fnv1a(process.execArgv.join('\0'))}`;
    // Each tree exercises other functions (a layer's headers, a ledger, records):
    // a command keeps one cache per root, as a hook or a CI job runs on one.
    const tree = fnv1a(path.resolve(rootArgument() ?? '.'));
    const key = `${BUILD}-${size}-${Math.trunc(mtimeMs)}-${process.version}-${process.platform}-${process.arch}${flags}`;
    return path.join(home, 'upstream-status', 'compile-cache', `${key}-${tree}-${command}.v8`);
  } catch {
    return null;
  }
}

/**
 * `file`, unless its folder (or the file) is another user's or writable by
 * others: cached bytecode runs as this user, so nobody else may be able to
 * put it there (a shared XDG_CACHE_HOME, a folder made by someone else).
 * A folder not made yet is fine: save() makes it 0700.
 */
function privateOrNull(file) {
  if (file === null || typeof process.getuid !== 'function') return file;
  const uid = process.getuid();
  try {
    for (const at of [path.dirname(file), file]) {
      const s = statSync(at, { throwIfNoEntry: false });
      if (s !== undefined && (s.uid !== uid || (s.mode & 0o022) !== 0)) return null;
    }
  } catch {
    // Not a folder, not readable: no cache.
    return null;
  }
  return file;
}

/** The value of --root (`--root DIR` or `--root=DIR`), if given. */
function rootArgument() {
  const args = process.argv.slice(3);
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') return null;
    if (arg === '--root') return args[i + 1] ?? null;
    if (arg.startsWith('--root=')) return arg.slice('--root='.length);
  }
  return null;
}

/** A short hash of a string (FNV-1a, 32 bits, hex). */
function fnv1a(text) {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** Most cache files kept (about 0.5 MB each); past it the oldest go. */
const KEEP = 32;

/** Write the cache atomically and keep the folder small; never fails the run. */
function save(compiled, file, cpuMs) {
  try {
    const dir = path.dirname(file);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const temporary = `${file}.${process.pid}.tmp`;
    const header = Buffer.alloc(4);
    header.writeUInt32LE(Math.min(cpuMs, 0xffffffff));
    writeFileSync(temporary, Buffer.concat([header, compiled.createCachedData()]), {
      mode: 0o600,
    });
    renameSync(temporary, file);
    const files = readdirSync(dir).map((name) => path.join(dir, name));
    if (files.length > KEEP) {
      const byAge = files
        .map((f) => ({ f, at: statSync(f, { throwIfNoEntry: false })?.mtimeMs ?? 0 }))
        .sort((a, b) => a.at - b.at);
      for (const { f } of byAge.slice(0, files.length - KEEP)) rmSync(f, { force: true });
    }
  } catch {
    // A read-only or full home only costs the next run its compile time.
  }
}
