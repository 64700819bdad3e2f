/**
 * The markdown ledger (`patch.upstream.status.md`, SPEC §2.1) → the patches
 * it indexes or retires, every ref it names with the role and state recorded
 * for it, and where the state cells and check date are written (for `sync`).
 *
 * Pure: text in, data out. It never throws: what cannot be read becomes a
 * ParseProblem with file and line, and everything else is still read.
 */
import type { Heading, ListItem, Nodes, Table, TableCell } from 'mdast';
import type { Mention, Role } from '../../model.js';
import { learnAliases } from '../../refs.js';
import { readLabel } from '../headers/block.js';
import { sectionRepos } from './sections.js';
import { findCheckDate } from './checkdate.js';
import { isPathLike, resolvePaths } from './paths.js';
import { readProse } from './prose.js';
import { reportProblem, reposIn, type LedgerReader } from './reader.js';
import { readTable } from './table.js';
import { stateWordAt } from './states.js';
import { applyCue } from '../meaning/cues.js';
import type { LedgerInput, LedgerResult } from './types.js';
import { flattenInline, inlineCodes, parseMarkdown, tableRows } from '../markdown/index.js';

export type { LedgerInput, LedgerResult, StateCell } from './types.js';

export function parseLedger(input: LedgerInput): LedgerResult {
  const result: LedgerResult = {
    source: { path: input.path, kind: 'ledger', checkedOn: null, checkedOnLine: null },
    mentions: [],
    patches: [],
    ambiguous: [],
    problems: [],
    notPatches: [],
    stateCells: [],
    checkDateSpan: null,
  };
  try {
    readLedger(input, result);
  } catch (error) {
    // A reader bug must not hide the rest of the run; say so, with the cause.
    const cause = error instanceof Error ? error.message : String(error);
    result.problems.push({
      file: input.path,
      line: 1,
      message: `could not read the ledger: ${cause}`,
    });
  }
  return result;
}

function readLedger(input: LedgerInput, result: LedgerResult): void {
  const doc = parseMarkdown(input.text);
  const stoppedAt = doc.tree.data?.truncatedAtLine;
  if (stoppedAt !== undefined) {
    result.problems.push({
      file: input.path,
      line: stoppedAt,
      message:
        'blocks here are nested more than 100 levels deep (lists, quotes); the ledger is not read past this line',
    });
  }
  // Config aliases are explicit, so they win over those the file's links teach.
  const aliases = learnAliases(doc.text, new Map(input.aliases ?? []));
  const sections = sectionRepos(
    doc.text,
    doc.tree,
    aliases,
    input.defaultRepo ?? null,
    input.ownRepo ?? null,
  );
  // The heading that opened the section being read; null before the first.
  let sectionStart: number | null = null;
  const sectionRepo = (): string | null =>
    sectionStart === null ? sections.fileRepo : sections.at(sectionStart);
  const reader: LedgerReader = {
    source: input.path,
    doc,
    aliases,
    patchesDir: input.patchesDir,
    get sectionRepo() {
      return sectionRepo();
    },
    rowRepo: null,
    refContext: {
      aliases,
      get defaultRepo() {
        return reader.rowRepo?.() ?? sectionRepo();
      },
      ownRepo: input.ownRepo ?? null,
    },
    result,
  };
  const document = input.document === true;
  // Where a patch's entry may open: a ledger, or a document that has entries.
  const entries = !document || input.entries === true;

  const check = findCheckDate(doc);
  if (check !== null) {
    result.source.checkedOn = check.date;
    result.source.checkedOnLine = check.line;
    result.checkDateSpan = check.span;
  }

  // Headings open sections; a heading closes those at its depth or deeper.
  const headings: { depth: number; text: string }[] = [];
  const inSection = (re: RegExp): boolean => headings.some((h) => re.test(h.text));
  // The patch a heading names (`` ### `engine/fix_rows.py` ``): what is
  // written under it, down to the next heading as high, is its entry.
  let headed: HeadedPatch | null = null;
  const visit = (node: Nodes): void => {
    switch (node.type) {
      case 'heading':
        while ((headings[headings.length - 1]?.depth ?? 0) >= node.depth) headings.pop();
        if (headed !== null && node.depth <= headed.depth) headed = endHeaded(reader, headed);
        headings.push({ depth: node.depth, text: flattenInline(doc, node).text });
        sectionStart = node.position?.start.offset ?? 0;
        if (headed === null && entries && !inSection(NOT_PATCHES))
          headed = startHeaded(reader, node, inSection(RETIRED));
        return;
      case 'table':
        if (document && (!entries || inSection(NOT_PATCHES))) {
          eachCell(node, (cell) => readProse(reader, cell));
        } else if (document) {
          // A notes file's table of patches (a layer README's, session 16) is
          // read as a ledger's, but notes are not linted: what it cannot read
          // is no problem of the run.
          const before = result.problems.length;
          readTable(reader, node, inSection(RETIRED));
          result.problems.length = before;
        } else if (inSection(NOT_PATCHES)) {
          eachCell(node, (cell) => readLoose(reader, cell));
        } else {
          readTable(reader, node, inSection(RETIRED));
        }
        return;
      case 'listItem': {
        // `- [ ] backport #7911 merged into release-0.18`: an unchecked task
        // is a plan; its state words say what should happen, not what did.
        const before = reader.result.mentions.length;
        const task = taskBox(doc, node);
        const planned = task === 'open';
        const done = task === 'done';
        if (
          entries &&
          !inSection(NOT_PATCHES) &&
          readPatchBullet(reader, node, inSection(RETIRED), inSection(COLLISIONS))
        ) {
          if (planned) forgetStates(reader.result.mentions, before);
          return;
        }
        if (headed === null || !readKeyedBullet(reader, node, headed.patch))
          for (const child of node.children) visit(child);
        if (planned) forgetStates(reader.result.mentions, before);
        if (done) mergedByDoneTask(reader, node, before);
        return;
      }
      case 'paragraph':
        brokenTable(reader, node);
        // `**fix_bpe_cache.py** — the cache never evicts …` with its
        // `Upstream:` lines under it: a paragraph that opens with a patch's
        // path is its entry, as a bullet is (session 13, q30).
        // Only with a separator after the path: "`prefill.py` already records
        // the event" (Infera's ledger) is a sentence about a file, not an entry.
        if (
          entries &&
          headed === null &&
          !inSection(NOT_PATCHES) &&
          opensEntry(node) &&
          readPatchBullet(
            reader,
            {
              type: 'listItem',
              children: [node],
              ...(node.position ? { position: node.position } : {}),
            },
            inSection(RETIRED),
            inSection(COLLISIONS),
          )
        )
          return;
        // "Not patches: `patches/apply_all.sh` (driver)": the list as a
        // paragraph of its own, not under a heading (session 13, q30).
        if ((inSection(NOT_PATCHES) || NOT_PATCHES_LEAD.test(firstText(node))) && !document)
          readLoose(reader, node);
        else
          readProse(
            reader,
            node,
            headed?.patch ?? null,
            entries && inSection(COLLISIONS) ? 'anchor-collision' : null,
          );
        return;
      case 'code':
      case 'html':
      case 'definition':
      case 'yaml':
        return;
      default:
        if ('children' in node) for (const child of node.children) visit(child);
    }
  };
  visit(doc.tree);
  if (headed !== null) endHeaded(reader, headed);
  // A document's entries say which patch a ref is about; they index nothing.
  if (document) result.patches.length = 0;
}

interface HeadedPatch {
  patch: string;
  depth: number;
  line: number;
  retired: boolean;
  /** Whether an earlier entry indexed it already (a heading naming it by file name alone). */
  known: boolean;
  /** Mentions read before its entry began. */
  before: number;
}

/**
 * A heading that is a patch's path (`` ### `vanta/evict_race.sh` ``,
 * `### 2. **fix_rows.py**`, `### engine/fix_rows.py — rows`; session 13: a
 * held-out ledger gave each patch a heading and bullets under it) opens
 * that patch's entry, as a bullet naming it does: the patch is indexed, and
 * every ref under it is a mention of it, read as prose. Its bare `#N` are
 * its section's, and a heading that names the patch's folder names its
 * upstream (sections.ts).
 */
function startHeaded(reader: LedgerReader, heading: Heading, retired: boolean): HeadedPatch | null {
  const written = headingPath(heading);
  if (written === null) return null;
  const line = heading.position?.start.line ?? 1;
  const found = patchNamed(reader, written, line);
  if (found === null) return null;
  return {
    patch: found.patch,
    depth: heading.depth,
    line,
    retired,
    known: found.known,
    before: reader.result.mentions.length,
  };
}

function endHeaded(reader: LedgerReader, headed: HeadedPatch): null {
  if (!headed.known) {
    const repo =
      reader.sectionRepo ??
      reader.result.mentions
        .slice(headed.before)
        .map((m) => m.ref.slice(0, m.ref.lastIndexOf('#')))
        .find((r) => r !== reader.refContext.ownRepo) ??
      null;
    reader.result.patches.push({
      path: headed.patch,
      source: reader.source,
      line: headed.line,
      retired: headed.retired,
      repo,
    });
  }
  return null;
}

/** The path a heading is (a numbering or "Patch:" may come first), or null. */
function headingPath(heading: Heading): string | null {
  let [first, second] = heading.children;
  if (first?.type === 'text' && second !== undefined && HEADING_LEAD.test(first.value)) {
    first = second;
    second = heading.children[2];
  }
  let written = leadPath(first);
  if (written === null && first?.type === 'text')
    written = /^\s*(?:\d+[.)]\s+)?([^\s]+?)[:,]?(?:\s|$)/.exec(first.value)?.[1] ?? null;
  if (written === null) return null;
  if (isPathLike(written) && PATCH_FILE.test(written)) return written;
  // `### 0004-opal-lease-renewal` (session 15): a `git format-patch` name
  // without its extension. Written as `.patch`; collect/where.ts finds the
  // one patch of that stem when it is a `.diff`.
  return FORMAT_PATCH_STEM.test(written) ? `${written}.patch` : null;
}

/** `0004-opal-lease-renewal`: `git format-patch`'s numbered name of a patch. */
const FORMAT_PATCH_STEM = /^(?:[\w.-]+\/)*\d{3,4}-[A-Za-z0-9][\w+-]*(?:\.[\w+-]+)*$/;

const HEADING_LEAD = /^\s*(?:\d+[.)]|patch\s*:?|file\s*:?)?\s*$/i;

/**
 * The patch a ledger entry names: a path under the patches folder, or a
 * bare file name an earlier entry already indexed under a folder
 * (`health_probe.sh` for `loomserve/health_probe.sh`), which is `known`.
 */
function patchNamed(
  reader: LedgerReader,
  written: string,
  line: number,
): { patch: string; paths: string[]; known: boolean } | null {
  const known = written.includes('/')
    ? undefined
    : reader.result.patches.find((p) => p.path.endsWith(`/${written}`))?.path;
  if (known !== undefined) return { patch: known, paths: [known], known: true };
  const paths = resolvePaths([written], reader.patchesDir, (message) =>
    reportProblem(reader, line, message),
  );
  const patch = paths[0];
  return patch === undefined ? null : { patch, paths, known: false };
}

/** A list item written as a task: `- [ ] …` (open) or `- [x] …` (done); null otherwise. */
function taskBox(doc: { text: string }, item: ListItem): 'open' | 'done' | null {
  const at = item.children[0]?.position?.start.offset;
  const box = at === undefined ? null : /^\[([ xX])\][ \t]/.exec(doc.text.slice(at, at + 4));
  return box === null ? null : box[1] === ' ' ? 'open' : 'done';
}

/**
 * `- [x] upstream fix for the spill perms merged ([#7990](…))`: a done task
 * that says "merged" of its one ref records MERGED (session 13, q28). Not
 * when the words are negated ("not merged"), nor for several refs.
 */
function mergedByDoneTask(reader: LedgerReader, item: ListItem, from: number): void {
  const mentions = reader.result.mentions;
  if (mentions.length - from !== 1) return;
  const m = mentions[from]!;
  if (m.recordedState !== null) return;
  const start = item.position?.start.offset ?? 0;
  const end = item.position?.end.offset ?? start;
  const text = reader.doc.text.slice(start, end);
  const word = /\b(?:merged|landed)\b/i.exec(text);
  if (word === null || /\b(?:not|never|no)\b|n't\b/i.test(text.slice(0, word.index))) return;
  m.recordedState = 'MERGED';
}

/** Mentions from `from` on record no state: the words were a plan. */
function forgetStates(mentions: Mention[], from: number): void {
  for (let i = from; i < mentions.length; i++) {
    const m = mentions[i]!;
    if (m.recordedState === null) continue;
    m.recordedState = null;
    m.recordedDate = null;
    m.stateSpan = null;
    m.sharedState = false;
    delete m.stateLine;
  }
}

/** Every cell of a table, row by row (each row built as it is read: table-rows.ts). */
function eachCell(table: Table, read: (cell: TableCell) => void): void {
  const rows = tableRows(table);
  for (let k = 0; k < rows.length; k++) for (const cell of rows.at(k)?.children ?? []) read(cell);
}

const RETIRED = /retired|^\W*(?:gone|dropped|removed|history|archived?|graveyard)\b/i;
const NOT_PATCHES = /not[\s-]+patch(?:es)?\b/i;
const NOT_PATCHES_LEAD = /^\s*\**not[\s-]+patch(?:es)?\**\s*:/i;

/** `**fix_x.py** — …`, `` `fix_x.py`: … ``: a path then a dash or colon. */
function opensEntry(node: Nodes): boolean {
  const second = 'children' in node ? node.children[1] : undefined;
  return second?.type === 'text' && /^\s*(?:—|–|-{1,2}|:)(?:\s|$)/.test(second.value);
}

/** The text a paragraph opens with (its first text node). */
function firstText(node: Nodes): string {
  const first = 'children' in node ? node.children[0] : undefined;
  if (first?.type === 'text') return first.value;
  if (first?.type === 'strong' && first.children[0]?.type === 'text')
    return `**${first.children[0].value}**`;
  return '';
}
/**
 * "## Anchor collisions to watch": the refs of its prose are collisions
 * unless their words say otherwise (session 13: "…, superseded by #8790"
 * there read as a fix).
 */
/** `## Anchor collisions`, `## Collisions to watch` (session 14), `## Anchor risks`. */
const COLLISIONS = /\b(?:anchor[\s-]+)?(?:collisions?|conflicts?)\b|\banchor[\s-]+risks?\b/i;

/**
 * A bullet that opens with a patch's path in backticks (`` - `engine/fix.py`
 * (ines) — … ``) is that patch's entry, as a table row is (session 11: a
 * held-out ledger was all such bullets, grouped by status): it indexes the
 * patch (retired under a *Retired* or *Gone* heading), its refs are mentions of
 * it, read as prose, and a bare `#N` in it is its folder's upstream (the
 * folder named as an alias: `meshforge/…` → `meshforge`), else the one repo
 * the bullet names. Returns false for any other list item.
 */
function readPatchBullet(
  reader: LedgerReader,
  item: ListItem,
  retired: boolean,
  collisions = false,
): boolean {
  const first = item.children[0];
  if (first?.type !== 'paragraph') return false;
  const written = leadPath(first.children[0]);
  // A patch's file, not `Dockerfile.serve` or `setup.cfg` named in a note.
  if (written === null || !isPathLike(written) || !PATCH_FILE.test(written)) return false;
  const line = item.position?.start.line ?? 1;
  // A bare file name a table already indexed under a folder is a note about it.
  const named = patchNamed(reader, written, line);
  if (named === null) return false;
  const { patch, paths } = named;
  const known = named.known ? patch : undefined;
  const start = item.position?.start.offset ?? 0;
  const end = item.position?.end.offset ?? start;
  let repo: string | null | undefined;
  reader.rowRepo = () => {
    if (repo !== undefined) return repo;
    // The folder the patch sits in names its upstream (`tarnrun/0002-….patch`),
    // also when the bullet names it by file alone and a table gave the folder.
    const folder =
      (known === undefined ? written : relativeToDir(known, reader.patchesDir))
        .replace(/^\.?\//, '')
        .split('/')[0]
        ?.toLowerCase() ?? '';
    const cited = reposIn(reader, start, end);
    repo = reader.aliases.get(folder) ?? (cited.size === 1 ? ([...cited][0] ?? null) : null);
    return repo;
  };
  try {
    const before = reader.result.mentions.length;
    // Under a collisions heading, the refs a patch's bullet names collide with it.
    const label = collisions ? 'anchor-collision' : null;
    for (const child of item.children) readBulletBlock(reader, child, patch, label);
    const repoOfPatch =
      reader.rowRepo() ??
      reader.result.mentions
        .slice(before)
        .map((m) => m.ref.slice(0, m.ref.lastIndexOf('#')))
        .find((r) => r !== reader.refContext.ownRepo) ??
      reader.sectionRepo;
    if (known === undefined)
      for (const path of paths)
        reader.result.patches.push({
          path,
          source: reader.source,
          line,
          retired,
          repo: repoOfPatch,
        });
  } finally {
    reader.rowRepo = null;
  }
  return true;
}

/**
 * The path a bullet opens with: `` `x.patch` ``, `` **`x.patch`** ``, or a
 * path in bold alone (`**0003-fix.patch** — …`, session 12), never plain text.
 */
function leadPath(lead: Nodes | undefined): string | null {
  if (lead?.type === 'inlineCode') return lead.value;
  if (lead?.type !== 'strong' && lead?.type !== 'emphasis') return null;
  if (lead.children.length !== 1) return null;
  const inner = lead.children[0];
  if (inner?.type === 'inlineCode') return inner.value;
  if (inner?.type === 'text' && !/\s/.test(inner.value.trim())) return inner.value.trim();
  return null;
}

/** `path` (root-relative) as the ledger writes it: relative to the patches folder. */
function relativeToDir(path: string, dir: string): string {
  return dir !== '' && dir !== '.' && path.startsWith(`${dir}/`)
    ? path.slice(dir.length + 1)
    : path;
}

/** The default patch extensions (config `patches.extensions`): a bullet's path must have one. */
const PATCH_FILE = /\.(?:patch|diff|py|sh)$/i;

/** A block of a patch bullet: paragraphs and quotes as prose of the patch, nested lists likewise. */
function readBulletBlock(
  reader: LedgerReader,
  node: Nodes,
  patch: string,
  label: Role | null = null,
): void {
  if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') {
    readProse(reader, node, patch, label);
    return;
  }
  if (node.type === 'listItem' && readKeyedBullet(reader, node, patch)) return;
  if (node.type === 'code' || node.type === 'html' || node.type === 'definition') return;
  if ('children' in node)
    for (const child of node.children) readBulletBlock(reader, child, patch, label);
}

/**
 * A bullet of a patch's entry that opens with a key naming a role, as an
 * UPSTREAM STATUS label does (`- fix: [#2302](…) …`, `- caused by: #2011`,
 * `- also touches: #2260 …`; session 13): the key is the base role of the
 * refs in its first paragraph, and their own words can still overrule it. A
 * key answered with `none` or `nothing` binds nothing (`- fix: none yet;
 * waiting on #130`). Returns false for a bullet with no such key.
 */
function readKeyedBullet(reader: LedgerReader, item: ListItem, patch: string): boolean {
  const [first, ...rest] = item.children;
  if (first?.type !== 'paragraph') return false;
  const text = flattenInline(reader.doc, first).text;
  const key = KEY.exec(text);
  if (key === null) return false;
  if (STATE_KEY.test(key[0])) statesOfEntry(reader, patch, text, key[0].length, item);
  const label = readLabel(text, false);
  if (label === null) return false;
  readProse(reader, first, patch, NO_ANSWER.test(text.slice(key[0].length)) ? null : label, true);
  for (const child of rest) readBulletBlock(reader, child, patch);
  return true;
}

/** `- **State:** MERGED …`, `- status: OPEN`: a key that gives the entry's PRs their state. */
const STATE_KEY = /^(?:PR\s+)?(?:state|status)\??:/i;

/**
 * `- **State:** MERGED (but reverted in #9188)` in a patch's entry
 * (session 14, q37; q34's `- status: OPEN`): the state of the PRs the entry
 * named before it as its fix or ours, where they have none written beside
 * them; "reverted" there says their merge was taken back. Its own refs are
 * still read, as prose, by the caller.
 */
function statesOfEntry(
  reader: LedgerReader,
  patch: string,
  text: string,
  at: number,
  item: ListItem,
): void {
  const written = stateWordAt(text, at);
  if (written === null) return;
  const line = item.position?.start.line ?? 1;
  const reverted = /(?<!\b(?:not|never)\s+)\breverted\b/i.test(text.slice(written.end));
  const mentions = reader.result.mentions;
  for (let i = mentions.length - 1; i >= 0; i--) {
    const m = mentions[i]!;
    if (m.patch !== patch || m.source !== reader.source) break;
    if (m.kindHint === 'issue' || (m.role !== 'fix' && m.role !== 'own')) continue;
    if (m.recordedState === null) {
      m.recordedState = written.state;
      if (m.line !== line) m.stateLine = line;
    }
    if (reverted) m.role = applyCue(m.role, 'reverted');
  }
}

/** A bullet's key: one to three words and a colon. */
const KEY = /^[A-Za-z][\w'/-]*(?: [A-Za-z][\w'/-]*){0,2}\??:[ \t]+/;
/** `none`, `nothing …`, `n/a`, `not yet`, `not sent yet`: the key names no ref. */
const NO_ANSWER =
  /^[*_`]*(?:none|nothing|n\/a|not\s+yet|not\s+(?:sent|filed|opened|submitted|upstreamed)\b|no\s+(?:PR|fix|issue)\b)/i;

/** A container in the *Not patches* section: its paths are not patches, its refs are prose. */
function readLoose(reader: LedgerReader, node: Nodes): void {
  const codes = inlineCodes(node).map((c) => c.value);
  // `- patches/apply.sh (driver)`: a patch file's path written plainly, first.
  if (codes.length === 0) {
    const word = /^\s*(\S+)/.exec(flattenInline(reader.doc, node).text)?.[1] ?? '';
    if (PATCH_FILE.test(word) && isPathLike(word)) codes.push(word);
  }
  const paths = resolvePaths(codes, reader.patchesDir, (message) =>
    reportProblem(reader, node.position?.start.line ?? 1, message),
  );
  for (const path of paths) {
    if (!reader.result.notPatches.includes(path)) reader.result.notPatches.push(path);
  }
  readProse(reader, node);
}

const ROW = /^[ \t]*\|.*\|[ \t]*$/;
const DELIMITER = /^[ \t]*\|?[ \t]*:?-+:?[ \t]*(?:\|[ \t]*:?-+:?[ \t]*)*\|?[ \t]*$/;

/**
 * A header row and a delimiter row that disagree on the number of columns
 * make no table in GFM: the rows fall into a paragraph. That is a broken
 * table, not prose (SPEC §2.4): say so where it starts; its refs are still
 * read, as prose.
 */
function brokenTable(reader: LedgerReader, node: Nodes): void {
  const start = node.position?.start.offset;
  const end = node.position?.end.offset;
  if (start === undefined || end === undefined) return;
  const [header = '', delimiter = ''] = reader.doc.text.slice(start, end).split('\n', 2);
  if (!ROW.test(header) || !DELIMITER.test(delimiter)) return;
  const count = (row: string): number =>
    row
      .trim()
      .replace(/^\||\|$/g, '')
      .split('|').length;
  reportProblem(
    reader,
    node.position?.start.line ?? 1,
    `this table's header row has ${count(header)} columns but its delimiter row has ${count(delimiter)}, so it is not read as a table; make them agree`,
  );
}
