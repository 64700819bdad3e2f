/**
 * Text edits as offsets into an original string. Every `sync` rewrite is a
 * list of these, applied in one pass, so bytes outside the edited ranges are
 * copied through untouched (line endings, BOM, emphasis, comments).
 */
export interface TextEdit {
  /** UTF-16 offsets in the original text; `start === end` inserts. */
  start: number;
  end: number;
  text: string;
}

export { unifiedDiff } from './diff.js';

/**
 * Apply non-overlapping edits. Overlap means two planners claimed the same
 * bytes, which is a bug in the planner, so it throws rather than guess which
 * edit wins. Two insertions at one offset overlap too: their order is unknown.
 */
export function applyEdits(text: string, edits: readonly TextEdit[]): string {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const parts: string[] = [];
  let at = 0;
  let previous: TextEdit | null = null;
  for (const edit of sorted) {
    if (edit.start < 0 || edit.end < edit.start || edit.end > text.length) {
      throw new Error(`edit [${edit.start}, ${edit.end}) is outside the text (0..${text.length})`);
    }
    const clash =
      previous !== null &&
      (edit.start < previous.end ||
        (edit.start === previous.start &&
          edit.end === edit.start &&
          previous.end === previous.start));
    if (clash && previous !== null) {
      throw new Error(
        `overlapping edits [${previous.start}, ${previous.end}) and [${edit.start}, ${edit.end})`,
      );
    }
    parts.push(text.slice(at, edit.start), edit.text);
    at = edit.end;
    previous = edit;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
