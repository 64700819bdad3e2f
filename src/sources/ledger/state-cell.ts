/**
 * The PR-state cell of a patch-table row: which state it records for each
 * PR in the upstream-PR cell of the same row, and where it is written so
 * `sync` can rewrite it in place.
 */
import type { Cue } from '../meaning/cues.js';
import type { TableCell } from 'mdast';
import { splitRefKey, type RefKey } from '../../model.js';
import { scanRefs } from '../../refs.js';
import { excerpt, reportProblem, type LedgerReader } from './reader.js';
import { toRecorded, type ReadRef, type Recorded } from './refs.js';
import { readStateCell, stateWordAt, type StateCellReading } from './states.js';
import { contentRange, flattenInline, type InlineText } from '../markdown/index.js';

/** A row whose state cell records nothing: shared, never written to. */
const NO_STATES: ReadonlyMap<ReadRef, Recorded> = new Map();

/**
 * The state cell of a row → the recorded state of each upstream-PR ref it
 * covers (refs with a state written beside them keep that one). Also records
 * the cell's position for `sync`.
 */
export function readRowState(
  reader: LedgerReader,
  cell: TableCell | undefined,
  prRefs: readonly ReadRef[],
  line: number,
  /** The column was taken for the state column by what its cells hold, not its header: a cell it cannot read is prose, not a problem. */
  lenient = false,
  /** Every PR the PR cell names, asides included: `#a supersedes ours (#b) | OPEN / CLOSED`. */
  named: readonly ReadRef[] = prRefs,
): ReadonlyMap<ReadRef, Recorded> {
  if (cell === undefined) return NO_STATES;
  const covered = prRefs.filter((r) => r.beside === null);
  const keys: RefKey[] = [];
  for (const ref of covered) if (!keys.includes(ref.key)) keys.push(ref.key);
  // A cell that covers no PR is never read: nothing to report, nothing to sync.
  if (keys.length === 0) return NO_STATES;
  const inline = withoutStruckLead(reader, cell, flattenInline(reader.doc, cell));
  const out = new Map<ReadRef, Recorded>();
  // `DRAFT / open` for `[a](…); [b](…)`: one state per PR, in the PR cell's order.
  // A PR whose state is written beside it still holds its place in the list.
  // One state for each PR the cell names, asides included, when the cell
  // gives as many (session 15).
  for (const list of named === prRefs ? [prRefs] : [prRefs, named]) {
    const all = [...new Set(list.map((r) => r.key))];
    const positional = all.length > 1 ? statesByPosition(inline.text, all.length) : null;
    if (positional === null) continue;
    positional.forEach((written, i) => {
      const recorded = toRecorded(reader, inline, written, false);
      for (const ref of list) if (ref.key === all[i] && ref.beside === null) out.set(ref, recorded);
    });
    return out;
  }
  const reading = readStateCell(
    inline.text,
    scanRefs(inline.text, { aliases: reader.aliases, defaultRepo: null }),
  );
  if (reading.kind === 'unreadable' && lenient) return out;
  applyReading(reader, reading, inline, covered, keys.length > 1, line, out, prRefs);
  if (reading.kind === 'unreadable') return out;
  const range = contentRange(reader.doc, cell);
  if (range !== null) {
    const shift = reader.doc.shift;
    reader.result.stateCells.push({
      line,
      span: { start: range.start + shift, end: range.end + shift },
      refs: keys,
      text: reader.doc.text.slice(range.start, range.end),
    });
  }
  return out;
}

/** Cues that name a ref in the PR cell for something else than being the row's PR. */
const ASIDE: ReadonlySet<Cue> = new Set<Cue>([
  'issue',
  'introduced-the-defect',
  'background',
  'unrelated',
]);

/** Whether a state cell's `#N STATE` names the row's ref `r` (by full ref, else by number). */
function sameRef(r: ReadRef, entry: { ref: { key: RefKey | null }; number: number }): boolean {
  return entry.ref.key !== null
    ? r.key === entry.ref.key
    : splitRefKey(r.key).number === entry.number;
}

function applyReading(
  reader: LedgerReader,
  reading: StateCellReading,
  inline: InlineText,
  covered: readonly ReadRef[],
  shared: boolean,
  line: number,
  out: Map<ReadRef, Recorded>,
  /** Every PR of the row, also those with a state written beside them. */
  named: readonly ReadRef[] = covered,
): void {
  switch (reading.kind) {
    case 'nothing':
      return;
    case 'unreadable':
      reportProblem(
        reader,
        line,
        `PR state "${excerpt(inline.text)}" is not readable: ${reading.reason}`,
      );
      return;
    case 'shared': {
      const recorded = toRecorded(reader, inline, reading.written, shared);
      // "#a reland; regression came from #b | OPEN" (session 15): one state
      // for the row speaks of its PRs, not of the bug the cell names or a PR
      // it names as the cause or what they build on, unless it names no
      // other. `both OPEN`, and states by position or by ref, are given as written.
      // "#570 rejected, see #574 for their way | closed" (session 16): nor of a PR it points at.
      // "~~OPEN~~ MERGED 2026-11-15; #819 CLOSED" (session 16, q44): a PR the
      // cell names with a state of its own has that one; the rest share the first.
      const own = new Set<ReadRef>();
      for (const entry of reading.except ?? []) {
        const target = covered.find((r) => sameRef(r, entry));
        if (target === undefined || entry.written === null) continue;
        const mine = toRecorded(reader, inline, entry.written, false);
        for (const ref of covered)
          if (ref.key === target.key) {
            out.set(ref, mine);
            own.add(ref);
          }
      }
      const rest = covered.filter((r) => !own.has(r));
      const rows = reading.all
        ? rest
        : rest.filter((r) => (r.cue === null || !ASIDE.has(r.cue)) && !r.pointer);
      for (const ref of rows.length > 0 ? rows : rest) out.set(ref, recorded);
      return;
    }
    case 'per-ref':
      for (const entry of reading.entries) {
        // Match by full ref when the cell writes one, else by number.
        const target =
          covered.find((r) => entry.ref.key !== null && r.key === entry.ref.key) ??
          covered.find((r) => splitRefKey(r.key).number === entry.number);
        // "Our router-side PR #463 got closed | … ours (#463) CLOSED": a PR
        // whose state is written beside it keeps that one; no problem.
        const besideOwn =
          target === undefined &&
          named.some(
            (r) =>
              (entry.ref.key !== null && r.key === entry.ref.key) ||
              splitRefKey(r.key).number === entry.number,
          );
        if (besideOwn) continue;
        if (target === undefined) {
          reportProblem(
            reader,
            line,
            `PR state names ${entry.ref.text}, which is not in the upstream PR cell of this row`,
          );
        } else if (entry.written === null) {
          reportProblem(
            reader,
            line,
            `PR state for ${entry.ref.text} is not readable: expected ${entry.ref.text} OPEN|DRAFT|MERGED|CLOSED`,
          );
        } else {
          const recorded = toRecorded(reader, inline, entry.written, false);
          for (const ref of covered) if (ref.key === target.key) out.set(ref, recorded);
        }
      }
  }
}

/**
 * `~~OPEN~~ **MERGED** 2026-10-14`: a state struck through at the start of
 * the cell is the one it was, not the one it records (session 13). Its
 * letters are blanked in the flat text, so offsets still map to the source.
 */
function withoutStruckLead(reader: LedgerReader, cell: TableCell, inline: InlineText): InlineText {
  let k = 0;
  let struck = false;
  for (const child of cell.children) {
    if (child.type === 'delete') struck = true;
    else if (child.type !== 'text' || child.value.trim() !== '') break;
    k++;
  }
  if (!struck) return inline;
  const lead = flattenInline(reader.doc, {
    type: 'paragraph',
    children: cell.children.slice(0, k),
  });
  const n = lead.text.length;
  return { ...inline, text: ' '.repeat(n) + inline.text.slice(n) };
}

/**
 * `DRAFT / open`, `CLOSED / OPEN`: exactly `count` states separated by `/`,
 * each a state word (session 12). Null for any other cell; it is then read
 * as one shared state or per ref (states.ts). Not written back by `sync`.
 */
function statesByPosition(
  text: string,
  count: number,
): NonNullable<ReturnType<typeof stateWordAt>>[] | null {
  // `OPEN / CLOSED`, or `OPEN · OPEN · MERGED 2026-08-11` (session 15).
  const parts = text.split(text.includes('\u00b7') ? '\u00b7' : '/');
  if (parts.length !== count) return null;
  const out: NonNullable<ReturnType<typeof stateWordAt>>[] = [];
  let at = 0;
  for (const part of parts) {
    const lead = at + (part.length - part.trimStart().length);
    const written = stateWordAt(text, lead);
    if (written === null || written.quantified) return null;
    // Only the state and perhaps a date: `OPEN, changes requested / …` is prose.
    if (
      !/^[\s*_)\]]*(?:\d{4}-\d{2}-\d{2})?[\s*_)\]]*$/.test(
        text.slice(written.end, at + part.length),
      )
    )
      return null;
    out.push(written);
    at += part.length + 1;
  }
  return out;
}
