/**
 * Find the inputs under a root (SPEC §2): ledgers, records, record indexes,
 * the patches folders they describe, and the patch files in those folders.
 *
 * One readdir walk of the root (withFileTypes, synchronous) feeds all of it,
 * so a tree of thousands of files costs one pass. The walk skips
 * `.git`, `node_modules`, `dist` and every other dot-directory, never follows
 * a symlinked directory (no cycles, no file seen twice under two names), and
 * never reads outside the root: a symlinked file that resolves outside it is
 * reported in `skipped`.
 */
import { lstatSync, readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config-types.js';
import { UsageError } from '../errors.js';
import { compileGlobs, matchAny } from '../glob.js';
import type { PatchLayout } from './trailers/types.js';

export interface Discovery {
  ledgers: string[];
  records: string[];
  recordIndexes: string[];
  /**
   * One entry per ledger (the folder its patch paths are relative to), plus
   * one ledger-less entry for each other folder (beside a record index, or
   * holding records). `dir` is root-relative; '.' is the root itself.
   */
  patchDirs: { dir: string; ledger: string | null }[];
  /** Sorted, root-relative, '/'-separated. */
  patchFiles: string[];
  /**
   * Patches found by an ecosystem's own layout rather than a ledger's folder
   * (Yocto `recipes-*\/**\/*.patch`, Buildroot `package/**\/*.patch` and
   * `boot/`, `board/`, `support/`, `linux/`, Debian `debian/patches/*`; see
   * layoutOf): their headers are read, but nothing requires them to have a
   * ledger row — in those trees the header itself is the record.
   * `patches.exclude` applies to them (root-relative).
   */
  conventionPatches: string[];
  /**
   * Folders holding an `external.desc`: the roots of Buildroot BR2_EXTERNAL
   * trees, whose patches layoutOf finds when given them. Sorted, root-relative.
   */
  buildrootExternals: string[];
  /**
   * Folders whose kind makes the `.patch`/`.diff` files below them patches
   * (session 15): a conda recipe's (`recipe/meta.yaml`, `recipe/recipe.yaml`,
   * `recipes/<name>/meta.yaml`; layout `conda`) and a quilt queue's, a
   * folder holding a `series` file outside `debian/` (layout `quilt`).
   * Sorted by folder, root-relative.
   */
  layoutFolders: LayoutFolder[];
  /**
   * Markdown documents in a patches folder (READMEs beside the patches):
   * not patches, but their refs are mentions, read as prose (SPEC §2.4).
   */
  patchDocs: string[];
  /**
   * A Yocto layer's own documents (session 16), read as notes on its patches
   * only where they name one (collect.ts): the `README.md` at the root and
   * at each layer's root (beside `conf/layer.conf`), and the recipes
   * (`.bb`, `.bbappend`, `.inc`) beside the layer's patches, whose comments
   * say why a patch is carried. Sorted, root-relative.
   */
  layerReadmes: string[];
  layerRecipes: string[];
  /** Paths the walk did not read, and folders expected but absent. */
  skipped: { path: string; reason: string }[];
}

/** A path named by the config does not exist or lies outside the root: a configuration error (exit 2). */
export class DiscoveryError extends UsageError {
  constructor(
    readonly key: 'ledgers' | 'patches.dir',
    readonly problems: readonly { path: string; reason: string }[],
  ) {
    const lines = problems.map((p) => `${key}: ${p.path}: ${p.reason}`);
    super(`configured ${key} cannot be read: ${lines.join('; ')}`, lines);
  }
}

export const LEDGER_NAME = 'patch.upstream.status.md';
export const INDEX_NAME = 'patch.upstream.status.yaml';
export const RECORD_SUFFIX = '.upstream.status.yaml';
const SKIP_DIRS = new Set(['node_modules', 'dist']);

export async function discover(root: string, config: Config): Promise<Discovery> {
  const rootAbs = path.resolve(root);
  const rootReal = realpathSync.native(rootAbs);
  const walked = walk(rootAbs, rootReal, '.');
  // `exclude:` folders are never read: nothing in them is a source or a patch.
  const tree =
    config.exclude.length === 0
      ? walked
      : { ...walked, files: walked.files.filter((f) => !matchAny(config.exclude, f)) };
  const skipped = [...tree.skipped];
  const buildrootExternals = tree.files.filter((f) => hasName(f, EXTERNAL_DESC)).map(dirname);
  const layoutFolders = sortedFolders([
    ...tree.files
      .filter(isCondaRecipeFile)
      .map((f) => ({ dir: dirname(f), layout: 'conda' as const })),
    ...tree.files.filter(isQuiltSeries).map((f) => ({ dir: dirname(f), layout: 'quilt' as const })),
  ]);

  // One pass over the tree's files sorts each into what it may be.
  const found: string[] = [];
  const recordIndexes: string[] = [];
  const records: string[] = [];
  const layoutPatches: string[] = [];
  // Compiled once for the loop (compileGlobs answers as matchAny does).
  const excludedPatch = compileGlobs(config.patches.exclude);
  for (const f of tree.files) {
    if (hasName(f, LEDGER_NAME)) found.push(f);
    if (hasName(f, INDEX_NAME)) recordIndexes.push(f);
    else if (
      config.records
        ? matchAny(config.records, f)
        : f.endsWith(RECORD_SUFFIX) && !hasName(f, RECORD_SUFFIX)
    )
      records.push(f);
    // `patches.exclude` waives ecosystem patches too, matched against the root-relative path.
    if (
      (layoutOf(f, buildrootExternals) !== null || folderLayoutOf(f, layoutFolders) !== null) &&
      !excludedPatch(f)
    )
      layoutPatches.push(f);
  }
  const ledgers = config.ledgers ? await requireFiles(rootAbs, rootReal, config.ledgers) : found;

  const patchDirs = await findPatchDirs(
    rootAbs,
    rootReal,
    config,
    ledgers,
    recordIndexes,
    records,
    skipped,
  );
  const patchFiles = new Set<string>();
  const patchDocs = new Set<string>();
  for (const dir of new Set(patchDirs.map((d) => d.dir))) {
    // A folder the root walk skipped (under a dot-directory, say) is walked on its own.
    const files = tree.dirs.has(dir)
      ? tree.files
      : walk(rootAbs, rootReal, dir).files.filter((f) => !matchAny(config.exclude, f));
    const prefix = dir === '.' || dir === '' ? '' : `${dir}/`;
    for (const f of files) {
      if (!f.startsWith(prefix)) continue;
      const rel = f.slice(prefix.length);
      if (isPatchFile(rel, config)) patchFiles.add(f);
      else if (/\.md$/i.test(f) && !ledgers.includes(f)) patchDocs.add(f);
    }
  }

  const conventionPatches = layoutPatches.filter((f) => !patchFiles.has(f));
  // A team's ledger over a layer (session 13): the READMEs beside the
  // layer's patches (`recipes-*/…/files/README.md`) are about them, as a
  // patches folder's are. A layer without a ledger keeps its READMEs unread.
  if (ledgers.length > 0 && conventionPatches.length > 0) {
    const folders = new Set(conventionPatches.map(dirname));
    for (const f of tree.files)
      if (/\.md$/i.test(f) && folders.has(dirname(f)) && !ledgers.includes(f)) patchDocs.add(f);
  }
  // Notes on the patches, in one pass (session 14): a team's notes under a
  // name that says so (`UPSTREAMING.md`, `PATCHES.md`, `upstream-status.md`;
  // two held-out layers kept one, and no surveyed tree has a file so named
  // that is anything else), and any markdown file in a Debian packaging
  // tree's `debian/patches/`, the packager's own folder, ledger or not
  // (`README.upstream-status.md`).
  if (conventionPatches.length + patchFiles.size > 0) {
    const debian = conventionPatches.length > 0;
    for (const f of tree.files) {
      if (!/\.md$/i.test(f) || ledgers.includes(f)) continue;
      if (isPatchNotes(f) || (debian && isDebianPath(f))) patchDocs.add(f);
    }
  }
  // A conda recipe with patches: its comments are notes on them
  // (conda-recipe.ts). A quilt queue's markdown files are notes on its
  // patches, as Debian's are.
  for (const folder of layoutFolders) {
    const holds = conventionPatches.some((p) => folderLayoutOf(p, [folder]) !== null);
    if (!holds) continue;
    for (const f of tree.files) {
      if (dirname(f) !== folder.dir) continue;
      if (
        folder.layout === 'conda' ? isCondaRecipeFile(f) : /\.md$/i.test(f) && !ledgers.includes(f)
      )
        patchDocs.add(f);
    }
  }

  const layer = layerDocuments(tree.files, conventionPatches, ledgers, patchDocs);
  return {
    conventionPatches: sorted(conventionPatches),
    ledgers: sorted(ledgers),
    records: sorted(records),
    recordIndexes: sorted(recordIndexes),
    patchDirs: patchDirs.sort(
      (a, b) => compare(a.dir, b.dir) || compare(a.ledger ?? '', b.ledger ?? ''),
    ),
    patchFiles: sorted(patchFiles),
    patchDocs: sorted(patchDocs),
    buildrootExternals: sorted(buildrootExternals),
    layoutFolders,
    layerReadmes: sorted(layer.readmes),
    layerRecipes: sorted(layer.recipes),
    skipped: skipped.sort((a, b) => compare(a.path, b.path)),
  };
}

/**
 * A Yocto layer's README files (the tree's and each layer's root) and the
 * recipes in the folders of its patches and the folders above them
 * (`recipes-x/pkg/files/p.patch` → `recipes-x/pkg/*.bb`), where its patches
 * are Yocto's. Only listed: collect.ts reads them when they can matter.
 */
function layerDocuments(
  files: readonly string[],
  conventionPatches: readonly string[],
  ledgers: readonly string[],
  patchDocs: ReadonlySet<string>,
): { readmes: string[]; recipes: string[] } {
  const folders = new Set<string>();
  for (const p of conventionPatches) {
    if (!isYoctoPath(p) || !/\.(?:patch|diff)$/.test(p)) continue;
    const dir = dirname(p);
    folders.add(dir);
    folders.add(dirname(dir));
  }
  if (folders.size === 0) return { readmes: [], recipes: [] };
  const layerRoots = new Set<string>(['.']);
  for (const f of files)
    if (f === LAYER_CONF || f.endsWith(LAYER_CONF_BELOW)) layerRoots.add(dirname(dirname(f)));
  const readmes: string[] = [];
  const recipes: string[] = [];
  // Most files are neither: only a name that may be one is cut into folder and base.
  for (const f of files) {
    if (RECIPE_FILE.test(f)) {
      if (folders.has(dirname(f))) recipes.push(f);
    } else if (
      MARKDOWN.test(f) &&
      README.test(basename(f)) &&
      layerRoots.has(dirname(f)) &&
      !ledgers.includes(f) &&
      !patchDocs.has(f)
    )
      readmes.push(f);
  }
  return { readmes, recipes };
}

const LAYER_CONF = 'conf/layer.conf';
const LAYER_CONF_BELOW = `/${LAYER_CONF}`;
const RECIPE_FILE = /\.(?:bb|bbappend|inc)$/;
const README = /^readme\.md$/i;
const MARKDOWN = /\.md$/i;

/**
 * Each ecosystem's patch layout, as globs:
 *
 *   yocto      `**\/recipes-*\/**\/*.{patch,diff}`
 *   debian     `**\/debian/patches/**`, `debian/patches/**`
 *   buildroot  `{package,boot,board,support,linux}/**\/*.{patch,diff}`,
 *              `**\/buildroot*\/{package,boot,board,support,linux}/**\/*.{patch,diff}`
 *
 * tried in that order. Buildroot keeps patches under `package/`, and also
 * under `boot/` (bootloaders), `board/` (board-specific kernels and
 * bootloaders), `support/` (host tools, test infrastructure) and `linux/`
 * (kernel extensions) — at the root of a Buildroot tree or a BR2_EXTERNAL
 * one, or of a `buildroot*` folder inside another tree.
 *
 * A BR2_EXTERNAL tree is known by its `external.desc`, whatever its folder's
 * name (`br2-external/`, `external/`, `<vendor>-bsp/`): below that file,
 * `{package,boot,board,support,linux,patches}/**\/*.{patch,diff}` are
 * Buildroot patches. `patches/` is where external trees keep their
 * BR2_GLOBAL_PATCH_DIR (`patches/<package>/*.patch`); it counts only there,
 * as a repository's own `patches/` folder says nothing of Buildroot.
 */
const NOT_DEBIAN_PATCHES = new Set(['series', '00list', 'README', 'README.md']);
const BUILDROOT_DIRS = new Set(['package', 'boot', 'board', 'support', 'linux']);
const EXTERNAL_DIRS = new Set([...BUILDROOT_DIRS, 'patches']);
const EXTERNAL_DESC = 'external.desc';
const NO_EXTERNALS: readonly string[] = [];

/**
 * Pure: the ecosystem whose layout says `rel` (root-relative) is a patch, or
 * null. Every file of a tree is asked, so the layouts' globs are spelled out
 * as string tests rather than matched by glob.ts: most files end in neither
 * `.patch` nor `.diff` and cost two endsWith. A differential test holds this
 * to the globs (test/support/reference/layout.ts). `externals` are the
 * folders that hold an `external.desc` (Discovery.buildrootExternals).
 */
export function layoutOf(
  rel: string,
  externals: readonly string[] = NO_EXTERNALS,
): PatchLayout | null {
  const diff = rel.endsWith('.patch') || rel.endsWith('.diff');
  if (diff && isYoctoPath(rel)) return 'yocto';
  if (isDebianPath(rel)) return isDebianNonPatch(basename(rel)) ? null : 'debian';
  if (diff && (isBuildrootPath(rel) || inExternalTree(rel, externals))) return 'buildroot';
  return null;
}

/** `<external>/{package,…,patches}/**\/…` for one of the BR2_EXTERNAL roots, not the last segment. */
function inExternalTree(rel: string, externals: readonly string[]): boolean {
  for (const root of externals) {
    const prefix = root === '.' ? '' : `${root}/`;
    if (!rel.startsWith(prefix)) continue;
    const slash = rel.indexOf('/', prefix.length);
    if (slash !== -1 && EXTERNAL_DIRS.has(rel.slice(prefix.length, slash))) return true;
  }
  return false;
}

/** `**\/recipes-*\/**\/…`: a segment before the last starts with `recipes-`. */
function isYoctoPath(rel: string): boolean {
  let at = 0;
  if (!rel.startsWith('recipes-')) {
    const slash = rel.indexOf('/recipes-');
    if (slash === -1) return false;
    at = slash + 1;
  }
  return rel.indexOf('/', at) !== -1;
}

const PATCH_NOTES =
  /^(?:upstream(?:ing)?|patches|patch[-_ ]?status|upstream[-_ ]?status|patches[-_ ]?upstream)(?:[-_.][\w-]+)*\.md$/i;

/** A markdown file whose name says it tracks the patches upstream (not a ledger by SPEC's name). */
export function isPatchNotes(rel: string): boolean {
  return PATCH_NOTES.test(basename(rel)) && basename(rel) !== LEDGER_NAME;
}

/**
 * Not a quilt patch in `debian/patches/`: the series file and its kin, and a
 * markdown file (a README, the packager's status notes), which is read as a
 * document about the patches instead.
 */
function isDebianNonPatch(name: string): boolean {
  return NOT_DEBIAN_PATCHES.has(name) || /\.md$/i.test(name);
}

/** `**\/debian/patches/**`: the segments `debian` and `patches` in a row, anywhere (even last). */
export function isDebianPath(rel: string): boolean {
  return (
    rel.startsWith('debian/patches/') ||
    rel === 'debian/patches' ||
    rel.includes('/debian/patches/') ||
    rel.endsWith('/debian/patches')
  );
}

/**
 * `{package,…}/**\/…` or `**\/buildroot*\/{package,…}/**\/…`: a Buildroot
 * folder first, or right after a segment that starts with `buildroot`, and
 * not the last segment.
 */
function isBuildrootPath(rel: string): boolean {
  const slash = rel.indexOf('/');
  if (slash === -1) return false;
  if (BUILDROOT_DIRS.has(rel.slice(0, slash))) return true;
  let at = rel.startsWith('buildroot') ? 0 : segmentStart(rel, '/buildroot', 0);
  while (at !== -1) {
    const end = rel.indexOf('/', at);
    if (end === -1) return false;
    const next = rel.indexOf('/', end + 1);
    if (next === -1) return false;
    if (BUILDROOT_DIRS.has(rel.slice(end + 1, next))) return true;
    at = segmentStart(rel, '/buildroot', end);
  }
  return false;
}

/** The start of the segment after the next `needle` (which starts with `/`) from `from`, or -1. */
function segmentStart(rel: string, needle: string, from: number): number {
  const at = rel.indexOf(needle, from);
  return at === -1 ? -1 : at + 1;
}

const CONDA_RECIPE_FILES = new Set(['meta.yaml', 'recipe.yaml']);

/**
 * A conda recipe's own file: `meta.yaml` (conda-build) or `recipe.yaml`
 * (rattler-build) in a folder named `recipe` (a feedstock's) or in a folder
 * of `recipes/` (staged-recipes, bioconda). Another tool's `meta.yaml` is
 * elsewhere.
 */
export function isCondaRecipeFile(rel: string): boolean {
  if (!CONDA_RECIPE_FILES.has(basename(rel))) return false;
  const dir = dirname(rel);
  return basename(dir) === 'recipe' || basename(dirname(dir)) === 'recipes';
}

/** A quilt `series` file outside `debian/patches/` (Debian's own layout). */
function isQuiltSeries(rel: string): boolean {
  return basename(rel) === 'series' && !isDebianPath(rel);
}

/** A folder whose kind makes the patch files below it patches (Discovery.layoutFolders). */
export interface LayoutFolder {
  dir: string;
  layout: 'conda' | 'quilt';
}

function sortedFolders(folders: LayoutFolder[]): LayoutFolder[] {
  return folders.sort((a, b) => compare(a.dir, b.dir) || compare(a.layout, b.layout));
}

/** Pure: the layout of the folder a `.patch`/`.diff` file lies below, or null. */
export function folderLayoutOf(
  rel: string,
  folders: readonly LayoutFolder[],
): 'conda' | 'quilt' | null {
  if (folders.length === 0 || !(rel.endsWith('.patch') || rel.endsWith('.diff'))) return null;
  for (const { dir, layout } of folders)
    if (dir === '.' || rel.startsWith(`${dir}/`)) return layout;
  return null;
}

/** Pure: a file an ecosystem's layout says is a patch (see Discovery.conventionPatches). */
export function isConventionPatch(rel: string): boolean {
  return layoutOf(rel) !== null;
}

/** Pure: a patch-like extension (case-insensitive) and not excluded. Path relative to its patches folder. */
export function isPatchFile(relPathInPatchesDir: string, config: Config): boolean {
  const name = basename(relPathInPatchesDir).toLowerCase();
  const hasExtension = config.patches.extensions.some(
    (ext) => name.length > ext.length && name.endsWith(ext.toLowerCase()),
  );
  return hasExtension && !matchAny(config.patches.exclude, relPathInPatchesDir);
}

/**
 * `patches.dir` when configured; else `patches/` beside each ledger and
 * record index, or, when there is none, the folder the ledger or index is in
 * (not the root); else, with neither, the folders that hold records
 * (outermost only, so nested ones are not listed twice).
 */
async function findPatchDirs(
  rootAbs: string,
  rootReal: string,
  config: Config,
  ledgers: readonly string[],
  indexes: readonly string[],
  records: readonly string[],
  skipped: Discovery['skipped'],
): Promise<Discovery['patchDirs']> {
  if (config.patches.dir !== null) {
    const dir = config.patches.dir;
    const kind = kindOf(rootAbs, rootReal, dir, true);
    if (kind !== 'dir')
      throw new DiscoveryError('patches.dir', [
        { path: dir, reason: reasonFor(kind, 'not a folder') },
      ]);
    return ledgers.length > 0
      ? ledgers.map((ledger) => ({ dir, ledger }))
      : [{ dir, ledger: null }];
  }
  const out: Discovery['patchDirs'] = [];
  for (const source of [...ledgers, ...indexes]) {
    const beside = join(dirname(source), 'patches');
    const kind = kindOf(rootAbs, rootReal, beside, false);
    const isLedger = basename(source) !== INDEX_NAME;
    // With no `patches/` beside it, a ledger or index in a folder named for
    // patches is inside its patches folder (`vendor-patches/patch.upstream.status.md`
    // over `vendor-patches/<upstream>/…`, `deploy/patches/…`). Elsewhere (the
    // root, `docs/`) that would make every script around it a patch: there
    // its paths are read from its folder (patchesDirFor) and no folder is scanned.
    const inside =
      kind !== 'dir' && dirname(source) !== '.' && /patch/i.test(basename(dirname(source)));
    const dir = inside ? dirname(source) : beside;
    if (kind !== 'dir' && !inside) {
      // A symlinked folder is already reported by the walk; report each folder once.
      if (!skipped.some((s) => s.path === dir))
        skipped.push({ path: dir, reason: `no patches folder beside ${source}` });
    } else if (isLedger) out.push({ dir, ledger: source });
    else if (!out.some((d) => d.dir === dir)) out.push({ dir, ledger: null });
  }
  if (ledgers.length > 0 || indexes.length > 0) return out;
  const holders = sorted(new Set(records.map(dirname)));
  return holders
    .filter((dir) => !holders.some((outer) => outer !== dir && relativeTo(outer, dir) !== null))
    .map((dir) => ({ dir, ledger: null }));
}

async function requireFiles(
  rootAbs: string,
  rootReal: string,
  paths: readonly string[],
): Promise<string[]> {
  const problems: { path: string; reason: string }[] = [];
  for (const p of paths) {
    const kind = kindOf(rootAbs, rootReal, p, true);
    if (kind !== 'file') problems.push({ path: p, reason: reasonFor(kind, 'not a file') });
  }
  if (problems.length > 0) throw new DiscoveryError('ledgers', problems);
  return [...new Set(paths)];
}

type Kind = 'file' | 'dir' | 'missing' | 'outside' | 'symlinked-file' | 'symlinked-dir' | 'other';

/**
 * What a root-relative path is. A configured path may be a symlink inside
 * the root; a discovered one may not. Synchronous, as the walk is: a few
 * dozen symlinks in a layer tree, each three calls (lstat, realpath, stat)
 * that as promises cost more in scheduling than in the system calls.
 * `realpathSync.native` is the libuv call fs/promises' realpath makes.
 */
function kindOf(rootAbs: string, rootReal: string, rel: string, followLinks: boolean): Kind {
  const abs = path.join(rootAbs, rel);
  try {
    const link = lstatSync(abs);
    if (!isInside(rootReal, realpathSync.native(abs))) return 'outside';
    const s = link.isSymbolicLink() ? statSync(abs) : link;
    const kind = s.isDirectory() ? 'dir' : s.isFile() ? 'file' : 'other';
    if (kind !== 'other' && link.isSymbolicLink() && !followLinks) return `symlinked-${kind}`;
    return kind;
  } catch {
    return 'missing';
  }
}

function reasonFor(kind: Kind, otherwise: string): string {
  if (kind === 'missing') return 'not found';
  if (kind === 'outside') return 'resolves outside the root';
  return otherwise;
}

interface Tree {
  files: string[];
  /** Every folder walked, including the start. */
  dirs: Set<string>;
  skipped: Discovery['skipped'];
}

/**
 * Synchronous readdirs: a walk of thousands of folders burns less than half
 * the CPU of one promise per folder (15,000 files of Buildroot: ~85 ms
 * against ~210 ms), and collect.ts reads the files one by one for the same
 * reason. Symlinks, rare, are looked at afterwards (kindOf).
 */
function walk(rootAbs: string, rootReal: string, start: string): Tree {
  const tree: Tree = { files: [], dirs: new Set(), skipped: [] };
  const links: string[] = [];
  // A child's absolute path is its folder's plus its name: what path.join
  // would give (a name is never `.`, `..` nor holds a separator), without
  // normalising the whole path again for each of thousands of folders.
  const pending = [{ rel: start, abs: path.join(rootAbs, start) }];
  for (let dir = pending.pop(); dir !== undefined; dir = pending.pop()) {
    const { rel, abs } = dir;
    tree.dirs.add(rel);
    let entries: Dirent[];
    try {
      entries = readdirSync(abs, { withFileTypes: true });
    } catch (e) {
      tree.skipped.push({
        path: rel,
        reason: `unreadable (${(e as NodeJS.ErrnoException).code ?? 'error'})`,
      });
      continue;
    }
    for (const entry of entries) {
      const child = join(rel, entry.name);
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !SKIP_DIRS.has(entry.name))
          pending.push({
            rel: child,
            abs: abs.endsWith(path.sep) ? abs + entry.name : abs + path.sep + entry.name,
          });
      } else if (entry.isFile()) {
        tree.files.push(child);
      } else if (entry.isSymbolicLink()) {
        links.push(child);
      }
    }
  }
  for (const rel of links) visitLink(rel);
  return tree;

  function visitLink(rel: string): void {
    const kind = kindOf(rootAbs, rootReal, rel, false);
    if (kind === 'symlinked-file') tree.files.push(rel);
    else if (kind === 'outside')
      tree.skipped.push({ path: rel, reason: 'symlink resolves outside the root' });
    else if (kind === 'symlinked-dir')
      tree.skipped.push({ path: rel, reason: 'symlinked folder not followed' });
    else if (kind === 'missing') tree.skipped.push({ path: rel, reason: 'broken symlink' });
  }
}

function isInside(rootReal: string, real: string): boolean {
  return (
    real === rootReal ||
    real.startsWith(rootReal.endsWith(path.sep) ? rootReal : rootReal + path.sep)
  );
}

function join(dir: string, name: string): string {
  return dir === '.' || dir === '' ? name : `${dir}/${name}`;
}

function dirname(p: string): string {
  return path.posix.dirname(p);
}

/** Whether the last segment of `p` is `name`, without cutting it out. */
function hasName(p: string, name: string): boolean {
  return p.endsWith(name) && (p.length === name.length || p[p.length - name.length - 1] === '/');
}

function basename(p: string): string {
  return p.slice(p.lastIndexOf('/') + 1);
}

/** `p` relative to `dir` ('.' is the root), or null when it lies outside. */
function relativeTo(dir: string, p: string): string | null {
  if (dir === '.' || dir === '') return p;
  return p.startsWith(`${dir}/`) ? p.slice(dir.length + 1) : null;
}

/**
 * In code-unit order (compare's): the default sort orders strings so, and
 * natively, without a JavaScript call per comparison.
 */
function sorted(items: Iterable<string>): string[] {
  return [...items].sort();
}

/** Code-unit order, not locale order: the same on every machine. */
function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
