/**
 * File and hunk verdicts: reversed patches, new and deleted files, line
 * endings, and the report of a failing hunk. GNU runs beside every case.
 */
import { describe, expect, it } from 'vitest';
import { applyFilePatch } from '../../src/rebase/apply.js';
import { parseDiff } from '../../src/rebase/diff-parse.js';
import { asGnu, checkBoth, numbered, patchOf } from './support/both.js';

function verdicts(tree: Record<string, string>, patch: string) {
  const { ours, gnu } = checkBoth(tree, patch);
  expect(ours.files.map(asGnu), gnu.output).toEqual(gnu.files);
  return ours;
}

const base = numbered(30);
const h10 = '@@ -7,7 +7,7 @@\n L7\n L8\n L9\n-L10\n+TEN\n L11\n L12\n L13\n';
const h20 = '@@ -17,7 +17,7 @@\n L17\n L18\n L19\n-L20\n+TWENTY\n L21\n L22\n L23\n';
const both = patchOf(h10, h20);

describe('reversed (already applied) patches', () => {
  it('is already-applied when every hunk matches in reverse', () => {
    const target = base.replace('L10\n', 'TEN\n').replace('L20\n', 'TWENTY\n');
    const { files, applies } = verdicts({ 'f.txt': target }, both);
    expect(files[0]?.status).toBe('already-applied');
    expect(files[0]?.hunks.map((h) => h.status)).toEqual(['already-applied', 'already-applied']);
    expect(applies).toBe(false);
  });

  it('fails a file whose first hunk is applied but the next is not', () => {
    const target = base.replace('L10\n', 'TEN\n');
    const { files } = verdicts({ 'f.txt': target }, both);
    expect(files[0]?.status).toBe('fails');
    expect(files[0]?.hunks.map((h) => h.status)).toEqual(['already-applied', 'applies']);
  });

  it('still names a later hunk that REF already carries', () => {
    // GNU only looks for a reversed patch at the first hunk, so it reports
    // hunk 2 as FAILED; we say why.
    const { files } = verdicts({ 'f.txt': base.replace('L20\n', 'TWENTY\n') }, both);
    expect(files[0]?.status).toBe('fails');
    expect(files[0]?.hunks).toEqual([
      { hunk: 1, status: 'applies', offset: 0 },
      { hunk: 2, status: 'already-applied', offset: 0 },
    ]);
  });

  it('takes a -U0 removal of a line that is not there as already applied, like GNU', () => {
    const { files } = verdicts({ 'f.txt': numbered(10) }, patchOf('@@ -5 +4,0 @@\n-ZZ\n'));
    expect(files[0]?.status).toBe('already-applied');
  });
});

describe('new and deleted files', () => {
  const create = '--- /dev/null\n+++ b/new.txt\n@@ -0,0 +1,2 @@\n+hello\n+world\n';
  const remove = '--- a/old.txt\n+++ /dev/null\n@@ -1,2 +0,0 @@\n-hello\n-world\n';

  it.each([
    ['absent', null, 'applies'],
    ['empty (counts as absent)', '', 'applies'],
    ['there with the same content', 'hello\nworld\n', 'already-applied'],
    ['there with more content', 'hello\nworld\nmore\n', 'fails'],
    ['there with other content', 'other\n', 'fails'],
  ])('creating a file that is %s: %s', (_, content, status) => {
    const tree: Record<string, string> = content === null ? {} : { 'new.txt': content };
    expect(verdicts(tree, create).files[0]?.status).toBe(status);
  });

  it.each([
    ['absent', null, 'already-applied'],
    ['the same', 'hello\nworld\n', 'applies'],
    ['longer', 'hello\nworld\nmore\n', 'fails'],
    ['different', 'other\n', 'fails'],
  ])('deleting a file that is %s: %s', (_, content, status) => {
    const tree: Record<string, string> = content === null ? {} : { 'old.txt': content };
    expect(verdicts(tree, remove).files[0]?.status).toBe(status);
  });

  it('says why a matching deletion still fails', () => {
    const file = verdicts({ 'old.txt': 'x\nhello\nworld\n' }, remove).files[0];
    expect(file).toMatchObject({ status: 'fails', reason: 'file-not-emptied' });
    expect(file?.hunks).toEqual([{ hunk: 1, status: 'applies', offset: 1 }]);
  });

  it('reports a file to modify that is absent as missing, each hunk failing', () => {
    const file = verdicts({}, both).files[0];
    expect(file?.status).toBe('missing-file');
    expect(file?.hunks).toEqual([
      { hunk: 1, status: 'fails', oldRange: [7, 13], firstMismatch: null },
      { hunk: 2, status: 'fails', oldRange: [17, 23], firstMismatch: null },
    ]);
  });
});

describe('line endings', () => {
  const crlf = (s: string) => s.replace(/\n/g, '\r\n');
  const oneHunk = patchOf(h10);

  it('does not match an LF patch against a CRLF file', () => {
    expect(verdicts({ 'f.txt': crlf(base) }, oneHunk).files[0]?.status).toBe('fails');
  });

  it('matches CRLF hunk lines under LF headers against a CRLF file (git diff of CRLF)', () => {
    const patch = `--- a/f.txt\n+++ b/f.txt\n${h10.replace(/^([ +-].*)\n/gm, '$1\r\n')}`;
    expect(verdicts({ 'f.txt': crlf(base) }, patch).files[0]?.status).toBe('applies');
    expect(verdicts({ 'f.txt': base }, patch).files[0]?.status).toBe('fails');
  });

  it('reads a patch whose +++ line ends in CRLF as LF, as GNU does without --binary', () => {
    expect(verdicts({ 'f.txt': base }, crlf(oneHunk)).files[0]?.status).toBe('applies');
    expect(verdicts({ 'f.txt': crlf(base) }, crlf(oneHunk)).files[0]?.status).toBe('fails');
  });

  it('needs "\\ No newline at end of file" exactly where the file lacks one', () => {
    const marked = patchOf('@@ -1,3 +1,3 @@\n a\n b\n-c\n\\ No newline at end of file\n+C\n');
    const unmarked = patchOf('@@ -1,3 +1,3 @@\n a\n b\n-c\n+C\n');
    expect(verdicts({ 'f.txt': 'a\nb\nc' }, marked).files[0]?.status).toBe('applies');
    expect(verdicts({ 'f.txt': 'a\nb\nc\n' }, marked).files[0]?.status).toBe('fails');
    expect(verdicts({ 'f.txt': 'a\nb\nc' }, unmarked).files[0]?.status).toBe('fails');
  });
});

describe('the report of a failing hunk', () => {
  it('names the hunk, its old range and the first line that differs where expected', () => {
    const target = base.replace('L18\n', 'L18 changed\n');
    const file = verdicts({ 'f.txt': target }, both).files[0];
    expect(file?.hunks[1]).toEqual({
      hunk: 2,
      status: 'fails',
      oldRange: [17, 23],
      firstMismatch: { line: 18, expected: 'L18\n', actual: 'L18 changed\n' },
    });
  });

  it('looks where the offset of earlier hunks puts the hunk', () => {
    const target = `x\ny\n${base.replace('L19\n', 'L19!\n')}`;
    const file = verdicts({ 'f.txt': target }, both).files[0];
    expect(file?.hunks[0]).toEqual({ hunk: 1, status: 'applies', offset: 2 });
    expect(file?.hunks[1]).toMatchObject({ firstMismatch: { line: 21, actual: 'L19!\n' } });
  });

  it('shows a line-ending-only difference in the line endings', () => {
    const file = verdicts({ 'f.txt': base.replace('L7\n', 'L7\r\n') }, patchOf(h10)).files[0];
    expect(file?.hunks[0]).toMatchObject({
      firstMismatch: { line: 7, expected: 'L7\n', actual: 'L7\r\n' },
    });
  });

  it('gives null as the actual line past the end of the file', () => {
    const file = verdicts({ 'f.txt': numbered(10) }, patchOf(h10)).files[0];
    expect(file?.hunks[0]).toMatchObject({
      firstMismatch: { line: 11, expected: 'L11\n', actual: null },
    });
  });
});

describe('binary patches', () => {
  it('refuses "Binary files … differ", which GNU passes silently', () => {
    const patch =
      'diff --git a/img.png b/img.png\nindex 1111111..2222222 100644\n' +
      'Binary files a/img.png and b/img.png differ\n';
    const { ours, gnu } = checkBoth({ 'img.png': 'x' }, patch);
    expect(gnu.exitCode).toBe(0); // the reason we must refuse it ourselves
    expect(ours.files).toEqual([{ path: 'img.png', status: 'binary', hunks: [] }]);
    expect(ours.applies).toBe(false);
  });

  it('refuses a GIT binary patch without reading the file', () => {
    const fp = parseDiff(
      'diff --git a/img.png b/img.png\nindex 1..2 100644\nGIT binary patch\nliteral 5\nMcmZ?wbhEHb\n\n',
    ).files[0];
    expect(fp && applyFilePatch(null, fp).status).toBe('binary');
  });
});
