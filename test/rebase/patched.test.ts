/**
 * The patched content, byte for byte as GNU patch writes it, in the cases
 * where the write order is subtle. (The differential test compares every
 * clean pair of its matrix the same way.)
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { applyFile } from '../../src/rebase/apply-file.js';
import { parseDiff } from '../../src/rebase/diff-parse.js';
import { numbered, patchOf } from './support/both.js';
import { runGnuPatch } from './support/gnu-patch.js';

function gnuWrites(content: string, patch: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'rebase-patched-'));
  try {
    writeFileSync(join(dir, 'f.txt'), content);
    writeFileSync(join(dir, 'p'), patch);
    expect(runGnuPatch(dir, join(dir, 'p'), true).exitCode).toBe(0);
    return readFileSync(join(dir, 'f.txt'), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function ourWrite(content: string, patch: string): string | null {
  const fp = parseDiff(patch).files[0];
  if (!fp) throw new Error('no file in patch');
  return applyFile(content, fp).after;
}

describe('patched content', () => {
  it.each([
    [
      'hunks sharing context, the second found behind its header',
      numbered(30),
      patchOf(
        '@@ -7,7 +7,7 @@\n L7\n L8\n L9\n-L10\n+TEN\n L11\n L12\n L13\n',
        '@@ -20,3 +20,3 @@\n L11\n-L12\n+X\n L13\n',
      ),
    ],
    [
      'insertions at the start, the end and mixed with removals',
      numbered(12),
      patchOf(
        '@@ -1,3 +1,4 @@\n+L0\n L1\n L2\n L3\n',
        '@@ -5,3 +6,4 @@\n L5\n-L6\n+SIX\n+SIX.5\n L7\n',
        '@@ -10,3 +12,4 @@\n L10\n L11\n L12\n+L13\n',
      ),
    ],
    ['-U0 insertion past the end', numbered(3), patchOf('@@ -3,0 +4,2 @@\n+L4\n+L5\n')],
    [
      'a file without a final newline gaining one',
      'a\nb\nc',
      patchOf('@@ -2,2 +2,3 @@\n b\n-c\n\\ No newline at end of file\n+c\n+d\n'),
    ],
  ])('%s', (_, content, patch) => {
    expect(ourWrite(content, patch)).toBe(gnuWrites(content, patch));
  });
});
