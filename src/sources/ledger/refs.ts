/**
 * Refs in one inline container of the ledger (a cell, a paragraph), each with
 * its source line and the state written beside it, if any. Ambiguous refs are
 * reported here; private-tracker refs (`internal#N`) are dropped.
 */
import type { Mention, RefKey, RefKind, Role, Span, State } from '../../model.js';
import { scanRefs, type FoundRef } from '../../refs.js';
import type { LedgerReader } from './reader.js';
import { type InlineText, sourceOffset } from '../markdown/index.js';
import {
  stateAfterComma,
  stateAfterWords,
  stateBeside,
  stateInside,
  type WrittenState,
} from './states.js';
import { cueFor, type Cue } from '../meaning/cues.js';
import {
  aloneInSentence,
  joinsRefs,
  NEAR,
  sentenceStart,
  skipBlank,
  tailEnd,
  tailLimit,
  backSentence,
} from '../meaning/context.js';
import {
  countedStates,
  stateBefore,
  stateInWords,
  stateOpening,
  takeCounted,
  type ProseState,
} from '../meaning/prose-states.js';

/** A state as recorded for one ref, in original-text offsets. */
export interface Recorded {
  state: State;
  date: string | null;
  /** Where sync may rewrite it; null for prose ("landed") and counts ("Two OPEN PRs"). */
  span: Span | null;
  /** Original-text offset of the words that say it. */
  at: number;
  shared: boolean;
}

export interface ReadRef {
  key: RefKey;
  kindHint: RefKind | null;
  line: number;
  found: FoundRef;
  beside: Recorded | null;
  /** What the words around the ref say it is (see meaning/cues.ts). */
  cue: Cue | null;
  /** Named only to point at it ("rejected, see #574 for their way"): a row's one state is not its. */
  pointer: boolean;
}

const SEE_BEFORE = /\bsee(?:\s+also)?\s*[`*_[]*$/i;

// Refs that share one parenthetical state: `#a / #b (MERGED)` always; with
// `(both MERGED)` also `#a, #b`, `#a and #b`, `#a & #b`.
const GROUP_SLASH = /^\s*\/\s*$/;
const GROUP_QUANTIFIED = /^\s*(?:\/|,|&|\+|and)\s*$/i;

/** What most cells hold: shared, never written to. */
const NO_REFS: readonly ReadRef[] = [];

/**
 * Scan `inline` for refs; `patch` is only used to report ambiguous ones.
 * `skip`: refs read for their context only, neither returned nor reported.
 */
export function readRefs(
  reader: LedgerReader,
  inline: InlineText,
  patch: string | null,
  skip?: (ref: FoundRef) => boolean,
): readonly ReadRef[] {
  const found = scanRefs(inline.text, reader.refContext);
  if (found.length === 0) return NO_REFS;
  const contexts = readContexts(inline, found);
  const beside = besideStates(reader, inline, found, contexts);
  const out: ReadRef[] = [];
  found.forEach((ref, i) => {
    if (ref.internal || skip?.(ref) === true) return;
    const line = reader.doc.lineOf(sourceOffset(inline, ref.start, 'start'));
    if (ref.key === null) {
      reader.result.ambiguous.push({ text: ref.text, source: reader.source, line, patch });
      return;
    }
    const cue = contexts[i]?.cue ?? null;
    out.push({
      key: ref.key,
      kindHint: ref.kindHint,
      line,
      found: ref,
      beside: beside[i] ?? null,
      cue,
      pointer: SEE_BEFORE.test(inline.text.slice(Math.max(0, ref.start - 12), ref.start)),
    });
  });
  return out;
}

interface RefContextWords {
  /** Where the ref's title (a code span or a quoted string after it) ends. */
  titleEnd: number;
  cue: Cue | null;
  /** A state written in words around the ref, when no parenthetical gives one. */
  worded: ProseState | null;
}

function readContexts(inline: InlineText, found: readonly FoundRef[]): RefContextWords[] {
  const { text } = inline;
  // Most cells are a link and nothing else: no words, nothing to read.
  if (!hasWords(text, found)) {
    return found.map((ref) => ({ titleEnd: titleAfter(inline, ref.end), cue: null, worded: null }));
  }
  const counted = countedStates(text);
  const real = found.filter((r) => !r.internal);
  // `[#a](…) / [#b](…) (MERGED) introduced …`: a joined group shares its first
  // ref's lead and its last ref's tail.
  const groupEnd = found.map((_, i) => i);
  for (let i = found.length - 2; i >= 0; i--) {
    if (joinsRefs(text.slice(found[i]!.end, found[i + 1]!.start))) groupEnd[i] = groupEnd[i + 1]!;
  }
  let groupStart = 0;
  return found.map((ref, i) => {
    if (i > 0 && groupEnd[i - 1] !== groupEnd[i]) groupStart = i;
    const first = found[groupStart]!;
    const last = found[groupEnd[i]!]!;
    const titleEnd = titleAfter(inline, last.end);
    const nextStart = found[groupEnd[i]! + 1]?.start ?? text.length;
    const sentence = sentenceStart(text, first.start, 0);
    const prevEnd = found[groupStart - 1]?.end ?? 0;
    const leadFar = text.slice(sentence, first.start);
    const leadNear = text.slice(Math.max(sentence, prevEnd, first.start - NEAR), first.start);
    // Words in the next ref's own sentence are about that ref.
    const tail = text.slice(
      titleEnd,
      tailEnd(text, titleEnd, tailLimit(text, titleEnd, nextStart)),
    );
    const rest = text.slice(titleEnd, tailLimit(text, titleEnd, nextStart));
    const cue = cueFor(leadNear, leadFar, tail, rest, backSentence(text, titleEnd, nextStart));
    const after = parentheticalEnd(text, titleEnd);
    const worded =
      stateBefore(leadNear, first.start - leadNear.length) ??
      stateOpening(leadNear, text.slice(titleEnd, after), titleEnd) ??
      stateInWords(
        leadNear,
        text.slice(after, tailEnd(text, after, Math.max(nextStart, after), 1)),
        after,
        // The only ref of its cell or paragraph, or of its sentence (asked only when needed).
        () =>
          real.length === 1 ||
          aloneInSentence(text, sentence, found[groupStart - 1]?.end ?? null, after, nextStart),
      ) ??
      takeCounted(counted, ref.start, sentence);
    // The parenthetical state is read after the ref's own title, so a group's
    // earlier refs find it through the group join in besideStates.
    return { titleEnd: titleAfter(inline, ref.end), cue, worded };
  });
}

/** Whether `text` holds a word outside its refs (a cell that is only a link holds none). */
function hasWords(text: string, found: readonly FoundRef[]): boolean {
  let from = 0;
  for (const ref of found) {
    if (/[A-Za-z]{2}/.test(text.slice(from, ref.start))) return true;
    from = ref.end;
  }
  return /[A-Za-z]{2}/.test(text.slice(from));
}

/** End of the code span that starts at flat offset `at`, or null (binary search: codes are in order). */
function codeAt(inline: InlineText, at: number): number | null {
  const { codes } = inline;
  let lo = 0;
  let hi = codes.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [s, e] = codes[mid]!;
    if (s === at) return e;
    if (s < at) lo = mid + 1;
    else hi = mid - 1;
  }
  return null;
}

/** A title right after a ref: a code span, or a quoted string on the same few lines. */
function titleAfter(inline: InlineText, end: number): number {
  const { text } = inline;
  const at = skipBlank(text, end);
  const code = codeAt(inline, at);
  if (code !== null) return code;
  const open = text[at];
  if (open === '"' || open === '\u201c') {
    const close = text.indexOf(open === '"' ? '"' : '\u201d', at + 1);
    if (close !== -1 && close - at < 300) return close + 1;
  }
  return end;
}

function parentheticalEnd(text: string, from: number): number {
  const at = skipBlank(text, from);
  if (text[at] !== '(') return from;
  const close = text.slice(at, at + 200).indexOf(')');
  return close < 0 ? from : at + close + 1;
}

/** "Two OPEN PRs … #a … #b": the nearest such state before `at` (never rewritten per ref). */

function besideStates(
  reader: LedgerReader,
  inline: InlineText,
  found: readonly FoundRef[],
  contexts: readonly RefContextWords[],
): (Recorded | null)[] {
  const out: (Recorded | null)[] = found.map(() => null);
  const { text } = inline;
  found.forEach((ref, i) => {
    const titleEnd = contexts[i]?.titleEnd ?? ref.end;
    const written =
      stateBeside(text, titleEnd) ??
      stateInside(text, ref.start, ref.end) ??
      stateAfterComma(text, parentheticalEnd(text, titleEnd)) ??
      stateAfterWords(text, titleEnd);
    if (written === null) return;
    const joins = written.quantified ? GROUP_QUANTIFIED : GROUP_SLASH;
    let first = i;
    while (first > 0) {
      const prev = found[first - 1]!;
      // `both STATE` also covers refs that each have a title: `#a `A` and #b `B` (both MERGED)`.
      // …and each a parenthetical: `#a (reset the pool) and #b (lazy rebuild), both MERGED`.
      const from = written.quantified
        ? parentheticalEnd(text, contexts[first - 1]?.titleEnd ?? prev.end)
        : prev.end;
      if (!joins.test(text.slice(from, found[first]!.start))) break;
      first--;
    }
    const recorded = toRecorded(reader, inline, written, i - first + 1 > 1);
    for (let k = first; k <= i; k++) out[k] ??= recorded;
  });
  // States written in words count where no parenthetical gave one.
  contexts.forEach((c, i) => {
    if (out[i] !== null || c.worded === null) return;
    out[i] = wordedRecord(reader, inline, c.worded);
  });
  return out;
}

function wordedRecord(reader: LedgerReader, inline: InlineText, w: ProseState): Recorded {
  // Prose ("landed") and counts ("Two OPEN PRs") are read, never rewritten by
  // sync; where the words are is still where a finding points.
  const recorded = toRecorded(reader, inline, w, false);
  return w.rewritable ? recorded : { ...recorded, span: null };
}

/** A written state in flat offsets → original-text offsets. */
export function toRecorded(
  reader: LedgerReader,
  inline: InlineText,
  written: WrittenState,
  shared: boolean,
): Recorded {
  const start = sourceOffset(inline, written.start, 'start') + reader.doc.shift;
  const end = sourceOffset(inline, written.end, 'end') + reader.doc.shift;
  return { state: written.state, date: written.date, span: { start, end }, at: start, shared };
}

export function toMention(
  reader: LedgerReader,
  ref: ReadRef,
  patch: string | null,
  role: Role,
  recorded: Recorded | null,
  kindHint: RefKind | null = ref.kindHint,
): Mention {
  // A state wrapped onto the next line of a paragraph: findings point at it.
  const stateLine = recorded ? reader.doc.lineOf(recorded.at - reader.doc.shift) : ref.line;
  const recordedState = recorded?.state ?? null;
  const recordedDate = recorded?.date ?? null;
  const stateSpan = recorded?.span ?? null;
  const sharedState = recorded?.shared ?? false;
  const { source } = reader;
  const { key, line } = ref;
  // Two literals rather than a spread of an optional key: a spread in the
  // middle of a literal is a runtime call per mention. Same keys, same order.
  if (stateLine !== line) {
    return {
      ref: key,
      kindHint,
      source,
      sourceKind: 'ledger',
      line,
      stateLine,
      patch,
      role,
      recordedState,
      recordedDate,
      stateSpan,
      sharedState,
    };
  }
  return {
    ref: key,
    kindHint,
    source,
    sourceKind: 'ledger',
    line,
    patch,
    role,
    recordedState,
    recordedDate,
    stateSpan,
    sharedState,
  };
}
