/**
 * Runs a patch through `checkPatch` and through GNU patch on the same files,
 * so a focused test's expectation is GNU's behaviour, not our belief of it.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkPatch, type FileVerdict, type PatchVerdict } from '../../../src/rebase/apply.js';
import { writeTree } from './git-diff.js';
import { runGnuPatch, type GnuResult, type GnuVerdict } from './gnu-patch.js';
import type { Tree } from './python-tree.js';

export function asGnu(v: FileVerdict): GnuVerdict {
  return v.status === 'applies' || v.status === 'already-applied' ? v.status : 'fails';
}

export function checkBoth(tree: Tree, patch: string): { ours: PatchVerdict; gnu: GnuResult } {
  const dir = mkdtempSync(join(tmpdir(), 'rebase-both-'));
  try {
    writeTree(dir, tree);
    writeFileSync(join(dir, '.patch'), patch);
    const gnu = runGnuPatch(dir, join(dir, '.patch'));
    return { ours: checkPatch(patch, (p) => tree[p] ?? null), gnu };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `L1\n` … `Ln\n` — every line unique, so offsets are easy to read. */
export function numbered(n: number, prefix = 'L'): string {
  return Array.from({ length: n }, (_, i) => `${prefix}${i + 1}\n`).join('');
}

/** A one-file unified patch for `f.txt` from hunk bodies. */
export function patchOf(...hunks: string[]): string {
  return `--- a/f.txt\n+++ b/f.txt\n${hunks.join('')}`;
}
