/**
 * The reading half of a run: find the sources, read and decode each file, and
 * hand the text to the pure readers. Everything a reader cannot make sense of
 * comes back as data (ParseProblem); one bad file never stops the others.
 */
import { existsSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Config } from './config-types.js';
import { isIgnored, repoForPatch } from './config.js';
import { readPatchHead } from './sources/headers/read-head.js';
import { ReadBudget } from './input-limits.js';
import type { Mention, PatchEntry, RefKey, SourceKind, SourceResult } from './model.js';
import { debianUpstreamRepo, recipeRepo, reposInRecipe } from './recipe-repo.js';
import { recipeNotes } from './sources/conda-recipe.js';
import { bitbakeNotes } from './sources/bitbake-recipe.js';
import { linksOtherForge } from './sources/trailers/copied-refs.js';
import { learnAliases, reposNamed } from './refs.js';
import {
  discover,
  isDebianPath,
  isPatchNotes,
  folderLayoutOf,
  isCondaRecipeFile,
  layoutOf,
  type Discovery,
} from './sources/discover.js';
import { readPatchHeader } from './sources/headers/patch-header.js';
import { settleRoles } from './sources/meaning/settle.js';
import { readAll, readWhole, withEncoding, type FileText } from './collect/read-file.js';
import {
  byFolder,
  folderPatch,
  folderRepo,
  indexedOnDisk,
  joinPosix,
  learnRepoNames,
  locateByName,
  patchesDirFor,
  patchesDirOfPatch,
  patchesNamed,
  withRecipeRepo,
  type Indexed,
} from './collect/where.js';
import type { IndexFacts } from './sources/records/index.js';

export interface Collected {
  discovery: Discovery;
  sources: SourceResult[];
  patchFiles: string[];
  indexed: Map<string, PatchEntry[]>;
  mentionsByRef: Map<RefKey, Mention[]>;
  /**
   * Files a source indexes that are on disk but are no patch by extension
   * (a `package.json`, a `.ts` file a ledger names): present, so never
   * `missing-patch`, and never demanded a row of their own.
   */
  indexedOnDisk: string[];
  /** Files that could not be read at all (permissions, vanished): exit 2 after the report. */
  unreadable: string[];
  /** The exact text each source was parsed from (valid UTF-8 only), for `sync`. */
  texts: Map<string, string>;
  /** Patch files whose headers were read (queue patches and ecosystem-layout patches). */
  patchesRead: number;
  /** Bare `#N` of copied commit messages left unreported (no single repository owns them). */
  unattributed: number;
}

export interface CollectOptions {
  /**
   * Read patch files whole and keep every text (`Collected.texts`): only a run
   * that rewrites files (`sync`) needs this. Otherwise a `.patch`/`.diff` is
   * read only as far as its header (readPatchHead) and patch texts are
   * dropped as soon as their header is read.
   */
  wholeFiles?: boolean;
  /**
   * Called once, before the patch headers are read, with the sources read so
   * far (ledgers, READMEs, records): `check` starts asking GitHub about the
   * refs they name while the headers are read. The header loop then yields
   * to the event loop every few files, so answers are taken in as they come.
   */
  beforeHeaders?: (sources: readonly SourceResult[]) => void;
  /**
   * The project's own repository (own-repo.ts), for "internal PR #N" and
   * "<its name> PR #N" in ledgers and headers; unknown, they stay unasked.
   */
  ownRepo?: string | null;
}

/**
 * A DEP-3 header's `Description:` field, at a line's start: in a patch only
 * the header can start a line so (the diff body's lines start with ` `, `+`,
 * `-` or `@`).
 */
const DEP3_OWN = /^Description:/im;
/** A Yocto patch's status that says the layer wrote it, not upstream (a `Backport`). */
const YOCTO_OWN =
  /^Upstream-S[a-z]{3,5}[ \t]*:[ \t]*(?:Submitted|Pending|Denied|Inappropriate)\b/im;

/** Headers read between two turns of the event loop when something waits on the network. */
const HEADERS_PER_TURN = 16;

export async function collectSources(
  root: string,
  config: Config,
  options: CollectOptions = {},
): Promise<Collected> {
  const discovery = await discover(root, config);
  const wholeFiles = options.wholeFiles === true;
  const ownRepo = options.ownRepo ?? null;
  const unreadable: string[] = [];
  const texts = new Map<string, string>();
  const budget = new ReadBudget(config.limits);
  const sources: SourceResult[] = [];
  const admit =
    (rel: string, kind: SourceKind) =>
    (size: number): boolean => {
      const admitted = budget.admit(rel, kind, size);
      if (!admitted.read && admitted.report !== null) sources.push(admitted.report);
      return admitted.read;
    };
  // Synchronous reads: thousands of small files read faster one by one than
  // as thousands of concurrent promises (each an open/fstat/read/close).
  // `rel` comes from discovery, already normal ('/'-separated, no `.` or
  // `..`): the root's own path plus it is what path.join would give, without
  // normalising the whole path again for each of thousands of files.
  const rootDir = path.resolve(root);
  const base = rootDir.endsWith(path.sep) ? rootDir : rootDir + path.sep;
  const readNow =
    (kind: SourceKind) =>
    (rel: string): FileText | null => {
      try {
        const abs = base + rel;
        if (kind === 'patch-header' && !wholeFiles)
          return readPatchHead(abs, rel, admit(rel, kind));
        const decoded = readWhole(abs, admit(rel, kind));
        if (decoded !== null && decoded.invalidLine === null) texts.set(rel, decoded.text);
        return decoded;
      } catch (err) {
        unreadable.push(`${rel}: ${(err as NodeJS.ErrnoException).code ?? String(err)}`);
        return null;
      }
    };
  const readAs =
    (kind: SourceKind) =>
    (rel: string): Promise<FileText | null> =>
      Promise.resolve(readNow(kind)(rel));

  const aliases = new Map<string, string>(Object.entries(config.repos.aliases));
  const ledgerTexts = await readAll(discovery.ledgers, readAs('ledger'));
  // Aliases taught by any ledger's links serve every source (headers use `engine#N` too).
  for (const file of ledgerTexts.values()) learnAliases(file.text, aliases);

  // The markdown and YAML parsers are the heaviest modules to load: a layer
  // tree with only patch headers never pays for them.
  const { parseLedger } =
    ledgerTexts.size + discovery.patchDocs.length > 0
      ? await import('./sources/ledger/index.js')
      : { parseLedger: null };
  const recordsModule =
    discovery.records.length + discovery.recordIndexes.length > 0
      ? await import('./sources/records/index.js')
      : null;
  for (const [rel, file] of ledgerTexts) {
    if (parseLedger === null) break;
    const patchesDir = patchesDirFor(discovery, rel, config);
    sources.push(
      withEncoding(parseLedger({ path: rel, text: file.text, patchesDir, aliases, ownRepo }), file),
    );
  }
  if (recordsModule !== null) {
    const records = await readRecords(
      recordsModule,
      { root, discovery, config, aliases },
      readAs('record'),
    );
    sources.push(...records);
  }

  learnRepoNames(sources, aliases, ownRepo);
  locateByName(
    sources,
    [...discovery.patchFiles, ...discovery.conventionPatches],
    rootDir,
    (ledger) => patchesDirFor(discovery, ledger, config),
  );

  const indexed = new Map<string, PatchEntry[]>();
  for (const s of sources) {
    for (const p of s.patches) {
      const list = indexed.get(p.path);
      if (list === undefined) indexed.set(p.path, [p]);
      else list.push(p);
    }
  }

  // READMEs beside the patches: prose whose refs are mentions (SPEC §2.4).
  // Built when first asked: by a folder's README, or a patch whose row names no repo.
  let foldersBuilt: Map<string, Indexed> | null = null;
  const foldersOf = (): Map<string, Indexed> => (foldersBuilt ??= byFolder(indexed));
  const folderRepoOf = (rel: string): string | null => {
    const folder = foldersOf().get(path.posix.dirname(rel));
    return folder === undefined ? null : folderRepo(folder);
  };
  const folders = discovery.patchDocs.length > 0 ? foldersOf() : new Map<string, Indexed>();
  let allPatches: string[] | null = null;
  const headerFilesFound = (): string[] =>
    (allPatches ??= [...discovery.patchFiles, ...discovery.conventionPatches]);
  for (const [rel, file] of await readAll(discovery.patchDocs, readAs('ledger'))) {
    if (parseLedger === null) break;
    const patchesDir = patchesDirOfPatch(discovery, rel) ?? path.posix.dirname(rel);
    const folder = folders.get(path.posix.dirname(rel)) ?? [];
    // A conda recipe's comments, as notes on its patches (session 15). A
    // bare `#N` there names no repository: feedstocks cite their own issues
    // so as often as upstream's ("errors that appeared in #391").
    const recipe = isCondaRecipeFile(rel);
    const defaultRepo = recipe ? null : folderRepo(folder);
    // A Debian packager's notes, and a team's notes file, name their patches entry by entry.
    const entries =
      recipe ||
      isDebianPath(rel) ||
      isPatchNotes(rel) ||
      discovery.layoutFolders.some(
        (f) => f.layout === 'quilt' && f.dir === path.posix.dirname(rel),
      );
    const doc = parseLedger({
      path: rel,
      text: recipe ? recipeNotes(file.text) : file.text,
      patchesDir,
      aliases,
      document: true,
      entries,
      defaultRepo,
      ownRepo,
    });
    // Notes that name a layer's patch by its file name alone mean the one the walk found.
    if (entries) patchesNamed(doc.mentions, headerFilesFound());
    // A README beside one patch is about that patch; beside several, about none of them.
    const patch = folderPatch(folder);
    if (patch !== null) for (const m of doc.mentions) m.patch = patch;
    if (doc.mentions.length + doc.ambiguous.length + doc.problems.length > 0)
      sources.push(withEncoding(doc, file));
  }

  if (discovery.layerReadmes.length + discovery.layerRecipes.length > 0) {
    // The markdown parser is loaded only when a README names a patch or a recipe comments one.
    const parse = async (): Promise<ParseLedger> =>
      parseLedger ?? (await import('./sources/ledger/index.js')).parseLedger;
    const documented = ledgerTexts.size > 0 || discovery.patchDocs.some((rel) => isPatchNotes(rel));
    const layer = await readLayerNotes(discovery, documented, {
      read: readAs('ledger'),
      parse,
      aliases,
      ownRepo,
    });
    for (const doc of layer) {
      patchesNamed(doc.result.mentions, headerFilesFound());
      sources.push(withEncoding(doc.result, doc.file));
    }
  }

  // A patch a ledger or record names outside every patches folder (a root
  // ledger's `vendor/0001-fix.patch`) has a header too.
  const onDiskOnly = indexedOnDisk(root, indexed, discovery.patchFiles);
  const headerFiles = [
    ...discovery.patchFiles,
    ...discovery.conventionPatches,
    ...onDiskOnly.filter((rel) => statSync(path.join(root, rel)).isFile()),
  ];
  const conventional = new Set(discovery.conventionPatches);
  let unattributed = 0;
  const recipes = new Map<string, Set<string>>();
  // One file at a time, read and then parsed: a patch's text is garbage as
  // soon as its header is read, instead of every text living until the last.
  const readHeader = readNow('patch-header');
  const yielding = options.beforeHeaders !== undefined;
  options.beforeHeaders?.(sources);
  let read = 0;
  for (const rel of headerFiles) {
    if (yielding && ++read % HEADERS_PER_TURN === 0) await new Promise(setImmediate);
    const decoded = readHeader(rel);
    if (decoded === null) continue;
    let file: FileText = decoded;
    const entries = indexed.get(rel);
    const defaultRepo =
      entries?.find((p) => p.repo !== null)?.repo ??
      // A row that names no repo ("see the record") in a section that names
      // two: the upstream most of the patch's folder names.
      (entries === undefined ? null : folderRepoOf(rel)) ??
      repoForPatch(config, rel, patchesDirOfPatch(discovery, rel));
    const layout = conventional.has(rel)
      ? (layoutOf(rel, discovery.buildrootExternals) ??
        folderLayoutOf(rel, discovery.layoutFolders))
      : null;
    let header = readPatchHeader(
      { path: rel, text: file.text, defaultRepo, aliases, ownRepo },
      { layout },
    );
    // A layer patch whose bare `#N` no repository owns: its recipe's upstream
    // (recipe-repo.ts). A copied commit message's are attributed as such
    // (copied-refs.ts). The team's own UPSTREAM STATUS block reads as a queue
    // patch's would, its default the one repository the header names (its
    // bare refs were attributed as copied ones: no labels, no states) or else
    // the recipe's.
    if (layout !== null && defaultRepo === null) {
      // A DEP-3 `Description:` is the packager's own words, not a copied
      // commit message: read as the team's block is (session 14).
      // A Yocto patch the layer wrote itself (`Submitted`, `Pending`,
      // `Denied`, `Inappropriate`; not a `Backport`) has the layer's words
      // around its refs, too (session 16).
      const block =
        header.hasStatusBlock ||
        (layout === 'debian' && DEP3_OWN.test(file.text)) ||
        // …unless it links another forge's tracker, whose `#N` it may cite.
        (layout === 'yocto' && YOCTO_OWN.test(file.text) && !linksOtherForge(file.text));
      const named = block ? header.mentions.find((m) => m.inferredRepo === true)?.ref : undefined;
      const namedRepo = named === undefined ? null : named.slice(0, named.lastIndexOf('#'));
      // A conda feedstock's patches cite the feedstock's own issues as
      // bare `#N` as readily as upstream's ("feedstock issues #424, #447"),
      // and a quilt queue has no recipe to name an upstream: no default
      // there (session 15, measured on pytorch-cpu-feedstock).
      const upstream = (): string | null =>
        layout === 'debian'
          ? debianUpstreamRepo(rootDir, rel, recipes)
          : layout === 'conda' || layout === 'quilt'
            ? null
            : recipeRepo(rootDir, rel, recipes);
      if (namedRepo !== null || header.unattributed + header.ambiguous.length > 0)
        header = withRecipeRepo(header, namedRepo ?? upstream(), (repo) =>
          readPatchHeader(
            { path: rel, text: file.text, defaultRepo: block ? repo : null, aliases, ownRepo },
            { layout, recipeRepo: repo },
          ),
        );
    }
    unattributed += header.unattributed;
    // Only the header is read: bytes that are not UTF-8 in the diff body
    // (a Latin-1 `.po` file, say) cannot make it unreadable (SPEC §2.5).
    if (file.invalidLine !== null && file.invalidLine > header.preambleEndLine) {
      file = { ...file, invalidLine: null };
    }
    const saysSomething =
      header.mentions.length > 0 ||
      header.ambiguous.length > 0 ||
      header.problems.length > 0 ||
      header.hasStatusBlock ||
      header.trailers.fields.length > 0;
    // A patch with no header is fine, but a non-UTF-8 one cannot be checked for refs.
    if (saysSomething || file.invalidLine !== null) sources.push(withEncoding(header, file));
  }

  // No `ignore` patterns (the usual case) ignores nothing: no copy of every list.
  if (config.ignore.length > 0)
    for (const s of sources) s.mentions = s.mentions.filter((m) => !isIgnored(config, m.ref));
  settleRoles(
    sources.map((s) => s.mentions),
    ownRepo,
  );
  const mentionsByRef = new Map<RefKey, Mention[]>();
  for (let i = 0; i < sources.length; i++) {
    const mentions = sources[i]!.mentions;
    for (let k = 0; k < mentions.length; k++) {
      const m = mentions[k]!;
      const list = mentionsByRef.get(m.ref);
      if (list === undefined) mentionsByRef.set(m.ref, [m]);
      else list.push(m);
    }
  }
  sources.sort((a, b) => compare(a.source.path, b.source.path));
  return {
    discovery,
    sources,
    patchFiles: discovery.patchFiles,
    indexedOnDisk: onDiskOnly,
    indexed,
    mentionsByRef,
    unreadable,
    texts,
    patchesRead: headerFiles.length,
    unattributed,
  };
}

type RecordsModule = typeof import('./sources/records/index.js');

/**
 * Indexes first, so each record can take its library's repo and pinned
 * bases from the index; then the records; then the archived records the
 * indexes name (their patches are retired).
 */
async function readRecords(
  m: RecordsModule,
  run: {
    root: string;
    discovery: Discovery;
    config: Config;
    /** Grows: each index library's name becomes an alias of its repo (`engine#12`). */
    aliases: Map<string, string>;
  },
  read: (rel: string) => Promise<FileText | null>,
): Promise<SourceResult[]> {
  const { discovery, config, aliases } = run;
  const out: SourceResult[] = [];
  const facts: IndexFacts[] = [];
  const archives: { candidates: string[]; patchesDir: string }[] = [];
  const patchByStem = patchesByStem(discovery.patchFiles);
  const patchOfRecord = (record: string): string | null =>
    record.endsWith(RECORD_SUFFIX)
      ? (patchByStem.get(record.slice(0, -RECORD_SUFFIX.length)) ?? null)
      : null;
  for (const [rel, file] of await readAll(discovery.recordIndexes, read)) {
    const patchesDir = patchesDirFor(discovery, rel, config);
    const index = m.parseRecordIndex({
      path: rel,
      text: file.text,
      patchesDir,
      aliases,
      patchOfRecord,
    });
    out.push(withEncoding(index, file));
    if (index.index === undefined) continue;
    facts.push(index.index);
    const written = index.index.archivedRecord;
    if (written !== null)
      archives.push({ candidates: archiveCandidates(rel, patchesDir, written), patchesDir });
  }
  const { byPatch, libraryRepos } = m.indexDefaults(facts);
  // `libraries.sglang.repo: sgl-project/sglang` teaches `sglang#N`, as a link would;
  // configured and learned aliases come first.
  for (const [name, repo] of libraryRepos) if (!aliases.has(name)) aliases.set(name, repo);
  for (const [rel, file] of await readAll(discovery.records, read)) {
    const patchPath = patchByStem.get(rel.slice(0, -RECORD_SUFFIX.length)) ?? null;
    const fromIndex = patchPath === null ? undefined : byPatch.get(patchPath);
    const input = { path: rel, text: file.text, patchPath, aliases };
    out.push(withEncoding(m.parseRecord(fromIndex ? { ...input, fromIndex } : input), file));
  }
  const taken = new Set(out.map((s) => s.source.path));
  for (const { candidates, patchesDir } of archives) {
    const rel = candidates.find((c) => existsSync(path.join(run.root, c)));
    if (rel === undefined || taken.has(rel)) continue;
    const file = await read(rel);
    if (file === null) continue;
    taken.add(rel);
    out.push(
      withEncoding(
        m.parseArchivedRecord({ path: rel, text: file.text, aliases, libraryRepos, patchesDir }),
        file,
      ),
    );
  }
  return out;
}

/**
 * `archived_record` as written: root-relative, beside the index, or in its
 * patches folder; the first of these that exists is read.
 */
function archiveCandidates(indexPath: string, patchesDir: string, written: string): string[] {
  const out: string[] = [];
  for (const base of ['', path.posix.dirname(indexPath), patchesDir]) {
    const joined = path.posix.normalize(joinPosix(base === '' ? '.' : base, written.trim()));
    if (!joined.startsWith('..') && !path.posix.isAbsolute(joined) && !out.includes(joined))
      out.push(joined);
  }
  return out;
}

const RECORD_SUFFIX = '.upstream.status.yaml';

/**
 * `a/b/fix` → the first (sorted) patch `a/b/fix.<ext>`: the patch a record
 * `a/b/fix.upstream.status.yaml` describes. Built once, so records × patches
 * never multiply.
 */
function patchesByStem(patchFiles: readonly string[]): Map<string, string> {
  const out = new Map<string, string>();
  for (const p of [...patchFiles].sort()) {
    const slash = p.lastIndexOf('/');
    const dot = p.indexOf('.', slash + 1);
    if (dot <= slash + 1) continue;
    // Every dot splits a possible stem: `fix.v2.py` belongs to `fix.v2` and to `fix`.
    for (let d = dot; d !== -1; d = p.indexOf('.', d + 1)) {
      const stem = p.slice(0, d);
      if (!out.has(stem)) out.set(stem, p);
    }
  }
  return out;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

type ParseLedger = typeof import('./sources/ledger/index.js').parseLedger;

/**
 * A Yocto layer's own notes on its patches (session 16): a README at the
 * tree's or a layer's root that names one of the layer's patches by its file
 * name, read as notes; and, where the tree documents its patches (a ledger,
 * a notes file, or such a README), the comments of the recipes beside them
 * (bitbake-recipe.ts). A layer that documents nothing (oe-core, meta-oe)
 * reads none of its recipes: 735 recipe files cost oe-core's run ~24 ms.
 */
async function readLayerNotes(
  discovery: Discovery,
  documented: boolean,
  io: {
    read: (rel: string) => Promise<FileText | null>;
    parse: () => Promise<ParseLedger>;
    aliases: ReadonlyMap<string, string>;
    ownRepo: string | null;
  },
): Promise<{ result: SourceResult; file: FileText }[]> {
  const out: { result: SourceResult; file: FileText }[] = [];
  const yocto = discovery.conventionPatches.filter((p) => layoutOf(p) === 'yocto');
  if (yocto.length === 0) return out;
  const byName = new Map<string, string[]>();
  for (const p of yocto) {
    const name = p.slice(p.lastIndexOf('/') + 1);
    const list = byName.get(name);
    if (list === undefined) byName.set(name, [p]);
    else list.push(p);
  }
  for (const [rel, file] of await readAll(discovery.layerReadmes, io.read)) {
    if (!namesOneOf(file.text, byName)) continue;
    const result = (await io.parse())({
      path: rel,
      text: file.text,
      // Its patches by file name, or by a path under the layer: patchesNamed finds them.
      patchesDir: '.',
      aliases: io.aliases,
      document: true,
      entries: true,
      defaultRepo: null,
      ownRepo: io.ownRepo,
    });
    out.push({ result, file });
  }
  if (!documented && out.length === 0) return out;
  for (const [rel, file] of await readAll(discovery.layerRecipes, io.read)) {
    const dir = path.posix.dirname(rel);
    const notes = bitbakeNotes(file.text, (name) => patchBeside(byName, dir, name));
    if (!/\S/.test(notes)) continue;
    // A bare `#N` there is the recipe's upstream's (its SRC_URI), or the one
    // repository its comments name in full (SPEC §2.4); else no one's.
    const fetched = reposInRecipe(file.text);
    const named = fetched.size === 0 ? reposNamed(notes, io.aliases, 2) : fetched;
    const result = (await io.parse())({
      path: rel,
      text: notes,
      patchesDir: dir,
      aliases: io.aliases,
      document: true,
      entries: true,
      defaultRepo: named.size === 1 ? [...named][0]! : null,
      ownRepo: io.ownRepo,
    });
    if (result.mentions.length + result.ambiguous.length + result.problems.length > 0)
      out.push({ result, file });
  }
  return out;
}

/** Whether `text` names one of the layer's patches by its file name. */
function namesOneOf(text: string, names: ReadonlyMap<string, unknown>): boolean {
  for (const m of text.matchAll(/[\w.+-]+\.(?:patch|diff)\b/g)) if (names.has(m[0])) return true;
  return false;
}

/**
 * The patch a recipe in `dir` applies as `file://name`: the one walked
 * patch in `dir` or a folder right below it (`files/`, `<pn>/`,
 * `<pn>-<pv>/`) whose path ends so, relative to `dir`; null when none or
 * several. `byName` holds the walked patches by file name.
 */
function patchBeside(
  byName: ReadonlyMap<string, readonly string[]>,
  dir: string,
  name: string,
): string | null {
  const prefix = dir === '.' ? '' : `${dir}/`;
  const depth = name.split('/').length;
  let found: string | null = null;
  for (const p of byName.get(name.slice(name.lastIndexOf('/') + 1)) ?? []) {
    if (!p.startsWith(prefix) || (!p.endsWith(`/${name}`) && p !== `${prefix}${name}`)) continue;
    const rest = p.slice(prefix.length);
    if (rest.split('/').length - depth > 1) continue;
    if (found !== null) return null;
    found = rest;
  }
  return found;
}
