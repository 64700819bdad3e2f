/**
 * The target after its hunks are applied, written the way GNU's
 * `apply_hunk` writes it: only changes copy or skip target lines, so a
 * hunk's trailing context may be shared with the next hunk's leading context.
 */
import type { Hunk } from './diff-hunk.js';
import { rawLine } from './lines.js';

export interface Placement {
  hunk: Hunk;
  /** 1-based target line where the hunk's pattern starts. */
  where: number;
}

export function patchedContent(
  lines: readonly string[],
  placements: readonly Placement[],
  reverse: boolean,
): string {
  const [removed, added] = reverse ? ['+', '-'] : ['-', '+'];
  const out: string[] = [];
  let copied = 0;
  const copyTill = (line: number) => {
    for (; copied < line; copied++) out.push(lines[copied] ?? '');
  };
  for (const { hunk, where } of placements) {
    let old = 0;
    for (const line of hunk.lines) {
      if (line.op === ' ') {
        old++;
      } else if (line.op === removed) {
        copyTill(where + old - 1);
        copied++;
        old++;
      } else if (line.op === added) {
        copyTill(where + old - 1);
        out.push(rawLine(line));
      }
    }
  }
  copyTill(lines.length);
  return out.join('');
}
