/**
 * The apply check must say what GNU patch 2.7.6 says. Every (patch, tree)
 * pair of the matrix in support/scenarios.ts is run through `checkPatch` and
 * through `/usr/bin/patch -p1 --fuzz=0 --dry-run --batch`; the per-file
 * verdicts must be equal (support/gnu-patch.ts explains the flags). Where
 * every file applies, GNU then patches a copy for real and the files it
 * writes must equal ours byte for byte, which pins down where each hunk went,
 * not just whether it went. No patch of the matrix touches a file twice, the
 * one case where `--dry-run` and a real run disagree (see apply.test.ts).
 */
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPatch, type FileVerdict } from '../../src/rebase/apply.js';
import { applyFile } from '../../src/rebase/apply-file.js';
import { parseDiff } from '../../src/rebase/diff-parse.js';
import { writeTree } from './support/git-diff.js';
import { runGnuPatch, type GnuVerdict } from './support/gnu-patch.js';
import { buildPatches, buildTrees } from './support/scenarios.js';

interface Pair {
  patch: string;
  tree: string;
  dir: string;
  patchFile: string;
  text: string;
  ours: GnuVerdict[];
  gnu: GnuVerdict[];
  gnuExit: number;
  oursApplies: boolean;
  verdicts: FileVerdict[];
}

/** Our file statuses in GNU's vocabulary: a missing file fails for GNU too. */
function asGnu(v: FileVerdict): GnuVerdict {
  return v.status === 'applies' || v.status === 'already-applied' ? v.status : 'fails';
}

function table(pairs: readonly Pair[]): string {
  const rows = pairs.map((p) => {
    const mark = p.ours.join(',') === p.gnu.join(',') ? 'ok ' : 'BAD';
    return `${mark} ${p.patch.padEnd(18)} ${p.tree.padEnd(20)} ours=${p.ours.join(',').padEnd(40)} gnu=${p.gnu.join(',')} (exit ${p.gnuExit})`;
  });
  return `\n${rows.join('\n')}\n`;
}

describe('apply check agrees with GNU patch --fuzz=0', () => {
  let root: string;
  const pairs: Pair[] = [];

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'rebase-diff-'));
    const trees = buildTrees();
    const patches = buildPatches();
    for (const [treeName, tree] of Object.entries(trees)) {
      const dir = mkdtempSync(join(root, `${treeName}-`));
      writeTree(dir, tree);
      const read = (p: string) =>
        existsSync(join(dir, p)) ? readFileSync(join(dir, p), 'utf8') : null;
      for (const [patchName, text] of Object.entries(patches)) {
        const file = join(root, `${patchName}.patch`);
        writeFileSync(file, text);
        const gnu = runGnuPatch(dir, file);
        const ours = checkPatch(text, read);
        pairs.push({
          patch: patchName,
          tree: treeName,
          dir,
          patchFile: file,
          text,
          ours: ours.files.map(asGnu),
          gnu: gnu.files,
          gnuExit: gnu.exitCode,
          oursApplies: ours.applies,
          verdicts: ours.files,
        });
      }
    }
  });

  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it('gives the same per-file verdict as GNU for every (patch, tree) pair', () => {
    expect(pairs.length).toBe(80);
    const disagreements = pairs.filter((p) => p.ours.join(',') !== p.gnu.join(','));
    expect(disagreements, table(pairs)).toEqual([]);
  });

  it('applies cleanly exactly when GNU would patch every file forward', () => {
    for (const p of pairs) {
      const gnuClean = p.gnuExit === 0 && p.gnu.every((v) => v === 'applies');
      expect(p.oursApplies, `${p.patch} on ${p.tree}`).toBe(gnuClean);
    }
  });

  it('writes the same files as GNU patch does for real wherever every file applies', () => {
    const clean = pairs.filter((p) => p.oursApplies);
    expect(clean.length).toBeGreaterThanOrEqual(30);
    for (const p of clean) {
      const copy = mkdtempSync(join(root, 'real-'));
      cpSync(p.dir, copy, { recursive: true });
      expect(runGnuPatch(copy, p.patchFile, true).exitCode).toBe(0);
      for (const fp of parseDiff(p.text).files) {
        const path = (fp.isNew ? fp.newPath : fp.oldPath) ?? '';
        const before = existsSync(join(p.dir, path))
          ? readFileSync(join(p.dir, path), 'utf8')
          : null;
        const gnuAfter = existsSync(join(copy, path))
          ? readFileSync(join(copy, path), 'utf8')
          : null;
        expect(applyFile(before, fp).after, `${p.patch} on ${p.tree}: ${path}`).toBe(gnuAfter);
      }
    }
  });

  it('exercises every verdict, offsets in both directions and missing files', () => {
    const all = pairs.flatMap((p) => p.gnu);
    for (const verdict of ['applies', 'already-applied', 'fails'] as const) {
      expect(all.filter((v) => v === verdict).length, verdict).toBeGreaterThanOrEqual(5);
    }
    const offsets = pairs.flatMap((p) =>
      p.verdicts.flatMap((f) => f.hunks.map((h) => (h.status === 'applies' ? h.offset : 0))),
    );
    expect(offsets.some((o) => o > 0)).toBe(true);
    expect(offsets.some((o) => o < 0)).toBe(true);
    const statuses = pairs.flatMap((p) => p.verdicts.map((f) => f.status));
    expect(statuses).toContain('missing-file');
  });
});
