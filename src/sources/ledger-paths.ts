/**
 * Patch cells and *Not patches* lists: backticked paths, relative to the
 * patches folder, with companions (`` `x.patch` (+ `y.py`) ``: a bare name
 * sits beside the first path; `` `a/b.py` + `.diff` ``: the sibling with the
 * same stem), and ditto marks that repeat the patch of the row above.
 */
import { posix } from 'node:path';
import type { Role } from '../model.js';

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
  if (/same[\s-]+(?:bug|defect)/i.test(rest)) return { role: 'related' };
  return { role: null };
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
 */
export function resolvePaths(values: readonly string[], patchesDir: string): string[] {
  const names = values.map((v) => v.trim()).filter(isPathLike);
  const [first, ...rest] = names;
  if (first === undefined) return [];
  const firstRel = normalise(first);
  const out = [joinDir(patchesDir, firstRel)];
  for (const name of rest) {
    const rel = companionOf(firstRel, normalise(name));
    const path = joinDir(patchesDir, rel);
    if (!out.includes(path)) out.push(path);
  }
  return out;
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

function normalise(name: string): string {
  return name.replace(/\\/g, '/').replace(/^(?:\.\/)+/, '');
}

function joinDir(dir: string, rel: string): string {
  const joined = posix.normalize(posix.join(dir === '' ? '.' : dir, rel));
  return joined.replace(/^\.\//, '');
}
