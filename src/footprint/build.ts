/**
 * The footprint of one patch, from its text and its record: diffs give hunks,
 * Python and shell scripts are read statically, and a record's
 * `target.anchors` win over what the script says; its `target.files` settle
 * a guessed package folder.
 */
import path from 'node:path';
import { parseDiff } from '../rebase/diff-parse.js';
import type { PackageMap } from './package-paths.js';
import { readPythonScript } from './python-script.js';
import type { RecordTarget } from './record-target.js';
import { readShellScript } from './shell-script.js';
import type { Footprint, FootprintKind, TargetFile } from './types.js';

export interface PatchInput {
  patch: string;
  repo: string | null;
  text: string;
  record: RecordTarget | null;
  /** Root-relative path of the record, for anchors it declares. */
  recordPath: string | null;
}

export function kindOf(patch: string): FootprintKind {
  const ext = path.posix.extname(patch).toLowerCase();
  return ext === '.diff' || ext === '.patch'
    ? 'diff'
    : ext === '.py'
      ? 'python'
      : ext === '.sh'
        ? 'shell'
        : 'other';
}

export function buildFootprint(
  input: PatchInput,
  packages: PackageMap,
  patchFiles: readonly string[],
): Footprint {
  const kind = kindOf(input.patch);
  const fp: Footprint = {
    patch: input.patch,
    kind,
    repo: input.repo,
    files: [],
    hunks: [],
    companions: [],
    unreadable: [],
    anchorsFrom: null,
  };
  if (kind === 'diff') {
    const parsed = parseDiff(input.text);
    for (const f of parsed.files) {
      const file = f.oldPath ?? f.newPath;
      if (file === null) continue;
      fp.files.push({
        candidates: [file],
        repo: input.repo,
        guessed: false,
        written: file,
        anchors: [],
      });
      for (const h of f.hunks)
        fp.hunks.push({ file, oldStart: h.oldStart, oldLines: h.oldLines, line: h.line });
    }
    fp.unreadable.push(...parsed.problems.map((p) => ({ line: p.line, reason: p.message })));
  } else if (kind === 'python') {
    const read = readPythonScript(input.text, packages);
    fp.files = read.files;
    fp.unreadable = read.unreadable;
    if (fp.files.some((f) => f.anchors.length > 0)) fp.anchorsFrom = 'script';
    else if (fp.unreadable.length === 0)
      fp.unreadable.push({
        line: 1,
        reason: 'no upstream file is read or edited in it (a fragment, or a helper?)',
      });
  } else if (kind === 'shell') {
    const read = readShellScript(input.text, input.patch, patchFiles, packages);
    fp.files = read.files;
    fp.companions = read.companions;
    fp.unreadable = read.unreadable;
    if (fp.files.length > 0) fp.anchorsFrom = 'script';
  } else fp.unreadable.push({ line: 1, reason: 'not a diff, nor a Python or shell script' });
  for (const f of fp.files) f.repo ??= input.repo;
  if (input.record) applyRecord(fp, input.record, input.recordPath ?? input.patch);
  return fp;
}

function applyRecord(fp: Footprint, record: RecordTarget, recordPath: string): void {
  if (record.anchors.length > 0 && record.files.length > 0) {
    fp.files = record.files.map((file): TargetFile => ({
      candidates: [file],
      repo: fp.repo,
      guessed: false,
      written: `${recordPath} target.files`,
      anchors: record.anchors.map((old) => ({
        old,
        new: null,
        expected: 1,
        replaceCount: null,
        role: 'required',
        regexFlags: null,
        line: record.anchorsLine,
      })),
    }));
    fp.anchorsFrom = 'record';
    fp.unreadable = [];
    return;
  }
  const known = new Set(record.files);
  for (const f of fp.files) {
    const confirmed = f.candidates.find((c) => known.has(c));
    if (confirmed !== undefined) {
      f.candidates = [confirmed];
      f.guessed = false;
    }
  }
}
