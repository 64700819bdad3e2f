/**
 * What a large regular expression costs before it matches anything, and two
 * ways to pay less of it. Measured on Node 20 (V8 11.3); the cue patterns of
 * src/sources/meaning/cues.ts (hundreds of alternatives) are the case.
 *
 * - V8 runs a pattern's first matches in its bytecode interpreter and
 *   compiles machine code for it on a later one. For the cue alternation the
 *   bytecode step alone took ~10 ms (its peephole pass), the machine code
 *   ~3.5 ms: one run paid both, for every large pattern it used, before
 *   matching anything. A first match on a subject of 1,000 characters or
 *   more makes V8 compile machine code at once (its tier-up for long
 *   subjects), so `compiledAtOnce` runs one match on spaces before the
 *   pattern's first real use. Were V8 to drop that rule, the run would only
 *   be slower again, never read differently.
 * - A case-insensitive pattern is compiled with both cases of every letter
 *   and matched so. `foldCase` gives the same pattern in lower case without
 *   the `i` flag, to be matched against `lowerAscii` of the text: ~40% less
 *   to compile and faster to run.
 *
 * Why `foldCase(re).test(lowerAscii(s))` equals `re.test(s)` for an `i`
 * pattern without the `u` flag: such a pattern folds a character with its
 * upper case, never a non-ASCII character with an ASCII one (ECMA-262
 * Canonicalize), so only ASCII letters of the text fold with the pattern's
 * letters; lowering exactly those in the text and in the pattern's literals
 * (not the letter of an escape: `\S` is not `\s`) leaves every match where
 * it was. Character classes (`[A-Za-z]`) lower to classes with the same
 * members once the text is lowered. The text keeps its length, so match
 * indexes are the same too.
 */

const LONG_SUBJECT = ' '.repeat(1000);
const prepared = new WeakSet<RegExp>();

/** `re`, compiled to machine code on its first use rather than after it. Not for `g`/`y` patterns. */
export function compiledAtOnce(re: RegExp): RegExp {
  if (!prepared.has(re)) {
    prepared.add(re);
    re.test(LONG_SUBJECT);
  }
  return re;
}

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
