/**
 * Splitting text into lines the way GNU patch sees them: only `\n` ends a
 * line, and the ending is kept apart from the text so that a CRLF line and an
 * LF line with the same text still compare as different (fuzz 0 respects
 * line endings).
 */
export interface TextLine {
  /** The line without its ending (a lone `\r` inside the text stays). */
  text: string;
  /** `'\r\n'`, `'\n'`, or `''` for a last line without a newline. */
  eol: string;
}

export function splitLines(content: string): TextLine[] {
  const lines: TextLine[] = [];
  let start = 0;
  while (start < content.length) {
    const nl = content.indexOf('\n', start);
    if (nl === -1) {
      lines.push({ text: content.slice(start), eol: '' });
      break;
    }
    const crlf = nl > start && content.charCodeAt(nl - 1) === 13;
    lines.push({ text: content.slice(start, crlf ? nl - 1 : nl), eol: crlf ? '\r\n' : '\n' });
    start = nl + 1;
  }
  return lines;
}

/** The line as bytes on disk, which is what fuzz-0 matching compares. */
export function rawLine(line: TextLine): string {
  return line.text + line.eol;
}
