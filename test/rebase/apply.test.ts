import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkPatch } from '../../src/rebase/apply.js';
import { asGnu, checkBoth, numbered } from './support/both.js';
import { runGnuPatch } from './support/gnu-patch.js';

const HUNK = '@@ -2,3 +2,3 @@\n L2\n-L3\n+THREE\n L4\n';

describe('checkPatch', () => {
  it('applies only when every file applies and the patch is well formed', () => {
    const tree: Record<string, string> = { 'a.txt': numbered(5), 'b.txt': numbered(5) };
    const read = (p: string) => tree[p] ?? null;
    const two = `--- a/a.txt\n+++ b/a.txt\n${HUNK}--- a/b.txt\n+++ b/b.txt\n${HUNK}`;
    expect(checkPatch(two, read).applies).toBe(true);
    const oneMissing = two.replace(/b\.txt/g, 'c.txt');
    expect(checkPatch(oneMissing, read).applies).toBe(false);
    const short = `--- a/a.txt\n+++ b/a.txt\n@@ -2,3 +2,3 @@\n L2\n-L3\n+THREE\n`;
    const verdict = checkPatch(short, read);
    expect(verdict.problems).toHaveLength(1);
    expect(verdict.applies).toBe(false);
  });

  it('does not apply an empty or prose-only patch', () => {
    expect(checkPatch('just words\n', () => null)).toMatchObject({ files: [], applies: false });
  });

  it.each([
    ['both exist: the shorter basename', { 'x.py.orig': 'o\n', 'x.py': numbered(5) }, 'x.py'],
    ['only the old name exists', { 'x.py.orig': numbered(5) }, 'x.py.orig'],
    ['only the new name exists', { 'x.py': numbered(5) }, 'x.py'],
  ])('picks the file GNU picks when names differ — %s', (_, tree, path) => {
    const { ours, gnu } = checkBoth(tree, `--- a/x.py.orig\n+++ b/x.py\n${HUNK}`);
    expect(ours.files.map(asGnu), gnu.output).toEqual(gnu.files);
    expect(gnu.output).toContain(`checking file ${path}`);
    expect(ours.files[0]?.path).toBe(path);
  });

  it('finds no file for names that -p1 cannot strip, as GNU does not', () => {
    const { ours, gnu } = checkBoth({ 'x.py': numbered(5) }, `--- x.py.orig\n+++ x.py\n${HUNK}`);
    expect(gnu.files).toEqual(['fails']);
    expect(ours.files[0]?.status).toBe('missing-file');
    expect(ours.problems).toEqual([
      { line: 1, message: 'no usable file name after stripping 1 component(s)' },
    ]);
  });

  it('applies a later section on top of an earlier one for the same file, as real patch does', () => {
    const first = '@@ -2,3 +2,3 @@\n L2\n-L3\n+THREE\n L4\n';
    const second = '@@ -2,3 +2,3 @@\n L2\n-THREE\n+THREE!\n L4\n';
    const text = `--- a/a.txt\n+++ b/a.txt\n${first}--- a/a.txt\n+++ b/a.txt\n${second}`;
    const ours = checkPatch(text, (p) => (p === 'a.txt' ? numbered(5) : null));
    expect(ours.files.map((f) => f.status)).toEqual(['applies', 'applies']);
    // `--dry-run` checks each section against the untouched file and fails
    // the second; a real run applies both. A rebase runs patch for real.
    const dir = mkdtempSync(join(tmpdir(), 'rebase-twice-'));
    try {
      writeFileSync(join(dir, 'a.txt'), numbered(5));
      writeFileSync(join(dir, 'p'), text);
      expect(runGnuPatch(dir, join(dir, 'p')).files).toEqual(['applies', 'fails']);
      expect(runGnuPatch(dir, join(dir, 'p'), true).exitCode).toBe(0);
      expect(readFileSync(join(dir, 'a.txt'), 'utf8')).toContain('THREE!\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('reads each path once however many candidates point at it', () => {
    const reads: string[] = [];
    const text = `--- a/a.txt\n+++ b/a.txt\n${HUNK}--- a/a.txt\n+++ b/a.txt\n${HUNK}`;
    checkPatch(text, (p) => {
      reads.push(p);
      return numbered(5);
    });
    expect(reads).toEqual(['a.txt']);
  });
});
