/**
 * Anchor scripts (`.py`/`.sh` patches that edit upstream files by finding a
 * string) are not diffs and cannot be applied here. What can be checked is
 * that each anchor they rely on is still there exactly once: the record
 * beside the script may declare them as `target.anchors: [strings]`, next to
 * `target.files` (record-only: the config has no per-patch place for them).
 */
import { LineCounter, isMap, isScalar, isSeq, parseDocument, type Node } from 'yaml';

export interface AnchorDeclaration {
  anchors: string[];
  files: string[];
  /** 1-based line of `target.anchors` (or of `target`, or 1), for findings. */
  line: number;
}

/** Null when the record declares no anchors (or cannot be read). */
export function readAnchorDeclaration(recordText: string): AnchorDeclaration | null {
  const counter = new LineCounter();
  const doc = parseDocument(recordText, { lineCounter: counter, uniqueKeys: false });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return null;
  const target = doc.contents.get('target', true);
  if (!isMap(target)) return null;
  const anchorsNode = target.get('anchors', true);
  const anchors = strings(anchorsNode);
  if (anchors.length === 0) return null;
  const files = strings(target.get('files', true));
  const at = (anchorsNode as Node | undefined)?.range?.[0];
  return { anchors, files, line: at === undefined ? 1 : counter.linePos(at).line };
}

function strings(node: unknown): string[] {
  if (!isSeq(node)) return [];
  return node.items.flatMap((item) =>
    isScalar(item) && typeof item.value === 'string' && item.value !== '' ? [item.value] : [],
  );
}

/** Non-overlapping occurrences of `anchor` in `text`. */
export function countOccurrences(text: string, anchor: string): number {
  let count = 0;
  for (let at = text.indexOf(anchor); at !== -1; at = text.indexOf(anchor, at + anchor.length))
    count++;
  return count;
}
