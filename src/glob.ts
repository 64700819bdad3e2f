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
 *
 * Discovery tests every file of a tree (15,000 in Buildroot's) against the
 * layout globs, so matching is made cheap where it can be without changing
 * a result: a segment of plain characters and `*` is matched by
 * startsWith/indexOf/endsWith on the string, and before any of that a path
 * must start and end with what the pattern's first and last segments spell
 * out and hold each of its plain segments (`debian`, `patches`).
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
/** A compiled segment pattern: does it match this path segment? */
type SegmentTest = (segment: string) => boolean;

/** One brace alternative, with the plain text any path it matches must show. */
interface Alternative {
  segments: Wild<SegmentTest>;
  /** The path starts with this, ends with that, and holds each needle (`recipes-`, `README`). */
  prefix: string;
  suffix: string;
  needles: readonly string[];
}

/** Compile a glob into a predicate over posix relative paths. Throws GlobSyntaxError. */
export function compileGlob(pattern: string): PathMatcher {
  const alternatives = compileAlternatives(pattern);
  return (path) => matchAlternatives(alternatives, path, { segments: null });
}

/**
 * One predicate for several patterns, true when any of them matches (as
 * matchAny). It first asks the one cheapest thing each alternative needs — its
 * suffix, else its prefix, else a plain segment — so a path showing none of
 * them (most files of a tree, against the layout globs) costs a few endsWith.
 */
export function compileGlobs(patterns: readonly string[]): PathMatcher {
  const alternatives = patterns.flatMap(compileAlternatives);
  const hints = quickHints(alternatives);
  return (path) =>
    (hints === null || hints.some((hint) => hint(path))) &&
    matchAlternatives(alternatives, path, { segments: null });
}

/** One necessary test per alternative (deduplicated), or null when one has none. */
function quickHints(alternatives: readonly Alternative[]): PathMatcher[] | null {
  const hints = new Map<string, PathMatcher>();
  for (const { suffix, prefix, needles } of alternatives) {
    const needle = needles[0];
    if (suffix !== '') hints.set(`$${suffix}`, (path) => path.endsWith(suffix));
    else if (prefix !== '') hints.set(`^${prefix}`, (path) => path.startsWith(prefix));
    else if (needle !== undefined) hints.set(`*${needle}`, (path) => path.includes(needle));
    else return null;
  }
  return [...hints.values()];
}

function compileAlternatives(pattern: string): Alternative[] {
  let p = pattern.replace(/^(?:\.\/)+/, '');
  if (p.endsWith('/')) p += '**';
  return expandBraces(p, pattern).map((alt) => compilePath(alt, pattern));
}

/** A path split at `/` once, when the first alternative needs it, for all the others. */
interface Split {
  segments: string[] | null;
}

function matchAlternatives(
  alternatives: readonly Alternative[],
  path: string,
  split: Split,
): boolean {
  for (const alt of alternatives) {
    if (!path.startsWith(alt.prefix) || !path.endsWith(alt.suffix)) continue;
    if (!holdsAll(path, alt.needles)) continue;
    split.segments ??= path.split('/');
    if (wildcardMatch(alt.segments, split.segments, (test, seg) => test(seg))) return true;
  }
  return false;
}

function holdsAll(path: string, needles: readonly string[]): boolean {
  for (const n of needles) if (!path.includes(n)) return false;
  return true;
}

const cache = new Map<string, Alternative[]>();

/** True if any pattern matches. Compiled patterns are cached: configs reuse a handful. */
export function matchAny(patterns: readonly string[], path: string): boolean {
  const split: Split = { segments: null };
  for (const pattern of patterns) {
    let alternatives = cache.get(pattern);
    if (!alternatives) {
      alternatives = compileAlternatives(pattern);
      cache.set(pattern, alternatives);
    }
    if (matchAlternatives(alternatives, path, split)) return true;
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

/** The general case (`?`, classes): character by character, over code points. */
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

function compilePath(p: string, original: string): Alternative {
  const segments: (SegmentTest | typeof STAR)[] = [];
  const plain: (Plain | null)[] = [];
  for (const seg of p.split('/')) {
    if (seg === '**') {
      segments.push(STAR);
      plain.push(null);
      continue;
    }
    const compiled = compileSegment(seg, original);
    const parts = plainParts(compiled);
    plain.push(parts);
    segments.push(
      parts === null ? (text) => matchSegment(compiled.tokens, text) : plainTest(parts),
    );
  }
  const first = plain[0];
  const last = plain[plain.length - 1];
  return {
    segments,
    prefix: segments[0] === STAR || !first ? '' : (first[0] ?? ''),
    suffix: segments[segments.length - 1] === STAR || !last ? '' : (last[last.length - 1] ?? ''),
    // Each run of plain characters lies within one segment, so within the path.
    needles: plain.flatMap((parts) => parts?.filter((part) => part !== '') ?? []),
  };
}

/**
 * A segment of plain characters and `*`, as the runs of characters between
 * its stars (`a*b*c` → `a`, `b`, `c`; no star → one run).
 */
type Plain = readonly string[];

/**
 * The runs of a segment that is plain characters and `*` only, or null.
 * Those characters must be neither half of a surrogate pair: then matching
 * the runs in the string's UTF-16 units finds exactly the matches the
 * code-point scan (matchSegment) finds, since a run can neither start nor
 * end inside a pair.
 */
function plainParts(seg: CompiledSegment): Plain | null {
  if (seg.plain === null) return null;
  const parts = [''];
  for (const tok of seg.plain) {
    if (tok === STAR) parts.push('');
    else if (isSurrogate(tok)) return null;
    else parts[parts.length - 1] += tok;
  }
  return parts;
}

function isSurrogate(c: string): boolean {
  const code = c.charCodeAt(0);
  return code >= 0xd800 && code <= 0xdfff;
}

/** `a*b*c`: starts with a, ends with c, holds b in between; the leftmost fit is as good as any. */
function plainTest(parts: Plain): SegmentTest {
  const head = parts[0] ?? '';
  if (parts.length === 1) return (text) => text === head;
  const tail = parts[parts.length - 1] ?? '';
  const middle = parts.slice(1, -1).filter((m) => m !== '');
  const least = parts.reduce((n, part) => n + part.length, 0);
  return (text) => {
    if (text.length < least || !text.startsWith(head) || !text.endsWith(tail)) return false;
    const stop = text.length - tail.length;
    let at = head.length;
    for (const m of middle) {
      const found = text.indexOf(m, at);
      if (found === -1 || found + m.length > stop) return false;
      at = found + m.length;
    }
    return true;
  };
}

interface CompiledSegment {
  tokens: SegmentPattern;
  /** The same pattern as written characters and STAR, when it has no `?` nor class. */
  plain: readonly (string | typeof STAR)[] | null;
}

function compileSegment(seg: string, original: string): CompiledSegment {
  const out: (CharTest | typeof STAR)[] = [];
  let plain: (string | typeof STAR)[] | null = [];
  for (let i = 0; i < seg.length; i++) {
    const c = seg[i]!;
    if (c === '\\' && i + 1 < seg.length) {
      const x = seg[++i]!;
      out.push(literal(x));
      plain?.push(x);
    } else if (c === '*') {
      // `a**b` inside a segment is just `a*b` (two adjacent stars match what one does).
      out.push(STAR);
      plain?.push(STAR);
    } else if (c === '?') {
      out.push(() => true);
      plain = null;
    } else if (c === '[') {
      const end = classEnd(seg, i);
      if (end < 0) throw new GlobSyntaxError(original, 'unclosed [');
      out.push(compileClass(seg.slice(i + 1, end), original));
      plain = null;
      i = end;
    } else {
      out.push(literal(c));
      plain?.push(c);
    }
  }
  return { tokens: out, plain };
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
