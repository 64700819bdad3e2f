/**
 * Control characters in text that came from outside (file names, GitHub's
 * titles and review decisions, a `--replay` snapshot): C0 (ESC, CR, LF, …),
 * DEL, C1, and the Unicode line and paragraph separators. Printed raw they
 * recolour a terminal, move the cursor, or start a new line that reads as a
 * line of our own (`::error …` on a CI log).
 */
// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// eslint-disable-next-line no-control-regex
const CONTROLS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

export function hasControlChars(text: string): boolean {
  return CONTROL.test(text);
}

/** `\n`, `\r`, `\t` and `\e` by name, everything else as `\u00XX`: visible, one line, reversible by eye. */
export function escapeControls(text: string): string {
  if (!CONTROL.test(text)) return text;
  return text.replace(CONTROLS, (c) => {
    if (c === '\n') return '\\n';
    if (c === '\r') return '\\r';
    if (c === '\t') return '\\t';
    if (c === '\u001b') return '\\e';
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}
