/**
 * Edits for one state group: rewrite the word (and its date) in place when
 * one state still holds for every ref, or give each ref its own state when
 * they have parted — in a ledger cell as `#a MERGED 2026-08-12; #b OPEN`,
 * in prose as `#a (MERGED) / #b (OPEN)`, the forms the readers read back.
 */
import { splitRefKey, type State } from '../model.js';
import type { TextEdit } from './edits.js';
import { locateRefEnds } from './ref-ends.js';
import { describeState, type Decision, type RefTarget, type StateGroup } from './groups.js';
import type { SyncChange } from './types.js';
import { afterClosers, casedLike, emphasisOf, insideParens, quantifierStart } from './words.js';

export interface GroupEdits {
  edits: TextEdit[];
  changes: SyncChange[];
}

/** Changes for the refs whose state or date differ from what was written. */
function changesFor(group: StateGroup, targets: readonly RefTarget[]): SyncChange[] {
  const from = describeState(group.recorded, group.slot?.value);
  return targets.flatMap((t) => {
    const to = describeState(
      t.state,
      t.date ?? (t.state === group.recorded ? group.slot?.value : null),
    );
    return to === from ? [] : [{ ref: t.ref, line: group.line, field: 'state' as const, from, to }];
  });
}

/** One state for every ref: only the word and the date next to it change. */
export function rewriteInPlace(
  text: string,
  group: StateGroup,
  decision: Extract<Decision, { kind: 'same' }>,
): GroupEdits {
  const edits: TextEdit[] = [];
  const { span, slot } = group;
  if (decision.state !== group.recorded) {
    edits.push({ ...span, text: casedLike(decision.state, group.written) });
  }
  if (slot !== null) {
    if (decision.date === null) {
      if (decision.state !== group.recorded)
        edits.push({ start: slot.start, end: slot.date.end, text: '' });
    } else if (decision.date !== slot.value) {
      edits.push({ ...slot.date, text: decision.date });
    }
  } else if (decision.date !== null) {
    edits.push({
      start: afterClosers(text, span.end),
      end: afterClosers(text, span.end),
      text: ` ${decision.date}`,
    });
  }
  return { edits, changes: edits.length === 0 ? [] : changesFor(group, decision.targets) };
}

/** A state as sync writes it, in the emphasis and case the file used for the old one. */
function stateText(text: string, group: StateGroup, state: State, date: string | null): string {
  const mark = emphasisOf(text, group.span);
  const word = `${mark}${casedLike(state, group.written)}${mark}`;
  return date === null ? word : `${word} ${date}`;
}

/** The end of what the old state occupied: its word, closing emphasis and date. */
function writtenEnd(text: string, group: StateGroup): number {
  return afterClosers(text, group.slot === null ? group.span.end : group.slot.date.end);
}

/**
 * A ledger state cell whose refs parted: everything from the start of the
 * cell to the end of the old state becomes `#a STATE; #b STATE`; notes after
 * it (`(re-read …)`) stay. `#N` is enough for the reader, which matches the
 * numbers against the PR cell; a number two refs share is written in full.
 */
export function splitCell(
  text: string,
  group: StateGroup,
  cellStart: number,
  targets: readonly RefTarget[],
): GroupEdits {
  const numbers = targets.map((t) => splitRefKey(t.ref).number);
  const parts = targets.map((t, i) => {
    const unique = numbers.indexOf(numbers[i]!) === numbers.lastIndexOf(numbers[i]!);
    const name = unique ? `#${numbers[i]}` : t.ref;
    return `${name} ${stateText(text, group, t.state, t.date)}`;
  });
  return {
    edits: [{ start: cellStart, end: writtenEnd(text, group), text: parts.join('; ') }],
    changes: changesFor(group, targets),
  };
}

/**
 * Prose (`#a / #b (both OPEN)`) whose refs parted: each ref but the last
 * gets its own `(STATE)` right after it, and the last keeps the old place
 * without its `both`. `refEnds` are where the refs end in the text.
 */
export function splitProse(
  text: string,
  group: StateGroup,
  refEnds: readonly number[],
  targets: readonly RefTarget[],
): GroupEdits {
  const edits: TextEdit[] = [];
  targets.forEach((t, i) => {
    const state = stateText(text, group, t.state, t.date);
    if (i < targets.length - 1) {
      const at = refEnds[i]!;
      edits.push({ start: at, end: at, text: ` (${state})` });
      return;
    }
    const start = quantifierStart(text, group.span.start);
    // `#a / #b both OPEN` had no parenthesis; a lone ref needs one to carry a state.
    const wrapped = insideParens(text, start) ? state : `(${state})`;
    edits.push({ start, end: writtenEnd(text, group), text: wrapped });
  });
  return { edits, changes: changesFor(group, targets) };
}

/** splitProse, or a note when the refs cannot be placed (then nothing is rewritten). */
export function splitProseGroup(
  text: string,
  group: StateGroup,
  targets: readonly RefTarget[],
  notes: string[],
): GroupEdits | null {
  const ends = locateRefEnds(text, group);
  if (ends === null) {
    notes.push(
      `line ${group.line}: ${group.refs.join(', ')} share one state but now differ, and sync could not find where each ref is written; edit it by hand`,
    );
    return null;
  }
  return splitProse(text, group, ends, targets);
}
