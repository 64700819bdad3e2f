/**
 * Verbatim copy of src/glob.ts as it was before issue 14's speed work (commit
 * 6207145): the reference its differential test holds the faster code to.
 * Not used by the tool. Only this comment was added.
 */
/**
 * Glob patterns for posix relative paths (config `records`, `patches.exclude`).
 * Node 20 has no `fs.glob`, and the patterns we need are few, so this is a
 * small matcher:
 *
 *   `**`      as a whole segment: any number of segments, including zero
 *   `*`, `?`  within one segment (they never match `/`; a leading `.` is not special)
 *   `{a,b}`   alternatives, nestable; `{a}` without a comma is literal, as in bash
 *   `[abc]`, `[a-z]`, `[!a]` / `[^a]`  one character of a segment
 *   `\x`      the character x, literally
 *   `dir/`    everything under dir (a trailing slash means `dir/**`)
 *
 * Braces are expanded first into alternatives. Each alternative is matched
 * without a backtracking search: a translated RegExp (`.*a.*a.*b`) backtracks
 * polynomially in the number of wildcards, and a pattern with four `**`
 * segments took minutes on a deep path. Instead both levels (segments against
 * `**`, characters against `*`) use the classic wildcard scan that only ever
 * rewinds to the most recent star: O(pattern × path).
 */

export class GlobSyntaxError extends Error {
  override readonly name = 'GlobSyntaxError';
  constructor(
    readonly pattern: string,
    reason: string,
  ) {
    super(`bad glob ${JSON.stringify(pattern)}: ${reason}`);
  }
}

export type PathMatcher = (path: string) => boolean;

// A pattern like `{a,b}{c,d}{e,f}…` multiplies; refuse before it eats memory.
const MAX_ALTERNATIVES = 256;

/** A wildcard pattern over items: `STAR` matches any run of items, every other element exactly one. */
const STAR = Symbol('star');
type Wild<P> = readonly (P | typeof STAR)[];
/** One character of a segment: `?`, a class, or a literal. */
type CharTest = (c: string) => boolean;
/** A segment's pattern: characters and `*`. */
type SegmentPattern = Wild<CharTest>;

/** Compile a glob into a predicate over posix relative paths. Throws GlobSyntaxError. */
export function compileGlob(pattern: string): PathMatcher {
  let p = pattern.replace(/^(?:\.\/)+/, '');
  if (p.endsWith('/')) p += '**';
  const alternatives = expandBraces(p, pattern).map((alt) => compilePath(alt, pattern));
  return (path) => {
    const segs = path.split('/');
    return alternatives.some((alt) => wildcardMatch(alt, segs, matchSegment));
  };
}

const cache = new Map<string, PathMatcher>();

/** True if any pattern matches. Compiled patterns are cached: configs reuse a handful. */
export function matchAny(patterns: readonly string[], path: string): boolean {
  for (const pattern of patterns) {
    let m = cache.get(pattern);
    if (!m) {
      m = compileGlob(pattern);
      cache.set(pattern, m);
    }
    if (m(path)) return true;
  }
  return false;
}

/**
 * The classic wildcard scan. On a mismatch it rewinds only to the latest
 * star, which is enough: whatever an earlier star could have taken, the later
 * one can take instead. So the cost is O(pattern × items), never exponential.
 */
function wildcardMatch<P, T>(
  pattern: Wild<P>,
  items: readonly T[],
  matchOne: (p: P, item: T) => boolean,
): boolean {
  let p = 0;
  let i = 0;
  let starP = -1;
  let starI = 0;
  while (i < items.length) {
    const tok = pattern[p];
    if (tok === STAR) {
      starP = p++;
      starI = i;
    } else if (tok !== undefined && matchOne(tok, items[i]!)) {
      p++;
      i++;
    } else if (starP >= 0) {
      p = starP + 1;
      i = ++starI;
    } else {
      return false;
    }
  }
  while (pattern[p] === STAR) p++;
  return p === pattern.length;
}

function matchSegment(seg: SegmentPattern, text: string): boolean {
  return wildcardMatch(seg, [...text], (test, c) => test(c));
}

/** Expand the first top-level `{…}` and recurse; escapes (`\{`) are kept for compileSegment. */
function expandBraces(p: string, original: string): string[] {
  let open = -1;
  let depth = 0;
  const commas: number[] = [];
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') i++;
    else if (c === '{') {
      if (depth++ === 0) open = i;
    } else if (c === '}') {
      if (depth === 0) throw new GlobSyntaxError(original, 'unmatched }');
      if (--depth === 0) {
        const head = p.slice(0, open);
        const tail = p.slice(i + 1);
        if (commas.length === 0) {
          // `{a}` is literal: escape its braces and expand what is inside and after.
          return expandBraces(`${head}\\{${p.slice(open + 1, i)}\\}${tail}`, original);
        }
        const bounds = [open, ...commas, i];
        const out: string[] = [];
        for (let k = 0; k + 1 < bounds.length; k++) {
          const alt = p.slice(bounds[k]! + 1, bounds[k + 1]);
          out.push(...expandBraces(head + alt + tail, original));
          if (out.length > MAX_ALTERNATIVES)
            throw new GlobSyntaxError(original, 'too many {…} alternatives');
        }
        return out;
      }
    } else if (c === ',' && depth === 1) commas.push(i);
  }
  if (depth > 0) throw new GlobSyntaxError(original, 'unmatched {');
  return [p];
}

function compilePath(p: string, original: string): Wild<SegmentPattern> {
  const out: (SegmentPattern | typeof STAR)[] = [];
  for (const seg of p.split('/')) {
    out.push(seg === '**' ? STAR : compileSegment(seg, original));
  }
  return out;
}

function compileSegment(seg: string, original: string): SegmentPattern {
  const out: (CharTest | typeof STAR)[] = [];
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i]!;
    if (c === '\\' && i + 1 < seg.length) {
      out.push(literal(seg[++i]!));
    } else if (c === '*') {
      // `a**b` inside a segment is just `a*b` (two adjacent stars match what one does).
      out.push(STAR);
    } else if (c === '?') {
      out.push(() => true);
    } else if (c === '[') {
      const end = classEnd(seg, i);
      if (end < 0) throw new GlobSyntaxError(original, 'unclosed [');
      out.push(compileClass(seg.slice(i + 1, end), original));
      i = end;
    } else {
      out.push(literal(c));
    }
  }
  return out;
}

function literal(c: string): CharTest {
  return (x) => x === c;
}

/** Index of the `]` closing the class opened at `start`, or -1. A `]` first in the class is literal. */
function classEnd(seg: string, start: number): number {
  let i = start + 1;
  if (seg[i] === '!' || seg[i] === '^') i++;
  if (seg[i] === ']') i++;
  for (; i < seg.length; i++) {
    if (seg[i] === '\\') i++;
    else if (seg[i] === ']') return i;
  }
  return -1;
}

/** A class matches one character, so a one-character RegExp is safe (and checks ranges for us). */
function compileClass(body: string, original: string): CharTest {
  const negated = body[0] === '!' || body[0] === '^';
  const chars = negated ? body.slice(1) : body;
  let out = '';
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (c === '\\' && i + 1 < chars.length) out += escapeClassChar(chars[++i]!);
    else if (c === '-' && i > 0 && i < chars.length - 1) out += '-';
    else out += escapeClassChar(c);
  }
  try {
    const re = new RegExp(`^[${negated ? '^' : ''}${out}]$`, 'u');
    return (c) => re.test(c);
  } catch (e) {
    throw new GlobSyntaxError(original, (e as Error).message);
  }
}

function escapeClassChar(c: string): string {
  return /[\\\]^[-]/.test(c) ? `\\${c}` : c;
}
