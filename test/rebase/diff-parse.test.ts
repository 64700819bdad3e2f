import { describe, expect, it } from 'vitest';
import { parseDiff } from '../../src/rebase/diff-parse.js';

const HUNK = '@@ -1,2 +1,2 @@\n a\n-b\n+B\n';

describe('preamble: what is not a file header', () => {
  it('reads a format-patch: mail headers, message, --- diffstat, signature', () => {
    const text = [
      'From 1234567890abcdef Mon Sep 17 00:00:00 2001',
      'From: Ada <ada@example.org>',
      'Subject: [PATCH] Fix the thing',
      '',
      'A message body that quotes',
      '--- a dashed aside',
      'and goes on.',
      '---',
      ' pkg/a.py | 2 +-',
      ' 1 file changed, 1 insertion(+), 1 deletion(-)',
      '',
      'diff --git a/pkg/a.py b/pkg/a.py',
      'index 1111111..2222222 100644',
      '--- a/pkg/a.py',
      '+++ b/pkg/a.py',
      HUNK,
      '-- ',
      '2.39.5',
      '',
    ].join('\n');
    const { files, problems } = parseDiff(text);
    expect(problems).toEqual([]);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatchObject({ oldPath: 'pkg/a.py', newPath: 'pkg/a.py', line: 12 });
    expect(files[0]?.hunks).toHaveLength(1);
    expect(files[0]?.hunks[0]).toMatchObject({ index: 1, line: 16, oldStart: 1, oldLines: 2 });
  });

  it('skips rulers of dashes and a --- line not followed by +++', () => {
    const text = `Notes\n-----\n--- not a header\nprose\n----------\n--- a/x\n+++ b/x\n${HUNK}`;
    const { files } = parseDiff(text);
    expect(files.map((f) => [f.oldPath, f.line])).toEqual([['x', 6]]);
  });

  it('does not take a ---/+++ pair without a hunk after it for a file', () => {
    const { files, problems } = parseDiff('--- a/x\n+++ b/x\nnot a hunk\n');
    expect(files).toEqual([]);
    expect(problems).toEqual([{ line: 1, message: 'no file headers found: not a diff' }]);
  });

  it('reads hunk lines by count, so removed "--- "/"+++ " lines stay content', () => {
    const text =
      '--- a/q.sql\n+++ b/q.sql\n@@ -1,2 +1,2 @@\n--- old comment\n+++ new comment\n select 1;\n';
    const hunk = parseDiff(text).files[0]?.hunks[0];
    expect(hunk?.lines).toEqual([
      { op: '-', text: '-- old comment', eol: '\n' },
      { op: '+', text: '++ new comment', eol: '\n' },
      { op: ' ', text: 'select 1;', eol: '\n' },
    ]);
  });
});

describe('files and hunks', () => {
  it('counts hunks per file across several files', () => {
    const two = `${HUNK}@@ -10 +10 @@\n-x\n+y\n`;
    const text = `diff --git a/a b/a\n--- a/a\n+++ b/a\n${two}diff --git a/b b/b\n--- a/b\n+++ b/b\n${HUNK}`;
    const { files } = parseDiff(text);
    expect(files.map((f) => f.hunks.map((h) => h.index))).toEqual([[1, 2], [1]]);
    expect(files[0]?.hunks[1]).toMatchObject({ oldStart: 10, oldLines: 1, newLines: 1 });
  });

  it('reads /dev/null as a new or deleted file', () => {
    const add = parseDiff('--- /dev/null\n+++ b/n.txt\n@@ -0,0 +1 @@\n+x\n').files[0];
    const del = parseDiff('--- a/o.txt\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n').files[0];
    expect(add).toMatchObject({ oldPath: null, newPath: 'n.txt', isNew: true, isDelete: false });
    expect(del).toMatchObject({ oldPath: 'o.txt', newPath: null, isNew: false, isDelete: true });
  });

  it('knows a new empty file from git headers alone', () => {
    const text = 'diff --git a/e.txt b/e.txt\nnew file mode 100644\nindex 0000000..e69de29\n';
    expect(parseDiff(text).files[0]).toMatchObject({
      oldPath: null,
      newPath: 'e.txt',
      isNew: true,
    });
  });

  it('strips -pN components, timestamps and git quoting', () => {
    const plain = '--- a/src/x.py\t2026-01-02 03:04:05 +0000\n+++ b/src/x.py\t2026-01-02\n' + HUNK;
    expect(parseDiff(plain).files[0]?.newPath).toBe('src/x.py');
    expect(parseDiff(plain, 0).files[0]?.newPath).toBe('b/src/x.py');
    expect(parseDiff(plain, 2).files[0]?.newPath).toBe('x.py');
    // GNU uses no name with fewer than N components; /dev/null stays special.
    expect(parseDiff(`--- x.py.orig\n+++ b/x.py\n${HUNK}`).files[0]).toMatchObject({
      oldPath: null,
      newPath: 'x.py',
      isNew: false,
    });
    const quoted = `diff --git "a/t\\303\\251st a" "b/t\\303\\251st a"\n--- "a/t\\303\\251st a"\n+++ "b/t\\303\\251st a"\n${HUNK}`;
    expect(parseDiff(quoted).files[0]?.oldPath).toBe('tést a');
  });

  it('reads names with spaces from diff --git when there is no ---/+++', () => {
    const text = 'diff --git a/my file.txt b/my file.txt\ndeleted file mode 100644\n';
    expect(parseDiff(text).files[0]).toMatchObject({ oldPath: 'my file.txt', isDelete: true });
  });

  it('marks binary files and goes on with the next file', () => {
    const text = [
      'diff --git a/i.png b/i.png',
      'GIT binary patch',
      'literal 5',
      'McmZ?wbhEHb',
      '',
      'diff --git a/j.png b/j.png',
      'Binary files a/j.png and b/j.png differ',
      'Binary files old/k.bin and new/k.bin differ',
      `diff --git a/t b/t\n--- a/t\n+++ b/t\n${HUNK}`,
    ].join('\n');
    const { files } = parseDiff(text);
    expect(files.map((f) => [f.oldPath, f.binary])).toEqual([
      ['i.png', true],
      ['j.png', true],
      ['k.bin', true],
      ['t', false],
    ]);
  });
});

describe('hunk lines', () => {
  it('drops the newline of a line marked "\\ No newline at end of file"', () => {
    const text =
      '--- a/v\n+++ b/v\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n';
    expect(parseDiff(text).files[0]?.hunks[0]?.lines).toEqual([
      { op: '-', text: 'a', eol: '' },
      { op: '+', text: 'b', eol: '' },
    ]);
  });

  it('reads an empty line inside a hunk as empty context', () => {
    const text = '--- a/v\n+++ b/v\n@@ -1,2 +1,2 @@\n\n-a\n+b\n';
    expect(parseDiff(text).files[0]?.hunks[0]?.lines[0]).toEqual({ op: ' ', text: '', eol: '\n' });
  });

  it('keeps CRLF hunk lines unless the +++ line itself ends in CRLF', () => {
    const body = '@@ -1 +1 @@\r\n-a\r\n+b\r\n';
    const kept = parseDiff(`--- a/v\n+++ b/v\n${body}`).files[0];
    const stripped = parseDiff(`--- a/v\r\n+++ b/v\r\n${body}`).files[0];
    expect(kept?.crStripped).toBe(false);
    expect(kept?.hunks[0]?.lines.map((l) => l.eol)).toEqual(['\r\n', '\r\n']);
    expect(stripped?.crStripped).toBe(true);
    expect(stripped?.hunks[0]?.lines.map((l) => l.eol)).toEqual(['\n', '\n']);
  });

  it('defaults a missing count to 1', () => {
    const hunk = parseDiff('--- a/v\n+++ b/v\n@@ -3 +3,2 @@\n-a\n+b\n+c\n').files[0]?.hunks[0];
    expect(hunk).toMatchObject({ oldStart: 3, oldLines: 1, newStart: 3, newLines: 2 });
  });
});

describe('problems', () => {
  it('reports a hunk shorter than its header says', () => {
    const { problems } = parseDiff('--- a/v\n+++ b/v\n@@ -1,3 +1,3 @@\n a\n-b\n+B\nprose\n');
    expect(problems).toEqual([
      {
        line: 7,
        message: 'hunk #1 is short: its header promises 1 more old and 1 more new line(s)',
      },
    ]);
  });

  it('reports a patch cut in the middle of a line, which GNU fails', () => {
    const { problems } = parseDiff('--- a/v\n+++ b/v\n@@ -1 +1 @@\n-a\n+b');
    expect(problems).toEqual([{ line: 5, message: 'patch ends in the middle of a line' }]);
  });

  it('reports a hunk with no file header before it', () => {
    const { problems } = parseDiff(`--- a/v\n+++ b/v\n${HUNK}prose\n${HUNK}`);
    expect(problems).toEqual([{ line: 8, message: 'hunk without a file header before it' }]);
  });
});
