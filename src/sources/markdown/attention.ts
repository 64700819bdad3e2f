/**
 * Emphasis and strikethrough delimiters for markdown-it, decided the way
 * micromark decides them (so `**MERGED**` and `~~OPEN~~` make the same
 * nodes as under remark):
 *
 * - characters are classified one UTF-16 unit at a time: half of an emoji
 *   is neither white space nor punctuation (markdown-it combines surrogate
 *   pairs and calls an emoji punctuation);
 * - a `*`/`_` run next to a `~` can always open (before it) or close
 *   (after it), because GFM strikethrough registers `~` as an attention
 *   marker;
 * - strikethrough is GFM's: a run of one or two tildes (three or more are
 *   text), closed by the nearest earlier opener of the same length.
 *   markdown-it's own rule only knows `~~`.
 */
import type { Delimiter, StateInline, Token } from 'markdown-it';

/** micromark's classifyCharacter: 1 white space (or the edge), 2 punctuation, 0 other. */
export function classify(code: number): 0 | 1 | 2 {
  if (Number.isNaN(code)) return 1;
  const ch = String.fromCharCode(code);
  if (WHITESPACE.test(ch)) return 1;
  if (PUNCTUATION.test(ch)) return 2;
  return 0;
}

const WHITESPACE = /\s/;
const PUNCTUATION = /\p{P}|\p{S}/u;
const TILDE = 126;

interface Flanking {
  open: boolean;
  close: boolean;
}

/** Can a run of `marker` from `start` to `end` in `src` open and/or close? */
function flanking(
  src: string,
  start: number,
  end: number,
): Flanking & { before: number; after: number } {
  // The real neighbours, even past the end of a link label (micromark sees the `]`).
  const previous = start > 0 ? src.charCodeAt(start - 1) : NaN;
  const next = end < src.length ? src.charCodeAt(end) : NaN;
  const before = classify(previous);
  const after = classify(next);
  return {
    before,
    after,
    open: after === 0 || (after === 2 && before !== 0) || next === TILDE,
    close: before === 0 || (before === 2 && after !== 0) || previous === TILDE,
  };
}

/** A replacement for StateInline#scanDelims with micromark's flanking rules. */
export function scanDelims(
  this: StateInline,
  start: number,
  canSplitWord: boolean,
): { can_open: boolean; can_close: boolean; length: number } {
  const max = this.posMax;
  const marker = this.src.charCodeAt(start);
  let end = start;
  while (end < max && this.src.charCodeAt(end) === marker) end++;
  const f = flanking(this.src, start, end);
  return {
    can_open: canSplitWord ? f.open : f.open && (f.before !== 0 || !f.close),
    can_close: canSplitWord ? f.close : f.close && (f.after !== 0 || !f.open),
    length: end - start,
  };
}

interface TildeRun {
  size: number;
  open: boolean;
  close: boolean;
}

/** Tilde runs by their text token, for the post-processing step. */
const runs = new WeakMap<Token, TildeRun>();

/** Tokenise a tilde run: a delimiter when it is one or two long, text otherwise. */
export function strikethroughTokenize(state: StateInline, silent: boolean): boolean {
  const start = state.pos;
  if (silent || state.src.charCodeAt(start) !== TILDE) return false;
  const max = state.posMax;
  let end = start;
  while (end < max && state.src.charCodeAt(end) === TILDE) end++;
  const size = end - start;
  const token = state.push('text', '', 0);
  token.content = state.src.slice(start, end);
  if (size <= 2) {
    const { before, after } = flanking(state.src, start, end);
    runs.set(token, {
      size,
      open: after === 0 || (after === 2 && before !== 0),
      close: before === 0 || (before === 2 && after !== 0),
    });
    // Not a delimiter for balance_pairs (open/close false): matched below.
    state.delimiters.push({
      marker: TILDE,
      length: 0,
      token: state.tokens.length - 1,
      end: -1,
      open: false,
      close: false,
    });
  }
  state.pos = end;
  return true;
}

/** Match tilde runs like micromark: each closer takes the nearest open run of its size. */
export function strikethroughPostProcess(state: StateInline): void {
  matchTildes(state, state.delimiters);
  for (const meta of state.tokens_meta) {
    if (meta?.delimiters !== undefined) matchTildes(state, meta.delimiters);
  }
}

function matchTildes(
  state: StateInline,
  delimiters: readonly { marker: number; token: number }[],
): void {
  // Open runs in order, and per size the positions of those still open:
  // a closer finds its opener in O(1), and everything after it dies.
  const openers: Token[] = [];
  const bySize: [number[], number[]] = [[], []];
  for (const delimiter of delimiters) {
    if (delimiter.marker !== TILDE) continue;
    const token = state.tokens[delimiter.token];
    const run = token === undefined ? undefined : runs.get(token);
    if (token === undefined || run === undefined) continue;
    const same = bySize[run.size - 1]!;
    const k = same[same.length - 1];
    if (run.close && k !== undefined) {
      // Unmatched runs between the two stay text, as in micromark.
      setDelimiter(openers[k]!, 's_open', 1);
      setDelimiter(token, 's_close', -1);
      openers.length = k;
      for (const list of bySize) while ((list[list.length - 1] ?? -1) >= k) list.pop();
      continue;
    }
    if (run.open) {
      same.push(openers.length);
      openers.push(token);
    }
  }
}

function setDelimiter(token: Token, type: string, nesting: 1 | -1): void {
  token.markup = token.content;
  token.type = type;
  token.tag = 's';
  token.nesting = nesting;
  token.content = '';
}

/** A run of `*` or `_` among one scope's delimiters (markdown-it keeps one entry per character). */
interface Run {
  marker: number;
  /** Indices of its characters in the delimiter list. */
  chars: number[];
  /** Unused characters are chars[lo..hi): closers use theirs from the left, openers from the right. */
  lo: number;
  hi: number;
  open: boolean;
  close: boolean;
  /** Position among the runs, and links in its marker's list of open candidates. */
  at: number;
  prev: Run | null;
  next: Run | null;
  listed: boolean;
}

/** How many rule-of-three refusals one closer may step over (micromark has no bound). */
const MAX_SKIPS = 100;

/**
 * Pair emphasis delimiters the way micromark does, replacing markdown-it's
 * balance_pairs: each closer run, left to right, takes the nearest open run
 * of its marker — two characters when both runs have two left, else one —
 * and kills every run between them. The rule of three counts the characters
 * *left* in each run (the spec and markdown-it count whole runs), which is
 * why `**a****b***c*` nests differently under the two.
 *
 * Linear: a marker's open runs are a linked list, and a run leaves it when
 * used up or killed; only the rule of three makes a closer step over runs,
 * and at most MAX_SKIPS of them.
 */
export function emphasisPairs(state: StateInline): void {
  pairScope(state.delimiters);
  for (const meta of state.tokens_meta) {
    if (meta?.delimiters !== undefined) pairScope(meta.delimiters);
  }
}

function pairScope(delimiters: Delimiter[]): void {
  const runs: Run[] = [];
  for (let i = 0; i < delimiters.length; i++) {
    const d = delimiters[i]!;
    if (d.marker !== STAR && d.marker !== UNDERSCORE) continue;
    const last = runs[runs.length - 1];
    const previous = delimiters[i - 1];
    if (
      last !== undefined &&
      previous !== undefined &&
      last.chars[last.chars.length - 1] === i - 1 &&
      previous.marker === d.marker &&
      previous.token === d.token - 1
    ) {
      last.chars.push(i);
      last.hi++;
      continue;
    }
    runs.push({
      marker: d.marker,
      chars: [i],
      lo: 0,
      hi: 1,
      open: d.open,
      close: d.close,
      at: runs.length,
      prev: null,
      next: null,
      listed: false,
    });
  }
  if (runs.length === 0) return;
  const tails = new Map<number, Run | null>([
    [STAR, null],
    [UNDERSCORE, null],
  ]);
  const unlink = (run: Run): void => {
    if (!run.listed) return;
    if (run.prev !== null) run.prev.next = run.next;
    if (run.next !== null) run.next.prev = run.prev;
    else tails.set(run.marker, run.prev);
    run.prev = null;
    run.next = null;
    run.listed = false;
  };
  const killAfter = (at: number): void => {
    for (const marker of [STAR, UNDERSCORE]) {
      let run = tails.get(marker) ?? null;
      while (run !== null && run.at > at) {
        const prev = run.prev;
        unlink(run);
        run = prev;
      }
    }
  };
  for (const closer of runs) {
    if (closer.close) {
      while (closer.lo < closer.hi) {
        let opener = tails.get(closer.marker) ?? null;
        let skips = 0;
        while (opener !== null) {
          const os = opener.hi - opener.lo;
          const cs = closer.hi - closer.lo;
          const refused = (opener.close || closer.open) && cs % 3 !== 0 && (os + cs) % 3 === 0;
          if (!refused) break;
          opener = ++skips > MAX_SKIPS ? null : opener.prev;
        }
        if (opener === null) break;
        const use = opener.hi - opener.lo > 1 && closer.hi - closer.lo > 1 ? 2 : 1;
        for (let k = 0; k < use; k++) {
          // Innermost characters pair first, as markdown-it's emphasis step expects.
          const o = opener.chars[opener.hi - 1 - k]!;
          const c = closer.chars[closer.lo + k]!;
          delimiters[o]!.end = c;
        }
        opener.hi -= use;
        closer.lo += use;
        killAfter(opener.at);
        if (opener.lo >= opener.hi) unlink(opener);
      }
    }
    if (closer.open && closer.lo < closer.hi) {
      const tail = tails.get(closer.marker) ?? null;
      closer.prev = tail;
      if (tail !== null) tail.next = closer;
      tails.set(closer.marker, closer);
      closer.listed = true;
    }
  }
}

const STAR = 42;
const UNDERSCORE = 95;
