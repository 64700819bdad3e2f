/**
 * How a ledger writes a recorded state: in the PR-state cell of a row
 * (`**MERGED** 2026-07-09`, `both OPEN (re-read …)`, `#3877 MERGED; #3712
 * OPEN`) or in a parenthetical right after a ref in free text
 * (`#32722 (OPEN)`). Works on flattened text, so emphasis is already gone.
 *
 * Every pattern here is anchored at a known position and bounded, so long
 * lines cost linear time.
 */
import type { State } from '../../model.js';
import type { FoundRef } from '../../refs.js';
import { parseStateWord } from '../../states.js';
import { skipBlank } from '../meaning/context.js';

/** A state word found in flat text, with the date written right after it. */
export interface WrittenState {
  state: State;
  date: string | null;
  /** Flat offsets of the state word itself. */
  start: number;
  end: number;
}

export type StateCellReading =
  | { kind: 'nothing' }
  | {
      kind: 'shared';
      written: WrittenState;
      /** `both OPEN`, `all MERGED`: every PR of the row. */ all: boolean;
      /** `MERGED 2026-11-15; #819 CLOSED`: PRs the cell names with a state of their own. */
      except?: PerRefState[];
    }
  | { kind: 'per-ref'; entries: PerRefState[] }
  | { kind: 'unreadable'; reason: string };

export interface PerRefState {
  ref: FoundRef;
  /** The PR number as written, to match against the upstream-PR cell. */
  number: number;
  written: WrittenState | null;
}

const WORD = /[A-Za-z]+/y;
const PICTOGRAPH =
  /(?:[\p{Extended_Pictographic}\u2713\u2714\u2717\u2718][\uFE0F\u200D]*[ \t]*)+/uy;
const QUANTIFIER = /(?:both|all(?:\s+(?:two|three|four|five))?)\s+/iy;
/** `PR OPEN`, `ours OPEN`: the word says whose state follows (session 11). */
const WHOSE = /(?:PR|ours)\s+(?=[A-Za-z[])/iy;
const DATE_AFTER = /[ \t]*[,:]?[ \t]*(?:on[ \t]+)?(\d{4}-\d{2}-\d{2})(?!\d)/y;
const NOTHING = /^(?:[—–-]+|n\/?a\b.*|none\b.*)$/is;

/** A state word at `at` (after an optional `both`/`all`), and a date right after it. */
export function stateWordAt(
  text: string,
  at: number,
): (WrittenState & { quantified: boolean }) | null {
  WHOSE.lastIndex = at;
  const from = WHOSE.exec(text) !== null ? WHOSE.lastIndex : at;
  QUANTIFIER.lastIndex = from;
  const quantified = QUANTIFIER.exec(text) !== null;
  let start = quantified ? QUANTIFIER.lastIndex : from;
  // `🟡 open`, `✅ merged 2026-10-30`, `both 🟡 open`: the word after the
  // emoji is the state; an emoji alone is none.
  PICTOGRAPH.lastIndex = start;
  if (PICTOGRAPH.exec(text) !== null) start = PICTOGRAPH.lastIndex;
  // `[open]`, `both [MERGED]`: a state in brackets, as some ledgers write it.
  if (text[start] === '[') start++;
  WORD.lastIndex = start;
  const word = WORD.exec(text);
  if (word === null) return null;
  const phrase = parseStateWord(word[0]) === null ? cellPhrase(text, start) : null;
  const state = parseStateWord(word[0]) ?? phrase?.state ?? null;
  if (state === null) return null;
  const end = start + (phrase?.length ?? word[0].length);
  DATE_AFTER.lastIndex = end;
  const date = DATE_AFTER.exec(text)?.[1] ?? null;
  return { state, date, start, end, quantified };
}

/**
 * Read a PR-state cell. `refs` are the refs scanned in the cell itself: when
 * the cell starts with one, it is the per-ref form `sync` writes.
 */
export function readStateCell(text: string, refs: readonly FoundRef[]): StateCellReading {
  const lead = firstNonSpace(text);
  const trimmed = text.trim();
  if (trimmed === '' || NOTHING.test(trimmed)) return { kind: 'nothing' };
  const first = refs[0];
  if (first !== undefined && first.start === lead) return readPerRef(text, refs);
  const byNumber = statesByNumber(text);
  if (byNumber !== null) return byNumber;
  // `waiting, OPEN`: a word of prose first, then the state as a later item
  // (upper case only: lower-case words there are prose).
  let written = stateWordAt(text, lead) ?? laterUpperItem(text, lead);
  // `DRAFT → OPEN`: a transition; the state now is the last one.
  for (let next = written && afterArrow(text, written.end); next !== null && next !== undefined;) {
    written = next;
    next = afterArrow(text, next.end);
  }
  // `got closed 10-19 (stale bot), reopened 11-02`: closed, then reopened.
  if (written !== null && written.state === 'CLOSED') {
    REOPENED.lastIndex = written.end;
    const again = REOPENED.exec(text);
    if (again !== null) {
      const start = again.index + again[0].length - again[1]!.length;
      DATE_AFTER.lastIndex = start + again[1]!.length;
      const date = DATE_AFTER.exec(text)?.[1] ?? null;
      written = { state: 'OPEN', date, start, end: start + again[1]!.length, quantified: false };
    }
  }
  if (written === null) {
    return {
      kind: 'unreadable',
      reason:
        'expected OPEN, DRAFT, MERGED or CLOSED (optionally `both STATE` or `#N STATE; #M STATE`), or — / n/a / none',
    };
  }
  const shared = {
    kind: 'shared' as const,
    written: stripQuantified(written),
    all: written.quantified,
  };
  if (refs.length === 0) return shared;
  const named = readPerRef(text, refs);
  const except = named.kind === 'per-ref' ? named.entries.filter((e) => e.written !== null) : [];
  return except.length > 0 ? { ...shared, except } : shared;
}

/**
 * States a cell writes in words: `landed 2026-08-28`, `auto-closed`, `got
 * merged (…)`, `still in review`, `approved, not merged (…)`, `abandoned by
 * author`, `still a DRAFT` (session 13: each was a false parse-error).
 */
const CELL_PHRASES: readonly [RegExp, State][] = [
  [/^landed\b/iy, 'MERGED'],
  [/^auto-closed\b/iy, 'CLOSED'],
  [/^(?:got|was|been)[ \t]+merged\b/iy, 'MERGED'],
  [/^(?:got|was|been)[ \t]+closed\b/iy, 'CLOSED'],
  [/^re-?opened\b/iy, 'OPEN'],
  [/^(?:still[ \t]+)?(?:in|under)[ \t]+review\b/iy, 'OPEN'],
  [/^approved\b/iy, 'OPEN'],
  [/^abandoned\b/iy, 'CLOSED'],
  // `rejected`, `declined` (session 16, a layer README's state column): closed unmerged.
  [/^(?:rejected|declined)\b/iy, 'CLOSED'],
  [/^still[ \t]+(?:an?[ \t]+)?open\b/iy, 'OPEN'],
  [/^still[ \t]+(?:an?[ \t]+)?draft\b/iy, 'DRAFT'],
];

function cellPhrase(text: string, start: number): { state: State; length: number } | null {
  const rest = text.slice(start, start + 40);
  for (const [re, state] of CELL_PHRASES) {
    re.lastIndex = 0;
    const m = re.exec(rest);
    if (m !== null) return { state, length: m[0].length };
  }
  return null;
}

const REOPENED = /[,;][^,;]{0,40}?\b(re-?opened)\b/gi;

/** The first comma item after the first that is an upper-case state word (`waiting, OPEN`). */
function laterUpperItem(
  text: string,
  from: number,
): (WrittenState & { quantified: boolean }) | null {
  const m = /^[^,;]{1,40}[,;][ \t]*(OPEN|MERGED|CLOSED|DRAFT)\b/.exec(text.slice(from));
  if (m === null) return null;
  const start = from + m[0].length - m[1]!.length;
  return stateWordAt(text, start);
}

/** The state word after an arrow (`→`, `->`, `=>`) at `from`, or null. */
function afterArrow(text: string, from: number): (WrittenState & { quantified: boolean }) | null {
  const arrow = /^[ \t]*(?:→|->|=>)[ \t]*/.exec(text.slice(from, from + 12));
  return arrow === null ? null : stateWordAt(text, from + arrow[0].length);
}

/**
 * `OPEN (811), CLOSED (805)` (session 16, q44): each state names its PR by
 * number in the parenthetical after it, in any order. Two or more such
 * items and nothing else; null otherwise.
 */
function statesByNumber(text: string): StateCellReading | null {
  if (!BY_NUMBER_CELL.test(text)) return null;
  const entries: PerRefState[] = [];
  for (const m of text.matchAll(BY_NUMBER_ITEM)) {
    const written = stateWordAt(text, m.index);
    const number = m[1]!;
    const at = m.index + m[0].lastIndexOf(number);
    const ref: FoundRef = {
      key: null,
      kindHint: null,
      form: 'bare',
      text: `#${number}`,
      start: at,
      end: at + number.length,
      ambiguous: true,
      internal: false,
    };
    entries.push({ ref, number: Number(number), written: written && stripQuantified(written) });
  }
  return entries.length >= 2 ? { kind: 'per-ref', entries } : null;
}

const BY_NUMBER_ITEM = /[A-Za-z]+[ \t]*\([ \t]*#?(\d{1,10})[ \t]*\)/g;
const BY_NUMBER_CELL =
  /^[ \t]*(?:(?:open|merged|closed|draft)[ \t]*\([ \t]*#?\d{1,10}[ \t]*\)[ \t]*(?:[,;/·]|and)?[ \t]*){2,}$/i;

function readPerRef(text: string, refs: readonly FoundRef[]): StateCellReading {
  const entries: PerRefState[] = [];
  refs.forEach((ref, i) => {
    const limit = refs[i + 1]?.start ?? text.length;
    let at = ref.end;
    // `#3877 MERGED`, `#3877: MERGED`, `#3877 (MERGED)`, `#3877 → MERGED`.
    while (at < limit && /[\s:=(→-]/.test(text[at] ?? '')) at++;
    const written = stateWordAt(text, at);
    entries.push({
      ref,
      number: refNumber(ref),
      written: written !== null && written.end <= limit ? stripQuantified(written) : null,
    });
  });
  return { kind: 'per-ref', entries };
}

/**
 * The state written in a parenthetical right after flat offset `end`:
 * `(MERGED)`, `(both OPEN)`, `(closed, superseded)`, `(alice, OPEN)`.
 * The first comma/semicolon item that is a state word (after an optional
 * `both`/`all`) counts; `quantified` says whether it covers a group.
 */
export function stateBeside(
  text: string,
  end: number,
): (WrittenState & { quantified: boolean }) | null {
  const at = skipBlank(text, end);
  // `(MERGED)`, and `[open]` as terser ledgers write it.
  const bracket = text[at] === '[' ? ']' : text[at] === '(' ? ')' : null;
  if (bracket === null) return null;
  // Bounded: a stray `(` on a long line must not make every ref scan to the end.
  const close = text.slice(at, at + 200).indexOf(bracket);
  if (close < 0) return null;
  const written = firstStateItem(text, at + 1, at + close);
  // `#5342 (ours was #5318, CLOSED)`: a state after another ref is that ref's (session 16).
  return written !== null && INNER_REF.test(text.slice(at + 1, written.start)) ? null : written;
}

/** A ref written inside a parenthetical: `#N`, `name#N` or a PR/issue URL. */
export const INNER_REF = /#\d|\/(?:pull|pulls|issues)\/\d/;

/**
 * The state written after a ref that opens a parenthetical, in its later
 * items: `([lib#5420](…), draft)`, `(#12, MERGED 2026-07-01)`.
 */
export function stateInside(
  text: string,
  start: number,
  end: number,
): (WrittenState & { quantified: boolean }) | null {
  let before = start - 1;
  while (before >= 0 && (text[before] === ' ' || text[before] === '\t')) before--;
  const at = skipBlank(text, end);
  if (text[before] !== '(' || text[at] !== ',') return null;
  const close = text.slice(at, at + 200).indexOf(')');
  return close < 0 ? null : firstStateItem(text, at + 1, at + close);
}

const AFTER_COMMA =
  /(?:[ \t]*,[ \t\n>]*(?:(both|all)[ \t\n>]+)?|[ \t\n>]+(?:are|were)[ \t\n>]+(both|all)[ \t\n>]+)(OPEN|MERGED|CLOSED|DRAFT)\b/y;

/**
 * An upper-case state right after a comma at `from` (past the ref's
 * parenthetical): "Ours is #3318 (dvance), OPEN, one approval"; "#812 (…)
 * and #815 (…), both\n MERGED in October", "#a (…) / #b (…) are both OPEN".
 * Lower-case words there are prose.
 */
export function stateAfterComma(
  text: string,
  from: number,
): (WrittenState & { quantified: boolean }) | null {
  AFTER_COMMA.lastIndex = from;
  const m = AFTER_COMMA.exec(text);
  if (m === null || m[3] === undefined) return null;
  const end = AFTER_COMMA.lastIndex;
  const start = end - m[3].length;
  DATE_AFTER.lastIndex = end;
  const date = DATE_AFTER.exec(text)?.[1] ?? null;
  return { state: m[3] as State, date, start, end, quantified: (m[1] ?? m[2]) !== undefined };
}

const AFTER_WORDS =
  /[ \t]+(?:(?:[a-z]+[ \t]+){0,1}[a-z]+[ \t]+|by[ \t]+@?[\w.-]+[ \t]*,[ \t]*)\(?(OPEN|MERGED|CLOSED|DRAFT)\)?(?=[ \t]*(?:[.,;:)]|--|—|–|$))/y;

/**
 * An upper-case state one or two lower-case words after a ref, alone or in
 * parentheses, that ends its clause: "#18866 ours OPEN;", "#18870 collides
 * (OPEN), same hunk", "#4388 by hanna-l, OPEN, 2 approvals". Terse bullets write states so; lower-case words there
 * are prose.
 */
export function stateAfterWords(
  text: string,
  from: number,
): (WrittenState & { quantified: boolean }) | null {
  AFTER_WORDS.lastIndex = from;
  const m = AFTER_WORDS.exec(text);
  if (m === null || m[1] === undefined) return null;
  const start = m.index + m[0].lastIndexOf(m[1]);
  return { state: m[1] as State, date: null, start, end: start + m[1].length, quantified: false };
}

/** The first comma/semicolon item of `[item, stop)` that is a state word. */
function firstStateItem(
  text: string,
  from: number,
  stop: number,
): (WrittenState & { quantified: boolean }) | null {
  let item = from;
  while (item < stop) {
    const begin = item + (/^\s*/.exec(text.slice(item, stop))?.[0].length ?? 0);
    const written = stateWordAt(text, begin);
    if (written !== null && written.end <= stop && !/[A-Za-z]/.test(text[written.end] ?? '')) {
      return written;
    }
    const next = nextSeparator(text, item, stop);
    if (next < 0) break;
    item = next + 1;
  }
  return null;
}

function nextSeparator(text: string, from: number, stop: number): number {
  for (let i = from; i < stop; i++) if (text[i] === ',' || text[i] === ';') return i;
  return -1;
}

function stripQuantified(w: WrittenState & { quantified: boolean }): WrittenState {
  return { state: w.state, date: w.date, start: w.start, end: w.end };
}

function firstNonSpace(text: string): number {
  let i = 0;
  while (i < text.length && /\s/.test(text[i] ?? '')) i++;
  return i;
}

/** The number a found ref names: the digits it ends with. */
export function refNumber(ref: FoundRef): number {
  return Number(/(\d+)\s*$/.exec(ref.text)?.[1] ?? NaN);
}
