/**
 * Where a hunk is searched for and where it may not go. Each case was found
 * by probing GNU patch 2.7.6, and each still runs GNU beside us.
 */
import { describe, expect, it } from 'vitest';
import type { HunkVerdict } from '../../src/rebase/apply.js';
import { asGnu, checkBoth, numbered, patchOf } from './support/both.js';

const CHANGE_X = ' A\n B\n C\n-X\n+Y\n D\n E\n F\n';
const BLOCK = 'A\nB\nC\nX\nD\nE\nF\n';

/** The same block at lines 5 and 15. */
const twoBlocks = `${numbered(4, 'p')}${BLOCK}${numbered(3, 'q')}${BLOCK}${numbered(5, 'r')}`;

function hunksOf(tree: Record<string, string>, patch: string): HunkVerdict[] {
  const { ours, gnu } = checkBoth(tree, patch);
  expect(ours.files.map(asGnu), gnu.output).toEqual(gnu.files);
  return ours.files[0]?.hunks ?? [];
}

describe('offset search', () => {
  it('prefers the forward match when two are equally far', () => {
    const hunks = hunksOf({ 'f.txt': twoBlocks }, patchOf(`@@ -10,7 +10,7 @@\n${CHANGE_X}`));
    expect(hunks).toEqual([{ hunk: 1, status: 'applies', offset: 5 }]);
  });

  it('takes the nearer match whichever side it is on', () => {
    expect(hunksOf({ 'f.txt': twoBlocks }, patchOf(`@@ -9,7 +9,7 @@\n${CHANGE_X}`))).toEqual([
      { hunk: 1, status: 'applies', offset: -4 },
    ]);
    expect(hunksOf({ 'f.txt': twoBlocks }, patchOf(`@@ -11,7 +11,7 @@\n${CHANGE_X}`))).toEqual([
      { hunk: 1, status: 'applies', offset: 4 },
    ]);
  });

  it('starts the next hunk from the offset the previous one found', () => {
    const file = `${numbered(3, 'top')}${numbered(30)}`;
    const hunk = (at: number, n: number) =>
      `@@ -${at},7 +${at},7 @@\n L${n - 3}\n L${n - 2}\n L${n - 1}\n-L${n}\n+N${n}\n L${n + 1}\n L${n + 2}\n L${n + 3}\n`;
    const hunks = hunksOf({ 'f.txt': file }, patchOf(hunk(7, 10), hunk(17, 20)));
    expect(hunks.map((h) => (h.status === 'applies' ? h.offset : null))).toEqual([3, 3]);
  });
});

describe('hunks never overlap what an earlier hunk changed', () => {
  const file = numbered(30);
  const first = '@@ -7,7 +7,7 @@\n L7\n L8\n L9\n-L10\n+TEN\n L11\n L12\n L13\n';

  it("may reuse the earlier hunk's trailing context", () => {
    const second = '@@ -20,3 +20,3 @@\n L11\n-L12\n+X\n L13\n';
    expect(hunksOf({ 'f.txt': file }, patchOf(first, second))[1]).toEqual({
      hunk: 2,
      status: 'applies',
      offset: -9,
    });
  });

  it('may not start on the line the earlier hunk changed', () => {
    const second = '@@ -20,3 +20,3 @@\n L10\n-L11\n+X\n L12\n';
    const hunks = hunksOf({ 'f.txt': file }, patchOf(first, second));
    // Every line matches where the hunk would go: it is refused for its place.
    expect(hunks[1]).toMatchObject({ status: 'fails', oldRange: [20, 22] });
  });

  it('freezes only up to the line before an insertion', () => {
    const insert = '@@ -7,6 +7,7 @@\n L7\n L8\n L9\n+NEW\n L10\n L11\n L12\n';
    const at10 = '@@ -20,7 +20,7 @@\n L10\n L11\n L12\n-L13\n+X\n L14\n L15\n L16\n';
    const at9 = '@@ -20,7 +20,7 @@\n L9\n L10\n L11\n-L12\n+X\n L13\n L14\n L15\n';
    expect(hunksOf({ 'f.txt': file }, patchOf(insert, at10))[1]?.status).toBe('applies');
    expect(hunksOf({ 'f.txt': file }, patchOf(insert, at9))[1]?.status).toBe('fails');
  });

  it('fails a hunk whose first match is misordered instead of searching on', () => {
    // Hunk 2's header puts it before hunk 1; its text is at 4 and again at
    // 24. GNU meets line 4 first, finds it behind the frozen line, and fails
    // the hunk rather than going on to line 24.
    const twice = (s: string) => s.replace('L4\nL5\nL6\n', 'Q1\nM\nQ2\n');
    const lines = twice(numbered(30)).replace('L24\nL25\nL26\n', 'Q1\nM\nQ2\n');
    const late = '@@ -14,3 +14,3 @@\n L14\n-L15\n+FIFTEEN\n L16\n';
    const early = '@@ -4,3 +4,3 @@\n Q1\n-M\n+MM\n Q2\n';
    const hunks = hunksOf({ 'f.txt': lines }, patchOf(late, early));
    expect(hunks.map((h) => h.status)).toEqual(['applies', 'fails']);
  });

  it('reports a -U0 insertion before the frozen line as failing', () => {
    const hunks = hunksOf(
      { 'f.txt': numbered(10) },
      patchOf('@@ -6 +6 @@\n-L6\n+SIX\n', '@@ -3,0 +4,1 @@\n+NEW\n'),
    );
    expect(hunks.map((h) => h.status)).toEqual(['applies', 'fails']);
  });
});

describe('hunks cut short by the start or end of the file', () => {
  const file = numbered(20);
  const atEnd = '@@ -18,3 +18,4 @@\n L18\n L19\n L20\n+L21\n';
  const atStart = '@@ -1,3 +1,4 @@\n+L0\n L1\n L2\n L3\n';

  it('matches less trailing context only at the end of the file', () => {
    expect(hunksOf({ 'f.txt': file }, patchOf(atEnd))[0]?.status).toBe('applies');
    expect(hunksOf({ 'f.txt': `${file}more\n` }, patchOf(atEnd))[0]).toMatchObject({
      status: 'fails',
      firstMismatch: null,
    });
    expect(hunksOf({ 'f.txt': `top\n${file}` }, patchOf(atEnd))[0]).toEqual({
      hunk: 1,
      status: 'applies',
      offset: 1,
    });
  });

  it('matches less leading context only at line 1 when the header says line 1', () => {
    expect(hunksOf({ 'f.txt': file }, patchOf(atStart))[0]?.status).toBe('applies');
    expect(hunksOf({ 'f.txt': `top\n${file}` }, patchOf(atStart))[0]?.status).toBe('fails');
  });

  it('searches normally for less leading context further down', () => {
    const mid = '@@ -5,3 +5,4 @@\n+L4.5\n L5\n L6\n L7\n';
    expect(hunksOf({ 'f.txt': `top\n${file}` }, patchOf(mid))[0]).toEqual({
      hunk: 1,
      status: 'applies',
      offset: 1,
    });
  });

  it('lets a -U0 insertion apply anywhere, even past the end', () => {
    const hunks = hunksOf({ 'f.txt': numbered(10) }, patchOf('@@ -50,0 +51,1 @@\n+NEW\n'));
    expect(hunks[0]?.status).toBe('applies');
  });
});
