/**
 * Yocto's `Upstream-Status:` value: a status word, then usually `[where]` or
 * `[reason]` (oe-core's patch guidelines). The word is matched without regard
 * to case, as linters in the wild are lenient about it; an unknown word is a
 * problem (oe-core's QA calls it a malformed Upstream-Status), an unclosed
 * `[` is not (the QA accepts any text after the word).
 */
import type { Role, State } from '../../model.js';

export type YoctoStatusName =
  | 'Pending'
  | 'Submitted'
  | 'Accepted'
  | 'Backport'
  | 'Denied'
  | 'Inactive-Upstream'
  | 'Inappropriate';

/**
 * What a GitHub PR named after each status records about it.
 * - `Pending [<PR>]`: the PR is where the change waits upstream; its merge
 *   retires the patch, so it is the fix, with no state recorded (Pending
 *   says nothing of the PR's own state).
 * - `Accepted [<PR>]`: Yocto's older word for "taken upstream". oe-core's
 *   `patchreview.py` still counts it (its `qa.py` no longer does); it names
 *   the fix, and "accepted" is not a GitHub state, so none is recorded.
 */
export const YOCTO_MEANING: Record<
  YoctoStatusName,
  { role: Role; state: State | null; commitsMerged: boolean }
> = {
  Pending: { role: 'fix', state: null, commitsMerged: false },
  Submitted: { role: 'fix', state: 'OPEN', commitsMerged: false },
  Accepted: { role: 'fix', state: null, commitsMerged: true },
  Backport: { role: 'fix', state: 'MERGED', commitsMerged: true },
  Denied: { role: 'fix', state: 'CLOSED', commitsMerged: false },
  'Inactive-Upstream': { role: 'related', state: null, commitsMerged: false },
  Inappropriate: { role: 'related', state: null, commitsMerged: false },
};

const BY_LOWER = new Map<string, YoctoStatusName>(
  Object.keys(YOCTO_MEANING).map((name) => [name.toLowerCase(), name as YoctoStatusName]),
);

export const YOCTO_RULE =
  'Upstream-Status must be one of Pending, Submitted [where], Backport [where], Denied, Inactive-Upstream, Inappropriate [reason]';

export interface YoctoStatus {
  /** As written. */
  word: string;
  name: YoctoStatusName;
  /** Offsets of the word in the scanned text. */
  start: number;
  end: number;
}

/** The status word of the value at `[start, end)` of `text`, or why there is none. */
export function readYoctoStatus(
  text: string,
  start: number,
  end: number,
): { status: YoctoStatus } | { problem: string } {
  let wordEnd = start;
  while (wordEnd < end && isWordChar(text.charCodeAt(wordEnd))) wordEnd++;
  const word = text.slice(start, wordEnd);
  const name = BY_LOWER.get(word.toLowerCase());
  if (start === end) return { problem: `${YOCTO_RULE}; the value is empty` };
  if (name === undefined)
    return { problem: `${YOCTO_RULE}, not "${excerpt(text.slice(start, end))}"` };
  // An unclosed `[` is not a problem: oe-core's QA (meta/lib/oe/qa.py,
  // check_upstream_status) only requires the status word at the start.
  return { status: { word, name, start, end: wordEnd } };
}

function isWordChar(code: number): boolean {
  return (
    (code >= 0x41 && code <= 0x5a) || // A-Z
    (code >= 0x61 && code <= 0x7a) || // a-z
    (code >= 0x30 && code <= 0x39) || // 0-9
    code === 0x2d || // -
    code === 0x5f // _
  );
}

/** A short, one-line quote of what was written. */
export function excerpt(value: string): string {
  const line = value.slice(0, 80).replace(/\s+/g, ' ');
  return line.length > 40 ? `${line.slice(0, 39)}…` : line;
}
