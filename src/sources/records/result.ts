/** Building blocks of a RecordResult, shared by the record and index readers. */
import type { PatchEntry, SourceKind } from '../../model.js';
import type { TopFields } from './top.js';
import type { RecordResult } from './types.js';
import type { YamlFile } from './yaml.js';

export function patchEntry(
  source: string,
  path: string,
  line: number,
  repo: string | null,
  retired = false,
): PatchEntry {
  return { path, source, line, retired, repo };
}

/** A result with nothing read yet; its problems are the file's, so they fill in as it is read. */
export function emptyResult(path: string, kind: SourceKind, file: YamlFile): RecordResult {
  return {
    source: { path, kind, checkedOn: null, checkedOnLine: null },
    mentions: [],
    patches: [],
    ambiguous: [],
    problems: file.problems,
    notPatches: [],
    fields: [],
    statusUpdatedLine: null,
    targetRepo: null,
    internalTarget: false,
    library: null,
    pinnedCommits: [],
  };
}

export function applyTop(result: RecordResult, top: TopFields): void {
  result.source.checkedOn = top.checkedOn;
  result.source.checkedOnLine = top.checkedOnLine;
  result.statusUpdatedLine = top.checkedOnLine;
  result.targetRepo = top.targetRepo;
  result.internalTarget = top.internalTarget;
  result.library = top.library;
  result.pinnedCommits = top.pinnedCommits;
}

/** Problems in file order, whichever pass found them, so output is stable and readable. */
export function finish(result: RecordResult): RecordResult {
  result.problems.sort((a, b) => a.line - b.line);
  return result;
}
