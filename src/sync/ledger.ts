/**
 * Sync for a markdown ledger: every recorded state word (state cells and
 * states beside refs in prose) and the check date.
 *
 * Decisions:
 * - A state cell going to MERGED gains the merge date (`OPEN` →
 *   `MERGED 2026-08-12`), as the spec's ledgers write it; a date already
 *   beside a state is corrected; prose states gain no date.
 * - Cells that record nothing (`—`, `n/a`) are left alone: sync does not
 *   start records nobody kept.
 * - The check date becomes `today` whenever GitHub answered for any ref in
 *   the file, changed or not: sync has just re-verified them.
 */
import type { LedgerResult, StateCell } from '../sources/ledger/types.js';
import { decide, stateGroups, type StateGroup } from './groups.js';
import { rewriteInPlace, splitCell, splitProseGroup, type GroupEdits } from './rewrite.js';
import { anyAnswered, type LiveMap } from './target.js';
import type { FileEdits } from './types.js';
import { lineAt } from './words.js';

export function planLedger(
  source: LedgerResult,
  text: string,
  live: LiveMap,
  today: string,
): FileEdits {
  const out: FileEdits = { edits: [], changes: [], notes: [] };
  for (const group of stateGroups(source.mentions, text)) {
    const cell = cellOf(source.stateCells, group);
    const decision = decide(group, live, cell !== undefined);
    let result: GroupEdits | null;
    if (decision.kind === 'same') result = rewriteInPlace(text, group, decision);
    else if (cell !== undefined) result = splitCell(text, group, cell.span.start, decision.targets);
    else result = splitProseGroup(text, group, decision.targets, out.notes);
    if (result === null) continue;
    out.edits.push(...result.edits);
    out.changes.push(...result.changes);
  }
  const span = source.checkDateSpan;
  if (
    span !== null &&
    anyAnswered(
      live,
      source.mentions.map((m) => m.ref),
    )
  ) {
    const written = text.slice(span.start, span.end);
    if (written !== today) {
      out.edits.push({ ...span, text: today });
      const line = lineAt(text, span.start);
      out.changes.push({ ref: null, line, field: 'check-date', from: written, to: today });
    }
  }
  return out;
}

/** The state cell a group's word is written in, if it is in one. */
function cellOf(cells: readonly StateCell[], group: StateGroup): StateCell | undefined {
  return cells.find((c) => c.span.start <= group.span.start && group.span.end <= c.span.end);
}
