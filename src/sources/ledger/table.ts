/**
 * One ledger table with a patch column: each row names a patch (or repeats
 * the one above with a ditto mark), the PRs and issues upstream, and the
 * state recorded for those PRs. Rows are read independently, so a broken
 * row is a ParseProblem and the rows around it still count.
 */
import type { Table, TableCell, TableRow } from 'mdast';
import type { Mention, Role } from '../../model.js';
import { findColumns, type Columns } from './columns.js';
import { isPathLike, readDitto, resolvePaths } from './paths.js';
import { readProse } from './prose.js';
import { excerpt, reportProblem, reposIn, type LedgerReader } from './reader.js';
import { readRefs, toMention, type ReadRef, type Recorded } from './refs.js';
import { readRowState } from './state-cell.js';
import { refNumber } from './states.js';
import { applyCue, tailCue, type Cue } from '../meaning/cues.js';
import { mayHoldRef, scanRefs } from '../../refs.js';
import {
  flattenInline,
  inlineCodes,
  mayNameRef,
  tableRows,
  type InlineText,
} from '../markdown/index.js';

export function readTable(reader: LedgerReader, table: Table, retiredSection: boolean): void {
  // Row by row, each built as it is read (markdown/table-rows.ts).
  const rows = tableRows(table);
  const header = rows.at(0);
  if (header === undefined) return;
  const headers = header.children.map((c) => flattenInline(reader.doc, c).text);
  const named = findColumns(headers);
  const { columns, stateInferred } = inferColumns(reader, rows, named, headers);
  if (columns.patch === null) {
    // No patch column: refs in it are prose, belonging to no patch — but a
    // summary table with a PR and a state column (`| 02 | scheduler fix |
    // #5012 | MERGED |`, session 16, q47) still records its PRs' states.
    for (let k = 1; k < rows.length; k++) {
      const row = rows.at(k);
      if (row === undefined) continue;
      if (columns.pr !== null && columns.state !== null) readStatedRow(reader, row, columns);
      else for (const cell of row.children) readProse(reader, cell);
    }
    return;
  }
  const retired = retiredSection || columns.retires;
  const notes = notesColumns(headers);
  const piped = startsWithPipe(reader.doc.text, header.position?.start.offset);
  let above: string | null = null;
  try {
    for (let k = 1; k < rows.length; k++) {
      let row = rows.at(k);
      if (row === undefined) continue;
      // Rows are built as they are asked for: the next one only for a row that stops short.
      const joined = piped
        ? joinBrokenRow(reader.doc.text, row, () => rows.at(k + 1), header.children.length)
        : null;
      if (joined !== null) k++;
      row = joined ?? row;
      reader.rowRepo = rowRepoOf(reader, row);
      if (above !== null && piped && isWrappedTail(reader.doc.text, row)) {
        // The rest of the row above, wrapped by an editor: its notes.
        for (const cell of row.children) readProse(reader, cell, above);
        continue;
      }
      above = readRow(reader, row, columns, retired, above, notes, stateInferred);
    }
  } finally {
    reader.rowRepo = null;
  }
}

/**
 * A row of a table with no patch column: its PR cell's refs belong to no
 * patch, with the state its state cell gives them (read leniently: a cell
 * it cannot read is prose), their role what their words say; the other
 * cells are prose.
 */
function readStatedRow(reader: LedgerReader, row: TableRow, columns: Columns): void {
  const line = row.position?.start.line ?? 1;
  row.children.forEach((cell, index) => {
    if (index === columns.state) return;
    if (index !== columns.pr) {
      readProse(reader, cell);
      return;
    }
    const refs = readRefs(reader, flattenInline(reader.doc, cell), null);
    if (refs.length === 0) return;
    const states = readRowState(reader, row.children[columns.state!], refs, line, true);
    for (const ref of refs) {
      const mention = toMention(
        reader,
        ref,
        null,
        applyCue('related', ref.cue, ref.kindHint),
        ref.beside ?? states.get(ref) ?? null,
      );
      if (ref.cue === null) mention.roleByDefault = true;
      reader.result.mentions.push(mention);
    }
  });
}

/** Does the line holding `offset` start with `|` (after indentation)? */
function startsWithPipe(text: string, offset: number | undefined): boolean {
  if (offset === undefined) return false;
  const start = text.lastIndexOf('\n', offset - 1) + 1;
  return /^[ \t]*\|/.test(text.slice(start, start + 16));
}

/**
 * `so only⏎#6561 would retire this patch |` (session 14): in a table whose
 * rows start with `|`, a row that does not, and fills one cell, is the end
 * of the row above broken by an editor's wrap, not a patch's row (SPEC
 * §2.4: a table can be read even where a row is broken).
 */
function isWrappedTail(text: string, row: TableRow): boolean {
  if (startsWithPipe(text, row.position?.start.offset)) return false;
  let filled = 0;
  for (const cell of row.children) if (cell.children.length > 0) filled++;
  return filled <= 1;
}

/**
 * `| … | [#17088](…) reland; regression came from⏎[#16402](…) | OPEN | … |`:
 * in a table whose rows start with `|`, a row that stops short (fewer cells
 * than the header, no closing `|`) and a next line that does not start with
 * `|` are one row an editor wrapped inside a cell. The cell broken in two is
 * one cell again; the rest follow in their columns. Null when not so.
 */
function joinBrokenRow(
  text: string,
  row: TableRow,
  nextRow: () => TableRow | undefined,
  width: number,
): TableRow | null {
  const cells = row.children;
  const last = cells.at(-1);
  if (cells.length >= width || last === undefined) return null;
  const end = row.position?.end.offset;
  if (end === undefined || text.slice(0, end).trimEnd().endsWith('|')) return null;
  const next = nextRow();
  const first = next?.children[0];
  if (next === undefined || first === undefined) return null;
  if (startsWithPipe(text, next.position?.start.offset)) return null;
  const start = row.position?.start;
  const stop = next.position?.end;
  const cell: TableCell = {
    type: 'tableCell',
    children: [...last.children, ...first.children],
    ...(last.position && first.position
      ? { position: { start: last.position.start, end: first.position.end } }
      : {}),
  };
  return {
    type: 'tableRow',
    children: [...cells.slice(0, -1), cell, ...next.children.slice(1)],
    ...(start && stop ? { position: { start, end: stop } } : {}),
  };
}

/** `owner/repo` that some alias names (a patch path `cairnkv/0002-x.patch` is none). */
function isKnownRepo(reader: LedgerReader, word: string): boolean {
  if (!word.includes('/')) return false;
  for (const repo of reader.aliases.values()) if (repo === word) return true;
  return false;
}

/**
 * The one repository a row names, worked out when a bare `#N` first asks:
 * its full refs' (`brisa#5102` beside a bare `#5087`), else a cell that is
 * only a repository's alias or `owner/repo` (an `upstream` column's
 * `lexcrate`). The project's own repository names nothing here.
 */
function rowRepoOf(reader: LedgerReader, row: TableRow): () => string | null {
  let repo: string | null | undefined;
  return () => {
    if (repo !== undefined) return repo;
    const { text } = reader.doc;
    const own = reader.refContext.ownRepo ?? null;
    const start = row.position?.start.offset ?? 0;
    const end = row.position?.end.offset ?? start;
    const named = reposIn(reader, start, end);
    if (named.size === 0) {
      for (const cell of row.children) {
        const from = cell.position?.start.offset ?? 0;
        const word = text
          .slice(from, cell.position?.end.offset ?? from)
          .replace(/[|`*_[\]]/g, '')
          .trim()
          .toLowerCase();
        const aliased = reader.aliases.get(word) ?? (isKnownRepo(reader, word) ? word : null);
        if (aliased !== null && aliased !== own) named.add(aliased);
      }
    }
    repo = named.size === 1 ? ([...named][0] ?? null) : null;
    return repo;
  };
}

const NO_REFS: readonly ReadRef[] = [];

/** A cell that opens with a state: `OPEN`, `**MERGED** 2026-10-02`, `(draft)`, `both OPEN`, `PR OPEN`. */
const STATE_LEAD = /^[\s(*_[]*(?:(?:PR|ours|both)\s+)?(?:open|merged|closed|draft|landed)\b/i;
const NOT_PR_HEADER =
  /\b(?:see|related|background|context|cause[sd]?|caused|regress\w*|introduced|culprit|collisions?|conflicts?|anchor|history|links?|why)\b/i;
/** How many body rows are looked at to tell a column by what it holds. */
const SAMPLE_ROWS = 30;

/**
 * Columns the header names, and, when a patch table's header names no PR
 * or no state column, the ones its cells show (session 11: a held-out
 * ledger headed them `tracked as` and `where it stands`): the first column
 * most of whose cells name a ref is the PR column; the first most of whose
 * cells open with a state word is the state column. A state column found so
 * is read leniently: a cell that says something else is prose, not a
 * parse-error.
 */
function inferColumns(
  reader: LedgerReader,
  rows: ReturnType<typeof tableRows>,
  named: Columns,
  headers: readonly string[],
): { columns: Columns; stateInferred: boolean } {
  if (named.patch === null || (named.pr !== null && named.state !== null))
    return { columns: named, stateInferred: false };
  const width = rows.at(0)?.children.length ?? 0;
  const taken = new Set([named.patch, named.issue, named.ours, named.pr, named.state]);
  // A notes column is prose whatever its cells start with ("merged upstream, but …").
  for (const c of notesColumns(headers)) taken.add(c);
  const refs = new Array<number>(width).fill(0);
  const states = new Array<number>(width).fill(0);
  const filled = new Array<number>(width).fill(0);
  const last = Math.min(rows.length, SAMPLE_ROWS + 1);
  for (let k = 1; k < last; k++) {
    const cells = rows.at(k)?.children ?? [];
    for (let c = 0; c < width; c++) {
      if (taken.has(c)) continue;
      const cell = cells[c];
      if (cell === undefined) continue;
      const text = flattenInline(reader.doc, cell).text.trim();
      if (text === '' || /^[-—–]+$/.test(text)) continue;
      filled[c]!++;
      // Upper-case, or a short cell: "open question about …" is prose.
      const lead = STATE_LEAD.exec(text);
      if (lead !== null && (text.length <= 40 || /[A-Z]{4}/.test(lead[0]))) states[c]!++;
      if (mayHoldRef(text) && scanRefs(text, reader.refContext).length > 0) refs[c]!++;
    }
  }
  const most = (counts: number[]): number | null => {
    for (let c = 0; c < width; c++) {
      const n = counts[c]!;
      if (!taken.has(c) && n >= 2 && n * 2 >= filled[c]!) return c;
    }
    return null;
  };
  const columns = { ...named };
  if (columns.state === null) columns.state = most(states);
  if (columns.state !== null) taken.add(columns.state);
  // A column that says its refs are something else is never the PR column:
  // "see also", "related", "cause", "background" refs read as fixes would be drop advice.
  headers.forEach((h, c) => {
    if (NOT_PR_HEADER.test(h)) taken.add(c);
  });
  if (columns.pr === null) columns.pr = most(refs);
  return { columns, stateInferred: named.state === null && columns.state !== null };
}

interface RowPatch {
  /** The patch mentions in this row belong to (the first path of a patch row). */
  patch: string | null;
  /** Paths this row indexes: empty for ditto and broken rows. */
  paths: string[];
  /** From a ditto parenthetical; null = fix (or own). */
  dittoRole: Role | null;
}

/** Read one body row; returns the patch a ditto mark on the next row repeats. */
function readRow(
  reader: LedgerReader,
  row: TableRow,
  columns: Columns,
  retired: boolean,
  above: string | null,
  notes: readonly number[],
  stateInferred = false,
): string | null {
  const line = row.position?.start.line ?? 1;
  const cells = row.children;
  const { doc } = reader;
  // Each cell flattened once (the patch and ours cells are read twice), a
  // cell read only for its refs not at all when it can name none, and the
  // state cell only when it covers a PR (state-cell.ts).
  const inlines: (InlineText | undefined)[] = [];
  for (let index = 0; index < cells.length; index++) {
    const cell = cells[index]!;
    const wanted =
      index !== columns.state &&
      (index === columns.patch ||
        index === columns.ours ||
        notes.includes(index) ||
        mayNameRef(doc, cell));
    inlines.push(wanted ? flattenInline(doc, cell) : undefined);
  }
  const patchColumn = columns.patch ?? 0;
  const rowPatch = readPatchCell(
    reader,
    cells[patchColumn],
    inlines[patchColumn],
    line,
    above,
    patchColumn,
  );
  const patch = rowPatch.patch;
  if (rowPatch.dittoRole === null && rowPatch.paths.length === 0 && patch !== null)
    rowPatch.dittoRole =
      dittoRoleBeside(reader, cells, columns, patchColumn) ??
      dittoElsewhere(reader, cells, inlines, columns, patchColumn);

  // Every cell but the state cell is scanned, left to right, in document order.
  const refsByCell: (readonly ReadRef[])[] = [];
  for (let index = 0; index < inlines.length; index++) {
    const inline = inlines[index];
    refsByCell.push(inline === undefined ? NO_REFS : readRefs(reader, inline, patch));
  }
  const prRefs = columns.pr === null ? NO_REFS : (refsByCell[columns.pr] ?? NO_REFS);
  const issueRefs = columns.issue === null ? NO_REFS : (refsByCell[columns.issue] ?? NO_REFS);
  const stateCell = columns.state === null ? undefined : cells[columns.state];
  // "#2370, #2388 (also #2371, see script) | both OPEN": a ref in an aside
  // of the PR cell is not one the state cell speaks of.
  const prText = columns.pr === null ? '' : (inlines[columns.pr]?.text ?? '');
  let stated = prRefs;
  if (prRefs.length > 1 && prText.includes('(')) {
    const aside = inParentheses(prText, prRefs);
    stated = prRefs.filter((_, i) => !aside[i]);
  }
  const fromStateCell = readRowState(reader, stateCell, stated, line, stateInferred, prRefs);

  const oursCell = columns.ours === null ? undefined : inlines[columns.ours];
  // `yes`, `yes (alice)`, `us (alice)`, `ours`: opened by the team (an owner column names a handle otherwise).
  const ours = oursCell !== undefined && OURS.test(oursCell.text);
  // `yes / no`, `ours / not ours`: whose each PR is, in the PR cell's order (session 12).
  const prKeys = [...new Set(stated.map((r) => r.key))];
  const oursParts = oursCell !== undefined && prKeys.length > 1 ? oursCell.text.split('/') : [];
  const oursOf =
    oursParts.length === prKeys.length
      ? new Map(prKeys.map((key, i) => [key, OURS.test(oursParts[i] ?? '')]))
      : null;
  // `**MERGED** 2026-10-02 (reverted)`: merged, then taken back upstream.
  // Read in the cell's source: no flattening for the one word.
  const numbers = (): Set<number> =>
    new Set([...prRefs, ...issueRefs].map((r) => refNumber(r.found)));
  const reverted = stateCell !== undefined && saysReverted(reader.doc.text, stateCell, numbers);
  const roles: RowRoles = {
    pr: retired ? 'background' : (rowPatch.dittoRole ?? (ours ? 'own' : 'fix')),
    retired,
    fromStateCell,
    reverted,
    noPr: NO_PR.test(prText),
    oursOf,
    notes: notesSay(notes, inlines),
  };
  const { mentions } = reader.result;
  for (let index = 0; index < refsByCell.length; index++) {
    const refs = refsByCell[index]!;
    for (let k = 0; k < refs.length; k++) {
      mentions.push(cellMention(reader, columns, roles, patch, refs[k]!, index));
    }
  }

  // "OPEN. History: the first fix #19410 got merged … and was reverted by
  // #19655": refs the state cell names beyond the row's own PRs and issues
  // are mentions too (every ref in the file counts), read as a note's.
  // A cell in the per-ref form (`#14 MERGED; #16 OPEN`) is all states: a
  // ref there that the row does not name is reported by state-cell.ts.
  if (stateCell !== undefined && columns.state !== null && mayNameRef(doc, stateCell)) {
    const inline = flattenInline(doc, stateCell);
    if (!PER_REF_CELL.test(inline.text)) {
      const rowNumbers = numbers();
      const extra = readRefs(reader, inline, patch, (ref) => rowNumbers.has(refNumber(ref)));
      for (const ref of extra) mentions.push(cellMention(reader, columns, roles, patch, ref, -1));
    }
  }

  if (rowPatch.paths.length > 0) {
    // The upstream the row's first PR or issue is in; the project's own
    // ("internal PR #214") is not it. A row that names no upstream ref still
    // belongs to the repo its cells or its section name (for its header's bare refs).
    const own = reader.refContext.ownRepo ?? null;
    const repoOfRef = (r: ReadRef): string => r.key.slice(0, r.key.lastIndexOf('#'));
    const first = [...prRefs, ...issueRefs].find((r) => repoOfRef(r) !== own);
    const repo =
      first === undefined ? (reader.rowRepo?.() ?? reader.sectionRepo) : repoOfRef(first);
    for (const path of rowPatch.paths) {
      reader.result.patches.push({ path, source: reader.source, line, retired, repo });
    }
  }
  return patch;
}

/**
 * A plain ditto mark whose role is written in the next cell instead of a
 * parenthetical (`| " | anchor collision | - | #5480 |`, session 11): that
 * cell, when it is short and names no ref, is read as the parenthetical.
 */
function dittoRoleBeside(
  reader: LedgerReader,
  cells: readonly TableCell[],
  columns: Columns,
  patchColumn: number,
): Role | null {
  const index = patchColumn + 1;
  const cell = cells[index];
  if (
    cell === undefined ||
    [columns.pr, columns.issue, columns.state, columns.ours].includes(index)
  )
    return null;
  const text = flattenInline(reader.doc, cell).text.trim();
  if (text === '' || text.length > 40 || mayHoldRef(text)) return null;
  return readDitto(`〃 (${text})`)?.role ?? null;
}

/** A ditto mark with its role in a cell other than the patch, PR, issue or state cell. */
function dittoElsewhere(
  reader: LedgerReader,
  cells: readonly TableCell[],
  inlines: readonly (InlineText | undefined)[],
  columns: Columns,
  patchColumn: number,
): Role | null {
  for (let index = 0; index < cells.length; index++) {
    if ([patchColumn, columns.pr, columns.issue, columns.state].includes(index)) continue;
    // Cells already flattened for their refs are not flattened again.
    const text = (inlines[index] ?? flattenInline(reader.doc, cells[index]!)).text;
    const role = readDitto(text)?.role;
    if (role != null) return role;
  }
  return null;
}

/** For each ref (in text order), whether it lies inside a parenthetical opened before it: one pass. */
function inParentheses(text: string, refs: readonly ReadRef[]): boolean[] {
  const out: boolean[] = [];
  let depth = 0;
  let i = 0;
  for (const ref of refs) {
    for (; i < ref.found.start; i++) {
      if (text[i] === '(') depth++;
      else if (text[i] === ')' && depth > 0) depth--;
    }
    out.push(depth > 0);
  }
  return out;
}

/** A state cell that opens with a ref: `#14 MERGED; #16 OPEN`, `[o/r#5](…) OPEN`. */
const PER_REF_CELL = /^\s*(?:[\w./-]*#\d|https?:\/\/)/;

function saysReverted(text: string, cell: TableCell, rowNumbers: () => Set<number>): boolean {
  const start = cell.position?.start.offset;
  const end = cell.position?.end.offset;
  if (start === undefined || end === undefined) return false;
  const source = text.slice(start, end);
  const word = /\breverted\b/i.exec(source);
  if (word === null) return false;
  // "OPEN. History: the first fix #19410 got merged and was reverted": the
  // word is about a ref the cell names before it, not the row's PR.
  for (const m of source.slice(0, word.index).matchAll(/#(\d+)|\/pull\/(\d+)/g))
    if (!rowNumbers().has(Number(m[1] ?? m[2]))) return false;
  return true;
}

/** What a row's cells need to give their refs a role and a recorded state. */
interface RowRoles {
  /** The role of the upstream-PR column's refs before their words are read. */
  pr: Role;
  retired: boolean;
  fromStateCell: ReadonlyMap<ReadRef, Recorded>;
  /** The state cell says the PR was reverted: its merge is no drop signal. */
  reverted: boolean;
  /** The PR cell opens with `n/a` / `none` / `not sent`: what it names is not the patch's PR. */
  noPr: boolean;
  /** What a notes cell naming no ref says of the row's PRs. */
  notes: NotesSay;
  /** An ours cell with one answer per PR (`yes / no`): whose each is. */
  oursOf: ReadonlyMap<string, boolean> | null;
}

const OURS = /^\s*(?:yes|y|ours|us)\b/i;

/** "n/a — maintainers want it in the rewrite (#5420)", "not sent; #3011 would fix it". */
const NO_PR = /^\s*(?:n\/a|none(?!\s+of\s+ours)|no\s+PR|not\s+(?:sent|submitted)|never\s+sent)\b/i;

interface NotesSay {
  cue: Cue | null;
  ours: boolean;
}

const NOTES_HEADER = /^\s*(?:notes?|comments?|remarks?)\s*$/i;

/** The columns headed `notes` (or `comments`, `remarks`). */
function notesColumns(headers: readonly string[]): number[] {
  const out: number[] = [];
  headers.forEach((h, i) => {
    if (NOTES_HEADER.test(h)) out.push(i);
  });
  return out;
}

/**
 * A notes cell that names no ref speaks of the row's PRs: "both ours
 * (priya)"; "gfx942 only, we keep the clamp for gfx90a regardless".
 */
function notesSay(
  notes: readonly number[],
  inlines: readonly (InlineText | undefined)[],
): NotesSay {
  for (const index of notes) {
    const inline = inlines[index];
    if (inline === undefined || inline.text.trim() === '' || mayHoldRef(inline.text)) continue;
    if (/^\s*(?:both\s+|all\s+)?ours\b/i.test(inline.text)) return { cue: null, ours: true };
    // Only words about the PRs' bearing on the patch: "an unrelated macOS
    // job" or "regressed in …" there speak of something else.
    const cue = tailCue(inline.text);
    if (cue === 'not-fix' || cue === 'retires') return { cue, ours: false };
  }
  return { cue: null, ours: false };
}

/**
 * One ref of a row as a mention. The words written about a ref in its cell
 * can overrule the column's role (meaning/cues.ts), and, where they say
 * nothing, the row's notes. A retired row's refs stay background: held-out
 * labellers split between that and `fix` (session 11), and `background`
 * is the reading that can never be taken for drop advice.
 */
function cellMention(
  reader: LedgerReader,
  columns: Columns,
  row: RowRoles,
  patch: string | null,
  ref: ReadRef,
  index: number,
): Mention {
  const roleOf = (base: Role): Role => (row.retired ? base : applyCue(base, ref.cue, ref.kindHint));
  if (index === columns.pr) {
    // "… (ours), issue prism#2188": an issue named in the PR cell takes no
    // state the cell gives the row's PRs (state-cell.ts), only its own.
    const recorded = ref.beside ?? row.fromStateCell.get(ref) ?? null;
    const mine = row.oursOf?.get(ref.key);
    const pr =
      mine !== undefined && (row.pr === 'own' || row.pr === 'fix')
        ? mine
          ? 'own'
          : 'fix'
        : row.pr;
    const base = row.noPr && pr === 'fix' ? 'related' : pr;
    let role = roleOf(base);
    if (ref.cue === null && !row.retired) {
      role =
        row.notes.ours && (role === 'fix' || role === 'related')
          ? 'own'
          : applyCue(role, row.notes.cue, ref.kindHint);
    }
    return toMention(
      reader,
      ref,
      patch,
      row.reverted ? applyCue(role, 'reverted') : role,
      recorded,
    );
  }
  if (index === columns.issue) {
    // The issue column names issues unless a URL says it is a pull request.
    const kind = ref.kindHint === 'pr' ? 'pr' : 'issue';
    const role = roleOf(row.retired ? 'background' : 'issue');
    return toMention(reader, ref, patch, role, ref.beside, kind);
  }
  return toMention(reader, ref, patch, roleOf(row.retired ? 'background' : 'related'), ref.beside);
}

function readPatchCell(
  reader: LedgerReader,
  cell: TableCell | undefined,
  inline: InlineText | undefined,
  line: number,
  above: string | null,
  column: number,
): RowPatch {
  if (cell === undefined || inline === undefined) {
    reportProblem(reader, line, `this row stops before the patch column (column ${column + 1})`);
    return { patch: null, paths: [], dittoRole: null };
  }
  const text = inline.text;
  // An empty patch cell under a patch's row continues it, as a ditto mark
  // does (session 12: `| ″ (anchor collision) | | #1029 … |`, the mark in
  // another column); the row's role comes from a mark elsewhere in the row.
  if (text.trim() === '' && above !== null) return { patch: above, paths: [], dittoRole: null };
  const ditto = readDitto(text);
  if (ditto !== null) {
    if (above === null) {
      reportProblem(
        reader,
        line,
        `ditto mark "${excerpt(text, 20)}" but the row above names no patch (first row of the table, or its patch cell is unreadable); write the patch path instead`,
      );
    }
    return { patch: above, paths: [], dittoRole: ditto.role };
  }
  // A path out of the root is a problem of its own, reported once.
  let refused = false;
  const refuse = (message: string): void => {
    refused = true;
    reportProblem(reader, line, message);
  };
  let paths = resolvePaths(
    inlineCodes(cell).map((c) => c.value),
    reader.patchesDir,
    refuse,
  );
  // A path written without backticks is still a path when the cell is nothing else.
  if (paths.length === 0 && !refused && isPathLike(text)) {
    paths = resolvePaths([text], reader.patchesDir, refuse);
  }
  if (paths.length === 0 && refused) return { patch: null, paths: [], dittoRole: null };
  if (paths.length === 0) {
    reportProblem(
      reader,
      line,
      `expected a backticked patch path (\`dir/file.py\`) or a ditto mark (″) in the patch cell, found "${excerpt(text)}"`,
    );
    return { patch: null, paths: [], dittoRole: null };
  }
  return { patch: paths[0] ?? null, paths, dittoRole: null };
}
