/**
 * The package as a user gets it: from a copy of the repository's files (what a
 * fresh clone has: no dist/), `npm pack` must build it itself (prepack); the
 * tarball holds the built CLI (one bundled file and the licences of what it
 * bundles), LICENSE and README, and no source maps pointing at sources it
 * does not ship; it declares no dependencies (the bundle needs none, so a
 * user installs one package); installed into an empty project with npm's
 * network switched off, its bin answers --version and lists the bundled example.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT } from './cli.js';

const run = promisify(execFile);

interface PackageJson {
  name: string;
  version: string;
  license: string;
  bin: Record<string, string>;
  engines: Record<string, string>;
  dependencies?: Record<string, string>;
  scripts: Record<string, string>;
}

let tmp: string;
let tarball: string;
let packed: { path: string }[];
let packedBytes: number;
let pkg: PackageJson;

/** Environment for npm and the bin: no token, no CI, no lifecycle variables of the outer `npm test`. */
function cleanEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (/^(GH_|GITHUB_|npm_lifecycle_|npm_package_)/.test(k) || k === 'CI') continue;
    env[k] = v;
  }
  return { ...env, NO_COLOR: '1', npm_config_audit: 'false', npm_config_fund: 'false' };
}

/** The files a fresh clone has, minus the test and bench trees the package never needs. */
async function copyCheckout(to: string): Promise<void> {
  const { stdout } = await run(
    'git',
    ['ls-files', '--cached', '--others', '--exclude-standard', '-z'],
    { cwd: PROJECT, maxBuffer: 64 * 1024 * 1024 },
  );
  const files = stdout.split('\0').filter((f) => f !== '' && !/^(test|bench)\//.test(f));
  for (const f of files) {
    await mkdir(path.dirname(path.join(to, f)), { recursive: true });
    await cp(path.join(PROJECT, f), path.join(to, f)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e; // deleted in the work tree, not yet committed
    });
  }
  await symlink(path.join(PROJECT, 'node_modules'), path.join(to, 'node_modules'), 'dir');
}

/**
 * A lockfile for the consumer: our package and nothing else, so `npm ci
 * --offline` needs no registry at all.
 */
function consumerFiles(tarballRef: string): { manifest: object; lock: object } {
  const manifest = {
    name: 'consumer',
    version: '1.0.0',
    private: true,
    devDependencies: { [pkg.name]: tarballRef },
  };
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', version: '1.0.0', devDependencies: { [pkg.name]: tarballRef } },
    [`node_modules/${pkg.name}`]: {
      version: pkg.version,
      resolved: tarballRef,
      dev: true,
      license: pkg.license,
      bin: pkg.bin,
      engines: pkg.engines,
    },
  };
  return {
    manifest,
    lock: { name: 'consumer', version: '1.0.0', lockfileVersion: 3, requires: true, packages },
  };
}

beforeAll(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'us-pack-'));
  pkg = JSON.parse(await readFile(path.join(PROJECT, 'package.json'), 'utf8')) as PackageJson;
  const checkout = path.join(tmp, 'checkout');
  await copyCheckout(checkout);
  // Scripts on: prepack must build dist/ in the copy, which has none.
  const { stdout } = await run('npm', ['pack', '--json', '--pack-destination', tmp], {
    cwd: checkout,
    env: cleanEnv(),
    maxBuffer: 64 * 1024 * 1024,
  });
  const info = JSON.parse(stdout.slice(stdout.indexOf('['))) as {
    filename: string;
    size: number;
    files: { path: string }[];
  }[];
  tarball = path.join(tmp, info[0]!.filename);
  packed = info[0]!.files;
  packedBytes = info[0]!.size;
}, 180_000);

afterAll(async () => {
  if (tmp) await rm(tmp, { recursive: true, force: true });
});

describe('npm pack', () => {
  it('builds the CLI itself and ships it with LICENSE and README, without source maps', () => {
    // The CLI is one bundle and its launcher (scripts/build-cli.mjs); tsc's modules and
    // maps stay behind.
    expect(packed.map((f) => f.path).sort()).toEqual([
      'LICENSE',
      'README.md',
      'dist/THIRD-PARTY-LICENSES.txt',
      'dist/cli-main.cjs',
      'dist/cli.cjs',
      'package.json',
    ]);
    // About 390 kB today (1.7 MB unpacked, every dependency bundled in); a map or a
    // second copy of the code would show here.
    expect(packedBytes).toBeLessThan(600_000);
  });

  it('declares where it comes from and under which licence, and no dependencies', () => {
    expect(pkg.license).toBe('MIT');
    // Everything the CLI runs is in dist/: a runtime dependency would only
    // make users download (and trust) packages that never load.
    expect(pkg.dependencies ?? {}).toEqual({});
    expect(pkg.scripts.prepack).toMatch(/build/);
    expect(pkg).toMatchObject({
      repository: { url: expect.stringMatching(/^git\+https:\/\/github\.com\//) },
      homepage: expect.any(String),
      bugs: { url: expect.any(String) },
      keywords: expect.arrayContaining(['patch-queue']),
    });
  });
});

describe('the tarball installed into an empty project, offline', () => {
  it('runs --version and lists the example', async () => {
    const consumer = path.join(tmp, 'consumer');
    await mkdir(consumer);
    const ref = `file:${path.relative(consumer, tarball)}`;
    const { manifest, lock } = consumerFiles(ref);
    await writeFile(path.join(consumer, 'package.json'), JSON.stringify(manifest, null, 2));
    await writeFile(path.join(consumer, 'package-lock.json'), JSON.stringify(lock, null, 2));
    await run('npm', ['ci', '--offline', '--ignore-scripts'], { cwd: consumer, env: cleanEnv() });

    const npx = (args: string[]) =>
      run('npx', ['--no-install', 'upstream-status', ...args], { cwd: consumer, env: cleanEnv() });
    const version = await npx(['--version']);
    expect(version.stdout.trim()).toBe(pkg.version);

    const example = path.join(consumer, 'example');
    await cp(path.join(PROJECT, 'example'), example, { recursive: true });
    const list = await npx(['list', '--root', example]);
    expect(list.stdout).toContain('example-org/engine#4101');
    expect(list.stderr).toBe('');
  }, 120_000);
});
