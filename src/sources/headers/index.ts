/**
 * Patch headers → mentions (SPEC §2.3). A pure function of the file's text.
 *
 * Only the preamble is read (see preamble.ts): refs in the diff body are code
 * being changed, not claims. Inside an UPSTREAM STATUS block (header-block.ts)
 * a ref takes the role of its entry's label and the state recorded beside it
 * (header-claims.ts); refs elsewhere in the preamble are `related` mentions
 * with no recorded state. Offsets and lines are the whole file's, so `sync`
 * can rewrite a state word in place and annotations point at the right line.
 */
import type { AmbiguousRef, Mention, ParseProblem, Role, SourceResult } from '../../model.js';
import { learnAliases, scanRefs, type FoundRef, type RefContext } from '../../refs.js';
import { findStatusBlocks, type StatusBlock } from './block.js';
import { isGap, joinsRefs, readFollow, type Claim, type Follow } from './claims.js';
import { applyCue, cueFor, leadCue, NAMING_CUES, type Cue } from '../meaning/cues.js';
import {
  aloneInSentence,
  backSentence,
  NEAR,
  sentenceStart,
  tailEnd,
  tailLimit,
} from '../meaning/context.js';
import {
  countedStates,
  stateBefore,
  stateInWords,
  stateOpening,
  takeCounted,
  type ProseState,
} from '../meaning/prose-states.js';
import { detached } from './detach.js';
import { stateInside } from '../ledger/states.js';
import { collapseLinks } from './links.js';
import { lineIndexOf, maskLine, maskPreamble, type MaskedText } from './text.js';
import { extractPreamble, type Preamble } from './preamble.js';

export interface HeaderInput {
  /** Patch file, root-relative with `/`. */
  path: string;
  /** The whole file. */
  text: string;
  /** Lower-case `owner/repo` from the patch's ledger row, record or config. */
  defaultRepo: string | null;
  aliases?: ReadonlyMap<string, string>;
  /** The project's own repository, when the run knows it (RefContext.ownRepo). */
  ownRepo?: string | null;
  /** The file's preamble when the caller already extracted it (it is the costly part). */
  preamble?: Preamble;
  /** A queue's own patch: `label: …` runs with no heading are blocks too (block.ts). */
  implicitBlocks?: boolean;
}

export interface HeaderResult extends SourceResult {
  hasStatusBlock: boolean;
}

/** Everything one parse accumulates; offsets are in the masked preamble. */
class HeaderReader {
  readonly mentions: { at: number; mention: Mention }[] = [];
  readonly ambiguous: { at: number; ref: AmbiguousRef }[] = [];
  readonly problems: ParseProblem[] = [];
  /** Refs the header says were merged and then reverted ("#19410 was reverted by #19655"). */
  reverted: Set<string> | null = null;

  constructor(
    private readonly input: HeaderInput,
    readonly masked: MaskedText,
    private readonly startOffset: number,
    private readonly startLine: number,
    private readonly ctx: RefContext,
  ) {}

  lineOf(at: number): number {
    return this.startLine + lineIndexOf(this.masked.lines, at);
  }

  /** Refs in `[start, end)`, with a `[#N](url)` link read once, as its URL. */
  refsIn(start: number, end: number): FoundRef[] {
    const span = this.masked.text.slice(start, end);
    if (!mayHoldRefs(span)) return [];
    // scanRefs's refs are new objects: moved in place (a `{ ...r, start }` copy
    // costs microseconds each in Node 20).
    const found = scanRefs(span, this.ctx);
    for (const r of found) {
      r.start += start;
      r.end += start;
    }
    return collapseLinks(found, this.masked.text);
  }

  add(ref: FoundRef, role: Role, claim: Claim | null, shared: boolean, byDefault = false): void {
    if (ref.internal) return;
    const line = this.lineOf(ref.start);
    const patch = this.input.path;
    if (ref.key === null) {
      this.ambiguous.push({
        at: ref.start,
        ref: { text: detached(ref.text), source: patch, line, patch },
      });
      return;
    }
    const span = claim?.stateSpan ?? null;
    const stateAt = span?.start ?? claim?.stateAt;
    const stateLine = stateAt !== undefined && claim?.state != null ? this.lineOf(stateAt) : line;
    const recordedState = claim?.state ?? null;
    const recordedDate = claim?.date ?? null;
    const recordedReviewDecision = claim?.reviewDecision ?? null;
    const stateSpan = span && {
      start: span.start + this.startOffset,
      end: span.end + this.startOffset,
    };
    const sharedState = shared && claim?.state != null;
    // Kept for the whole run: a copy, not a view into this file's text.
    const key = detached(ref.key);
    // Two literals, not `...(cond ? { stateLine } : {})` among the keys: in
    // Node 20 a spread followed by more keys builds the object the slow way
    // (microseconds per mention). The keys keep the order the spread gave.
    const mention: Mention =
      stateLine !== line
        ? {
            ref: key,
            kindHint: ref.kindHint,
            source: patch,
            sourceKind: 'patch-header',
            line,
            // A recorded state is what goes stale: findings point at its line,
            // which after a multi-line title is not the ref's.
            stateLine,
            patch,
            role,
            recordedState,
            recordedDate,
            recordedReviewDecision,
            stateSpan,
            sharedState,
          }
        : {
            ref: key,
            kindHint: ref.kindHint,
            source: patch,
            sourceKind: 'patch-header',
            line,
            patch,
            role,
            recordedState,
            recordedDate,
            recordedReviewDecision,
            stateSpan,
            sharedState,
          };
    // Last, where the spread put it.
    if (byDefault) mention.roleByDefault = true;
    this.mentions.push({ at: ref.start, mention });
  }

  /** One problem per line: a line of unclosed `(` would otherwise repeat it per ref. */
  problem(at: number, message: string): void {
    const line = this.lineOf(at);
    // Refs are read in file order, so a repeat can only be the last problem.
    if (this.problems[this.problems.length - 1]?.line === line) return;
    this.problems.push({ file: this.input.path, line, message: detached(message) });
  }
}

const NO_ALIASES: ReadonlyMap<string, string> = new Map();

/**
 * A cheap necessary condition for scanRefs and learnAliases to find
 * anything: every form of ref has `#` and a digit (`#N`, `owner/repo#N`,
 * `alias#N`) or a `/pull/N`, `/pulls/N` or `/issues/N` URL path. Most
 * patch headers have neither, and then their regexes need not run.
 */
export function mayHoldRefs(text: string): boolean {
  return REF_HINT.test(text);
}
const REF_HINT = /#\d|\/(?:pulls?|issues)\/\d| PR +\d/;

/**
 * A cheap necessary condition for learnAliases to learn anything from
 * `text`: an alias is taught by a repository written in full, right before
 * `#N` (`owner/repo#N`) or as a PR or issue URL's path (`/pull/N`), which a
 * markdown link `[alias#N](url)` holds too. Most headers with a ref have
 * only `#N` after a space or a bracket, and teach nothing.
 */
export function mayTeach(text: string): boolean {
  return TEACHING_HINT.test(text);
}
const TEACHING_HINT = /[\w.-]#\d|\/(?:pulls?|issues)\/\d/;

/**
 * The caller's aliases and those `text` teaches; the caller's (config,
 * ledger) win. The caller's own map, not a copy, when `text` teaches none
 * (nothing writes to it): the same entries in the same order as
 * `learnAliases(text, new Map(known))`.
 */
export function withTaught(
  text: string,
  known: ReadonlyMap<string, string> | undefined,
): ReadonlyMap<string, string> {
  const taught = mayTeach(text) ? learnAliases(text) : null;
  if (taught === null || taught.size === 0) return known ?? NO_ALIASES;
  const out = new Map(known ?? []);
  for (const [alias, repo] of taught) if (!out.has(alias)) out.set(alias, repo);
  return out;
}

/**
 * Whether `text` may hold an UPSTREAM STATUS heading once masked: masking
 * only blanks comment markers at a line's ends and CRs, so the words can
 * only be joined by a CR that was not there as a blank.
 */
export function mayHoldHeading(text: string): boolean {
  return HEADING_HINT.test(text);
}
const HEADING_HINT = /upstream[ \t\r]+status/i;

/**
 * Whether the prose reader, run over `preamble`, can only give what
 * readPatchHeader throws away: mentions and ambiguous refs on `owned` lines
 * (a trailer field's, which the trailer reader reads instead). It is so when
 * the preamble has no UPSTREAM STATUS heading, every place a ref may be
 * (mayHoldRefs's hints) lies on an owned line, and no ref there can be
 * followed by a title or parenthetical, which readFollow could report
 * unclosed. A Yocto `Upstream-Status: Submitted [URL]` header is the common
 * case: its prose pass (masking, aliases, cues, states) was half its reading.
 */
export function proseAddsNothing(preamble: Preamble, owned: readonly number[]): boolean {
  if (owned.length === 0 || mayHoldHeading(preamble.text)) return false;
  const text = preamble.text;
  let line = preamble.startLine;
  let lineStart = 0;
  REF_HINTS.lastIndex = 0;
  for (let m = REF_HINTS.exec(text); m !== null; m = REF_HINTS.exec(text)) {
    for (
      let nl = text.indexOf('\n', lineStart);
      nl !== -1 && nl < m.index;
      nl = text.indexOf('\n', nl + 1)
    ) {
      line++;
      lineStart = nl + 1;
    }
    if (!owned.includes(line)) return false;
    if (mayOpenFollow(text, lineStart, m.index + m[0].length)) return false;
  }
  return true;
}
const REF_HINTS = new RegExp(REF_HINT.source, 'g');

/**
 * Whether a ref whose number goes on at `at` (on the line from `lineStart`)
 * may be followed by a title or parenthetical: readFollow, from the ref's
 * end, skips gaps (across lines, within the paragraph) and opens one at `(`,
 * `"` or `\u201c`. The ref ends after its number, or, as the URL of a
 * markdown link, after the link's `)` (collapseLinks): both ends are tried.
 * Lines are masked as maskPreamble masks them, since the prose reader reads
 * the masked text.
 */
function mayOpenFollow(text: string, lineStart: number, at: number): boolean {
  const lineEnd = endOfLine(text, at);
  const line = maskLine(text.slice(lineStart, lineEnd), lineStart === 0);
  let end = at - lineStart;
  while (isDigit(line.charCodeAt(end))) end++;
  const ends = [end];
  for (let i = end; i < line.length && i < end + 200; i++) {
    const c = line[i];
    if (c === ')') ends.push(i + 1);
    if (c === ')' || c === ' ' || c === '\t' || c === '(') break;
  }
  for (const from of ends) {
    let current = line;
    let currentEnd = lineEnd;
    let p = from;
    for (;;) {
      while (p < current.length && isGap(current[p])) p++;
      if (p < current.length) {
        const c = current[p];
        if (c === '(' || c === '"' || c === '\u201c') return true;
        break;
      }
      // The line ends in gaps: readFollow reads on at the next, unless the paragraph ends there.
      if (currentEnd >= text.length) break;
      const next = currentEnd + 1;
      currentEnd = endOfLine(text, next);
      current = maskLine(text.slice(next, currentEnd), false);
      if (BLANK.test(current)) break;
      p = 0;
    }
  }
  return false;
}

function endOfLine(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  return nl === -1 ? text.length : nl;
}

/** A blank line (maskPreamble's indent -1): it ends a paragraph. */
const BLANK = /^[ \t]*$/;

function isDigit(code: number): boolean {
  return code >= 0x30 && code <= 0x39;
}

/** A header the prose reader found nothing in. */
export function proseless(input: HeaderInput, preamble: Preamble): HeaderResult {
  return headerResult(input, preamble, [], null);
}

/** `preamble`, when given, is the file's (readPatchHeader extracts it once for both readers). */
export function parseHeader(
  input: HeaderInput,
  preamble: Preamble = input.preamble ?? extractPreamble(input.path, input.text),
  implicitBlocks = input.implicitBlocks === true,
): HeaderResult {
  const holdsRefs = mayHoldRefs(preamble.text);
  // Neither a ref nor a heading (four Yocto headers in five): nothing to mask or read.
  if (!holdsRefs && !mayHoldHeading(preamble.text)) return headerResult(input, preamble, [], null);
  const masked = maskPreamble(preamble.text);
  const aliases = holdsRefs
    ? withTaught(preamble.text, input.aliases)
    : (input.aliases ?? NO_ALIASES);
  const ctx: RefContext = {
    aliases,
    defaultRepo: input.defaultRepo,
    ownRepo: input.ownRepo ?? null,
  };
  const reader = new HeaderReader(input, masked, preamble.startOffset, preamble.startLine, ctx);
  const blocks = findStatusBlocks(masked, implicitBlocks, preamble.text);
  // Masking only blanks: without a ref in the preamble, no entry or paragraph has one.
  if (holdsRefs) {
    for (const block of blocks) readBlock(reader, block);
    readOutsideBlocks(reader, masked, blocks);
  }
  return headerResult(input, preamble, blocks, reader);
}

function headerResult(
  input: HeaderInput,
  preamble: Preamble,
  blocks: readonly StatusBlock[],
  reader: HeaderReader | null,
): HeaderResult {
  const dated = blocks.find((b) => b.checkedOn !== null);
  return {
    source: {
      path: input.path,
      kind: 'patch-header',
      checkedOn: dated?.checkedOn ?? null,
      checkedOnLine: dated ? preamble.startLine + dated.headingLine : null,
    },
    mentions: reader === null ? [] : mentionsOf(reader),
    patches: [],
    ambiguous: reader?.ambiguous.sort((a, b) => a.at - b.at).map((a) => a.ref) ?? [],
    problems: reader?.problems ?? [],
    notPatches: [],
    hasStatusBlock: blocks.length > 0,
  };
}

/**
 * The header's mentions in order. A ref the header says was reverted is no
 * fix anywhere in it: "the upstream fix, #19410, landed" in a history line
 * above "#19410 was reverted by #19655" must not yield drop advice.
 */
function mentionsOf(reader: HeaderReader): Mention[] {
  const out = reader.mentions.sort((a, b) => a.at - b.at).map((m) => m.mention);
  const reverted = reader.reverted;
  if (reverted !== null)
    for (const m of out)
      if (reverted.has(m.ref) && (m.role === 'fix' || m.role === 'own' || m.role === 'third-party'))
        m.role = 'related';
  return out;
}

function readBlock(reader: HeaderReader, block: StatusBlock): void {
  // A ref already given a role in this block keeps it where a label no longer reaches.
  const roles = new Map<string, Role>();
  for (const entry of block.entries) {
    const text = reader.masked.text;
    // `own PR  NONE.` / `issue  NONE FOUND.`: the label names nothing, so it
    // does not bind the refs written after it.
    const none = NONE_AFTER_LABEL.test(
      text.slice(entry.start, Math.min(entry.end, entry.start + 80)),
    );
    // A ref an earlier entry already named, written again further into this
    // one ("If #790 lands first, #802 has to be redone"), is spoken of, not
    // labelled: it keeps the earlier role. The entry's first refs take its label.
    readSpan(reader, entry.start, entry.end, block.end, (key, head, apart, cue) => {
      const earlier = roles.get(key) ?? null;
      if (none || (!head && earlier !== null)) return earlier;
      // A later ref of the entry that its own words name ("issue: #296
      // (fixed by #298)", "cause: #4710, reverted in #4790") is not what the
      // label names: its words decide (session 16).
      // (Not under a collisions label: "#8733 (CLOSED, superseded by #8790)"
      // names the collision's successor, a collision too.)
      if (!head && cue !== null && NAMING_CUES.has(cue) && entry.role !== 'anchor-collision')
        return null;
      // An own-PR entry's label names its first refs; one it speaks of apart
      // is not ours by label, though its words may say so ("Re-submitted as #2298").
      if (apart && entry.role === 'own') return null;
      // A label no role word names (`note`, `see`) says nothing of the role:
      // the ref is read as if unlabelled, and takes the role the patch's other
      // sources give it (settle.ts). Session 12: "note  #4270 got a +1".
      return entry.labelled && entry.role !== 'related' ? entry.role : null;
    }).forEach((role, key) => {
      if (!roles.has(key)) roles.set(key, role);
    });
  }
}

// Not "fix: #531" nor "fix     #5344": labels naming the fix. (`Closes: #N`
// is Debian's, trackers.ts.)
const CLOSES_AT_LINE_START =
  /(?:^|\n)[ \t]*(?:(?:fix(?:es|ed)|close[sd]?|resolve[sd]?)(?:[ \t]*:[ \t]*| )|fix )$/i;

// `NONE` as written, or a lower-case `none` that is the label's whole answer
// (`own PR  none -- …`, `own PR  none.`), not prose that goes on ("none for HIP").
const NONE_AFTER_LABEL =
  /^[ \t]*(?:[-*+\u2022][ \t]+)?[A-Za-z][\w'/-]*(?:[ \t][A-Za-z][\w'/-]*){0,2}[ \t:]+(?:NONE\b|[Nn]one(?=[ \t]*(?:[.,;:\n]|--|\u2014|\u2013|$)|[ \t]+(?:sent|opened|submitted|yet)\b))/;

/**
 * Read the refs of `[start, end)` — an entry of a block, or a paragraph
 * outside one: groups (`#a / #b`), the title and parenthetical after each,
 * the state written in them or in words around them, and the role the words
 * give over `baseRole`. Returns the role read for each ref key.
 */
function readSpan(
  reader: HeaderReader,
  start: number,
  end: number,
  blockEnd: number,
  /**
   * The role a label gives the ref, or null when only its position would
   * (then `related`); `head` is true for the span's first group of refs,
   * `apart` for a ref in an aside or a later sentence than the first ref.
   */
  baseRole: (key: string, head: boolean, apart: boolean, cue: Cue | null) => Role | null,
  /** A block entry: words that retire the patch, said of a ref anywhere in it, are said of the ref. */
  entry = true,
): Map<string, Role> {
  const text = reader.masked.text;
  const read = new Map<string, Role>();
  const refs = reader.refsIn(start, end);
  if (refs.length === 0) return read;
  const counted = countedStates(text.slice(start, end));
  for (const c of counted) {
    c.start += start;
    c.end += start;
  }
  // Refs inside a title or parenthetical already read ("Revert #3800") are
  // mentioned, but they are not what the entry's label or state is about.
  let consumed = start;
  let prevEnd = start;
  const pending: {
    group: FoundRef[];
    claim: Claim | null;
    cue: Cue | null;
    follow: Follow;
    shared: boolean;
    /** Where the sentence of the group's first ref starts. */
    sentence: number;
  }[] = [];
  for (let i = 0; i < refs.length;) {
    const first = refs[i]!;
    if (first.start < consumed) {
      // Only the words just before it speak of it: "(CLOSED, fixed by #b)",
      // "(superseded by #b)" make #b the fix; "our PR" there is no claim.
      const lead = text.slice(Math.max(start, first.start - NEAR), first.start);
      const cue = leadCue(lead);
      reader.add(
        first,
        applyCue('related', cue === 'own' ? null : cue, first.kindHint),
        null,
        false,
      );
      i++;
      continue;
    }
    const group = [first];
    for (let next = refs[i + 1]; next !== undefined; next = refs[i + group.length]) {
      if (!joinsRefs(text.slice(group[group.length - 1]!.end, next.start))) break;
      group.push(next);
    }
    const last = group[group.length - 1]!;
    const follow = readFollow(text, last.end, end, blockEnd, group.length > 1);
    if (follow.problem)
      reader.problem(follow.problem.offset, `${follow.problem.message} (after ${last.text})`);
    const nextStart = refs[i + group.length]?.start ?? end;
    const sentence = sentenceStart(text, first.start, start);
    const leadFar = text.slice(sentence, first.start);
    const leadNear = text.slice(Math.max(sentence, prevEnd, first.start - NEAR), first.start);
    const tail = text.slice(
      follow.titleEnd,
      // Words in the next ref's own sentence are about that ref.
      tailEnd(text, follow.titleEnd, tailLimit(text, follow.end, nextStart)),
    );
    // The words up to the next ref's sentence, past the tail's two sentences:
    // "… Same set, same place. This is the PR whose merge retires this script."
    const rest = text.slice(follow.titleEnd, tailLimit(text, follow.end, nextStart));
    // "Fixes #149" opening a line of a message, outside any block: GitHub's
    // closing words name the issue the commit fixes (as copied-refs.ts reads
    // them in an upstream message).
    const cue =
      !entry && CLOSES_AT_LINE_START.test(leadNear)
        ? 'issue'
        : cueFor(leadNear, leadFar, tail, rest, backSentence(text, follow.titleEnd, nextStart));
    let claim = follow.claim?.state != null ? follow.claim : null;
    if (claim === null) {
      const after = Math.max(follow.end, follow.titleEnd);
      // The only ref of its span, or of its sentence ("Issue #a … was auto-closed. PR #b …").
      // Asked only when the words right after it say nothing.
      const alone = (): boolean =>
        group.length === refs.length ||
        aloneInSentence(text, sentence, refs[i - 1]?.end ?? null, after, nextStart);
      const worded =
        stateBefore(leadNear, first.start - leadNear.length) ??
        stateOpening(leadNear, text.slice(follow.titleEnd, follow.end), follow.titleEnd) ??
        insideState(text, first.start, last.end) ??
        stateInWords(
          leadNear,
          text.slice(after, tailEnd(text, after, nextStart, 1)),
          after,
          alone,
        ) ??
        takeCounted(counted, first.start, sentence, group.length);
      if (worded !== null) {
        claim = {
          state: worded.state,
          // Prose and counts ("Two OPEN PRs") are read, never rewritten per ref.
          stateSpan: worded.rewritable ? { start: worded.start, end: worded.end } : null,
          stateAt: worded.start,
          date: worded.date,
          reviewDecision: follow.claim?.reviewDecision ?? null,
        };
      } else claim = follow.claim;
    }
    consumed = Math.max(consumed, follow.end);
    pending.push({ group, claim, cue, follow, shared: group.length > 1, sentence });
    prevEnd = Math.max(follow.end, last.end);
    i += group.length;
  }
  // `#a (MERGED) / #b (OPEN, in both bases)` — what sync writes when a shared
  // state parts — still says one thing of both: a group without words of its
  // own takes those of the group it is joined to.
  for (let k = pending.length - 2; k >= 0; k--) {
    const g = pending[k]!;
    const next = pending[k + 1]!;
    if (g.cue === null && joinsRefs(text.slice(g.follow.end, next.group[0]!.start)))
      g.cue = next.cue;
  }
  // `#a "title a" and #b "title b" (both MERGED)`: a quantified state covers
  // the refs joined to the one it follows, each with its own title.
  for (let k = pending.length - 2; k >= 0; k--) {
    const g = pending[k]!;
    const next = pending[k + 1]!;
    if (g.claim?.state != null || !quantified(text, next.claim)) continue;
    if (!joinsRefs(text.slice(g.follow.end, next.group[0]!.start))) continue;
    g.claim = next.claim;
    g.shared = next.shared = true;
  }
  const baseOf = (ref: FoundRef, k: number, apart = false): Role | null =>
    ref.key === null ? null : baseRole(ref.key, k === 0, apart, pending[k]!.cue);
  // "#655 … (OPEN). Same fix; when #655 merges this diff can go.": words that
  // retire the patch, said of a ref again in its entry, are said of the ref.
  // (Built only when such words occur: most spans have none.)
  let retiring: Set<string> | null = null;
  if (entry) {
    for (let k = 0; k < pending.length; k++) {
      const { group, cue } = pending[k]!;
      if (cue !== 'retires') continue;
      for (const ref of group) {
        if (ref.key !== null && applyCue(baseOf(ref, k) ?? 'related', cue, ref.kindHint) === 'fix')
          (retiring ??= new Set()).add(ref.key);
      }
    }
  }
  const aside = asideReader(text, start);
  for (let k = 0; k < pending.length; k++) {
    const { group, claim, cue, shared } = pending[k]!;
    for (const ref of group) {
      // An aside or a later sentence of the entry: "… needs a grpcio bump
      // first (#2291, open)", "Rebased after #20140 touched the imports".
      const apart =
        k > 0 && (aside(ref.start) || pending[k]!.sentence > pending[0]!.group[0]!.start);
      const base = baseOf(ref, k, apart);
      // Its own words still win when they say more than "a fix" or "not this fix".
      const weak = cue === null || cue === 'alternative' || cue === 'not-fix' || cue === 'fix';
      const said = weak && ref.key !== null && retiring?.has(ref.key) === true ? 'retires' : cue;
      const role = applyCue(base ?? 'related', said, ref.kindHint);
      if (ref.key !== null && !read.has(ref.key)) read.set(ref.key, role);
      if (said === 'reverted' && ref.key !== null) (reader.reverted ??= new Set()).add(ref.key);
      reader.add(ref, role, claim, shared, base === null && cue === null);
    }
  }
  return read;
}

/**
 * "a grpcio bump first (#2291, open)": the ref opens a parenthetical and a
 * later item of it is its state, in either case.
 */
function insideState(text: string, start: number, end: number): ProseState | null {
  const written = stateInside(text, start, end);
  return written === null ? null : { ...written, rewritable: true };
}

/**
 * Whether an offset sits inside a parenthetical opened after `from`, asked
 * for offsets in increasing order: each character is counted once.
 */
function asideReader(text: string, from: number): (at: number) => boolean {
  let i = from;
  let depth = 0;
  return (at) => {
    for (; i < at; i++) {
      const c = text.charCodeAt(i);
      if (c === 40) depth++;
      else if (c === 41 && depth > 0) depth--;
    }
    return depth > 0;
  };
}

/** Whether `claim`'s state word is written `both STATE` / `all STATE` (it covers a group). */
function quantified(text: string, claim: Claim | null): boolean {
  const span = claim?.state != null ? claim.stateSpan : null;
  if (span === null || span === undefined) return false;
  return /\b(?:both|all)[ \t\n*_`]+$/i.test(text.slice(Math.max(0, span.start - 16), span.start));
}

/** Outside a block, each paragraph is a context for bare refs, read like an unlabelled entry. */
function readOutsideBlocks(
  reader: HeaderReader,
  masked: MaskedText,
  blocks: readonly StatusBlock[],
): void {
  let b = 0;
  let paragraphStart: number | null = null;
  let paragraphEnd = 0;
  const flush = (): void => {
    if (paragraphStart === null) return;
    readSpan(reader, paragraphStart, paragraphEnd, paragraphEnd, () => null, false);
    paragraphStart = null;
  };
  for (const line of masked.lines) {
    while (blocks[b] !== undefined && blocks[b]!.end < line.start) b++;
    const block = blocks[b];
    const inBlock = block !== undefined && line.start >= block.start && line.start <= block.end;
    if (inBlock || line.indent === -1) {
      flush();
      continue;
    }
    paragraphStart ??= line.start;
    paragraphEnd = line.end;
  }
  flush();
}
