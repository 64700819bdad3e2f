/**
 * One unified hunk, read by the counts in its `@@` header rather than by line
 * prefixes: a removed SQL comment (`--- x`) or a mail signature (`-- `) right
 * after the hunk must not be mistaken for a header or for hunk content.
 */
import type { TextLine } from './lines.js';

export interface HunkLine {
  op: ' ' | '-' | '+';
  /** Without the line ending. */
  text: string;
  /** `'\n'`, `'\r\n'`, or `''` when `\ No newline at end of file` follows. */
  eol: string;
}

export interface Hunk {
  /** 1-based within its file. */
  index: number;
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  lines: HunkLine[];
  /** 1-based line of the `@@` header in the patch file. */
  line: number;
}

export interface DiffProblem {
  line: number;
  message: string;
}

const HUNK_HEADER = /^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@/;

export function isHunkHeader(text: string): boolean {
  return HUNK_HEADER.test(text);
}

/**
 * Reads the hunk whose header is `lines[at]`. `stripCr` is GNU's heuristic
 * (decided per file from its `+++ ` line): a patch saved with CRLF endings is
 * read as LF. Returns the index of the first line after the hunk.
 */
export function parseHunk(
  lines: readonly TextLine[],
  at: number,
  index: number,
  stripCr: boolean,
): { hunk: Hunk; next: number; problems: DiffProblem[] } {
  const m = HUNK_HEADER.exec(lines[at]?.text ?? '');
  if (!m) throw new Error(`parseHunk called on a non-header line ${at + 1}`);
  const count = (s: string | undefined): number => (s === undefined ? 1 : Number(s));
  const hunk: Hunk = {
    index,
    oldStart: Number(m[1]),
    oldLines: count(m[2]),
    newStart: Number(m[3]),
    newLines: count(m[4]),
    lines: [],
    line: at + 1,
  };
  const problems: DiffProblem[] = [];
  let oldLeft = hunk.oldLines;
  let newLeft = hunk.newLines;
  let i = at + 1;
  for (; i < lines.length && (oldLeft > 0 || newLeft > 0); i++) {
    const { text, eol } = lines[i] as TextLine;
    if (text.startsWith('\\')) {
      markNoNewline(hunk);
      continue;
    }
    // An empty line is a context line whose leading space a mailer or editor
    // ate; GNU patch and git apply both read it that way.
    const op = text === '' ? ' ' : text[0];
    const fits = op === ' ' ? oldLeft > 0 && newLeft > 0 : op === '-' ? oldLeft > 0 : newLeft > 0;
    if ((op !== ' ' && op !== '-' && op !== '+') || !fits) break;
    if (op !== '+') oldLeft--;
    if (op !== '-') newLeft--;
    hunk.lines.push({ op, text: text.slice(1), eol: stripCr && eol === '\r\n' ? '\n' : eol });
    if (eol === '') problems.push({ line: i + 1, message: 'patch ends in the middle of a line' });
  }
  if (oldLeft > 0 || newLeft > 0) {
    problems.push({
      line: i + 1,
      message: `hunk #${index} is short: its header promises ${oldLeft} more old and ${newLeft} more new line(s)`,
    });
  }
  if (lines[i]?.text.startsWith('\\')) {
    markNoNewline(hunk);
    i++;
  }
  return { hunk, next: i, problems };
}

function markNoNewline(hunk: Hunk): void {
  const last = hunk.lines[hunk.lines.length - 1];
  if (last) last.eol = '';
}
