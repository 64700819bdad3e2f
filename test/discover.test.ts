import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG, type Config } from '../src/config-types.js';
import { UsageError } from '../src/errors.js';
import { cpuNow } from './support/cpu-time.js';
import {
  discover,
  DiscoveryError,
  isConventionPatch,
  isPatchFile,
} from '../src/sources/discover.js';

const made: string[] = [];
afterAll(async () => {
  await Promise.all(made.map((d) => rm(d, { recursive: true, force: true })));
});

/** A fresh tree in the temp dir: files (path → content) and symlinks (path → target as written). */
async function tree(files: readonly string[], links: Record<string, string> = {}): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'us-discover-'));
  made.push(root);
  for (const f of files) {
    await mkdir(path.dirname(path.join(root, f)), { recursive: true });
    await writeFile(path.join(root, f), `${f}\n`);
  }
  for (const [link, target] of Object.entries(links)) {
    await mkdir(path.dirname(path.join(root, link)), { recursive: true });
    await symlink(target, path.join(root, link));
  }
  return root;
}

function config(over: Partial<Config> = {}, patches: Partial<Config['patches']> = {}): Config {
  const base = structuredClone(DEFAULT_CONFIG);
  return { ...base, ...over, patches: { ...base.patches, ...patches } };
}

const P = 'deploy/docker/patches';

describe('discover', () => {
  it('finds ledgers, records and patch files, skipping what is not a patch', async () => {
    const outside = await tree(['secret.py']);
    const root = await tree(
      [
        'deploy/docker/patch.upstream.status.md',
        `${P}/README.md`,
        `${P}/engine_core/fix_rows.py`,
        `${P}/engine_core/fix_rows.upstream.status.yaml`,
        `${P}/engine_core/README`,
        `${P}/engine_core/notes.md`,
        `${P}/engine_core/deep/er/host_alloc.PATCH`,
        `${P}/transport/engine_impl.diff`,
        `${P}/transport/apply_patches.sh`,
        `${P}/transport/notes.txt`,
        `${P}/_schema/validate.py`,
        `${P}/archived/old_fix.py`,
        `${P}/.hidden/x.py`,
        'other/pkg/patch.upstream.status.md',
        'other/pkg/patches/a.patch',
        'node_modules/dep/patch.upstream.status.md',
        'node_modules/dep/patches/x.patch',
        '.git/patch.upstream.status.md',
        'dist/patches/x.patch',
        'src/unrelated.py',
      ],
      {
        [`${P}/evil.py`]: path.join(outside, 'secret.py'),
        [`${P}/alias.py`]: 'engine_core/fix_rows.py',
        [`${P}/loop`]: '..',
        [`${P}/gone.py`]: 'nowhere.py',
      },
    );
    expect(await discover(root, config())).toEqual({
      buildrootExternals: [],
      layoutFolders: [],
      layerReadmes: [],
      layerRecipes: [],
      conventionPatches: [],
      ledgers: ['deploy/docker/patch.upstream.status.md', 'other/pkg/patch.upstream.status.md'],
      records: [`${P}/engine_core/fix_rows.upstream.status.yaml`],
      recordIndexes: [],
      patchDirs: [
        { dir: P, ledger: 'deploy/docker/patch.upstream.status.md' },
        { dir: 'other/pkg/patches', ledger: 'other/pkg/patch.upstream.status.md' },
      ],
      // Markdown beside the patches is read as prose, never as a patch.
      patchDocs: [`${P}/README.md`, `${P}/engine_core/notes.md`],
      patchFiles: [
        `${P}/alias.py`,
        `${P}/engine_core/deep/er/host_alloc.PATCH`,
        `${P}/engine_core/fix_rows.py`,
        `${P}/transport/apply_patches.sh`,
        `${P}/transport/engine_impl.diff`,
        'other/pkg/patches/a.patch',
      ],
      skipped: [
        { path: `${P}/evil.py`, reason: 'symlink resolves outside the root' },
        { path: `${P}/gone.py`, reason: 'broken symlink' },
        { path: `${P}/loop`, reason: 'symlinked folder not followed' },
      ],
    });
  });

  it('uses patches/ beside a record index and reads the index apart from the records', async () => {
    const root = await tree([
      'layer/patch.upstream.status.yaml',
      'layer/patches/fix.patch',
      'layer/patches/fix.upstream.status.yaml',
      'layer/patches/.upstream.status.yaml',
    ]);
    const found = await discover(root, config());
    expect(found.recordIndexes).toEqual(['layer/patch.upstream.status.yaml']);
    expect(found.records).toEqual(['layer/patches/fix.upstream.status.yaml']);
    expect(found.patchDirs).toEqual([{ dir: 'layer/patches', ledger: null }]);
    expect(found.patchFiles).toEqual(['layer/patches/fix.patch']);
  });

  it('lists a folder shared by a ledger and an index once, under the ledger', async () => {
    const root = await tree([
      'patch.upstream.status.md',
      'patch.upstream.status.yaml',
      'patches/a.diff',
    ]);
    const found = await discover(root, config());
    expect(found.patchDirs).toEqual([{ dir: 'patches', ledger: 'patch.upstream.status.md' }]);
    expect(found.patchFiles).toEqual(['patches/a.diff']);
  });

  it('takes the folder of a ledger or index with no patches folder beside it as its patches folder', async () => {
    // `vendor-patches/patch.upstream.status.md` over `vendor-patches/<upstream>/…`.
    const root = await tree([
      'vendor-patches/patch.upstream.status.md',
      'vendor-patches/engine/0001-fix.patch',
      'vendor-patches/engine/fix_rows.py',
      'deploy/patches/patch.upstream.status.yaml',
      'deploy/patches/kv/retry.diff',
    ]);
    const found = await discover(root, config());
    expect(found.patchDirs).toEqual([
      { dir: 'deploy/patches', ledger: null },
      { dir: 'vendor-patches', ledger: 'vendor-patches/patch.upstream.status.md' },
    ]);
    expect(found.patchFiles).toEqual([
      'deploy/patches/kv/retry.diff',
      'vendor-patches/engine/0001-fix.patch',
      'vendor-patches/engine/fix_rows.py',
    ]);
    expect(found.skipped).toEqual([]);
  });

  it('scans no folder for a ledger in a folder not named for patches (docs/)', async () => {
    const root = await tree(['docs/patch.upstream.status.md', 'docs/conf.py', 'docs/fix.patch']);
    const found = await discover(root, config());
    expect(found.patchDirs).toEqual([]);
    expect(found.patchFiles).toEqual([]);
    expect(found.skipped).toEqual([
      { path: 'docs/patches', reason: 'no patches folder beside docs/patch.upstream.status.md' },
    ]);
  });

  it('reports a ledger at the root with no patches folder, and scans no folder for it', async () => {
    const root = await tree(['patch.upstream.status.md', 'tools/build.py', 'fix.patch']);
    const found = await discover(root, config());
    expect(found.patchDirs).toEqual([]);
    expect(found.patchFiles).toEqual([]);
    expect(found.skipped).toEqual([
      { path: 'patches', reason: 'no patches folder beside patch.upstream.status.md' },
    ]);
  });

  it('does not follow a symlinked patches folder, and reports it once', async () => {
    const root = await tree(['pkg/patch.upstream.status.md', 'shared/fix.patch'], {
      'pkg/patches': '../shared',
    });
    const found = await discover(root, config());
    expect(found.patchFiles).toEqual([]);
    expect(found.skipped).toEqual([
      { path: 'pkg/patches', reason: 'symlinked folder not followed' },
    ]);
  });

  it('without a ledger or index, treats the outermost folders holding records as patch folders', async () => {
    const root = await tree([
      'recipes/a/files/fix.patch',
      'recipes/a/files/fix.upstream.status.yaml',
      'recipes/a/files/sub/more.diff',
      'recipes/a/files/sub/more.upstream.status.yaml',
      'recipes/b/other.py',
      'recipes/b/other.upstream.status.yaml',
      'recipes/c/unrecorded.patch',
    ]);
    const found = await discover(root, config());
    expect(found.ledgers).toEqual([]);
    expect(found.patchDirs).toEqual([
      { dir: 'recipes/a/files', ledger: null },
      { dir: 'recipes/b', ledger: null },
    ]);
    expect(found.patchFiles).toEqual([
      'recipes/a/files/fix.patch',
      'recipes/a/files/sub/more.diff',
      'recipes/b/other.py',
    ]);
  });

  it('follows config: ledgers (even in a dot-folder), record globs, patches.dir, extensions, added excludes', async () => {
    const root = await tree([
      '.ci/status.md',
      'patch.upstream.status.md',
      '.queue/a.patch',
      '.queue/b.py',
      '.queue/wip/c.patch',
      '.queue/README.patch',
      'records/a.upstream.status.yaml',
      'records/b.upstream.status.yaml',
      'other/c.upstream.status.yaml',
    ]);
    const found = await discover(
      root,
      config(
        { ledgers: ['.ci/status.md', 'patch.upstream.status.md'], records: ['records/*.yaml'] },
        {
          dir: '.queue',
          extensions: ['.patch'],
          exclude: [...DEFAULT_CONFIG.patches.exclude, 'wip/**'],
        },
      ),
    );
    expect(found.ledgers).toEqual(['.ci/status.md', 'patch.upstream.status.md']);
    expect(found.records).toEqual([
      'records/a.upstream.status.yaml',
      'records/b.upstream.status.yaml',
    ]);
    expect(found.patchDirs).toEqual([
      { dir: '.queue', ledger: '.ci/status.md' },
      { dir: '.queue', ledger: 'patch.upstream.status.md' },
    ]);
    expect(found.patchFiles).toEqual(['.queue/a.patch']);
  });

  it('takes the root itself as patches.dir "."', async () => {
    const root = await tree(['a.patch', 'sub/b.diff', 'README.md']);
    const found = await discover(root, config({}, { dir: '.' }));
    expect(found.patchDirs).toEqual([{ dir: '.', ledger: null }]);
    expect(found.patchFiles).toEqual(['a.patch', 'sub/b.diff']);
  });

  it('throws a usage error naming every configured ledger that cannot be read', async () => {
    const outside = await tree(['ledger.md']);
    const root = await tree(['real.md'], { 'link.md': path.join(outside, 'ledger.md') });
    const err = await discover(
      root,
      config({ ledgers: ['real.md', 'missing.md', 'link.md'] }),
    ).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DiscoveryError);
    expect(err).toBeInstanceOf(UsageError);
    expect((err as DiscoveryError).problems).toEqual([
      { path: 'missing.md', reason: 'not found' },
      { path: 'link.md', reason: 'resolves outside the root' },
    ]);
    expect((err as DiscoveryError).details).toEqual([
      'ledgers: missing.md: not found',
      'ledgers: link.md: resolves outside the root',
    ]);
  });

  it('throws a usage error when patches.dir is missing or not a folder', async () => {
    const root = await tree(['file.patch']);
    for (const dir of ['nope', 'file.patch']) {
      const err = await discover(root, config({}, { dir })).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(DiscoveryError);
      expect((err as DiscoveryError).key).toBe('patches.dir');
    }
  });

  it('refuses a patches.dir that resolves outside the root', async () => {
    const outside = await tree(['x.patch']);
    const root = await tree([], { queue: outside });
    const err = await discover(root, config({}, { dir: 'queue' })).catch((e: unknown) => e);
    expect((err as DiscoveryError).problems).toEqual([
      { path: 'queue', reason: 'resolves outside the root' },
    ]);
  });

  it('is fast and deterministic on 5,000 files', async () => {
    const files = ['patch.upstream.status.md'];
    for (let d = 0; d < 50; d++) {
      for (let f = 0; f < 100; f++)
        files.push(`patches/d${d}/f${f}.${f % 3 === 0 ? 'md' : 'patch'}`);
    }
    const root = await tree(files);
    // CPU time of this process: the file system's and other processes' waits do not count.
    const started = cpuNow();
    const first = await discover(root, config());
    const elapsed = cpuNow() - started;
    expect(first.patchFiles).toHaveLength(50 * 66);
    expect(elapsed).toBeLessThan(2000);
    expect(await discover(root, config())).toEqual(first);
    expect(first.patchFiles).toEqual([...first.patchFiles].sort());
  });
});

describe('isPatchFile', () => {
  it.each([
    ['fix.py', true],
    ['engine/fix.patch', true],
    ['engine/fix.DIFF', true],
    ['apply.sh', true],
    ['notes.txt', false],
    ['.patch', false],
    ['README.patch', false],
    ['engine/README.py', false],
    ['engine/notes.md', false],
    ['_schema/check.py', false],
    ['archived/old.patch', false],
    ['engine/archived/old.patch', true],
    ['fix.upstream.status.yaml', false],
  ])('%s → %s with the defaults', (p, expected) => {
    expect(isPatchFile(p, DEFAULT_CONFIG)).toBe(expected);
  });

  it('uses the configured extensions and excludes', () => {
    const c = config({}, { extensions: ['.bbappend'], exclude: ['local/**'] });
    expect(isPatchFile('x.bbappend', c)).toBe(true);
    expect(isPatchFile('x.patch', c)).toBe(false);
    expect(isPatchFile('local/x.bbappend', c)).toBe(false);
  });
});

describe('isConventionPatch', () => {
  it.each([
    ['meta-acme/recipes-core/foo/files/0001-fix.patch', true],
    ['recipes-support/bar/bar/0002-x.diff', true],
    ['package/libfoo/0001-fix.patch', true],
    ['buildroot/package/libfoo/0001-fix.patch', true],
    ['debian/patches/fix-rows.patch', true],
    ['pkg/debian/patches/no-extension', true],
    ['debian/patches/series', false],
    ['src/recipes.py', false],
    ['docs/package/notes.md', false],
  ])('%s → %s', (path, expected) => {
    expect(isConventionPatch(path)).toBe(expected);
  });

  it('lists layer patches outside any ledger folder', async () => {
    const root = await mkdtemp(path.join(os.tmpdir(), 'us-conv-'));
    try {
      await mkdir(path.join(root, 'meta/recipes-core/foo/files'), { recursive: true });
      await writeFile(path.join(root, 'meta/recipes-core/foo/files/0001-a.patch'), 'x\n');
      await mkdir(path.join(root, 'debian/patches'), { recursive: true });
      await writeFile(path.join(root, 'debian/patches/series'), '0001-b.patch\n');
      await writeFile(path.join(root, 'debian/patches/0001-b.patch'), 'x\n');
      const found = await discover(root, config());
      expect(found.conventionPatches).toEqual([
        'debian/patches/0001-b.patch',
        'meta/recipes-core/foo/files/0001-a.patch',
      ]);
      expect(found.patchFiles).toEqual([]);
    } finally {
      await rm(root, { recursive: true, force: true });
    }
  });
});

describe('BR2_EXTERNAL trees', () => {
  it('finds the patches of a folder holding external.desc, whatever its name, and only below it', async () => {
    const root = await tree([
      'acme-bsp/external.desc',
      'acme-bsp/package/libk/0001-a.patch',
      'acme-bsp/board/acme/evb/patches/uboot/0001-b.patch',
      'acme-bsp/patches/libk-host/0001-c.patch',
      'acme-bsp/patches/libk-host/notes.txt',
      'acme-bsp/docs/0001-not-a-layout-folder.patch',
      'patches/0001-a-repository-patches-folder.patch',
      'other/patches/libk/0001-d.patch',
    ]);
    const found = await discover(root, config());
    expect(found.buildrootExternals).toEqual(['acme-bsp']);
    expect(found.conventionPatches).toEqual([
      'acme-bsp/board/acme/evb/patches/uboot/0001-b.patch',
      'acme-bsp/package/libk/0001-a.patch',
      'acme-bsp/patches/libk-host/0001-c.patch',
    ]);
  });

  it('takes the root itself as an external tree, patches/ included', async () => {
    const root = await tree([
      'external.desc',
      'patches/libk/0001-a.patch',
      'package/libk/0002-b.patch',
    ]);
    const found = await discover(root, config());
    expect(found.buildrootExternals).toEqual(['.']);
    expect(found.conventionPatches).toEqual([
      'package/libk/0002-b.patch',
      'patches/libk/0001-a.patch',
    ]);
  });
});

describe('exclude: folders never read', () => {
  it('finds no ledger, record, index, patch or document under an excluded folder', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'us-exclude-'));
    try {
      const put = (rel: string, text = ''): void => {
        mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
        writeFileSync(path.join(root, rel), text);
      };
      put('patch.upstream.status.md');
      put('patches/fix.py');
      put('patches/README.md');
      put('test/fixtures/q/patch.upstream.status.md');
      put('test/fixtures/q/patches/broken.py');
      put('test/fixtures/q/patch.upstream.status.yaml');
      put('test/fixtures/q/patches/x.upstream.status.yaml');
      put('test/fixtures/yocto/recipes-a/a/files/0001-x.patch');
      const found = await discover(root, { ...DEFAULT_CONFIG, exclude: ['test/**'] });
      expect(found.ledgers).toEqual(['patch.upstream.status.md']);
      expect([...found.records, ...found.recordIndexes, ...found.conventionPatches]).toEqual([]);
      expect(found.patchFiles).toEqual(['patches/fix.py']);
      expect(found.patchDocs).toEqual(['patches/README.md']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("a Yocto layer's own documents (session 16)", () => {
  it('lists the READMEs at the tree and layer roots and the recipes beside the patches', async () => {
    const root = await tree([
      'README.md',
      'meta-acme/README.md',
      'meta-acme/conf/layer.conf',
      'meta-acme/docs/README.md',
      'meta-acme/recipes-net/wl/wl_1.2.bbappend',
      'meta-acme/recipes-net/wl/wl.inc',
      'meta-acme/recipes-net/wl/files/0001-x.patch',
      'meta-acme/recipes-net/wl/files/wl.conf',
      'meta-acme/recipes-core/other/other_1.0.bb',
      'meta-acme/recipes-bsp/pm/pm/0001-y.patch',
      'meta-acme/recipes-bsp/pm/pm_0.6.bb',
    ]);
    const found = await discover(root, config());
    expect(found.layerReadmes).toEqual(['README.md', 'meta-acme/README.md']);
    expect(found.layerRecipes).toEqual([
      'meta-acme/recipes-bsp/pm/pm_0.6.bb',
      'meta-acme/recipes-net/wl/wl.inc',
      'meta-acme/recipes-net/wl/wl_1.2.bbappend',
    ]);
  });

  it('lists none where no patch is a Yocto layer’s', async () => {
    const root = await tree(['README.md', 'conf/layer.conf', 'patches/0001-x.patch', 'x.bb']);
    const found = await discover(root, config());
    expect([found.layerReadmes, found.layerRecipes]).toEqual([[], []]);
  });
});
