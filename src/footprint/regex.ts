/**
 * A Python `re` pattern as a JavaScript RegExp, for the syntax both share
 * (classes, groups, quantifiers, anchors, named groups). What JavaScript
 * reads differently (verbose mode, possessive quantifiers, inline flags
 * past the start) is a reason rather than a wrong count.
 */
const FLAG_BITS: [number, string][] = [
  [2, 'i'],
  [8, 'm'],
  [16, 's'],
];

export function pythonRegex(pattern: string, flags: number): RegExp | string {
  if (flags & 64) return 'verbose (re.X) patterns are not read';
  let p = pattern;
  let f = 'g';
  const inline = /^\(\?([aiLmsux]+)\)/.exec(p);
  if (inline) {
    if (/[xL]/.test(inline[1] ?? '')) return `inline flags (?${inline[1]}) are not read`;
    for (const c of inline[1] ?? '') if ('ims'.includes(c) && !f.includes(c)) f += c;
    p = p.slice(inline[0].length);
  }
  for (const [bit, c] of FLAG_BITS) if (flags & bit && !f.includes(c)) f += c;
  if (/\(\?[aiLmsux-]+[:)]/.test(p)) return 'inline flags inside the pattern are not read';
  p = p
    .replace(/\(\?P<(\w+)>/g, '(?<$1>')
    .replace(/\(\?P=(\w+)\)/g, '\\k<$1>')
    .replace(/\\A/g, '(?<![\\s\\S])')
    .replace(/\\Z/g, '(?![\\s\\S])');
  try {
    return new RegExp(p, f);
  } catch (e) {
    return `not a pattern JavaScript reads the same way: ${(e as Error).message}`;
  }
}
