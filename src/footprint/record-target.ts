/**
 * What a patch's YAML record says of its target: `target.files` (repository
 * paths) and `target.anchors` (strings that must occur exactly once), which
 * win over anything read from the script.
 */
import { readAnchorDeclaration } from '../rebase/anchors.js';
import { isMap, isScalar, isSeq, parseDocument } from 'yaml';

export interface RecordTarget {
  files: string[];
  anchors: string[];
  /** Line of `target.anchors` in the record. */
  anchorsLine: number;
}

export function readRecordTarget(text: string): RecordTarget {
  const decl = readAnchorDeclaration(text);
  if (decl) return { files: decl.files, anchors: decl.anchors, anchorsLine: decl.line };
  const doc = parseDocument(text, { uniqueKeys: false });
  const target = isMap(doc.contents) ? doc.contents.get('target', true) : null;
  const files = isMap(target) ? target.get('files', true) : null;
  return {
    files: isSeq(files)
      ? files.items.flatMap((i) =>
          isScalar(i) && typeof i.value === 'string' && i.value !== '' ? [i.value] : [],
        )
      : [],
    anchors: [],
    anchorsLine: 1,
  };
}
