/**
 * What an UPSTREAM STATUS entry records about the ref(s) just before a point:
 * an optional quoted title (which may wrap over lines), then a parenthetical
 * such as `(alice, OPEN, REVIEW_REQUIRED, against main)`,
 * `(MERGED on 2026-07-01)` or `(both MERGED, in both bases)`.
 *
 * An upper-case OPEN / MERGED / CLOSED / DRAFT anywhere in the parenthetical
 * counts as a state; a lower-case one only when it opens the parenthetical
 * (`(merged 2026-07-08)`): elsewhere lower-case words are ordinary prose
 * ("keep this open until …").
 */
import { STATES, type Span, type State } from '../../model.js';
import { findIsoDate } from '../../states.js';
import { INNER_REF } from '../ledger/states.js';

export interface Claim {
  state: State | null;
  /** Offsets of the state word in the scanned text, where sync may rewrite it. */
  stateSpan: Span | null;
  /** Where a state written in prose is, when it has no rewritable span. */
  stateAt?: number;
  date: string | null;
  reviewDecision: string | null;
}

export interface Follow {
  /** End of what was read as belonging to the ref (title and parenthetical). */
  end: number;
  /** End of the quoted title, or where the ref ends when it has none. */
  titleEnd: number;
  claim: Claim | null;
  /** Set when a title or parenthetical opens but never closes. */
  problem: { offset: number; message: string } | null;
}

/** A parenthetical longer than this is prose that lost its `)`, not a state note. */
const MAX_PARENTHETICAL = 600;
const REVIEW_DECISIONS = new Set(['APPROVED', 'CHANGES_REQUESTED', 'REVIEW_REQUIRED']);
const STATE_WORDS = new Set<string>(STATES);
export { joinsRefs } from '../meaning/context.js';
const QUANTIFIED_STATE =
  /(?:are[ \t]+)?(?:[Bb]oth|[Aa]ll)[ \t]+(OPEN|MERGED|CLOSED|DRAFT)(?![\w-])/y;
/**
 * `(open)`, `(ours, merged 2026-09-01)`; session 14: `(not ours, open)`.
 * Not `(dup, closed)` after two refs, nor any other first word: a handle
 * cannot be told from a note.
 */
const LEAD_STATE =
  /^[\s*_`]*(?:(?:(?:not[ \t\n]+)?ours(?:[ \t\n]+too)?|mine|our[ \t\n]+own)[ \t\n]*[,;][ \t\n]*)?(?:(?:both|all)\s+)?(open|merged|closed|draft)(?![\w-])/i;
/** `mooncake#779 🟡 open — …`: a status emoji and its state word right after a ref. */
const EMOJI_STATE =
  /(?:[\p{Extended_Pictographic}\u2713\u2714\u2717\u2718][\uFE0F\u200D]*[ \t]*)+(open|merged|closed|draft)(?![\w-])/iuy;
const BRACKET_STATE = /^[\s*_`]*(?:(?:both|all)\s+)?(?:open|merged|closed|draft)(?![\w-])/i;
/** What readFollow skips between a ref and its title or parenthetical. */
export function isGap(c: string | undefined): boolean {
  return c === ' ' || c === '\t' || c === '\n' || c === '`' || c === '*' || c === '_' || c === ':';
}

function skipGap(text: string, from: number, limit: number): number {
  let p = from;
  while (p < limit && isGap(text[p])) p++;
  return p;
}

/**
 * Read the title and state parenthetical after `from`. The title must close
 * within the entry (`entryEnd`); the parenthetical within the block.
 */
export function readFollow(
  text: string,
  from: number,
  entryEnd: number,
  blockEnd: number,
  grouped: boolean,
): Follow {
  let p = skipGap(text, from, entryEnd);
  let end = from;
  let titleEnd = from;
  const open = text[p];
  // A straight quote right against the ref closes a quotation the ref sits
  // in (`"Closes: #1071187" in their changelog`); a title is written apart.
  if ((open === '"' && p > from) || open === '\u201c') {
    const close = closingQuote(text, p + 1, open === '"' ? '"' : '\u201d');
    if (close === -1 || close >= entryEnd) {
      const problem = { offset: p, message: 'quoted title never closes' };
      return { end, titleEnd: end, claim: null, problem };
    }
    end = close + 1;
    titleEnd = end;
    p = skipGap(text, end, entryEnd);
  }
  if (text[p] === '(') {
    const close = matchParen(text, p, Math.min(blockEnd, p + MAX_PARENTHETICAL));
    if (close === -1) {
      const message = 'parenthetical is not closed before the UPSTREAM STATUS block ends';
      return { end, titleEnd, claim: null, problem: { offset: p, message } };
    }
    const claim = readClaim(text, p + 1, close);
    // `#5099 "…" (OPEN) -> CLOSED without merge`: corrected after the parenthetical (session 16).
    const corrected =
      claim.state !== null ? AFTER_ARROW.exec(text.slice(close + 1, close + 24)) : null;
    if (corrected !== null) {
      const at = close + 1 + corrected[0].length - corrected[1]!.length;
      claim.state = corrected[1] as State;
      claim.stateSpan = { start: at, end: at + corrected[1]!.length };
      claim.date = null;
      return { end: at + corrected[1]!.length, titleEnd, claim, problem: null };
    }
    // `#a (…) / #b (rewrites hunk 2)` / `are both OPEN.`: a quantified state
    // after the last parenthetical of refs joined with their own notes.
    const both =
      claim.state === null ? quantifiedAt(text, skipGap(text, close + 1, entryEnd)) : null;
    if (both !== null) {
      both.reviewDecision = claim.reviewDecision;
      return { end: both.stateSpan!.end, titleEnd, claim: both, problem: null };
    }
    return { end: close + 1, titleEnd, claim, problem: null };
  }
  // `#n [MERGED]`, `#n [open]`: a state in brackets, as terser headers write
  // it; only when the bracket starts with the state (`[1]` is a footnote).
  if (text[p] === '[') {
    const close = text.slice(p, Math.min(entryEnd, p + 40)).indexOf(']');
    if (close !== -1 && BRACKET_STATE.test(text.slice(p + 1, p + close))) {
      return {
        end: p + close + 1,
        titleEnd,
        claim: readClaim(text, p + 1, p + close),
        problem: null,
      };
    }
  }
  EMOJI_STATE.lastIndex = p;
  const emoji = p < entryEnd ? EMOJI_STATE.exec(text) : null;
  if (emoji !== null) {
    const token = emoji[1]!;
    const at = p + emoji[0].length - token.length;
    const stateSpan = { start: at, end: at + token.length };
    const claim: Claim = {
      state: token.toUpperCase() as State,
      stateSpan,
      date: null,
      reviewDecision: null,
    };
    return { end: stateSpan.end, titleEnd, claim, problem: null };
  }
  if (grouped && p < entryEnd) {
    const claim = quantifiedAt(text, p);
    if (claim !== null) return { end: claim.stateSpan!.end, titleEnd, claim, problem: null };
  }
  return { end, titleEnd, claim: null, problem: null };
}

/**
 * Where a title opened just before `from` closes: `"Revert \"[Sampler] clamp\""`
 * quotes the reverted PR's title with escaped quotes, as GitHub's revert
 * titles do (session 14), so a quote after a backslash does not close it.
 */
function closingQuote(text: string, from: number, quote: string): number {
  let at = text.indexOf(quote, from);
  while (at > 0 && quote === '"' && text[at - 1] === '\\') at = text.indexOf(quote, at + 1);
  return at;
}

/** `both MERGED`, `are all OPEN` written at `p`: a state that covers a group. */
function quantifiedAt(text: string, p: number): Claim | null {
  QUANTIFIED_STATE.lastIndex = p;
  const m = QUANTIFIED_STATE.exec(text);
  if (m === null || m[1] === undefined) return null;
  const start = p + m[0].length - m[1].length;
  const stateSpan = { start, end: start + m[1].length };
  return { state: m[1] as State, stateSpan, date: null, reviewDecision: null };
}

function matchParen(text: string, open: number, limit: number): number {
  let depth = 0;
  for (let i = open; i < limit; i++) {
    const c = text[i];
    if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i;
  }
  return -1;
}

/** A state written right after a parenthetical's `)`, behind an arrow. */
const AFTER_ARROW = /^[ \t]*(?:->|→|=>)[ \t]*(OPEN|MERGED|CLOSED|DRAFT)\b/;

/** The state, date and review decision written in `text[start, end)`. */
export function readClaim(text: string, start: number, end: number): Claim {
  const inner = text.slice(start, end);
  const claim: Claim = {
    state: null,
    stateSpan: null,
    date: findIsoDate(inner),
    reviewDecision: null,
  };
  const word = /[A-Za-z_]+/g;
  // `(merged 2026-07-08)`, `(both closed)`: a lower-case state directly at the
  // start of the parenthetical is a state too; anywhere else it is prose.
  // `(ours, merged 2026-09-01)`: whose the PR is may come first.
  const lead = LEAD_STATE.exec(inner);
  if (lead !== null) {
    const token = lead[1]!;
    const at = start + lead[0].length - token.length;
    claim.state = token.toUpperCase() as State;
    claim.stateSpan = { start: at, end: at + token.length };
  }
  // `#5342 (ours was #5318, CLOSED)`: a state after another ref is that ref's (session 16).
  const innerRef = inner.search(INNER_REF);
  if (innerRef >= 0 && claim.stateSpan !== null && claim.stateSpan.start - start > innerRef) {
    claim.state = null;
    claim.stateSpan = null;
  }
  for (let m = word.exec(inner); m !== null; m = word.exec(inner)) {
    if (innerRef >= 0 && m.index > innerRef) break;
    // `__MERGED__` is emphasis; the word inside is what was recorded.
    let lead = 0;
    let trail = m[0].length;
    while (lead < trail && m[0][lead] === '_') lead++;
    while (trail > lead && m[0][trail - 1] === '_') trail--;
    const token = m[0].slice(lead, trail);
    if (claim.state === null && STATE_WORDS.has(token)) {
      const at = start + m.index + lead;
      claim.state = token as State;
      claim.stateSpan = { start: at, end: at + token.length };
    } else if (claim.reviewDecision === null && REVIEW_DECISIONS.has(token)) {
      claim.reviewDecision = token;
    }
  }
  // `(DRAFT → OPEN on 2026-10-30)`: a transition; the state now is the last one.
  for (let span = claim.stateSpan; span !== null;) {
    const next = ARROW_STATE.exec(text.slice(span.end, Math.min(end, span.end + 24)));
    if (next === null) break;
    const at = span.end + next[0].length - next[1]!.length;
    claim.state = next[1]!.toUpperCase() as State;
    span = claim.stateSpan = { start: at, end: at + next[1]!.length };
  }
  // A date means "when it reached that state"; without a state it is prose.
  if (claim.state === null) claim.date = null;
  return claim;
}

const ARROW_STATE = /^[ \t*_`]*(?:→|->|=>)[ \t*_`]*(open|merged|closed|draft)(?![\w-])/i;
