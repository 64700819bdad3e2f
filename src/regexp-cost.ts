/**
 * A case-insensitive pattern is compiled with both cases of every letter and
 * matched so. `foldCase` gives the same pattern in lower case without the
 * `i` flag, to be matched against `lowerAscii` of the text: for the cue
 * alternations of src/sources/meaning/cues.ts (hundreds of alternatives)
 * that is ~40% less to compile and faster to run. (That the launcher has V8
 * compile every pattern to machine code at its first run, not after it, is
 * `--no-regexp-tier-up`: docs/decisions.md.)
 *
 * Why `foldCase(re).test(lowerAscii(s))` equals `re.test(s)` for an `i`
 * pattern without the `u` flag: such a pattern folds a character with its
 * upper case, never a non-ASCII character with an ASCII one (ECMA-262
 * Canonicalize), so only ASCII letters of the text fold with the pattern's
 * letters; lowering exactly those in the text and in the pattern's literals
 * (not the letter of an escape: `\S` is not `\s`) leaves every match where
 * it was. Character classes (`[A-Za-z]`; no range between letters of two
 * cases) lower to classes with the same members once the text is lowered.
 * The text keeps its length, so match indexes are the same too.
 */

/** An `i` pattern (not `u`/`v`) as its lower-case twin without `i`, for text passed through `lowerAscii`. */
export function foldCase(re: RegExp): RegExp {
  if (!re.flags.includes('i') || /[uvgy]/.test(re.flags)) {
    throw new Error(`foldCase: /${re.source}/${re.flags} is not a plain case-insensitive pattern`);
  }
  const source = re.source.replace(/\\[^]|[A-Z]+/g, (m) => (m[0] === '\\' ? m : m.toLowerCase()));
  return new RegExp(source, re.flags.replace('i', ''));
}

const NON_ASCII = /[^\0-\x7f]/;
const ASCII_UPPER = /[A-Z]+/g;

/** `s` with its ASCII letters lowered and nothing else changed (same length). */
export function lowerAscii(s: string): string {
  return NON_ASCII.test(s) ? s.replace(ASCII_UPPER, (m) => m.toLowerCase()) : s.toLowerCase();
}
