/**
 * Patch cells and *Not patches* lists: backticked paths, relative to the
 * patches folder, with companions (`` `x.patch` (+ `y.py`) ``: a bare name
 * sits beside the first path; `` `a/b.py` + `.diff` ``: the sibling with the
 * same stem), and ditto marks that repeat the patch of the row above.
 */
import { posix } from 'node:path';
import type { Role } from '../../model.js';
import { applyCue, tailCue } from '../meaning/cues.js';
import { isAbsolute, normaliseRelPath } from '../records/paths.js';

/** `″`, `"`, `〃`, `''`, curly quotes, or the word `ditto`, at the start of the cell. */
const DITTO = /^\s*(?:″|〃|''|"|“|”|ditto\b)/i;

export interface DittoMark {
  /** Role of the row's upstream PRs from the parenthetical; null = fix (or own). */
  role: Role | null;
}

/** A ditto mark at the start of a patch cell's flat text, or null. */
export function readDitto(text: string): DittoMark | null {
  const mark = DITTO.exec(text);
  if (mark === null) return null;
  const rest = text.slice(mark[0].length);
  if (/anchor[\s-]*collision/i.test(rest)) return { role: 'anchor-collision' };
  if (/same[\s-]+(?:bug|defect|symptom)/i.test(rest)) return { role: 'related' };
  // "(superseded)", "(first attempt)", "(abandoned)": an earlier try, not the fix now.
  if (
    /^\W*(?:superseded|replaced|abandoned|withdrawn|(?:first|earlier|old)\s+attempt)\b/i.test(rest)
  ) {
    return { role: 'related' };
  }
  // "(revert)": the PR that took a fix back (session 14); its merge retires nothing.
  if (/^\W*(?:the\s+)?revert(?:ed|ing)?\b/i.test(rest)) return { role: 'related' };
  // "(partial, LFU policy only)": someone's repair of part of the defect.
  if (/^\W*partial(?:ly)?\b/i.test(rest)) return { role: 'third-party' };
  // "(cause, not a fix)", "(the regression)": the row names the defect's cause.
  if (/^\W*(?:the\s+)?(?:cause|culprit|regression)\b/i.test(rest))
    return { role: 'introduced-the-defect' };
  // Any other word the prose readers know: "(collides)", "(test only)",
  // "(background)", "(alternative repair)". A cue can only take the fix away.
  const cue = tailCue(rest);
  // "〃 competing, refcount instead of lock": someone else's repair of the same defect.
  if (cue === null && /^\W*(?:competing|rival|third[\s-]party)\b/i.test(rest))
    return { role: 'third-party' };
  const role = applyCue('fix', cue);
  return { role: role === 'fix' ? null : role };
}

/** Could this backticked text name a file? Refs, URLs, flags and prose cannot. */
export function isPathLike(value: string): boolean {
  const v = value.trim();
  if (v === '' || /[\s#:*?<>|"]/.test(v) || v.startsWith('-')) return false;
  return /[./]/.test(v) && /[A-Za-z0-9_]/.test(v);
}

/**
 * Resolve the backticked names of one cell (or list item) to root-relative
 * paths: the first relative to `patchesDir`, the rest as companions of it.
 *
 * A name that is absolute or leads out of the root is refused, as records
 * and indexes refuse it (record-paths.ts): it is not returned, and `refuse`
 * is told why, once per name, for the caller to report with its line. When
 * the first name is refused, so is the cell: its companions sit beside it.
 */
export function resolvePaths(
  values: readonly string[],
  patchesDir: string,
  refuse: (message: string) => void = () => {},
): string[] {
  const names = values.map((v) => v.trim()).filter(isPathLike);
  const [first, ...rest] = names;
  if (first === undefined) return [];
  const firstRel = besideLedger(normalise(first), patchesDir);
  const firstPath = joinDir(patchesDir, firstRel);
  if (firstPath === null) {
    refuse(leavesRoot(first));
    return [];
  }
  const out = [firstPath];
  for (const name of rest) {
    const path = joinDir(patchesDir, companionOf(firstRel, normalise(name)));
    if (path === null) refuse(leavesRoot(name));
    else if (!out.includes(path)) out.push(path);
  }
  return out;
}

function leavesRoot(name: string): string {
  return `patch path \`${name}\` leaves the root (it is absolute or climbs out with ..); a ledger can only index patches inside the tree it is checked in`;
}

function companionOf(first: string, name: string): string {
  // `.diff` alone: the sibling of the first path with the same stem.
  if (/^\.[A-Za-z0-9_]+$/.test(name)) {
    const ext = posix.extname(first);
    return (ext === '' ? first : first.slice(0, -ext.length)) + name;
  }
  if (!name.includes('/')) return posix.join(posix.dirname(first), name);
  return name;
}

/**
 * `patches/apply.sh` written from the ledger's folder, its `patches/`
 * beside it (session 11): the path inside that patches folder.
 */
function besideLedger(rel: string, patchesDir: string): string {
  const folder = posix.basename(patchesDir);
  return folder === 'patches' && rel.startsWith('patches/') ? rel.slice('patches/'.length) : rel;
}

function normalise(name: string): string {
  return name.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '');
}

/**
 * A relative path written plainly: `/`-separated names, none of them empty,
 * `.` or `..`, no backslash, no white space at either end. posix.join and
 * normaliseRelPath leave it as it is, so joining two is a concatenation.
 */
const PLAIN_PATH = /^(?!\s)(?!\.\.?(?:\/|$))[^/\\]+(?:\/(?!\.\.?(?:\/|$))[^/\\]+)*(?<!\s)$/;

/** `rel` under `dir`, root-relative; null when absolute or outside the root. */
export function joinDir(dir: string, rel: string): string | null {
  if (isAbsolute(rel)) return null;
  if (PLAIN_PATH.test(rel) && (dir === '' || PLAIN_PATH.test(dir))) {
    // The common case, without two passes of posix.normalize (a loop per character).
    const plain = dir === '' ? rel : `${dir}/${rel}`;
    if (!isAbsolute(plain)) return plain;
  }
  // posix.join normalises what it joins: a second normalize changed nothing.
  const joined = posix.join(dir === '' ? '.' : dir, rel).replace(/^\.\//, '');
  // The records' rule for "inside the root" (normaliseRelPath refuses `.` too,
  // which is the root itself, not a path that leaves it).
  return joined === '.' || normaliseRelPath(joined) !== null ? joined : null;
}
