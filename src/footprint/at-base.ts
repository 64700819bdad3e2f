/**
 * Where a footprint sits at the patch's pinned base: for each file, the
 * candidate path that exists there, and for each literal anchor the lines of
 * its first occurrence and how often it occurs. Pure over the base texts.
 */
import { occurrences } from './verdict.js';
import type { Footprint } from './types.js';

export interface AnchorAtBase {
  /** 1-based first and last line of the first occurrence; null when absent. */
  lines: [number, number] | null;
  count: number;
}

export interface FileAtBase {
  base: string;
  /** The candidate that exists at the base; null when none does. */
  path: string | null;
  anchors: AnchorAtBase[];
}

/** `read(path)` gives a file's text at `base`, or null. */
export function locateAtBase(
  fp: Footprint,
  base: string,
  read: (path: string) => string | null,
): FileAtBase[] {
  return fp.files.map((file) => {
    const path = file.candidates.find((c) => read(c) !== null) ?? null;
    const text = path === null ? null : (read(path) ?? '');
    return {
      base,
      path,
      anchors: file.anchors.map((a): AnchorAtBase => {
        if (text === null) return { lines: null, count: 0 };
        const n = occurrences(text, a);
        const count = typeof n === 'number' ? n : 0;
        const at = a.regexFlags === null ? text.indexOf(a.old) : -1;
        if (at < 0) return { lines: null, count };
        const from = text.slice(0, at).split('\n').length;
        return { lines: [from, from + a.old.replace(/\n$/, '').split('\n').length - 1], count };
      }),
    };
  });
}
