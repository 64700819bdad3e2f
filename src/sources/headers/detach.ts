/**
 * A copy of `s` that holds no reference to the text it was cut from.
 *
 * V8 keeps a substring of 13 or more characters (a `slice`, a regex
 * capture) as a view into its parent, and a concatenation as a pair of
 * its parts: a field value kept in a run's results then keeps the whole
 * decoded patch alive, and every young-generation collection copies it
 * again. Strings a result keeps are detached with this; the characters are
 * the same.
 */
export function detached(s: string): string {
  // Flattening `' ' + s` copies its characters into a new string; the slice
  // after it is a view of that copy only.
  return s.length < 13 ? s : (' ' + s).slice(1);
}
