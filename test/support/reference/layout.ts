/**
 * The ecosystem layouts of src/sources/discover.ts as they were before
 * session 4 of issue 14's speed work (commit cc6dd17): globs, matched by the
 * reference glob matcher. The reference its differential test holds the
 * string tests of `layoutOf` to. Not used by the tool. Copied verbatim but
 * for this comment, the imports, and `compileGlobs` (the glob matcher's
 * predicate for several patterns, true when any matches), which is spelled
 * out here with the reference's `compileGlob`, since it was added after the
 * reference was taken.
 */
import { compileGlob } from './glob.js';

type PatchLayout = 'yocto' | 'debian' | 'buildroot';

function compileGlobs(patterns: readonly string[]): (path: string) => boolean {
  const matchers = patterns.map(compileGlob);
  return (path) => matchers.some((m) => m(path));
}

function basename(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

/**
 * Each ecosystem's patch layout. Buildroot keeps patches under `package/`,
 * and also under `boot/` (bootloaders), `board/` (board-specific kernels and
 * bootloaders), `support/` (host tools, test infrastructure) and `linux/`
 * (kernel extensions) — at the root of a Buildroot tree or a BR2_EXTERNAL
 * one, or of a `buildroot*` folder inside another tree.
 */
const LAYOUTS: readonly { layout: PatchLayout; globs: readonly string[] }[] = [
  { layout: 'yocto', globs: ['**/recipes-*/**/*.{patch,diff}'] },
  { layout: 'debian', globs: ['**/debian/patches/**', 'debian/patches/**'] },
  {
    layout: 'buildroot',
    globs: [
      '{package,boot,board,support,linux}/**/*.{patch,diff}',
      '**/buildroot*/{package,boot,board,support,linux}/**/*.{patch,diff}',
    ],
  },
];
const NOT_DEBIAN_PATCHES = new Set(['series', '00list', 'README', 'README.md']);
// Compiled once: every file of the tree is tested against them.
const LAYOUT_MATCHERS = LAYOUTS.map(({ layout, globs }) => ({
  layout,
  matches: compileGlobs(globs),
}));

/** Pure: the ecosystem whose layout says `rel` (root-relative) is a patch, or null. */
export function layoutOf(rel: string): PatchLayout | null {
  for (const { layout, matches } of LAYOUT_MATCHERS) {
    if (!matches(rel)) continue;
    if (layout === 'debian' && (NOT_DEBIAN_PATCHES.has(basename(rel)) || /\.md$/i.test(rel)))
      return null;
    return layout;
  }
  return null;
}
