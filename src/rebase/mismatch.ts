/**
 * Why a hunk does not apply, in terms a person can act on: the first line
 * that differs where the hunk was expected.
 */
import type { Hunk } from './diff-hunk.js';
import { sideOf, type SearchState } from './locate.js';

export interface Mismatch {
  /** 1-based line in the target file. */
  line: number;
  /**
   * Both lines include their line ending (`'\n'`, `'\r\n'` or `''`), so a
   * CRLF-only difference is visible; `actual` is null past the end of file.
   */
  expected: string;
  actual: string | null;
}

/**
 * Compares the hunk's old side (its new side for a creation, which has no
 * old lines) with the target at GNU's first guess: the header's start plus
 * the offset of the hunks before. Null when every line matches there — the
 * hunk was refused for its place (overlapping an earlier hunk, or not at the
 * start/end of file its context requires), not for its text.
 */
export function describeFailure(
  lines: readonly string[],
  hunk: Hunk,
  reverse: boolean,
  state: SearchState,
): Mismatch | null {
  const old = sideOf(hunk, false).pattern;
  const pattern = old.length > 0 ? old : sideOf(hunk, true).pattern;
  const start = Math.max(1, sideOf(hunk, reverse).first + state.offset);
  for (const [k, expected] of pattern.entries()) {
    const actual = lines[start - 1 + k] ?? null;
    if (actual !== expected) return { line: start + k, expected, actual };
  }
  return null;
}
