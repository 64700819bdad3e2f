/**
 * The PR-state cell of a patch-table row: which state it records for each
 * PR in the upstream-PR cell of the same row, and where it is written so
 * `sync` can rewrite it in place.
 */
import type { TableCell } from 'mdast';
import { splitRefKey, type RefKey } from '../../model.js';
import { scanRefs } from '../../refs.js';
import { excerpt, reportProblem, type LedgerReader } from './reader.js';
import { toRecorded, type ReadRef, type Recorded } from './refs.js';
import { readStateCell, type StateCellReading } from './states.js';
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
): ReadonlyMap<ReadRef, Recorded> {
  if (cell === undefined) return NO_STATES;
  const covered = prRefs.filter((r) => r.beside === null);
  const keys: RefKey[] = [];
  for (const ref of covered) if (!keys.includes(ref.key)) keys.push(ref.key);
  // A cell that covers no PR is never read: nothing to report, nothing to sync.
  if (keys.length === 0) return NO_STATES;
  const inline = flattenInline(reader.doc, cell);
  const reading = readStateCell(
    inline.text,
    scanRefs(inline.text, { aliases: reader.aliases, defaultRepo: null }),
  );
  const out = new Map<ReadRef, Recorded>();
  if (reading.kind === 'unreadable' && lenient) return out;
  applyReading(reader, reading, inline, covered, keys.length > 1, line, out);
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

function applyReading(
  reader: LedgerReader,
  reading: StateCellReading,
  inline: InlineText,
  covered: readonly ReadRef[],
  shared: boolean,
  line: number,
  out: Map<ReadRef, Recorded>,
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
      for (const ref of covered) out.set(ref, recorded);
      return;
    }
    case 'per-ref':
      for (const entry of reading.entries) {
        // Match by full ref when the cell writes one, else by number.
        const target =
          covered.find((r) => entry.ref.key !== null && r.key === entry.ref.key) ??
          covered.find((r) => splitRefKey(r.key).number === entry.number);
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
