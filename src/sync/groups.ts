/**
 * Recorded state words grouped by where they are written: one word can
 * record several refs (`both OPEN`, `#a / #b (MERGED)`). For each group sync
 * decides whether one word (and date) still holds for every ref, or the refs
 * have parted and each needs its own state.
 */
import type { LiveState, Mention, RefKey, Span, State } from '../model.js';
import { parseStateWord } from '../states.js';
import { foundLive, stateDay, targetState, type LiveMap } from './target.js';
import { dateSlotAfter, lineAt, type DateSlot } from './words.js';

export interface StateGroup {
  span: Span;
  recorded: State;
  /** The word as written (its case is kept when rewriting). */
  written: string;
  /** Distinct refs in reading order. */
  refs: RefKey[];
  /** Line of the first mention (where the refs start). */
  firstLine: number;
  /** Line of the state word. */
  line: number;
  slot: DateSlot | null;
}

export interface RefTarget {
  ref: RefKey;
  state: State;
  /** The date to write after the state, or null for none. */
  date: string | null;
  live: LiveState | null;
}

export type Decision =
  | { kind: 'same'; state: State; date: string | null; targets: RefTarget[] }
  | { kind: 'split'; targets: RefTarget[] };

/**
 * Mentions with a recorded state word, grouped by its span. A span whose
 * text does not read as the recorded state means the text is not the one
 * the reader saw: that group is dropped rather than overwrite other bytes.
 */
export function stateGroups(mentions: readonly Mention[], text: string): StateGroup[] {
  const bySpan = new Map<string, StateGroup>();
  for (const m of mentions) {
    const span = m.stateSpan;
    if (!span || m.recordedState === null) continue;
    const written = text.slice(span.start, span.end);
    if (parseStateWord(written) !== m.recordedState) continue;
    const key = `${span.start}:${span.end}`;
    const group = bySpan.get(key);
    if (group === undefined) {
      bySpan.set(key, {
        span,
        recorded: m.recordedState,
        written,
        refs: [m.ref],
        firstLine: m.line,
        line: lineAt(text, span.start),
        slot: dateSlotAfter(text, span.end),
      });
    } else {
      if (!group.refs.includes(m.ref)) group.refs.push(m.ref);
      group.firstLine = Math.min(group.firstLine, m.line);
    }
  }
  return [...bySpan.values()].sort((a, b) => a.span.start - b.span.start);
}

/**
 * `insertDate`: the place may gain a merge date it did not have (a ledger
 * state cell going to MERGED); elsewhere an existing date is only kept right.
 */
export function decide(group: StateGroup, live: LiveMap, insertDate: boolean): Decision {
  const { recorded, slot } = group;
  const base = group.refs.map((ref) => {
    const l = foundLive(live, ref);
    const state = targetState(recorded, l);
    return { ref, state, live: l, day: stateDay(l, state) };
  });
  const datesMatter =
    slot !== null ||
    (insertDate && recorded !== 'MERGED' && base.some((t) => t.state === 'MERGED'));
  const targets: RefTarget[] = base.map((t) => ({
    ref: t.ref,
    state: t.state,
    live: t.live,
    // A ref GitHub gave no date for keeps the date written, while its state stands.
    date: datesMatter ? (t.day ?? (t.state === recorded ? (slot?.value ?? null) : null)) : null,
  }));
  const first = targets[0]!;
  const same = targets.every((t) => t.state === first.state && t.date === first.date);
  return same
    ? { kind: 'same', state: first.state, date: first.date, targets }
    : { kind: 'split', targets };
}

/** `MERGED 2026-08-12` / `OPEN`: how a state and its date read in a change report. */
export function describeState(state: string, date: string | null | undefined): string {
  return date ? `${state} ${date}` : state;
}
