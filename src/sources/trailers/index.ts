/**
 * Patch-header trailers → mentions: Yocto `Upstream-Status:`, Buildroot
 * `Upstream:` and Debian DEP-3 (`Forwarded:`, `Bug:`, `Bug-<Vendor>:`,
 * `Applied-Upstream:`, `Origin:`), SPEC §2.3 and issue 7.
 *
 * A pure function of a patch's preamble (see preamble.ts for how one is cut),
 * so it does not depend on how the preamble was found. Offsets and lines are
 * the whole file's: `sync` rewrites the word at a mention's `stateSpan` (the
 * Yocto status word, or the DEP-3/Buildroot field name) and annotations point
 * at the field's line. URLs GitHub cannot answer for are listed in
 * `uncheckable`, never reported as problems; commits are listed in `commits`
 * for the caller to resolve to their PRs.
 */
import type { AmbiguousRef, Mention, ParseProblem, RefKind, State } from '../../model.js';
import type { RefContext } from '../../refs.js';
import { conventionFields, type RawField } from './fields.js';
import { detached } from '../headers/detach.js';
import { findLinks } from './links.js';
import { applyCue, cueFor, oursRightAfter, type Cue } from '../meaning/cues.js';
import { readField, type FieldMeaning } from './meaning.js';
import type {
  CommitRef,
  TrailerField,
  TrailerInput,
  TrailerResult,
  UncheckableMention,
} from './types.js';

export type {
  CommitRef,
  PatchLayout,
  TrailerConvention,
  TrailerField,
  TrailerInput,
  TrailerResult,
  UncheckableMention,
} from './types.js';
export { trailerAdvice, type LiveForAdvice } from './advice.js';

export function parseTrailers(input: TrailerInput): TrailerResult {
  const text = input.preamble;
  // Only the fields readField reads: it returns null for every other name.
  const raw = conventionFields(text);
  const appliedUpstream = raw.some(
    (f) => f.name.toLowerCase() === 'applied-upstream' && f.valueEnd > f.valueStart,
  );
  const reader = new TrailerReader(input, {
    aliases: input.aliases ?? new Map(),
    defaultRepo: input.layout == null ? (input.defaultRepo ?? null) : null,
  });
  const ctx = { appliedUpstream, layout: input.layout ?? null };
  for (const field of raw) {
    const reading = readField(field, text, ctx);
    if (reading === null) continue;
    if ('problem' in reading) reader.problem(field, reading.problem);
    else reader.read(field, reading.meaning);
  }
  return {
    source: { path: input.path, kind: 'patch-header', checkedOn: null, checkedOnLine: null },
    mentions: reader.mentions,
    patches: [],
    ambiguous: reader.ambiguous,
    problems: reader.problems,
    notPatches: [],
    fields: reader.fields,
    uncheckable: reader.uncheckable,
    commits: reader.commits,
    claimedLines: [...reader.claimedLines].sort((a, b) => a - b),
  };
}

/** Whether the words after the link at `start` (past its own token) on its line say it is ours. */
function oursAfter(text: string, start: number): boolean {
  const rest = text.slice(start, start + 400);
  const token = /^\S+/.exec(rest)?.[0].length ?? 0;
  const line = rest.slice(token).split('\n', 1)[0] ?? '';
  return oursRightAfter(line);
}

/** Whether `field`'s name and value span more than one line. */
function isFolded(preamble: string, field: RawField): boolean {
  const nl = preamble.indexOf('\n', field.nameStart);
  return nl !== -1 && nl < field.valueEnd;
}

class TrailerReader {
  readonly fields: TrailerField[] = [];
  readonly mentions: Mention[] = [];
  readonly ambiguous: AmbiguousRef[] = [];
  readonly problems: ParseProblem[] = [];
  readonly uncheckable: UncheckableMention[] = [];
  readonly commits: CommitRef[] = [];

  constructor(
    private readonly input: TrailerInput,
    private readonly ctx: RefContext,
  ) {}

  private lineOf(field: RawField): number {
    return this.input.startLine + field.lineIndex;
  }

  /**
   * The line of `offset` (in the preamble, inside `field`'s value): a value
   * continued over lines names each ref on its own line (SPEC §3: a
   * mention's line is where the ref is written).
   */
  private lineAt(field: RawField, offset: number): number {
    let line = this.lineOf(field);
    const { preamble } = this.input;
    for (let at = preamble.indexOf('\n', field.nameStart); at !== -1 && at < offset;) {
      line++;
      at = preamble.indexOf('\n', at + 1);
    }
    return line;
  }

  readonly claimedLines = new Set<number>();

  /** The field's lines are this reader's: the prose reader does not read them again. */
  private claim(field: RawField): void {
    // From the name's line to the value's last line: a value may start on the next line.
    const { preamble } = this.input;
    const first = this.lineOf(field);
    this.claimedLines.add(first);
    let line = first;
    for (let at = preamble.indexOf('\n', field.nameStart); at !== -1 && at < field.valueEnd;) {
      this.claimedLines.add(++line);
      at = preamble.indexOf('\n', at + 1);
    }
  }

  /**
   * A field that does not parse is reported, and does not swallow its line:
   * the GitHub refs in it are still mentions, with no recorded state.
   */
  problem(field: RawField, message: string): void {
    this.problems.push({
      file: this.input.path,
      line: this.lineOf(field),
      message: detached(message),
    });
    this.claim(field);
    const { path, preamble } = this.input;
    const seen = new Set<string>();
    const text = preamble.slice(field.valueStart, field.valueEnd);
    for (const link of findLinks(text, this.ctx, true)) {
      if (link.kind !== 'ref' || seen.has(link.key)) continue;
      seen.add(link.key);
      const line = this.lineAt(field, field.valueStart + link.start);
      this.mentions.push({
        ref: detached(link.key),
        kindHint: link.kindHint,
        source: path,
        sourceKind: 'patch-header',
        line,
        patch: path,
        role: link.kindHint === 'issue' ? 'issue' : 'related',
        recordedState: null,
        recordedDate: null,
        stateSpan: null,
      });
    }
  }

  read(field: RawField, meaning: FieldMeaning): void {
    const { path, preamble, startOffset } = this.input;
    const line = this.lineOf(field);
    this.claim(field);
    const folded = isFolded(preamble, field);
    this.fields.push({
      convention: meaning.convention,
      name: detached(field.name),
      value: detached(preamble.slice(field.valueStart, field.valueEnd)),
      line,
      lastLine: folded ? this.lineAt(field, field.valueEnd) : line,
      valueSpan: { start: field.valueStart + startOffset, end: field.valueEnd + startOffset },
      status: meaning.status === null ? null : detached(meaning.status),
    });
    const stateSpan = {
      start: meaning.wordStart + startOffset,
      end: meaning.wordEnd + startOffset,
    };
    const linkText = preamble.slice(meaning.linksStart, field.valueEnd);
    const seen = new Set<string>();
    // Where the status word is, for a ref written on a continuation line.
    const wordLine =
      folded && meaning.prState !== null ? this.lineAt(field, meaning.wordStart) : line;
    // After a `Forwarded:` ref, words make the refs that follow prose; a
    // list of addresses (`…/pull/170` / `…/pull/171`) is one place, split.
    let lastEnd = -1;
    let inProse = false;
    for (const link of findLinks(linkText, this.ctx, meaning.plainRefs)) {
      const at = folded ? this.lineAt(field, meaning.linksStart + link.start) : line;
      if (link.kind === 'ref') {
        if (seen.has(link.key)) continue;
        seen.add(link.key);
        // `Denied [<PR a>]⏎ … tracked in their draft <PR b>`: b is not the status's.
        if (meaning.linksEnd !== undefined && meaning.linksStart + link.start > meaning.linksEnd) {
          this.mentions.push(prose(link, path, at));
          continue;
        }
        if (meaning.onePlace === true) {
          if (lastEnd >= 0 && !LISTED.test(linkText.slice(lastEnd, link.start))) inProse = true;
          lastEnd = link.start + (/^\S*/.exec(linkText.slice(link.start))?.[0].length ?? 0);
          if (inProse) {
            this.mentions.push(prose(link, path, at));
            continue;
          }
        }
        // A queue patch's "Upstream: issue #1255 (OPEN). The fix is #1262": the word names an issue.
        const written = meaning.onePlace === true ? stateAfter(linkText, link.start) : null;
        const isIssue =
          link.kindHint === 'issue' ||
          (this.input.layout == null &&
            ISSUE_BEFORE.test(linkText.slice(Math.max(0, link.start - 24), link.start)));
        const recordedState = isIssue ? null : (written ?? meaning.prState);
        // A queue patch's `Upstream: <url> -- ours.`: the words after it say whose it is.
        let role = isIssue
          ? 'issue'
          : meaning.prRole === 'fix' && this.input.layout == null && oursAfter(linkText, link.start)
            ? 'own'
            : meaning.prRole;
        // A queue patch's "Upstream: two OPEN PRs touch this function: #a, #b.
        // Neither fixes it … both will collide": its own words can take the
        // fix away (never give it), as in prose (session 14, q35).
        if (this.input.layout == null && role === 'fix') {
          const cue = demotingCue(preamble, meaning.linksStart, meaning.linksStart + link.start);
          if (cue !== null) role = applyCue(role, cue, link.kindHint);
        }
        const mention: Mention = {
          ref: detached(link.key),
          kindHint: link.kindHint,
          source: path,
          sourceKind: 'patch-header',
          line: at,
          patch: path,
          role,
          recordedState,
          recordedDate: null,
          stateSpan: { ...stateSpan },
        };
        if (recordedState !== null && wordLine !== at) mention.stateLine = wordLine;
        this.mentions.push(mention);
      } else if (link.kind === 'commit' && meaning.commitsMerged) {
        this.commits.push({ repo: detached(link.repo), sha: detached(link.sha), line: at });
      } else if (link.kind === 'commit') {
        // A commit named as a submission or bug is not evidence of a merge.
        this.uncheckable.push({ url: detached(link.url), line: at, reason: 'not a PR or issue' });
      } else if (link.kind === 'uncheckable') {
        this.uncheckable.push({ url: detached(link.url), line: at, reason: link.reason });
      } else {
        this.ambiguous.push({ text: detached(link.text), source: path, line: at, patch: path });
      }
    }
  }
}

/** A blank line, or a line that opens another field (`Bug: …`, `Last-Update: …`). */
const NEXT_FIELD_OR_BLANK = /\n[ \t]*\n|\n[A-Za-z][\w-]*:[ \t]/;

/** Cues that make a field's ref less than a fix; the others are the field's to give. */
const DEMOTING: ReadonlySet<Cue> = new Set([
  'anchor-collision',
  'introduced-the-defect',
  'reverted',
  'not-fix',
  'unrelated',
  'background',
]);

/**
 * What the words of a queue patch's field say of the ref at `start`, if they
 * demote it: the field's words before it in its sentence, and its paragraph
 * after it (a value often runs on in lines that are not indented).
 */
function demotingCue(preamble: string, valueStart: number, start: number): Cue | null {
  const before = preamble.slice(valueStart, start);
  const sentence = Math.max(
    before.lastIndexOf('. '),
    before.lastIndexOf('.\n'),
    before.lastIndexOf(';'),
  );
  const lead = before.slice(sentence + 1);
  const end = start + (/^\S*/.exec(preamble.slice(start))?.[0].length ?? 0);
  // To the end of the paragraph, or of the field when another one follows.
  const next = NEXT_FIELD_OR_BLANK.exec(preamble.slice(end));
  const tail = preamble.slice(end, next === null ? preamble.length : end + next.index);
  const cue = cueFor(lead, lead, tail);
  return cue !== null && DEMOTING.has(cue) ? cue : null;
}

const ISSUE_BEFORE = /\b(?:issue|bug(?:\s+report)?|reported\s+(?:as|in))\s*:?\s*$/i;

/** Only separators between two refs: a list. */
const LISTED = /^[\s,;&]*(?:and\s+)?$/;

/** `<url> (closed, not merged; …)`: the state the parenthetical right after the ref at `start` writes. */
function stateAfter(text: string, start: number): State | null {
  const word = /^\S+\s*\(\s*(open|merged|closed|draft)\b/i.exec(
    text.slice(start, start + 240),
  )?.[1];
  return word === undefined ? null : (word.toUpperCase() as State);
}

/** A ref in a field's prose: no state, `issue` or `related` by its kind. */
function prose(
  link: { key: string; kindHint: RefKind | null },
  path: string,
  line: number,
): Mention {
  return {
    ref: detached(link.key),
    kindHint: link.kindHint,
    source: path,
    sourceKind: 'patch-header',
    line,
    patch: path,
    role: link.kindHint === 'issue' ? 'issue' : 'related',
    // No words were read about it: the patch's other mentions of it say what it is.
    roleByDefault: true,
    recordedState: null,
    recordedDate: null,
    stateSpan: null,
  };
}
