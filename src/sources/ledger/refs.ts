/**
 * Refs in one inline container of the ledger (a cell, a paragraph), each with
 * its source line and the state written beside it, if any. Ambiguous refs are
 * reported here; private-tracker refs (`internal#N`) are dropped.
 */
import type { Mention, RefKey, RefKind, Role, Span, State } from '../../model.js';
import { scanRefs, type FoundRef } from '../../refs.js';
import type { LedgerReader } from './reader.js';
import { type InlineText, sourceOffset } from '../markdown/index.js';
import { stateBeside, type WrittenState } from './states.js';

/** A state as recorded for one ref, in original-text offsets. */
export interface Recorded {
  state: State;
  date: string | null;
  span: Span;
  shared: boolean;
}

export interface ReadRef {
  key: RefKey;
  kindHint: RefKind | null;
  line: number;
  found: FoundRef;
  beside: Recorded | null;
}

// Refs that share one parenthetical state: `#a / #b (MERGED)` always; with
// `(both MERGED)` also `#a, #b`, `#a and #b`, `#a & #b`.
const GROUP_SLASH = /^\s*\/\s*$/;
const GROUP_QUANTIFIED = /^\s*(?:\/|,|&|\+|and)\s*$/i;

/** Scan `inline` for refs; `patch` is only used to report ambiguous ones. */
export function readRefs(
  reader: LedgerReader,
  inline: InlineText,
  patch: string | null,
): ReadRef[] {
  const found = scanRefs(inline.text, { aliases: reader.aliases, defaultRepo: null });
  const beside = besideStates(reader, inline, found);
  const out: ReadRef[] = [];
  found.forEach((ref, i) => {
    if (ref.internal) return;
    const line = reader.doc.lineOf(sourceOffset(inline, ref.start, 'start'));
    if (ref.key === null) {
      reader.result.ambiguous.push({ text: ref.text, source: reader.source, line, patch });
      return;
    }
    out.push({ key: ref.key, kindHint: ref.kindHint, line, found: ref, beside: beside[i] ?? null });
  });
  return out;
}

function besideStates(
  reader: LedgerReader,
  inline: InlineText,
  found: readonly FoundRef[],
): (Recorded | null)[] {
  const out: (Recorded | null)[] = found.map(() => null);
  const { text } = inline;
  found.forEach((ref, i) => {
    const written = stateBeside(text, ref.end);
    if (written === null) return;
    const joins = written.quantified ? GROUP_QUANTIFIED : GROUP_SLASH;
    let first = i;
    while (first > 0) {
      const prev = found[first - 1]!;
      if (!joins.test(text.slice(prev.end, found[first]!.start))) break;
      first--;
    }
    const recorded = toRecorded(reader, inline, written, i - first + 1 > 1);
    for (let k = first; k <= i; k++) out[k] ??= recorded;
  });
  return out;
}

/** A written state in flat offsets → original-text offsets. */
export function toRecorded(
  reader: LedgerReader,
  inline: InlineText,
  written: WrittenState,
  shared: boolean,
): Recorded {
  const start = sourceOffset(inline, written.start, 'start') + reader.doc.shift;
  const end = sourceOffset(inline, written.end, 'end') + reader.doc.shift;
  return { state: written.state, date: written.date, span: { start, end }, shared };
}

export function toMention(
  reader: LedgerReader,
  ref: ReadRef,
  patch: string | null,
  role: Role,
  recorded: Recorded | null,
  kindHint: RefKind | null = ref.kindHint,
): Mention {
  return {
    ref: ref.key,
    kindHint,
    source: reader.source,
    sourceKind: 'ledger',
    line: ref.line,
    patch,
    role,
    recordedState: recorded?.state ?? null,
    recordedDate: recorded?.date ?? null,
    stateSpan: recorded?.span ?? null,
    sharedState: recorded?.shared ?? false,
  };
}
