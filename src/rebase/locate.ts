/**
 * Where a hunk applies at fuzz 0, reproducing GNU patch 2.7.6 `locate_hunk`
 * (behaviour checked against /usr/bin/patch, see test/rebase/locate.test.ts):
 *
 * - the first guess is the hunk's start plus the offset earned by the hunks
 *   before it; from there the search goes outward, trying +k before -k at
 *   each distance k;
 * - a hunk may not start at or before the last line an earlier hunk changed
 *   (its "frozen" line), but may reuse that hunk's trailing context;
 * - a hunk with less leading than trailing context (cut off by the start of
 *   the file) matches only at line 1 if its header says line 1; one with
 *   less trailing than leading context matches only at the end of the file;
 * - a hunk with no old lines (a pure insertion, `-U0`) matches anywhere,
 *   unless it would insert before the frozen line ("misordered hunks").
 */
import type { Hunk } from './diff-hunk.js';
import { rawLine } from './lines.js';

/** A hunk seen from one side: forward (old → new) or reversed (new → old). */
export interface Side {
  /** Lines that must be found: context plus the lines this side removes. */
  pattern: string[];
  /** Header start of the pattern, already moved past an empty range. */
  first: number;
  prefixContext: number;
  suffixContext: number;
  /** Pattern lines up to the last change: GNU freezes the target through there. */
  lastChange: number;
}

export interface SearchState {
  /** Cumulative offset of the hunks found so far (GNU `in_offset`). */
  offset: number;
  /** Last target line an applied hunk changed (GNU `last_frozen_line`). */
  frozen: number;
}

export function sideOf(hunk: Hunk, reverse: boolean): Side {
  const removed = reverse ? '+' : '-';
  const pattern: string[] = [];
  let lastChange = 0;
  for (const line of hunk.lines) {
    if (line.op === ' ' || line.op === removed) pattern.push(rawLine(line));
    // GNU freezes up to a removed line itself, but only up to the line
    // before an insertion point.
    if (line.op === removed) lastChange = pattern.length;
    else if (line.op !== ' ') lastChange = Math.max(lastChange, pattern.length);
  }
  const start = reverse ? hunk.newStart : hunk.oldStart;
  const ops = hunk.lines.map((l) => l.op);
  const prefixContext = ops.findIndex((op) => op !== ' ');
  const suffixContext = ops.length - 1 - ops.findLastIndex((op) => op !== ' ');
  return {
    pattern,
    // GNU appends after line N for `-N,0` rather than inserting before it.
    first: pattern.length === 0 ? start + 1 : start,
    prefixContext: prefixContext === -1 ? ops.length : prefixContext,
    suffixContext: prefixContext === -1 ? ops.length : suffixContext,
    lastChange,
  };
}

export function matchesAt(lines: readonly string[], pattern: readonly string[], where: number) {
  if (where < 1 || where - 1 + pattern.length > lines.length) return false;
  return pattern.every((p, k) => lines[where - 1 + k] === p);
}

/**
 * The 1-based target line where the side's pattern starts, or null. Like
 * GNU, the search takes the first match it meets and only then checks that
 * the hunk would not write before the frozen line, so a misordered first
 * match fails the hunk rather than letting the search go on.
 */
export function locateSide(lines: readonly string[], side: Side, state: SearchState) {
  const where = search(lines, side, state);
  return where !== null && where + side.prefixContext - 1 >= state.frozen ? where : null;
}

function search(lines: readonly string[], side: Side, state: SearchState): number | null {
  const firstGuess = side.first + state.offset;
  const patLines = side.pattern.length;
  if (patLines === 0) return firstGuess;
  const context = Math.max(side.prefixContext, side.suffixContext);
  const found = (where: number) => (matchesAt(lines, side.pattern, where) ? where : null);
  if (side.prefixContext < context && side.first <= 1) {
    return state.frozen <= side.prefixContext ? found(1) : null;
  }
  const maxWhere = lines.length - patLines + 1;
  const minWhere = Math.max(state.frozen + 1, 1);
  if (side.suffixContext < context) return maxWhere >= minWhere ? found(maxWhere) : null;
  const maxPos = maxWhere - firstGuess;
  const maxNeg = firstGuess - minWhere;
  for (let k = 0; k <= Math.max(maxPos, maxNeg); k++) {
    if (k <= maxPos && found(firstGuess + k)) return firstGuess + k;
    if (k > 0 && k <= maxNeg && found(firstGuess - k)) return firstGuess - k;
  }
  return null;
}

/** The state after the side was applied at `where`. */
export function advance(side: Side, where: number): SearchState {
  return { offset: where - side.first, frozen: where + side.lastChange - 1 };
}
