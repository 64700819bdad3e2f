import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { unifiedDiff } from '../../src/sync/diff.js';

const lines = (...ls: string[]): string => ls.map((l) => `${l}\n`).join('');
const numbered = (n: number): string[] => Array.from({ length: n }, (_, i) => `line ${i + 1}`);

/** Apply a unified diff the way patch(1) does at fuzz 0, to check hunks and counts. */
function applyDiff(before: string, diff: string): string {
  const src = before === '' ? [] : before.split(/(?<=\n)/);
  const out: string[] = [];
  let at = 0;
  const rows = diff.split('\n').slice(2, -1);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const h = /^@@ -(\d+)(?:,(\d+))? \+\d+(?:,\d+)? @@$/.exec(row);
    if (h) {
      const start = Number(h[1]) - (h[2] === '0' ? 0 : 1);
      while (at < start) out.push(src[at++]!);
      continue;
    }
    const noNewline = rows[i + 1] === '\\ No newline at end of file';
    const body = row.slice(1) + (noNewline ? '' : '\n');
    if (noNewline) i++;
    if (row[0] === '+') out.push(body);
    else {
      expect(src[at], `context/removed line ${at + 1}`).toBe(body);
      if (row[0] === ' ') out.push(body);
      at++;
    }
  }
  while (at < src.length) out.push(src[at++]!);
  return out.join('');
}

describe('unifiedDiff', () => {
  it('is empty when nothing changed', () => {
    expect(unifiedDiff('a.md', 'x\n', 'x\n')).toBe('');
  });

  it('prints headers and one hunk with three lines of context, like diff -u', () => {
    const before = lines(...numbered(10));
    const after = before.replace('line 5\n', 'line five\n');
    expect(unifiedDiff('docs/a.md', before, after)).toBe(
      lines(
        '--- a/docs/a.md',
        '+++ b/docs/a.md',
        '@@ -2,7 +2,7 @@',
        ' line 2',
        ' line 3',
        ' line 4',
        '-line 5',
        '+line five',
        ' line 6',
        ' line 7',
        ' line 8',
      ),
    );
  });

  it('joins changes up to six unchanged lines apart into one hunk, and splits further ones', () => {
    const before = numbered(30);
    const change = (text: string[], ...at: number[]) =>
      lines(...text.map((l, i) => (at.includes(i + 1) ? `${l}!` : l)));
    const joined = unifiedDiff('f', lines(...before), change(before, 5, 12));
    expect(joined.match(/^@@.*$/gm)).toEqual(['@@ -2,14 +2,14 @@']);
    const split = unifiedDiff('f', lines(...before), change(before, 5, 13));
    expect(split.match(/^@@.*$/gm)).toEqual(['@@ -2,7 +2,7 @@', '@@ -10,7 +10,7 @@']);
  });

  it('keeps CRs in lines, so a CRLF file diffs as it is', () => {
    const d = unifiedDiff('w.md', 'a\r\nOPEN\r\n', 'a\r\nMERGED\r\n');
    expect(d).toBe('--- a/w.md\n+++ b/w.md\n@@ -1,2 +1,2 @@\n a\r\n-OPEN\r\n+MERGED\r\n');
  });

  it('marks a last line without a newline, and sees a newline added at the end', () => {
    expect(unifiedDiff('f', 'a\nb', 'a\nc')).toBe(
      '--- a/f\n+++ b/f\n@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+c\n\\ No newline at end of file\n',
    );
    expect(unifiedDiff('f', 'a', 'a\n')).toBe(
      '--- a/f\n+++ b/f\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n',
    );
  });

  it('names the line before an empty side, as diff(1) does', () => {
    expect(unifiedDiff('f', '', 'x\n')).toBe('--- a/f\n+++ b/f\n@@ -0,0 +1 @@\n+x\n');
    expect(unifiedDiff('f', 'x\n', '')).toBe('--- a/f\n+++ b/f\n@@ -1 +0,0 @@\n-x\n');
  });

  it('always produces a diff that turns the old text into the new one', () => {
    const text = fc
      .array(fc.constantFrom('a', 'b', 'c', 'OPEN', 'MERGED', ''), { maxLength: 40 })
      .chain((ls) => fc.tuple(fc.constant(ls), fc.boolean()))
      .map(([ls, nl]) => ls.join('\n') + (nl && ls.length > 0 ? '\n' : ''));
    fc.assert(
      fc.property(text, text, (before, after) => {
        const d = unifiedDiff('f', before, after);
        expect(before === after ? d === '' : applyDiff(before, d) === after).toBe(true);
      }),
      { numRuns: 400 },
    );
  });
});
