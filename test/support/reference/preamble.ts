/**
 * Verbatim copy of src/sources/headers/preamble.ts as it was before issue 14's speed work (commit
 * 6207145): the reference its differential test holds the faster code to.
 * Not used by the tool. Only this comment was added.
 */
/**
 * The header part of a patch file: the text a team writes about the patch
 * before the patch itself starts (SPEC §2.3). Only this part is read for
 * refs, so a ref that the diff body adds or removes is never taken as a claim.
 *
 * - `.diff` / `.patch`: everything before the first file header, i.e. a
 *   `diff --git ` line, or a `--- ` line immediately followed by a `+++ `
 *   line. A lone `---` (git format-patch's diffstat separator), a `--------`
 *   rule or a `--- ` line not followed by `+++ ` are prose, not headers.
 * - `.py`: an optional shebang, then leading comment lines and/or the module
 *   docstring (`"""…"""` / `'''…'''`, optionally `r`/`u`-prefixed), and any
 *   comment lines right after it.
 * - `.sh` and friends: the leading `#` comment block after a shebang.
 * - anything else: the leading comment block (`#`, `//`, `/* … *\/`), else
 *   the first 200 lines.
 *
 * Blank lines do not end a comment block (teams separate paragraphs with
 * them); trailing blank lines are dropped. A leading BOM is skipped, which is
 * why the preamble carries its own start offset.
 */

export interface Preamble {
  text: string;
  /** UTF-16 offset of `text` in the whole file. */
  startOffset: number;
  /** 1-based line of `text`'s first character in the whole file. */
  startLine: number;
}

const FALLBACK_LINES = 200;
const SHELL_EXTENSIONS = new Set(['sh', 'bash', 'zsh', 'ksh']);

interface Line {
  start: number;
  /** Without the line break (a trailing `\r` is kept). */
  text: string;
}

export function extractPreamble(path: string, text: string): Preamble {
  const startOffset = text.startsWith('\uFEFF') ? 1 : 0;
  const lines = new LineReader(text, startOffset);
  const ext = extensionOf(path);
  let end: number;
  if (ext === 'diff' || ext === 'patch') end = diffPreambleEnd(lines);
  else if (ext === 'py') end = pythonPreambleEnd(lines);
  else if (SHELL_EXTENSIONS.has(ext))
    end = commentBlockEnd(lines, skipShebang(lines), isHashComment);
  else end = genericPreambleEnd(lines);
  return { text: text.slice(startOffset, Math.max(startOffset, end)), startOffset, startLine: 1 };
}

function extensionOf(path: string): string {
  const base = path.slice(path.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

/**
 * Lines are read lazily: a diff's preamble is usually a few lines at the top
 * of a large file, and splitting the whole body would be wasted work.
 */
class LineReader {
  private readonly lines: Line[] = [];
  private next: number;

  constructor(
    private readonly text: string,
    start: number,
  ) {
    this.next = start;
  }

  /** The i-th line (0-based), or undefined past the end. */
  at(i: number): Line | undefined {
    while (this.lines.length <= i && this.next <= this.text.length) {
      if (this.next === this.text.length && this.lines.length > 0) break;
      const nl = this.text.indexOf('\n', this.next);
      const stop = nl === -1 ? this.text.length : nl;
      this.lines.push({ start: this.next, text: this.text.slice(this.next, stop) });
      this.next = nl === -1 ? this.text.length + 1 : nl + 1;
    }
    return this.lines[i];
  }

  /** Offset where line i starts, or the end of the text when there is no line i. */
  offsetOf(i: number): number {
    return this.at(i)?.start ?? this.text.length;
  }
}

function diffPreambleEnd(lines: LineReader): number {
  for (let i = 0; ; i++) {
    const line = lines.at(i);
    if (line === undefined) return lines.offsetOf(i);
    if (line.text.startsWith('diff --git ')) return line.start;
    if (line.text.startsWith('--- ') && lines.at(i + 1)?.text.startsWith('+++ ')) return line.start;
  }
}

function skipShebang(lines: LineReader): number {
  return lines.at(0)?.text.startsWith('#!') ? 1 : 0;
}

function isBlank(line: Line): boolean {
  return line.text.trim() === '';
}

function isHashComment(line: Line): boolean {
  return line.text.trimStart().startsWith('#');
}

/**
 * The end offset of the run of comment (or blank) lines from line `from`,
 * without trailing blank lines. `from` itself when there is no comment.
 */
function commentBlockEnd(lines: LineReader, from: number, isComment: (l: Line) => boolean): number {
  let lastComment = from - 1;
  for (let i = from; ; i++) {
    const line = lines.at(i);
    if (line === undefined) break;
    if (isComment(line)) lastComment = i;
    else if (!isBlank(line)) break;
  }
  return lines.offsetOf(lastComment + 1);
}

const DOCSTRING_OPEN = /^[rRuU]?("""|''')/;

function pythonPreambleEnd(lines: LineReader): number {
  let i = skipShebang(lines);
  while (true) {
    const line = lines.at(i);
    if (line === undefined || !(isBlank(line) || isHashComment(line))) break;
    i++;
  }
  const line = lines.at(i);
  const open = line ? DOCSTRING_OPEN.exec(line.text) : null;
  if (!line || !open || open[1] === undefined) {
    return commentBlockEnd(lines, skipShebang(lines), isHashComment);
  }
  const quote = open[1];
  const bodyStart = line.start + open[0].length;
  // An unclosed docstring is a syntax error in Python; reading to the end of
  // the file is still the best guess at what the author meant as the header.
  let j = i;
  for (let l = lines.at(j); l !== undefined; l = lines.at(++j)) {
    const from = j === i ? bodyStart - l.start : 0;
    if (l.text.indexOf(quote, from) !== -1) return commentBlockEnd(lines, j + 1, isHashComment);
  }
  return lines.offsetOf(j);
}

/** For unknown file types: `#`, `//` and `/* … *\/` comments all count. */
function genericPreambleEnd(lines: LineReader): number {
  const from = skipShebang(lines);
  let inBlock = false;
  const isComment = (line: Line): boolean => {
    const t = line.text.trim();
    if (inBlock) {
      inBlock = !t.includes('*/');
      return true;
    }
    if (t.startsWith('/*')) {
      inBlock = !t.includes('*/', 2);
      return true;
    }
    return t.startsWith('#') || t.startsWith('//');
  };
  const end = commentBlockEnd(lines, from, isComment);
  return end > lines.offsetOf(from) ? end : lines.offsetOf(FALLBACK_LINES);
}
