/**
 * The words around a ref that its meaning is read from: the start of its
 * sentence (for the lead) and a tail that stops at the next ref or after two
 * sentences. A sentence ends at `.`, `!` or `?` followed by white space (so
 * `fix.py` and `v0.5.17` do not end one), or at a blank line.
 */

/**
 * How far the words around a ref are read, each way. Bounded so that a long
 * line full of refs costs linear time, and so that a cue far away in a long
 * paragraph is not taken for one about this ref.
 */
export const WINDOW = 320;
/** The words right before a ref that can give it a state or a cue ("its MERGED PR (#n)"). */
export const NEAR = 120;

/**
 * Where sentences end: a `.`, `!` or `?` followed by a space, tab, line
 * ending or the end of the text, and a line ending followed by a blank line
 * (blanks, then a line ending, within 79 characters). Found by one native
 * scan rather than a test per character (test/sources/meaning-scans.test.ts
 * checks it against that per-character test).
 */
const SENTENCE_END = /[.!?](?=[ \n\t]|$)|\n(?=[ \t]{0,78}\n)/g;
/** How far past a sentence's last character the test looks. */
const LOOKAHEAD = 79;

/**
 * The offsets in [from, to) where a sentence ends, in order, at most `max`
 * of them. The scan reads no further than the test at those offsets does.
 */
function sentenceEnds(text: string, from: number, to: number, max = Infinity): number[] {
  const out: number[] = [];
  const start = Math.max(0, from);
  if (start >= to) return out;
  const window = text.slice(start, Math.min(text.length, to + LOOKAHEAD));
  const end = to - start;
  SENTENCE_END.lastIndex = 0;
  for (
    let m = SENTENCE_END.exec(window);
    m !== null && m.index < end;
    m = SENTENCE_END.exec(window)
  ) {
    out.push(start + m.index);
    if (out.length >= max) break;
  }
  return out;
}

/** Offset where the sentence holding `at` starts, never before `floor` nor a window back. */
export function sentenceStart(text: string, at: number, floor: number): number {
  const stop = Math.max(floor, at - WINDOW);
  const ends = sentenceEnds(text, stop, at);
  const last = ends[ends.length - 1];
  return last === undefined ? stop : last + 1;
}

/** Where a ref's tail stops: at the sentence of the next ref, or at the next ref within one sentence. */
export function tailLimit(text: string, from: number, nextStart: number): number {
  const nextSentence = sentenceStart(text, nextStart, from);
  return nextSentence > from ? nextSentence : Math.max(nextStart, from);
}

/**
 * The next ref's sentence up to that ref, when it opens by pointing back at
 * the ref before it ("#a (cherry-picked). It MERGED … but got reverted by
 * #b"): what it says before naming #b is said of #a. Empty otherwise.
 */
export function backSentence(text: string, from: number, nextStart: number): string {
  const nextSentence = sentenceStart(text, nextStart, from);
  if (nextSentence <= from) return '';
  const words = text.slice(nextSentence, nextStart);
  return POINTS_BACK.test(words) ? words : '';
}

const POINTS_BACK = /^\s*(?:it|its|which|(?:that|this)\s+(?:one|PR))\b/i;

/** End of the tail that starts at `from`: `limit`, or the end of the second sentence before it. */
export function tailEnd(text: string, from: number, limit: number, sentences = 2): number {
  const stop = Math.min(limit, from + WINDOW);
  // The first character may close the ref's own sentence ("(OPEN). ADJACENT …").
  const ends = sentenceEnds(text, from, stop, sentences);
  const last = ends[sentences - 1];
  return last === undefined ? stop : last + 1;
}

/**
 * Whether the sentence holding a ref names no other: the ref before it ends
 * before the sentence starts (`prevEnd` ≤ `sentence`), and the sentence that
 * runs on from `from` (past the ref, its title and parenthetical) ends, within
 * the window, before the next ref starts at `nextStart`.
 */
export function aloneInSentence(
  text: string,
  sentence: number,
  prevEnd: number | null,
  from: number,
  nextStart: number,
): boolean {
  if (prevEnd !== null && prevEnd > sentence) return false;
  return sentenceEnds(text, from, Math.min(nextStart, from + WINDOW), 1).length > 0;
}

const JOINS = new Set(['/', ',', '&', '+', 'and', 'or', ',and', ',or']);

/** Whether the text between two refs joins them into one group (`#a / #b`, `#a, #b and #c`). */
export function joinsRefs(gap: string): boolean {
  // A character no joining word is made of (nor dropped below) rules it out
  // without building the stripped copy: most gaps between refs are prose.
  if (gap.length > 40 || NOT_A_JOIN.test(gap)) return false;
  return JOINS.has(gap.replace(/[\s`*_>]/g, '').toLowerCase());
}

const NOT_A_JOIN = /[^\s`*_>/,&+andorANDOR]/;

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
