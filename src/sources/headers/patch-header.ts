/**
 * One patch file's header, read both ways: the prose UPSTREAM STATUS block
 * (headers/index.ts) and the ecosystem fields — Yocto `Upstream-Status:`,
 * Buildroot `Upstream:`, DEP-3 `Forwarded:`/`Applied-Upstream:`/`Bug:`
 * (trailers/). A field line is the trailer reader's: the prose reader's
 * stateless `related` mention of the same URL on that line is dropped, so
 * each place is one mention with the state the field records.
 *
 * Trailers are read in `.patch`/`.diff` files and in any patch an ecosystem's
 * layout found (`debian/patches/*` has no fixed extension); never in a
 * queue's `.py`/`.sh` anchor script, whose docstring may well start a line
 * with `UPSTREAM:` in prose (SPEC §2.4). Bare `#N` are then settled by
 * trailers/copied-refs.ts.
 */
import type { HeaderInput, HeaderResult } from './index.js';
import { parseHeader, proseAddsNothing, proseless } from './index.js';
import { extractPreamble } from './preamble.js';
import { parseTrailers } from '../trailers/index.js';
import { attributeCopiedRefs } from '../trailers/copied-refs.js';
import type { PatchLayout, TrailerResult } from '../trailers/types.js';

export interface PatchHeaderResult extends HeaderResult {
  trailers: Pick<TrailerResult, 'fields' | 'uncheckable' | 'commits'>;
  /** Last line (1-based, whole file) of the preamble: bytes after it are the diff body. */
  preambleEndLine: number;
  /** Bare `#N` of a copied commit message not reported because no single repository owns them. */
  unattributed: number;
}

export interface PatchHeaderOptions {
  /** The ecosystem layout the patch was found in (discover.ts `layoutOf`). */
  layout?: PatchLayout | null;
  /**
   * The repository of the recipe or package the patch belongs to
   * (recipe-repo.ts): owns the bare `#N` of a copied commit message whose
   * header names no repository, as inferred.
   */
  recipeRepo?: string | null;
}

const DIFF_FILE = /\.(?:patch|diff)$/i;

export function readPatchHeader(
  input: HeaderInput,
  options: PatchHeaderOptions = {},
): PatchHeaderResult {
  const layout = options.layout ?? null;
  const preamble = extractPreamble(input.path, input.text);
  const readsTrailers = layout !== null || DIFF_FILE.test(input.path);
  const trailers = readsTrailers
    ? parseTrailers({
        path: input.path,
        preamble: preamble.text,
        startOffset: preamble.startOffset,
        startLine: preamble.startLine,
        layout,
        ...(input.aliases ? { aliases: input.aliases } : {}),
        defaultRepo: input.defaultRepo,
      })
    : null;
  // Refs only in fields (`Upstream-Status: Submitted [URL]`): the prose
  // reader's mentions of them would be dropped below, so it is not run.
  const header =
    trailers !== null && proseAddsNothing(preamble, trailers.claimedLines)
      ? proseless(input, preamble)
      : parseHeader(input, preamble, layout === null);
  // Built only when a prose mention or ambiguous ref asks: most headers have none.
  let claimed: Set<number> | null = null;
  const taken = (line: number): boolean =>
    (claimed ??= new Set(trailers?.claimedLines ?? [])).has(line);
  // Split only when a mention or ambiguous ref asks for its line: most headers have none.
  let lines: string[] | null = null;
  const lineText = (line: number): string =>
    (lines ??= preamble.text.split('\n'))[line - preamble.startLine] ?? '';
  const copied = attributeCopiedRefs({
    path: input.path,
    lineText,
    preamble: preamble.text,
    mentions: [...header.mentions.filter((m) => !taken(m.line)), ...(trailers?.mentions ?? [])],
    ambiguous: [...header.ambiguous.filter((a) => !taken(a.line)), ...(trailers?.ambiguous ?? [])],
    commitRepos: trailers?.commits.map((c) => c.repo) ?? [],
    ecosystem: layout !== null,
    fallbackRepo: options.recipeRepo ?? null,
  });
  // Spelled out in the order a spread of `header` would give, without the
  // spread: `{ ...header, mentions }` costs microseconds a file in Node 20.
  return {
    // A prose block's date wins; trailer conventions carry none.
    source: header.source,
    mentions: copied.mentions.sort((a, b) => a.line - b.line),
    patches: header.patches,
    ambiguous: copied.ambiguous,
    problems: [...header.problems, ...(trailers?.problems ?? [])].sort((a, b) => a.line - b.line),
    notPatches: header.notPatches,
    hasStatusBlock: header.hasStatusBlock,
    trailers: {
      fields: trailers?.fields ?? [],
      uncheckable: trailers?.uncheckable ?? [],
      commits: trailers?.commits ?? [],
    },
    // A preamble ends with the line break of its last line.
    preambleEndLine:
      preamble.startLine + countLineBreaks(preamble.text) - (preamble.text.endsWith('\n') ? 1 : 0),
    unattributed: copied.unattributed,
  };
}

function countLineBreaks(text: string): number {
  let n = 0;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) n++;
  return n;
}
