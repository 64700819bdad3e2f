/**
 * The GitHub repository a Yocto recipe or a Buildroot package builds from
 * (session 12): whose a bare `#N` is in a layer patch whose header names no
 * repository. A maintainer reading `0003-config-warn.patch` under
 * `recipes-core/lumend/lumend/` knows its `#402` is lumend's, because the
 * recipe beside it fetches `git://github.com/lumenbus/lumend.git`.
 *
 * - The recipe files are the `.bb`, `.bbappend`, `.inc` and `.mk` files in
 *   the patch's folder and the one above it (`<pkg>/<pkg>/x.patch`,
 *   `<pkg>/files/x.patch`, Buildroot's `package/<pkg>/x.patch`).
 * - Their `github.com/<owner>/<repo>` addresses (SRC_URI, HOMEPAGE, a
 *   Buildroot `_SITE`) and Buildroot's `$(call github,<owner>,<repo>,…)`
 *   count; exactly one repository gives it, none or several give nothing.
 * - Refs given a repository so are `inferredRepo` (collect.ts): upstream may
 *   track issues elsewhere, so GitHub not knowing one is no error.
 *
 * Read only for a header that has a bare `#N` left without a repository,
 * which few have: a layer of a thousand patches reads almost no recipe.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const RECIPE = /\.(?:bb|bbappend|inc|mk)$/;
/** `lumend_2.4.bb`, `lumend.inc`, `lumend_%.bbappend` belong to `lumend`; `lumend-data_1.bb` does not. */
function ownedBy(name: string, prefix: string): boolean {
  if (prefix === '') return true;
  if (!name.startsWith(prefix)) return false;
  const next = name.charAt(prefix.length);
  return next === '_' || next === '.';
}

/** A recipe larger than this is not a recipe: not read. */
const MAX_RECIPE_BYTES = 256 * 1024;

const GITHUB_ADDRESS =
  /(?<![\w.-])github\.com[/:]([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9_.-]+?)(?:\.git)?(?=[/;"'\s)\\]|$)/g;
const BUILDROOT_CALL =
  /\$\(call\s+github\s*,\s*([A-Za-z0-9][A-Za-z0-9-]*)\s*,\s*([A-Za-z0-9_.-]+)\s*,/g;
const NOT_OWNERS = new Set(['orgs', 'sponsors', 'settings', 'marketplace', 'features', 'apps']);

/** Every `owner/repo` (lower-cased) a recipe's text names on GitHub. */
export function reposInRecipe(text: string): Set<string> {
  const out = new Set<string>();
  // Most recipes fetch from elsewhere: no regex run over them.
  if (!text.includes('github')) return out;
  for (const re of [GITHUB_ADDRESS, BUILDROOT_CALL])
    for (const m of text.matchAll(re)) {
      const owner = m[1]?.toLowerCase();
      const repo = m[2]?.toLowerCase();
      if (owner === undefined || repo === undefined || NOT_OWNERS.has(owner)) continue;
      out.add(`${owner}/${repo}`);
    }
  return out;
}

/**
 * The one repository the recipes around `patch` (root-relative) name, or
 * null. Folders are read once each (`cache`).
 */
export function recipeRepo(
  root: string,
  patch: string,
  cache: Map<string, Set<string>>,
): string | null {
  const dir = path.posix.dirname(patch);
  const repos = new Set<string>(recipesIn(root, dir, '', cache));
  if (dir !== '.') {
    // `lumend/lumend/x.patch` → `lumend_2.4.bb`, `lumend.inc`; `userland/files/x.patch` → any.
    const name = path.posix.basename(dir);
    const prefix = name === 'files' ? '' : name.replace(/-\d[\w.+-]*$/, '');
    for (const repo of recipesIn(root, path.posix.dirname(dir), prefix, cache)) repos.add(repo);
  }
  return repos.size === 1 ? ([...repos][0] ?? null) : null;
}

/** A folder with more recipes than this is a collection (`recipes-devtools/python/`): none is read. */
const MAX_RECIPES = 8;

/** The repositories the recipes in `folder` whose names start with `prefix` name. */
function recipesIn(
  root: string,
  folder: string,
  prefix: string,
  cache: Map<string, Set<string>>,
): Set<string> {
  const key = `${folder}\0${prefix}`;
  let repos = cache.get(key);
  if (repos !== undefined) return repos;
  repos = new Set();
  cache.set(key, repos);
  let names: string[];
  try {
    names = readdirSync(path.join(root, folder)).filter(
      (name) => RECIPE.test(name) && ownedBy(name, prefix),
    );
  } catch {
    return repos;
  }
  if (names.length > MAX_RECIPES) return repos;
  for (const name of names) {
    try {
      const buffer = readFileSync(path.join(root, folder, name));
      if (buffer.length > MAX_RECIPE_BYTES) continue;
      for (const repo of reposInRecipe(buffer.toString('utf8'))) repos.add(repo);
    } catch {
      // A recipe that cannot be read names nothing: the ref stays without a repository.
    }
  }
  return repos;
}

/**
 * The upstream a Debian package builds from (session 14): whose a bare `#N`
 * is in `debian/patches/*`. The packaging tree says it in fields made for
 * it: `debian/upstream/metadata`'s `Repository`/`Bug-Database`/`Bug-Submit`/
 * `Repository-Browse`, `debian/copyright`'s `Source`, `debian/control`'s
 * `Homepage` and the GitHub address `debian/watch` scans. `Vcs-*` are the
 * packaging repository's own, never upstream's. Exactly one repository gives
 * it; none or several give nothing.
 */
export function debianUpstreamRepo(
  root: string,
  patch: string,
  cache: Map<string, Set<string>>,
): string | null {
  const at = patch.lastIndexOf('debian/patches/');
  if (at === -1) return null;
  const debian = patch.slice(0, at + 'debian'.length);
  const key = `${debian}\0debian`;
  let repos = cache.get(key);
  if (repos === undefined) {
    repos = new Set();
    cache.set(key, repos);
    for (const [file, fields] of DEBIAN_UPSTREAM_FIELDS) {
      let text: string;
      try {
        const buffer = readFileSync(path.join(root, debian, file));
        if (buffer.length > MAX_RECIPE_BYTES) continue;
        text = buffer.toString('utf8');
      } catch {
        continue;
      }
      const lines = fields === null ? [text] : fieldValues(text, fields);
      for (const line of lines) for (const repo of reposInRecipe(line)) repos.add(repo);
    }
  }
  return repos.size === 1 ? ([...repos][0] ?? null) : null;
}

/** The files of `debian/` that name upstream, and the fields that do (null: the whole file). */
const DEBIAN_UPSTREAM_FIELDS: readonly [string, RegExp | null][] = [
  ['upstream/metadata', /^(?:Repository|Repository-Browse|Bug-Database|Bug-Submit)\s*:/i],
  ['copyright', /^Source\s*:/i],
  ['control', /^Homepage\s*:/i],
  ['watch', null],
];

/** The values of the fields a line-start pattern names, continuation lines included. */
function fieldValues(text: string, field: RegExp): string[] {
  const out: string[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (!field.test(lines[i] ?? '')) continue;
    let value = lines[i] ?? '';
    while (/^[ \t]+\S/.test(lines[i + 1] ?? '')) value += `\n${lines[++i] ?? ''}`;
    out.push(value);
  }
  return out;
}
