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
import { joinsRefs, readFollow, type Claim } from './claims.js';
import { collapseLinks } from './links.js';
import { lineIndexOf, maskPreamble, type MaskedText } from './text.js';
import { extractPreamble, type Preamble } from './preamble.js';

export interface HeaderInput {
  /** Patch file, root-relative with `/`. */
  path: string;
  /** The whole file. */
  text: string;
  /** Lower-case `owner/repo` from the patch's ledger row, record or config. */
  defaultRepo: string | null;
  aliases?: ReadonlyMap<string, string>;
  /** The file's preamble when the caller already extracted it (it is the costly part). */
  preamble?: Preamble;
}

export interface HeaderResult extends SourceResult {
  hasStatusBlock: boolean;
}

/** Everything one parse accumulates; offsets are in the masked preamble. */
class HeaderReader {
  readonly mentions: { at: number; mention: Mention }[] = [];
  readonly ambiguous: { at: number; ref: AmbiguousRef }[] = [];
  readonly problems: ParseProblem[] = [];

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
    const found = scanRefs(this.masked.text.slice(start, end), this.ctx).map((r) => ({
      ...r,
      start: r.start + start,
      end: r.end + start,
    }));
    return collapseLinks(found, this.masked.text);
  }

  add(ref: FoundRef, role: Role, claim: Claim | null, shared: boolean): void {
    if (ref.internal) return;
    const line = this.lineOf(ref.start);
    const patch = this.input.path;
    if (ref.key === null) {
      this.ambiguous.push({ at: ref.start, ref: { text: ref.text, source: patch, line, patch } });
      return;
    }
    const span = claim?.stateSpan ?? null;
    const mention: Mention = {
      ref: ref.key,
      kindHint: ref.kindHint,
      source: patch,
      sourceKind: 'patch-header',
      // A recorded state is what goes stale: point at its line, which after a
      // multi-line title is not the ref's.
      line: span && claim?.state != null ? this.lineOf(span.start) : line,
      patch,
      role,
      recordedState: claim?.state ?? null,
      recordedDate: claim?.date ?? null,
      recordedReviewDecision: claim?.reviewDecision ?? null,
      stateSpan: span && { start: span.start + this.startOffset, end: span.end + this.startOffset },
      sharedState: shared && claim?.state != null,
    };
    this.mentions.push({ at: ref.start, mention });
  }

  /** One problem per line: a line of unclosed `(` would otherwise repeat it per ref. */
  problem(at: number, message: string): void {
    const line = this.lineOf(at);
    // Refs are read in file order, so a repeat can only be the last problem.
    if (this.problems[this.problems.length - 1]?.line === line) return;
    this.problems.push({ file: this.input.path, line, message });
  }
}

export function parseHeader(input: HeaderInput): HeaderResult {
  const preamble = input.preamble ?? extractPreamble(input.path, input.text);
  const masked = maskPreamble(preamble.text);
  // Aliases the caller knows (config, ledger) win over ones this header teaches.
  const aliases = learnAliases(preamble.text, new Map(input.aliases ?? []));
  const ctx: RefContext = { aliases, defaultRepo: input.defaultRepo };
  const reader = new HeaderReader(input, masked, preamble.startOffset, preamble.startLine, ctx);
  const blocks = findStatusBlocks(masked);
  for (const block of blocks) readBlock(reader, block);
  readOutsideBlocks(reader, masked, blocks);

  const dated = blocks.find((b) => b.checkedOn !== null);
  return {
    source: {
      path: input.path,
      kind: 'patch-header',
      checkedOn: dated?.checkedOn ?? null,
      checkedOnLine: dated ? preamble.startLine + dated.headingLine : null,
    },
    mentions: reader.mentions.sort((a, b) => a.at - b.at).map((m) => m.mention),
    patches: [],
    ambiguous: reader.ambiguous.sort((a, b) => a.at - b.at).map((a) => a.ref),
    problems: reader.problems,
    notPatches: [],
    hasStatusBlock: blocks.length > 0,
  };
}

function readBlock(reader: HeaderReader, block: StatusBlock): void {
  const text = reader.masked.text;
  for (const entry of block.entries) {
    const refs = reader.refsIn(entry.start, entry.end);
    // Refs inside a title or parenthetical already read ("Revert #3800") are
    // mentioned, but they are not what the entry's label or state is about.
    let consumed = entry.start;
    for (let i = 0; i < refs.length;) {
      const first = refs[i]!;
      if (first.start < consumed) {
        reader.add(first, 'related', null, false);
        i++;
        continue;
      }
      const group = [first];
      for (let next = refs[i + 1]; next !== undefined; next = refs[i + group.length]) {
        if (!joinsRefs(text.slice(group[group.length - 1]!.end, next.start))) break;
        group.push(next);
      }
      const last = group[group.length - 1]!;
      const follow = readFollow(text, last.end, entry.end, block.end, group.length > 1);
      if (follow.problem)
        reader.problem(follow.problem.offset, `${follow.problem.message} (after ${last.text})`);
      consumed = Math.max(consumed, follow.end);
      for (const ref of group) reader.add(ref, entry.role, follow.claim, group.length > 1);
      i += group.length;
    }
  }
}

/** Outside a block, each paragraph is a context for bare refs; no states are read. */
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
    for (const ref of reader.refsIn(paragraphStart, paragraphEnd))
      reader.add(ref, 'related', null, false);
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
