/**
 * A `.diff`/`.patch` file → the files and hunks `patch -pN` would see.
 *
 * Unified and git-style diffs, several files per patch, and any prose before,
 * between or after them: mail headers, a commit message, a diffstat after a
 * `---` separator, rulers of dashes, a `-- ` signature. A non-git file header
 * is a `--- ` line directly followed by `+++ ` and then `@@ -`, so a lone
 * `--- note` in a commit message is prose, as it is for GNU patch.
 */
import { gitHeaderPaths, headerPath, isDevNull } from './diff-paths.js';
import { isHunkHeader, parseHunk, type DiffProblem, type Hunk } from './diff-hunk.js';
import { splitLines, type TextLine } from './lines.js';

export type { DiffProblem, Hunk, HunkLine } from './diff-hunk.js';

export interface FilePatch {
  /**
   * After `-pN` stripping; null for `/dev/null` (see `isNew`/`isDelete`) and
   * for a name with fewer than N components, which GNU does not use either.
   */
  oldPath: string | null;
  newPath: string | null;
  hunks: Hunk[];
  /** `Binary files … differ` or `GIT binary patch`: cannot be checked as text. */
  binary: boolean;
  /** 1-based line of the file's first header line in the patch. */
  line: number;
  isNew: boolean;
  isDelete: boolean;
  /** GNU read this file's hunks as LF because its `+++ ` line ends in CRLF. */
  crStripped: boolean;
}

export interface ParsedDiff {
  files: FilePatch[];
  problems: DiffProblem[];
}

const GIT_HEADER = 'diff --git ';
const BINARY_FILES = /^Binary files (.+) and (.+) differ$/;

export function parseDiff(text: string, strip = 1): ParsedDiff {
  const lines = splitLines(text);
  const files: FilePatch[] = [];
  const problems: DiffProblem[] = [];
  // The file that hunks attach to; cleared by prose so that a stray `@@`
  // later on is reported instead of silently joining the wrong file.
  let current: FilePatch | null = null;
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as TextLine;
    if (line.text.startsWith(GIT_HEADER)) {
      const { file, next } = readGitHeader(lines, i, strip);
      files.push(file);
      current = file;
      i = next;
    } else if (isFileHeader(lines, i)) {
      current = newFile(i + 1);
      readNames(current, lines, i, strip);
      files.push(current);
      i += 2;
    } else if (isHunkHeader(line.text)) {
      const parsed = parseHunk(lines, i, (current?.hunks.length ?? 0) + 1, !!current?.crStripped);
      problems.push(...parsed.problems);
      if (current) current.hunks.push(parsed.hunk);
      else problems.push({ line: i + 1, message: 'hunk without a file header before it' });
      i = parsed.next;
    } else {
      const binary = BINARY_FILES.exec(line.text);
      if (binary) {
        const file = newFile(i + 1);
        file.oldPath = headerPath(binary[1] ?? '', strip);
        file.newPath = headerPath(binary[2] ?? '', strip);
        file.binary = true;
        files.push(file);
      }
      current = null;
      i++;
    }
  }
  for (const file of files) {
    if (file.oldPath === null && file.newPath === null) {
      problems.push({
        line: file.line,
        message: `no usable file name after stripping ${strip} component(s)`,
      });
    }
  }
  if (files.length === 0) problems.push({ line: 1, message: 'no file headers found: not a diff' });
  return { files, problems };
}

function newFile(line: number): FilePatch {
  return {
    oldPath: null,
    newPath: null,
    hunks: [],
    binary: false,
    line,
    isNew: false,
    isDelete: false,
    crStripped: false,
  };
}

/** Names from a `---`/`+++` pair; they win over those of `diff --git`. */
function readNames(file: FilePatch, lines: readonly TextLine[], at: number, strip: number): void {
  const oldRaw = (lines[at] as TextLine).text.slice(4);
  const newLine = lines[at + 1] as TextLine;
  const newRaw = newLine.text.slice(4);
  file.oldPath = headerPath(oldRaw, strip);
  file.newPath = headerPath(newRaw, strip);
  file.isNew ||= isDevNull(oldRaw);
  file.isDelete ||= isDevNull(newRaw);
  file.crStripped = newLine.eol === '\r\n';
}

function isFileHeader(lines: readonly TextLine[], i: number): boolean {
  return (
    !!lines[i]?.text.startsWith('--- ') &&
    !!lines[i + 1]?.text.startsWith('+++ ') &&
    isHunkHeader(lines[i + 2]?.text ?? '')
  );
}

/** Extended git header lines that may sit between `diff --git` and `---`. */
const GIT_EXTENDED =
  /^(old mode|new mode|deleted file mode|new file mode|similarity index|dissimilarity index|rename from|rename to|copy from|copy to|index) /;

/** `diff --git`, its extended header, and the `---`/`+++` pair if any. */
function readGitHeader(
  lines: readonly TextLine[],
  at: number,
  strip: number,
): { file: FilePatch; next: number } {
  const file = newFile(at + 1);
  const names = gitHeaderPaths((lines[at] as TextLine).text.slice(GIT_HEADER.length));
  file.oldPath = names ? headerPath(names[0], strip) : null;
  file.newPath = names ? headerPath(names[1], strip) : null;
  let i = at + 1;
  for (; i < lines.length; i++) {
    const text = (lines[i] as TextLine).text;
    if (text.startsWith('new file mode ')) file.isNew = true;
    else if (text.startsWith('deleted file mode ')) file.isDelete = true;
    else if (BINARY_FILES.test(text)) {
      // git's last header line for a binary file without --binary data.
      file.binary = true;
      i++;
      break;
    } else if (text === 'GIT binary patch') {
      file.binary = true;
      // base85 data follows; nothing in it is a header until the next file.
      while (i + 1 < lines.length && !(lines[i + 1] as TextLine).text.startsWith(GIT_HEADER)) i++;
    } else if (!GIT_EXTENDED.test(text)) break;
  }
  if (file.isNew) file.oldPath = null;
  if (file.isDelete) file.newPath = null;
  if (isFileHeader(lines, i)) {
    readNames(file, lines, i, strip);
    i += 2;
  }
  return { file, next: i };
}
