/**
 * One patch file's header, read both ways: the prose UPSTREAM STATUS block
 * (headers.ts) and the ecosystem fields — Yocto `Upstream-Status:`,
 * Buildroot `Upstream:`, DEP-3 `Forwarded:`/`Applied-Upstream:`/`Bug:`
 * (trailers.ts). A field line is the trailer reader's: the prose reader's
 * stateless `related` mention of the same URL on that line is dropped, so
 * each place is one mention with the state the field records.
 */
import type { HeaderInput, HeaderResult } from './index.js';
import { parseHeader } from './index.js';
import { extractPreamble } from './preamble.js';
import { parseTrailers } from '../trailers/index.js';
import type { TrailerResult } from '../trailers/types.js';

export interface PatchHeaderResult extends HeaderResult {
  trailers: Pick<TrailerResult, 'fields' | 'uncheckable' | 'commits'>;
}

export function readPatchHeader(input: HeaderInput): PatchHeaderResult {
  const preamble = extractPreamble(input.path, input.text);
  const header = parseHeader({ ...input, preamble });
  const trailers = parseTrailers({
    path: input.path,
    preamble: preamble.text,
    startOffset: preamble.startOffset,
    startLine: preamble.startLine,
    ...(input.aliases ? { aliases: input.aliases } : {}),
  });
  const fieldLines = new Set<number>();
  for (const f of trailers.fields) {
    const lineCount = f.value.split('\n').length;
    for (let i = 0; i < lineCount; i++) fieldLines.add(f.line + i);
  }
  const problemLines = new Set(trailers.problems.map((p) => p.line));
  const taken = (line: number): boolean => fieldLines.has(line) || problemLines.has(line);
  return {
    ...header,
    mentions: [...header.mentions.filter((m) => !taken(m.line)), ...trailers.mentions].sort(
      (a, b) => a.line - b.line,
    ),
    ambiguous: [...header.ambiguous.filter((a) => !taken(a.line)), ...trailers.ambiguous],
    problems: [...header.problems, ...trailers.problems].sort((a, b) => a.line - b.line),
    source: {
      ...header.source,
      // A prose block's date wins; trailer conventions carry none.
      checkedOn: header.source.checkedOn,
    },
    trailers: {
      fields: trailers.fields,
      uncheckable: trailers.uncheckable,
      commits: trailers.commits,
    },
  };
}
