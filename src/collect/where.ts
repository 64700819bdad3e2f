/**
 * Where patches and their repositories are, for collect.ts: patches a
 * ledger or document names by file name alone found where the walk found
 * them, repository names taught as aliases, the upstream a folder's
 * patches name, and the patches folder a source or patch belongs to.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config-types.js';
import type { Mention, PatchEntry, SourceResult } from '../model.js';
import type { Discovery } from '../sources/discover.js';

/**
 * A repository the ledgers and records name (`brightloop-ai/vexa`) teaches
 * its name as an alias (`vexa#18211` in a header), when no alias has it and
 * no other repository named has the same name. The project's own does not.
 */
export function learnRepoNames(
  sources: readonly SourceResult[],
  aliases: Map<string, string>,
  ownRepo: string | null,
): void {
  const byName = new Map<string, string | null>();
  for (const s of sources) {
    for (const m of s.mentions) {
      const slash = m.ref.indexOf('/');
      const hash = m.ref.lastIndexOf('#');
      if (slash < 0 || hash < slash) continue;
      const repo = m.ref.slice(0, hash);
      if (repo === ownRepo) continue;
      const name = repo.slice(slash + 1);
      const known = byName.get(name);
      if (known === undefined) byName.set(name, repo);
      else if (known !== repo) byName.set(name, null);
    }
  }
  for (const [name, repo] of byName)
    if (repo !== null && !aliases.has(name)) aliases.set(name, repo);
}

/**
 * A ledger row that names its patch by file name alone, where no such file
 * sits in its patches folder but exactly one patch the walk found has that
 * name (a layer's ledger listing `0001-fix.patch` under
 * `recipes-core/lumend/lumend/`): that patch (session 12). Likewise a path
 * written relative to a folder the ledger names elsewhere
 * (`files/0001-fix.patch` under a `recipes-core/lumend/` heading), when
 * exactly one patch's path ends with it (session 13). A file the walk did
 * not take for a patch (a script) is looked for the same way in the folders
 * of the patches it found. Its mentions follow.
 * A name that two patches share stays as written, and missing.
 */
export function locateByName(
  sources: SourceResult[],
  found: readonly string[],
  root: string,
  patchesDirOf: (ledger: string) => string,
): void {
  let known: Set<string> | null = null;
  let byName: Map<string, string[]> | null = null;
  let folders: string[] | null = null;
  for (const source of sources) {
    if (source.source.kind !== 'ledger' || source.patches.length === 0) continue;
    const dir = patchesDirOf(source.source.path);
    for (const entry of source.patches) {
      if (entry.retired) continue;
      const name = entry.path.slice(entry.path.lastIndexOf('/') + 1);
      const inDir = dir === '.' || dir === '' ? '' : `${dir}/`;
      // As written: `0001-fix.patch`, or `files/0001-fix.patch` relative to a
      // recipe folder the section names (session 13), never somewhere else.
      const written = entry.path.startsWith(inDir) ? entry.path.slice(inDir.length) : null;
      if (written === null) continue;
      known ??= new Set(found);
      // Found by the walk, or on disk outside every patches folder: where it is written.
      if (known.has(entry.path) || onDisk(root, entry.path)) continue;
      if (byName === null) {
        byName = new Map();
        for (const rel of found) {
          const base = rel.slice(rel.lastIndexOf('/') + 1);
          const list = byName.get(base);
          if (list === undefined) byName.set(base, [rel]);
          else list.push(rel);
        }
      }
      // A name written alone is looked for by name; a path with its folder,
      // by that path's end (`sglang/0001-fix.patch` deleted stays missing,
      // even when `vllm/0001-fix.patch` exists).
      let matches =
        written === name
          ? byName.get(name)
          : byName.get(name)?.filter((rel) => rel.endsWith(`/${written}`));
      // Not a patch the walk found: a script beside them (a layer's
      // `files/fixup.py` that `do_install` runs), looked for in their folders.
      if (matches === undefined || matches.length === 0) {
        folders ??= [...new Set(found.map((rel) => path.posix.dirname(rel)))];
        matches = folders
          .map((dir) => `${dir}/${name}`)
          .filter((rel) => rel.endsWith(`/${written}`) && onDisk(root, rel));
      }
      // `0004-x.patch` from a heading's `0004-x` (session 15): the one `.diff` of that stem.
      if (matches.length === 0 && name.endsWith('.patch')) {
        const diff = `${written.slice(0, -'.patch'.length)}.diff`;
        matches = (byName.get(diff.slice(diff.lastIndexOf('/') + 1)) ?? []).filter(
          (rel) => rel === diff || rel.endsWith(`/${diff}`),
        );
      }
      if (matches.length !== 1 || matches[0] === entry.path) continue;
      const old = entry.path;
      entry.path = matches[0]!;
      for (const m of source.mentions) if (m.patch === old) m.patch = entry.path;
    }
  }
}

/**
 * A document's mentions whose patch is written as a name or a path's end
 * (`0001-ring-wrap.patch`, `files/0001-ring-wrap.patch`) get the one found
 * patch whose path ends so; a name two patches share stays as written.
 */
export function patchesNamed(mentions: Mention[], found: readonly string[]): void {
  let known: Set<string> | null = null;
  const resolved = new Map<string, string | null>();
  for (const m of mentions) {
    if (m.patch === null) continue;
    known ??= new Set(found);
    if (known.has(m.patch)) continue;
    let to = resolved.get(m.patch);
    if (to === undefined) {
      const written = m.patch;
      const matches = found.filter((rel) => rel === written || rel.endsWith(`/${written}`));
      to = matches.length === 1 ? matches[0]! : null;
      resolved.set(written, to);
    }
    if (to !== null) m.patch = to;
  }
}

export function onDisk(root: string, rel: string): boolean {
  return existsSync(path.join(root, rel));
}

/**
 * The header read again with `repo` (its recipe's, or the one it names) as
 * the default, when there is one; the refs that it gave a repository, or
 * that were inferred before, are inferred (GitHub not knowing one is no error).
 */
export function withRecipeRepo<T extends { mentions: Mention[] }>(
  first: T,
  repo: string | null,
  reread: (repo: string) => T,
): T {
  if (repo === null) return first;
  const before = new Set(
    first.mentions.filter((m) => m.inferredRepo !== true).map((m) => `${m.line} ${m.ref}`),
  );
  // What the first reading said of a ref (a copied message's `Fix #359`, an
  // issue URL) stays: the second may only say more than `related`, never less.
  const firstRoles = new Map(first.mentions.map((m) => [`${m.line} ${m.ref}`, m.role]));
  const again = reread(repo);
  for (const m of again.mentions) {
    const key = `${m.line} ${m.ref}`;
    const role = firstRoles.get(key);
    if (m.role === 'related' && role !== undefined && role !== 'related') {
      m.role = role;
      m.roleByDefault = false;
    }
    if (!before.has(key)) m.inferredRepo = true;
  }
  return again;
}

export function patchesDirFor(discovery: Discovery, sourcePath: string, config: Config): string {
  if (config.patches.dir !== null) return config.patches.dir;
  const own = discovery.patchDirs.find((d) => d.ledger === sourcePath);
  if (own) return own.dir;
  const dir = path.posix.dirname(sourcePath);
  const beside = joinPosix(dir, 'patches');
  // A record index's `patches/`; else, with no `patches/` beside it, the
  // folder it is in: its paths are relative to where it is.
  return discovery.patchDirs.some((d) => d.dir === beside) ? beside : dir;
}

export function indexedOnDisk(
  root: string,
  indexed: ReadonlyMap<string, PatchEntry[]>,
  patchFiles: readonly string[],
): string[] {
  const known = new Set(patchFiles);
  // Paths in `indexed` were kept inside the root by the readers.
  return [...indexed.keys()].filter((p) => !known.has(p) && existsSync(path.join(root, p))).sort();
}

/** Indexed patches (path and entries) of one folder, in the order they were indexed. */

export type Indexed = (readonly [string, readonly PatchEntry[]])[];

/**
 * The indexed patches grouped by folder, once: each README beside the
 * patches asks about its folder, and a walk of every indexed patch per
 * README grew as READMEs × patches.
 */
export function byFolder(indexed: ReadonlyMap<string, PatchEntry[]>): Map<string, Indexed> {
  const out = new Map<string, Indexed>();
  for (const [p, entries] of indexed) {
    const dir = path.posix.dirname(p);
    const list = out.get(dir);
    if (list === undefined) out.set(dir, [[p, entries]]);
    else list.push([p, entries]);
  }
  return out;
}

/** The one repo the indexed patches of a folder name, or null. */

export function folderRepo(folder: Indexed): string | null {
  // Most of a folder's patches name one upstream; a row whose only ref is
  // another project's issue (a bug reported to a dependency) does not make
  // the folder's README ambiguous. A tie names none.
  const counts = new Map<string, number>();
  for (const [, entries] of folder) {
    for (const e of entries) if (e.repo !== null) counts.set(e.repo, (counts.get(e.repo) ?? 0) + 1);
  }
  let best: string | null = null;
  let bestCount = 0;
  let tied = false;
  for (const [repo, n] of counts) {
    if (n > bestCount) [best, bestCount, tied] = [repo, n, false];
    else if (n === bestCount) tied = true;
  }
  return tied ? null : best;
}

/** The one live patch a folder holds (a row with its companions counts once), or null. */

export function folderPatch(folder: Indexed): string | null {
  const rows = new Map<string, string>();
  for (const [p, entries] of folder) {
    for (const e of entries) {
      const row = `${e.source}:${e.line}`;
      if (!e.retired && !rows.has(row)) rows.set(row, p);
    }
  }
  return rows.size === 1 ? ([...rows.values()][0] ?? null) : null;
}

export function patchesDirOfPatch(discovery: Discovery, patch: string): string | null {
  let best: string | null = null;
  for (const d of discovery.patchDirs) {
    if (
      (patch.startsWith(`${d.dir}/`) || d.dir === '.' || d.dir === '') &&
      (best === null || d.dir.length > best.length)
    ) {
      best = d.dir;
    }
  }
  return best;
}

export function joinPosix(dir: string, name: string): string {
  return dir === '.' || dir === '' ? name : `${dir}/${name}`;
}
