/**
 * The words around a ref that its meaning is read from: the start of its
 * sentence (for the lead) and a tail that stops at the next ref or after two
 * sentences. A sentence ends at `.`, `!` or `?` followed by white space (so
 * `fix.py` and `v0.5.17` do not end one), or at a blank line.
 */

function endsSentence(text: string, i: number): boolean {
  const c = text[i];
  const next = text[i + 1];
  if (c === '.' || c === '!' || c === '?')
    return next === undefined || next === ' ' || next === '\n' || next === '\t';
  return c === '\n' && /^[ \t]*\n/.test(text.slice(i + 1, i + 80));
}

/**
 * How far the words around a ref are read, each way. Bounded so that a long
 * line full of refs costs linear time, and so that a cue far away in a long
 * paragraph is not taken for one about this ref.
 */
export const WINDOW = 320;
/** The words right before a ref that can give it a state or a cue ("its MERGED PR (#n)"). */
export const NEAR = 120;

/** Offset where the sentence holding `at` starts, never before `floor` nor a window back. */
export function sentenceStart(text: string, at: number, floor: number): number {
  const stop = Math.max(floor, at - WINDOW);
  for (let i = at - 1; i >= stop; i--) if (endsSentence(text, i)) return i + 1;
  return stop;
}

/** Where a ref's tail stops: at the sentence of the next ref, or at the next ref within one sentence. */
export function tailLimit(text: string, from: number, nextStart: number): number {
  const nextSentence = sentenceStart(text, nextStart, from);
  return nextSentence > from ? nextSentence : Math.max(nextStart, from);
}

/** End of the tail that starts at `from`: `limit`, or the end of the second sentence before it. */
export function tailEnd(text: string, from: number, limit: number, sentences = 2): number {
  let seen = 0;
  const stop = Math.min(limit, from + WINDOW);
  // The first character may close the ref's own sentence ("(OPEN). ADJACENT …").
  for (let i = from; i < stop; i++) {
    if (endsSentence(text, i) && ++seen === sentences) return i + 1;
  }
  return stop;
}

const JOINS = new Set(['/', ',', '&', '+', 'and', 'or', ',and', ',or']);

/** Whether the text between two refs joins them into one group (`#a / #b`, `#a, #b and #c`). */
export function joinsRefs(gap: string): boolean {
  if (gap.length > 40) return false;
  return JOINS.has(gap.replace(/[\s`*_>]/g, '').toLowerCase());
}

/** Skip white space, and a block quote's `>` at the start of a wrapped line. */
export function skipBlank(text: string, from: number): number {
  let at = from;
  for (;;) {
    const c = text[at];
    if (c === ' ' || c === '\t' || c === '\n' || c === '\r') at++;
    else if (c === '>' && /\n[ \t]*$/.test(text.slice(Math.max(0, at - 8), at))) at++;
    else return at;
  }
}
