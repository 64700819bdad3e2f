/**
 * The apply check for a whole `.diff`/`.patch`: every file in it against the
 * target tree, read through an injected `readFile` so this stays pure.
 */
import { applyFile, targetPath, type FileVerdict } from './apply-file.js';
import { parseDiff, type DiffProblem, type FilePatch } from './diff-parse.js';

export { applyFilePatch, targetPath } from './apply-file.js';
export type { FileVerdict, HunkVerdict, Mismatch } from './apply-file.js';

export interface PatchVerdict {
  files: FileVerdict[];
  /** The patch itself is malformed here (GNU would stop or fail on it). */
  problems: DiffProblem[];
  /** What `patch -p1 --fuzz=0` would do cleanly: every file applies forward. */
  applies: boolean;
}

/** `readFile` returns a file's content at REF, or null when it is absent. */
export function checkPatch(
  text: string,
  read: (path: string) => string | null,
  strip = 1,
): PatchVerdict {
  const { files, problems } = parseDiff(text, strip);
  // Files as earlier sections left them: a patch holding two commits that
  // touch one file applies the second on top of the first, as `patch` does
  // (`patch --dry-run` does not, and fails such patches).
  const patched = new Map<string, string | null>();
  const original = memoize(read);
  const readFile = (p: string) => (patched.has(p) ? (patched.get(p) ?? null) : original(p));
  const verdicts = files.map((fp) => {
    const path = chooseTarget(fp, readFile);
    const { verdict, after } = applyFile(path === null ? null : readFile(path), fp);
    const where = path ?? targetPath(fp);
    if (verdict.status === 'applies') patched.set(where, after);
    return { ...verdict, path: where };
  });
  const applies =
    problems.length === 0 && verdicts.length > 0 && verdicts.every((v) => v.status === 'applies');
  return { files: verdicts, problems, applies };
}

/**
 * Which file GNU patches when the two header names differ (a hand-made
 * `--- foo.py.orig` / `+++ foo.py`): of the names that exist, the one with
 * the fewest components, then the shortest basename, then the shortest
 * name; the old name wins ties. Null when neither exists.
 */
function chooseTarget(fp: FilePatch, readFile: (path: string) => string | null): string | null {
  if (fp.isNew || fp.oldPath === null || fp.oldPath === fp.newPath || fp.newPath === null) {
    const only = targetPath(fp);
    return only !== '' && readFile(only) !== null ? only : null;
  }
  const existing = [fp.oldPath, fp.newPath].filter((p) => readFile(p) !== null);
  const rank = (p: string) => [p.split('/').length, (p.split('/').pop() ?? '').length, p.length];
  const better = (a: string, b: string) => {
    const [ra, rb] = [rank(a), rank(b)];
    for (const [k, x] of ra.entries()) if (x !== rb[k]) return x < (rb[k] ?? 0) ? a : b;
    return a;
  };
  return existing.reduce<string | null>((best, p) => (best === null ? p : better(best, p)), null);
}

/** Choosing a target reads candidates; each path is read once per patch. */
function memoize(read: (path: string) => string | null): (path: string) => string | null {
  const seen = new Map<string, string | null>();
  return (path) => {
    if (!seen.has(path)) seen.set(path, read(path));
    return seen.get(path) ?? null;
  };
}
