/**
 * Does one file's patch apply to its target, as `patch --fuzz=0 --batch`
 * (GNU patch 2.7.6) would decide — without writing anything.
 *
 * The file verdict follows GNU: hunks apply in order; if the first hunk does
 * not apply but its reverse does, the whole file is taken as reversed and is
 * `already-applied` when every hunk then matches in reverse. Hunk verdicts
 * say more than GNU: a hunk that fails in the file's direction is also tried
 * the other way, so a half-applied patch shows which hunks REF already has
 * (the file is still `fails`, as it is for GNU).
 */
import type { FilePatch, Hunk } from './diff-parse.js';
import { rawLine, splitLines } from './lines.js';
import { advance, locateSide, sideOf, type SearchState } from './locate.js';
import { describeFailure, type Mismatch } from './mismatch.js';
import { patchedContent, type Placement } from './patched.js';

export type { Mismatch } from './mismatch.js';

export type HunkVerdict =
  | { hunk: number; status: 'applies'; offset: number }
  | { hunk: number; status: 'already-applied'; offset: number }
  | { hunk: number; status: 'fails'; oldRange: [number, number]; firstMismatch: Mismatch | null };

export interface FileVerdict {
  path: string;
  status: 'applies' | 'fails' | 'already-applied' | 'binary' | 'missing-file';
  hunks: HunkVerdict[];
  /**
   * Why a file fails although no hunk does: a deletion (or a creation taken
   * in reverse) whose hunks match but leave other lines behind — GNU's "Not
   * deleting file … as content differs from patch".
   */
  reason?: 'file-not-emptied';
}

/** The path GNU reads for this file patch when it has one name to go by. */
export function targetPath(fp: FilePatch): string {
  return (fp.isNew ? fp.newPath : (fp.oldPath ?? fp.newPath)) ?? '';
}

export function applyFilePatch(target: string | null, fp: FilePatch): FileVerdict {
  return applyFile(target, fp).verdict;
}

/**
 * The verdict and the file as it is once the patch is applied: the patched
 * content when the file applies (null once deleted), else the target as it
 * was. A later section of the same patch sees that content, as `patch`
 * without `--dry-run` does.
 */
export function applyFile(
  target: string | null,
  fp: FilePatch,
): { verdict: FileVerdict; after: string | null } {
  const path = targetPath(fp);
  const unchanged = (verdict: FileVerdict) => ({ verdict, after: target });
  if (fp.binary) return unchanged({ path, status: 'binary', hunks: [] });
  if (target === null && !fp.isNew) return unchanged(absent(fp, path));
  const lines = splitLines(target ?? '').map(rawLine);
  const pass = choosePass(lines, fp);
  const verdict = {
    path,
    status: pass.status,
    hunks: pass.hunks,
    ...(pass.reason ? { reason: pass.reason } : {}),
  };
  if (pass.status !== 'applies') return unchanged(verdict);
  return { verdict, after: fp.isDelete ? null : patchedContent(lines, pass.placements, false) };
}

/** No file to patch; GNU takes deleting a file that is gone as a reversed patch. */
function absent(fp: FilePatch, path: string): FileVerdict {
  return fp.isDelete
    ? { path, status: 'already-applied', hunks: fp.hunks.map((h) => found(h, true, 0)) }
    : { path, status: 'missing-file', hunks: fp.hunks.map((h) => failed(h, null)) };
}

function choosePass(lines: readonly string[], fp: FilePatch): Pass {
  // GNU: "The next patch would create the file …, which already exists!
  // Assuming -R." An empty file counts as absent.
  if (fp.isNew && lines.length > 0) return runPass(lines, fp, true);
  const forward = runPass(lines, fp, false);
  const first = fp.hunks[0];
  if (first && !forward.firstFound && reverses(lines, first)) return runPass(lines, fp, true);
  return forward;
}

/** GNU's reversed-patch detection: the first hunk, reversed, at the start state. */
function reverses(lines: readonly string[], hunk: Hunk): boolean {
  return locateSide(lines, sideOf(hunk, true), { offset: 0, frozen: 0 }) !== null;
}

interface Pass {
  status: 'applies' | 'already-applied' | 'fails';
  hunks: HunkVerdict[];
  reason?: FileVerdict['reason'];
  firstFound: boolean;
  placements: Placement[];
}

/** Every hunk in one direction, each search starting where the last one left off. */
function runPass(lines: readonly string[], fp: FilePatch, reverse: boolean): Pass {
  let state: SearchState = { offset: 0, frozen: 0 };
  let remaining = lines.length;
  const hunks: HunkVerdict[] = [];
  const located: boolean[] = [];
  const placements: Placement[] = [];
  for (const hunk of fp.hunks) {
    const side = sideOf(hunk, reverse);
    const where = canLocate(lines, fp, reverse) ? locateSide(lines, side, state) : null;
    located.push(where !== null);
    if (where === null) {
      hunks.push(tryOtherWay(lines, fp, hunk, reverse, state));
      continue;
    }
    hunks.push(found(hunk, reverse, where - side.first));
    placements.push({ hunk, where });
    state = advance(side, where);
    remaining += netLines(hunk, reverse);
  }
  const done = { hunks, firstFound: located[0] ?? true, placements };
  if (located.includes(false)) return { status: 'fails', ...done };
  // Lines left after a deleting patch mean GNU keeps the file and fails.
  const deletes = reverse ? fp.isNew : fp.isDelete;
  if (deletes && remaining > 0) return { status: 'fails', reason: 'file-not-emptied', ...done };
  return { status: reverse ? 'already-applied' : 'applies', ...done };
}

/** Lines the hunk adds minus lines it removes, in this direction. */
function netLines(hunk: Hunk, reverse: boolean): number {
  const sign = (op: string) => (op === '+' ? 1 : op === '-' ? -1 : 0);
  return hunk.lines.reduce((n, l) => n + (reverse ? -1 : 1) * sign(l.op), 0);
}

/** A patch that creates the file in this direction only fits an empty file. */
function canLocate(lines: readonly string[], fp: FilePatch, reverse: boolean): boolean {
  const creates = reverse ? fp.isDelete : fp.isNew;
  return !creates || lines.length === 0;
}

/** For the report only: the failing hunk tried in the other direction. */
function tryOtherWay(
  lines: readonly string[],
  fp: FilePatch,
  hunk: Hunk,
  reverse: boolean,
  state: SearchState,
): HunkVerdict {
  const side = sideOf(hunk, !reverse);
  const where = canLocate(lines, fp, !reverse) ? locateSide(lines, side, state) : null;
  if (where !== null) return found(hunk, !reverse, where - side.first);
  return failed(hunk, describeFailure(lines, hunk, reverse, state));
}

function found(hunk: Hunk, reverse: boolean, offset: number): HunkVerdict {
  return { hunk: hunk.index, status: reverse ? 'already-applied' : 'applies', offset };
}

function failed(hunk: Hunk, firstMismatch: Mismatch | null): HunkVerdict {
  const end = hunk.oldStart + Math.max(hunk.oldLines, 1) - 1;
  return { hunk: hunk.index, status: 'fails', oldRange: [hunk.oldStart, end], firstMismatch };
}
