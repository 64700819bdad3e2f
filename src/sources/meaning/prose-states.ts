/**
 * States written in prose rather than in a parenthetical (SPEC §2.4):
 *
 * - before the refs: "Two OPEN PRs rewrite the code …: #a … #b" (the state
 *   covers the refs that follow, up to the count), "its MERGED PR (#n)",
 *   "an already-merged precedent (#n)";
 * - opening the parenthetical after a ref: "#n (auto-closed by the stale
 *   bot)", "#n (landed 2026-10-30)";
 * - after a ref, in words: "#n landed in between", "#n was merged",
 *   "closed inactive 2026-07-18", "auto-closed"; in a one-ref sentence also
 *   further on, "#n removes the limit and merged 2026-08-05" (with its date).
 *
 * Future or conditional wording is not a state: "when #n merges", "if it
 * merges", "once #n lands". Upper-case state words before refs only: a
 * lower-case "open PRs" in prose is ordinary English.
 */
import type { State } from '../../model.js';
import { findIsoDate } from '../../states.js';

export interface ProseState {
  state: State;
  date: string | null;
  /** Offsets of the word(s) that say it, in the scanned text. */
  start: number;
  end: number;
  /**
   * Whether `sync` may write the live state over those words: only an
   * upper-case state word written for this one ref ("its MERGED PR (#n)"),
   * never prose ("landed", "closed inactive") nor a count ("Two OPEN PRs").
   */
  rewritable: boolean;
}

const COUNTS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
};

// "Two OPEN PRs", "both MERGED PRs", "3 OPEN pull requests".
const COUNTED =
  /\b(?:(one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})|both|all)[ \t\n*_`]+(OPEN|MERGED|CLOSED|DRAFT)[ \t\n*_`]+(?:PRs?|pull[ \t\n]+requests?|issues?)\b/gi;

export interface CountedState extends ProseState {
  /** How many refs after it the state covers; null = every ref of the entry. */
  count: number | null;
}

const UPPER_STATE = /OPEN|MERGED|CLOSED|DRAFT/;

/** Every "N STATE PRs" in `text`; the state word must be written upper-case. */
/**
 * The "N STATE PRs" state before `at` that still covers refs: each ref it
 * covers uses one of N, so "Three OPEN PRs touch it: #a, #b and #c. Only #d
 * (ours) …" gives #d nothing, while "Two OPEN PRs rewrite the code. Neither
 * fixes it. #a … #b …" reaches across sentences. Without a number ("OPEN
 * PRs that touch it: …") it covers the refs of its own sentence (from
 * `sentence`).
 */
export function takeCounted(
  counted: CountedState[],
  at: number,
  sentence: number,
  /** How many refs take it at once: a group ("#a and #b") uses one each. */
  uses = 1,
): ProseState | null {
  let found: CountedState | null = null;
  for (const c of counted) {
    if (c.end > at) continue;
    if (c.count === null ? c.start >= sentence : c.count > 0) found = c;
  }
  if (found === null) return null;
  if (found.count !== null) found.count = Math.max(0, found.count - uses);
  return found;
}

export function countedStates(text: string): CountedState[] {
  const out: CountedState[] = [];
  // Only an upper-case state word counts: without one, no scan.
  if (!UPPER_STATE.test(text)) return out;
  COUNTED.lastIndex = 0;
  for (let m = COUNTED.exec(text); m !== null; m = COUNTED.exec(text)) {
    const word = m[2]!;
    if (word !== word.toUpperCase()) continue;
    const start = m.index + m[0].indexOf(word, (m[1] ?? '').length);
    const n = m[1] === undefined ? null : (COUNTS[m[1].toLowerCase()] ?? Number(m[1]));
    out.push({
      state: word as State,
      date: null,
      start,
      end: start + word.length,
      count: n,
      rewritable: false,
    });
  }
  return out;
}

// Right before the ref: "its MERGED PR (", "the OPEN PR ", "an already-merged precedent (".
const STATE_BEFORE =
  /\b(OPEN|MERGED|CLOSED|DRAFT)[*_`]*[ \t\n]+(?:PR|pull[ \t\n]+request|issue)[ \t\n]*\(?[ \t\n]*$/;
const MERGED_BEFORE = /\balready[- ]merged(?:[ \t\n]+[\w-]+){0,2}[ \t\n]*\(?[ \t\n]*$/i;
const MERGED_AS = /\b(merged|landed)(?:[ \t\n]+upstream)?[ \t\n]+as[ \t\n]*$/i;
// "drop when: #5301 merged + base bump": a `when:` key's colon does not end
// the condition (session 16); "not before: #4301 merged" is a fact.
const CONDITIONAL =
  /\b(?:(?:when|if|once|until|unless|after|before|whether)|(?:when|once|if)[ \t]*:)[ \t\n]+(?:\S+[ \t\n]+){0,2}$/i;

/** A state written just before a ref, `lead` being the text up to the ref. */
export function stateBefore(lead: string, leadStart: number): ProseState | null {
  const m = STATE_BEFORE.exec(lead);
  if (m !== null) {
    const start = leadStart + m.index;
    return { state: m[1] as State, date: null, start, end: start + m[1]!.length, rewritable: true };
  }
  // "merged upstream as #1266 on 2026-11-12", "landed as #n": not "if it is merged as #n".
  const mergedAs = MERGED_AS.exec(lead);
  if (mergedAs !== null && !CONDITIONAL.test(lead.slice(0, mergedAs.index))) {
    const start = leadStart + mergedAs.index;
    const end = start + mergedAs[1]!.length;
    return { state: 'MERGED', date: null, start, end, rewritable: false };
  }
  const merged = MERGED_BEFORE.exec(lead);
  if (merged !== null) {
    const start = leadStart + merged.index;
    const end = start + 'already-merged'.length;
    return { state: 'MERGED', date: null, start, end, rewritable: false };
  }
  return null;
}

// Opening the parenthetical after a ref (and its title): "(auto-closed by the
// stale bot)", "(landed 2026-10-30)". The plain state words there are the
// parenthetical's own reading (claims.ts, ledger/states.ts).
const OPENS_PARENTHETICAL =
  /^[ \t\n*_`:]*\([ \t\n*_`]*(?:(?:ours(?:[ \t\n]+too)?|mine|our[ \t\n]+own)[ \t\n]*[,;][ \t\n]*)?(landed|auto-closed)(?![\w-])/i;

/** A state in words opening the parenthetical that `text` (right after the ref's title) starts with. */
export function stateOpening(lead: string, text: string, textStart: number): ProseState | null {
  if (CONDITIONAL.test(lead)) return null;
  const m = OPENS_PARENTHETICAL.exec(text);
  if (m === null) return null;
  const word = m[1]!;
  const start = textStart + m[0].length - word.length;
  return {
    state: /^landed$/i.test(word) ? 'MERGED' : 'CLOSED',
    date: findIsoDate(text.slice(m[0].length, m[0].length + 24)),
    start,
    end: start + word.length,
    rewritable: false,
  };
}

// Right after the ref (and its title): "landed", "was merged", "closed inactive";
// also past the `)` of a ref written in apposition ("the attempt (#n) was
// merged") and in a relative clause ("#n, which landed in 0.6.1").
// A bare "closed" is too often a verb about something else ("#n closed the gap").
const WORD_AFTER =
  /^[ \t\n*_`]*\)?[ \t\n*_`]*[,;]?[ \t\n]*(?:(?:which|that)[ \t\n]+)?(?:(?:was|is|has[ \t\n]+been|got|been)[ \t\n]+)?(landed|merged|closed[ \t\n*_]+(?:inactive|unmerged|without[ \t\n]+merging)|auto-closed)\b|^[ \t\n*_`]*\)?[ \t\n*_`]*,?[ \t\n]*and[ \t\n]+(?:was[ \t\n]+)?(closed[ \t\n*_]+(?:inactive|unmerged|without[ \t\n]+merging)|auto-closed)\b|^[ \t\n*_`]*\)?[ \t\n*_`]*[,;]?[ \t\n]*(?:(?:which|that)[ \t\n]+)?(?:was|has[ \t\n]+been|got|been)[ \t\n]+(closed)\b/i;
// Session 14: also right after a comma or a space ("#4188, CLOSED
// 2026-10-28", "status: #4402 OPEN, changes requested"), upper case only.
const DASH_STATE =
  /^[ \t*_`]*\)?[ \t*_`]*(?:(?:—|–|--|-|:)[ \t*_`]*(?:still[ \t]+(?:an?[ \t]+)?[*_`]*)?|,[ \t\n]*(?:still[ \t\n]+(?:an?[ \t\n]+)?|(?:both|all)[ \t\n]+)?[*_`]*)?(OPEN|MERGED|CLOSED|DRAFT)(?![\w-])/;
// "… was read again and is still **OPEN**", "the attempt (#n) is CLOSED": an
// upper-case state its own sentence gives the ref.
const STILL_STATE =
  /^\)?[^.;()]{0,100}?\b(?:is|was|remains|stays)[ \t\n>*_]+(?:still[ \t\n>*_]+)?(?:an?[ \t\n]+)?(OPEN|MERGED|CLOSED|DRAFT)\b(?![ \t\n*_]+(?:back[ \t\n]+)?then\b|[ \t\n*_]+at[ \t\n]+the[ \t\n]+time\b)/;
function balanced(text: string): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40) depth++;
    else if (c === 41) depth--;
  }
  return depth <= 0;
}

const CLOSES_ASIDE = /^[ \t*_`]*\)/;
const OPENS_ASIDE = /\([ \t*_`[]*$/;
const REOPENED_AFTER = /^[ \t\n*_`]*(?:(?:was|got|has[ \t\n]+been|been)[ \t\n]+)?(re-?opened)\b/i;
const LAST_ITEM_STATE = /^[^\n#]{0,80}?,[ \t]*(open|merged|closed|draft)[ \t]*\.?[ \t]*(?:\n|$)/i;
/** Not "I never reopened it", "nobody reopened it" (sessions 14, 15): closed is where it stayed. */
const REOPENED_LATER =
  /^[^.;!?]{0,160}?\b(?<!\b(?:never|not|nobody|no[ \t\n]+one)[ \t\n]+)(re-?opened)\b/i;
// Anywhere in a one-ref cell or sentence: only words that cannot mean anything else.
const CLOSED_ANYWHERE =
  /\b(?:closed[ \t\n*_]+(?:as[ \t\n]+)?(?:inactive|stale|not[ \t\n]+planned)|auto-closed)\b/i;
// "#n removes that limit and **merged 2026-08-05**": a merge with its date, further on.
const MERGED_DATED_ANYWHERE =
  /\b(?:merged|landed)(?=[ \t\n*_`]+(?:on[ \t\n]+)?\d{4}-\d{2}-\d{2}\b)/i;
// "#n, a 2025 RFC on hugepage registration (CLOSED, "not planned")": an
// upper-case state opening a parenthetical further on in a one-ref sentence.
const PAREN_STATE_ANYWHERE = /\([ \t\n*_`]*(OPEN|MERGED|CLOSED|DRAFT)(?![\w-])/;
// "will be merged 2026-09-01", "expected to land 2026-09-01": a plan, not a state.
const PLANNED =
  /\b(?:will|would|should|could|may|might|to|expected|planned|scheduled)[ \t\n]+(?:be[ \t\n]+)?$/i;

/**
 * A state in words after a ref. `tail` starts right after the ref (and its
 * title); `lead` is what is written before the ref in its sentence, to refuse
 * conditional wording; `alone` says the ref is the only one in its cell or
 * sentence, so "closed inactive" further on is still about it.
 */
export function stateInWords(
  lead: string,
  tail: string,
  tailStart: number,
  alone: boolean | (() => boolean),
): ProseState | null {
  if (CONDITIONAL.test(lead)) return null;
  // "Laure's #88 (the size_t fix, issue #85) is OPEN": what follows the `)`
  // of a parenthetical the ref only ends is about its subject (session 14,
  // q36); "the attempt (#n) was merged" is the ref in apposition.
  if (CLOSES_ASIDE.test(tail) && !OPENS_ASIDE.test(lead)) return null;
  // "`#n` — **CLOSED**, …", "#n (the maintainers' version) — MERGED into main":
  // an upper-case state right after a dash or colon.
  const dashed = DASH_STATE.exec(tail);
  if (dashed !== null) {
    const word = dashed[1]!;
    const start = tailStart + dashed[0].length - word.length;
    const date = findIsoDate(tail.slice(dashed[0].length, dashed[0].length + 40));
    return { state: word as State, date, start, end: start + word.length, rewritable: true };
  }
  const m = WORD_AFTER.exec(tail);
  if (m !== null) {
    const word = m[1] ?? m[2] ?? m[3]!;
    const start = tailStart + m.index + m[0].length - word.length;
    const state: State = /^(?:landed|merged)$/i.test(word) ? 'MERGED' : 'CLOSED';
    // "#2188 was auto-closed by their stale bot on 10-19, Marta reopened it
    // on 11-02": closed, then reopened in the same sentence.
    const again = state === 'CLOSED' ? REOPENED_LATER.exec(tail.slice(m[0].length)) : null;
    if (again !== null) {
      const at = tailStart + m[0].length + again.index + again[0].length - again[1]!.length;
      return {
        state: 'OPEN',
        date: null,
        start: at,
        end: at + again[1]!.length,
        rewritable: false,
      };
    }
    return {
      state,
      date: findIsoDate(tail.slice(m[0].length, m[0].length + 24)),
      start,
      end: start + word.length,
      rewritable: false,
    };
  }
  // "#826 reopened after the design doc went through".
  const reopened = REOPENED_AFTER.exec(tail);
  if (reopened !== null) {
    const start = tailStart + reopened[0].length - reopened[1]!.length;
    return {
      state: 'OPEN',
      date: null,
      start,
      end: start + reopened[1]!.length,
      rewritable: false,
    };
  }
  // "tessel-labs/tokserve#201 -- ours, open", "#188 rewrites the same fn, draft":
  // a state word as the last comma item of the ref's line, no ref between.
  const item = LAST_ITEM_STATE.exec(tail);
  // Not inside a parenthetical left open ("#1 (dave, OPEN"): that is a problem, not a state.
  if (item !== null && balanced(item[0])) {
    const start = tailStart + item.index + item[0].indexOf(item[1]!, 1);
    return {
      state: item[1]!.toUpperCase() as State,
      date: null,
      start,
      end: start + item[1]!.length,
      rewritable: false,
    };
  }
  const still = STILL_STATE.exec(tail);
  if (still !== null) {
    const word = still[1]!;
    const start = tailStart + still.index + still[0].length - word.length;
    return { state: word as State, date: null, start, end: start + word.length, rewritable: true };
  }
  if (!(typeof alone === 'function' ? alone() : alone)) return null;
  return (
    wordsFurtherOn(tail, tailStart, CLOSED_ANYWHERE, 'CLOSED') ??
    wordsFurtherOn(tail, tailStart, MERGED_DATED_ANYWHERE, 'MERGED') ??
    wordsFurtherOn(tail, tailStart, PAREN_STATE_ANYWHERE, null)
  );
}

/**
 * `words` further on in a one-ref tail, unless conditional or planned, as
 * `state` (null: the state word `words` captures, which is where it is).
 */
function wordsFurtherOn(
  tail: string,
  tailStart: number,
  words: RegExp,
  state: State | null,
): ProseState | null {
  const m = words.exec(tail);
  if (m === null) return null;
  const before = tail.slice(Math.max(0, m.index - 40), m.index);
  if (CONDITIONAL.test(before) || PLANNED.test(before)) return null;
  const word = state === null ? m[1]! : m[0];
  const start = tailStart + m.index + m[0].length - word.length;
  const after = tail.slice(m.index, m.index + m[0].length + 24);
  return {
    state: state ?? (word as State),
    date: findIsoDate(after),
    start,
    end: start + word.length,
    rewritable: false,
  };
}
