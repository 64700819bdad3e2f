/**
 * discover.ts's layoutOf tests each ecosystem's layout with string methods
 * instead of matching its globs (issue 14, session 4). Held here to the glob
 * version it replaced (test/support/reference/layout.ts) on every fixture
 * path and on generated paths built from the segments the layouts name, and
 * their near-misses, in every position.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { layoutOf } from '../src/sources/discover.js';
import { layoutOf as referenceLayoutOf } from './support/reference/layout.js';
import { compileGlob } from './support/reference/glob.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

const SEGMENT = fc.constantFrom(
  'recipes-core',
  'recipes-',
  'recipes',
  'Recipes-x',
  'xrecipes-y',
  'meta',
  'files',
  'debian',
  'Debian',
  'debianx',
  'patches',
  'patches2',
  'package',
  'packages',
  'boot',
  'board',
  'support',
  'linux',
  'Linux',
  'buildroot',
  'buildroot-2024.02',
  'xbuildroot',
  'br',
  '0001-fix.patch',
  'x.diff',
  '.patch',
  '.diff',
  'x.PATCH',
  'x.patch.orig',
  'patch',
  'series',
  '00list',
  'README',
  'README.md',
  'notes.md',
  'no-extension',
  '',
  'a.b',
  'é',
);

const PATH = fc.oneof(
  fc.array(SEGMENT, { minLength: 1, maxLength: 7 }).map((s) => s.join('/')),
  fc
    .array(fc.oneof(SEGMENT, fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 5 })
    .map((s) => s.join('/')),
  fc.string({ maxLength: 30 }),
);

describe('layoutOf against the layout globs', () => {
  it('agrees on every path of the repository', () => {
    const paths = readdirSync(ROOT, { recursive: true, withFileTypes: true })
      .filter((e) => !e.parentPath.includes('node_modules') && !e.parentPath.includes('.git'))
      .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
    expect(paths.length).toBeGreaterThan(100);
    for (const p of paths) expect(layoutOf(p), p).toBe(referenceLayoutOf(p));
  });

  it('agrees on named layout paths', () => {
    const cases = [
      'meta/recipes-core/foo/files/0001-fix.patch',
      'recipes-x/a.diff',
      'recipes-x.patch',
      'a/recipes-x/.patch',
      'debian/patches',
      'x/debian/patches',
      'debian/patches/series',
      'x/debian/patches/a/README',
      'package/x.patch',
      'package.patch',
      'buildroot/package/x.patch',
      'buildroot/package',
      'a/buildroot/linux/b/c.diff',
      'a/buildroot/x/buildroot-2/boot/c.diff',
      'a/buildrootx/boot.patch',
    ];
    for (const p of cases) expect(layoutOf(p), p).toBe(referenceLayoutOf(p));
  });

  it('agrees on generated paths', () => {
    fc.assert(
      fc.property(PATH, (p) => {
        expect(layoutOf(p)).toBe(referenceLayoutOf(p));
      }),
      { numRuns: 20000 },
    );
  });
});

/**
 * With BR2_EXTERNAL roots (folders holding `external.desc`), a path below
 * one of them in a Buildroot folder or its global `patches/` folder is a
 * Buildroot patch when the plain layouts say nothing: the glob
 * `<root>/{package,boot,board,support,linux,patches}/**\/*.{patch,diff}`.
 */
function referenceWithExternals(rel: string, externals: readonly string[]): string | null {
  const plain = referenceLayoutOf(rel);
  if (plain !== null) return plain;
  const matches = externals.some((root) =>
    compileGlob(
      `${root === '.' ? '' : `${root}/`}{package,boot,board,support,linux,patches}/**/*.{patch,diff}`,
    )(rel),
  );
  return matches ? 'buildroot' : null;
}

describe('layoutOf with BR2_EXTERNAL roots, against their glob', () => {
  const ROOTS = fc.oneof(
    fc.constant('.'),
    fc
      .array(
        SEGMENT.filter((s) => s !== '' && !s.includes('.')),
        { minLength: 1, maxLength: 3 },
      )
      .map((s) => s.join('/')),
  );
  it('agrees on generated paths, with the roots as prefixes of some of them', () => {
    fc.assert(
      fc.property(fc.array(ROOTS, { maxLength: 3 }), PATH, fc.nat(3), (roots, tail, pick) => {
        const root = roots[pick % Math.max(roots.length, 1)];
        const p = root === undefined || root === '.' ? tail : `${root}/${tail}`;
        expect(layoutOf(p, roots)).toBe(referenceWithExternals(p, roots));
      }),
      { numRuns: 20000 },
    );
  });

  it('agrees on named paths', () => {
    const roots = ['br2-external', 'a/acme-bsp'];
    const cases = [
      'br2-external/package/x/0001.patch',
      'br2-external/patches/x/0001.patch',
      'br2-external/patches/0001.diff',
      'br2-external/patches.patch',
      'br2-external/docs/0001.patch',
      'br2-externalx/patches/x/0001.patch',
      'a/acme-bsp/board/b/patches/linux/0001.patch',
      'patches/x/0001.patch',
    ];
    for (const p of cases) expect(layoutOf(p, roots), p).toBe(referenceWithExternals(p, roots));
    expect(layoutOf('br2-external/patches/x/0001.patch', roots)).toBe('buildroot');
    expect(layoutOf('patches/x/0001.patch', roots)).toBeNull();
  });
});
