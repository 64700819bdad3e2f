/**
 * A reader for the plain YAML that patch records are written in, several
 * times faster than a full parse: block mappings and lists, one-line flow
 * collections (`{ ref: o/x#1, state: OPEN }`, `[a, b]`), plain, quoted and
 * literal/folded block scalars (`>-`), comments. It builds the same tree as
 * the `yaml` package would (tree.ts, core schema typing, same offsets and
 * lines) or, for anything outside that subset or anything it is not sure
 * of, gives up and returns null so the caller reads the file with `yaml`:
 * anchors, aliases, tags, directives and document markers, multi-line plain
 * or quoted scalars, multi-line flow collections, `?` keys, quoted or
 * non-string keys, duplicate keys, tabs, CR, control characters, deep
 * nesting, every syntax error. Giving up is always safe; a wrong answer is
 * not, so each rule below errs towards giving up.
 */
import type { Entry, RMap, RNode, RScalar, RSeq } from './tree.js';

/** Deeper files are left to `yaml` (whose limits and messages apply). */
const MAX_DEPTH = 64;
/** yaml refuses implicit keys over 1024 characters; give up well before. */
const MAX_KEY = 1000;

/**
 * Characters the subset leaves to `yaml`: tab, CR and other controls, NEL,
 * the Unicode line separators and a BOM. (Lines that could be document
 * markers or directives are found while splitting lines.)
 */
// Matching control characters is the point here.
// eslint-disable-next-line no-control-regex
const OUTSIDE = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u2028\u2029\ufeff]/;

const SPACE = 32;
const HASH = 35;
const COLON = 58;
const DASH = 45;

class OutsideSubset extends Error {}

/** The tree of `text`, or null when `yaml` must read it. */
export function readPlainYaml(text: string): RMap | null {
  if (OUTSIDE.test(text)) return null;
  try {
    return new Reader(text).document();
  } catch (error) {
    if (error instanceof OutsideSubset) return null;
    throw error;
  }
}

function giveUp(): never {
  throw new OutsideSubset();
}

// The core schema's tests, in its order (yaml's schema/core). Module-level:
// a regex literal inside a function is a new object at every call.
const NULL = /^(?:~|[Nn]ull|NULL)?$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
const INT_OCT = /^0o[0-7]+$/;
const INT = /^[-+]?[0-9]+$/;
const INT_HEX = /^0x[0-9a-fA-F]+$/;
const FLOAT_NAN = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const FLOAT_EXP = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/;
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/;

/** Core-schema typing of a plain scalar, as yaml types it. */
export function typePlain(s: string): string | number | boolean | null {
  const c = s.charCodeAt(0);
  // Only these can start a null, boolean or number: ~ n N t T f F + - . 0-9
  if (
    !(c >= 48 && c <= 57) &&
    c !== 126 &&
    c !== 110 &&
    c !== 78 &&
    c !== 116 &&
    c !== 84 &&
    c !== 102 &&
    c !== 70 &&
    c !== 43 &&
    c !== 45 &&
    c !== 46 &&
    s !== ''
  )
    return s;
  if (NULL.test(s)) return null;
  if (BOOL.test(s)) return c === 116 || c === 84;
  if (INT_OCT.test(s)) return parseInt(s.substring(2), 8);
  if (INT.test(s)) return parseInt(s, 10);
  if (INT_HEX.test(s)) return parseInt(s.substring(2), 16);
  if (FLOAT_NAN.test(s))
    return s.slice(-3).toLowerCase() === 'nan'
      ? NaN
      : c === 45
        ? Number.NEGATIVE_INFINITY
        : Number.POSITIVE_INFINITY;
  if (FLOAT_EXP.test(s) || FLOAT.test(s)) return parseFloat(s);
  return s;
}

const ESCAPES: Record<string, string> = {
  '0': '\0',
  a: '\x07',
  b: '\b',
  e: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  N: '\u0085',
  _: '\u00a0',
  L: '\u2028',
  P: '\u2029',
  ' ': ' ',
  '"': '"',
  '/': '/',
  '\\': '\\',
};

/** `,[]{}#&*!|>'"%@` and backtick: a plain scalar cannot start with them. */
function isIndicator(c: number): boolean {
  return (
    c === 44 ||
    c === 91 ||
    c === 93 ||
    c === 123 ||
    c === 125 ||
    c === HASH ||
    c === 38 ||
    c === 42 ||
    c === 33 ||
    c === 124 ||
    c === 62 ||
    c === 39 ||
    c === 34 ||
    c === 37 ||
    c === 64 ||
    c === 96
  );
}

/** `,[]{}`: they end a plain scalar inside a flow collection. */
function isFlowIndicator(c: number): boolean {
  return c === 44 || c === 91 || c === 93 || c === 123 || c === 125;
}

class Reader {
  private readonly starts: number[] = [];
  private readonly count: number;
  /** The next line with content (not blank, not only a comment) after the last value read. */
  private next = 0;
  /** The last plain line read ended in a comment. */
  private comment = false;

  constructor(private readonly text: string) {
    for (let at = 0; ;) {
      this.starts.push(at);
      // `---`, `...` (document markers) and `%` (a directive) at the start of a line
      const c = text.charCodeAt(at);
      if (c === 37 || ((c === DASH || c === 46) && text.startsWith(c === DASH ? '---' : '...', at)))
        giveUp();
      const nl = text.indexOf('\n', at);
      if (nl < 0) break;
      at = nl + 1;
    }
    this.count = this.starts.length;
  }

  document(): RMap {
    const first = this.contentLine(0);
    if (first === this.count) giveUp();
    const indent = this.indent(first);
    if (this.isDash(first, indent)) giveUp();
    const root = this.blockMap(first, indent, 0);
    if (this.next !== this.count) giveUp();
    return root;
  }

  // ---- lines ---------------------------------------------------------------

  private start(line: number): number {
    return this.starts[line] ?? this.text.length;
  }

  /** End of a line's text, before its newline. */
  private end(line: number): number {
    return line + 1 < this.count ? this.start(line + 1) - 1 : this.text.length;
  }

  private indent(line: number): number {
    const start = this.start(line);
    const end = this.end(line);
    let at = start;
    while (at < end && this.text.charCodeAt(at) === SPACE) at++;
    return at - start;
  }

  /** The first line from `line` on with something other than spaces and a comment. */
  private contentLine(line: number): number {
    for (let l = line; l < this.count; l++) {
      const end = this.end(l);
      let at = this.start(l);
      while (at < end && this.text.charCodeAt(at) === SPACE) at++;
      if (at < end && this.text.charCodeAt(at) !== HASH) return l;
    }
    return this.count;
  }

  private isDash(line: number, indent: number): boolean {
    const at = this.start(line) + indent;
    if (this.text.charCodeAt(at) !== DASH) return false;
    return at + 1 === this.end(line) || this.text.charCodeAt(at + 1) === SPACE;
  }

  private skipSpaces(at: number, end: number): number {
    while (at < end && this.text.charCodeAt(at) === SPACE) at++;
    return at;
  }

  /** After a value at `at`: only spaces, then the end of the line or a ` #` comment. */
  private lineRest(at: number, end: number): void {
    const after = this.skipSpaces(at, end);
    if (after === end) return;
    if (this.text.charCodeAt(after) !== HASH || after === at) giveUp();
  }

  // ---- block collections ---------------------------------------------------

  /**
   * A block mapping whose keys sit at column `col`; the first key is at that
   * column of `line` (which may follow a `- ` on the same line).
   */
  private blockMap(line: number, col: number, depth: number): RMap {
    if (depth > MAX_DEPTH) giveUp();
    const map: RMap = { kind: 'map', line: line + 1, entries: [] };
    const seen = new Set<string>();
    for (let l = line; ;) {
      const keyStart = this.start(l) + col;
      const end = this.end(l);
      const colon = this.keyColon(keyStart, end);
      if (colon < 0 || colon - keyStart > MAX_KEY) giveUp();
      let keyEnd = colon;
      while (this.text.charCodeAt(keyEnd - 1) === SPACE) keyEnd--;
      const key = this.text.slice(keyStart, keyEnd);
      if (typeof typePlain(key) !== 'string' || seen.has(key)) giveUp();
      seen.add(key);
      const node = this.value(l, colon + 1, col, depth, true);
      const entry: Entry = {
        key,
        keyLine: l + 1,
        node,
        line: node.kind === 'scalar' && node.value === null ? l + 1 : node.line,
        aliased: false,
      };
      map.entries.push(entry);
      l = this.next;
      if (l === this.count) return map;
      const indent = this.indent(l);
      if (indent < col) return map;
      if (indent > col || this.isDash(l, indent)) giveUp();
    }
  }

  /**
   * The `:` that ends a plain key starting at `at` (one followed by a space
   * or the end of the line), or -1 when the text there is not a plain key.
   */
  private keyColon(at: number, end: number): number {
    const first = this.text.charCodeAt(at);
    if (at >= end || isIndicator(first) || first === DASH || first === 63 || first === COLON)
      return -1;
    for (let i = at + 1; i < end; i++) {
      const c = this.text.charCodeAt(i);
      if (c === COLON) {
        if (i + 1 === end || this.text.charCodeAt(i + 1) === SPACE) return i;
      } else if (c === HASH && this.text.charCodeAt(i - 1) === SPACE) return -1;
    }
    return -1;
  }

  /** A block list whose dashes sit at column `col`, from `line`. */
  private blockSeq(line: number, col: number, depth: number): RSeq {
    if (depth > MAX_DEPTH) giveUp();
    const seq: RSeq = { kind: 'seq', line: line + 1, items: [] };
    for (let l = line; ;) {
      const dash = this.start(l) + col;
      const end = this.end(l);
      const at = this.skipSpaces(dash + 1, end);
      if (at < end && this.keyColon(at, end) >= 0) {
        // `- key: value`: a mapping whose keys sit at the column of this key.
        seq.items.push(this.blockMap(l, at - this.start(l), depth + 1));
      } else {
        if (at < end && this.isDashAt(at, end)) giveUp();
        seq.items.push(this.value(l, dash + 1, col, depth, false));
      }
      l = this.next;
      if (l === this.count) return seq;
      const indent = this.indent(l);
      if (indent < col || (indent === col && !this.isDash(l, indent))) return seq;
      if (indent > col) giveUp();
    }
  }

  private isDashAt(at: number, end: number): boolean {
    return (
      this.text.charCodeAt(at) === DASH &&
      (at + 1 === end || this.text.charCodeAt(at + 1) === SPACE)
    );
  }

  /**
   * The value after a key's `:` or a list's `-` at offset `from` of `line`,
   * owned by a collection at column `owner`. Leaves `next` at the first
   * content line after it.
   */
  private value(line: number, from: number, owner: number, depth: number, inMap: boolean): RNode {
    const end = this.end(line);
    const at = this.skipSpaces(from, end);
    const c = this.text.charCodeAt(at);
    if (at === end || c === HASH) {
      if (at < end && at === from) giveUp();
      const next = this.contentLine(line + 1);
      this.next = next;
      if (next < this.count) {
        const indent = this.indent(next);
        if (indent > owner) {
          if (this.isDash(next, indent)) return this.blockSeq(next, indent, depth + 1);
          return this.blockMap(next, indent, depth + 1);
        }
        // An indentless list: `key:` then `- item` at the key's own column.
        if (inMap && indent === owner && this.isDash(next, indent))
          return this.blockSeq(next, indent, depth + 1);
      }
      return this.scalar(null, '', 'PLAIN', at, at, line);
    }
    if (c === 34 || c === 39) {
      const node = c === 34 ? this.doubleQuoted(at, end, line) : this.singleQuoted(at, end, line);
      this.lineRest(node.end, end);
      this.next = this.contentLine(line + 1);
      return node;
    }
    if (c === 91 || c === 123) {
      const { node, end: after } = this.flow(at, end, line, depth + 1);
      this.lineRest(after, end);
      this.next = this.contentLine(line + 1);
      return node;
    }
    if (c === 124 || c === 62) return this.blockScalar(line, at, owner);
    if (isIndicator(c)) giveUp();
    if ((c === DASH || c === 63 || c === COLON) && this.isDashLike(at, end)) giveUp();
    // A plain scalar to the end of the line or a comment; `a: b: c` is not one.
    let stop = this.plainLine(at, end);
    let written = this.text.slice(at, stop);
    let l = line + 1;
    if (!this.comment) {
      // It goes on over lines indented past the owner: folded, one space per
      // line break, a newline per blank line between them.
      let blanks = 0;
      for (let next = l; next < this.count; next++) {
        const start = this.start(next);
        const lineEnd = this.end(next);
        if (start === lineEnd) {
          blanks++;
          continue;
        }
        const indent = this.indent(next);
        if (indent === lineEnd - start) giveUp();
        const from = start + indent;
        const c0 = this.text.charCodeAt(from);
        if (indent <= owner || c0 === HASH) break;
        if (isIndicator(c0) || c0 === DASH || c0 === 63 || c0 === COLON) giveUp();
        stop = this.plainLine(from, lineEnd);
        if (this.comment) giveUp();
        written += (blanks === 0 ? ' ' : '\n'.repeat(blanks)) + this.text.slice(from, stop);
        blanks = 0;
        l = next + 1;
      }
    }
    this.next = this.contentLine(l);
    return this.scalar(typePlain(written), written, 'PLAIN', at, stop, line);
  }

  /**
   * One line of a plain scalar from `at`: where its text stops (before
   * trailing spaces or a ` #` comment); `comment` says whether one follows.
   */
  private plainLine(at: number, end: number): number {
    let stop = end;
    let comment = false;
    for (let i = at + 1; i < end; i++) {
      const ch = this.text.charCodeAt(i);
      if (ch === COLON && (i + 1 === end || this.text.charCodeAt(i + 1) === SPACE)) giveUp();
      if (ch === HASH && this.text.charCodeAt(i - 1) === SPACE) {
        stop = i;
        comment = true;
        break;
      }
    }
    while (this.text.charCodeAt(stop - 1) === SPACE) stop--;
    this.comment = comment;
    return stop;
  }

  /** `-`, `?` or `:` followed by a space or the end: an indicator, not text. */
  private isDashLike(at: number, end: number): boolean {
    return at + 1 === end || this.text.charCodeAt(at + 1) === SPACE;
  }

  private scalar(
    value: unknown,
    text: string,
    style: RScalar['style'],
    start: number,
    end: number,
    line: number,
  ): RScalar {
    return { kind: 'scalar', value, text, style, start, end, line: line + 1 };
  }

  // ---- scalars -------------------------------------------------------------

  /** `"…"` on one line, with yaml's escapes. */
  private doubleQuoted(at: number, end: number, line: number): RScalar {
    let out = '';
    let from = at + 1;
    for (let i = from; ; i++) {
      if (i >= end) giveUp();
      const c = this.text.charCodeAt(i);
      if (c === 34) {
        out += this.text.slice(from, i);
        return this.scalar(out, out, 'QUOTE_DOUBLE', at, i + 1, line);
      }
      if (c !== 92) continue;
      out += this.text.slice(from, i);
      const e = this.text[i + 1] ?? '';
      const simple = ESCAPES[e];
      if (simple !== undefined) {
        out += simple;
        i += 1;
      } else if (e === 'x' || e === 'u' || e === 'U') {
        const length = e === 'x' ? 2 : e === 'u' ? 4 : 8;
        const hex = this.text.slice(i + 2, i + 2 + length);
        if (hex.length !== length || !/^[0-9a-fA-F]+$/.test(hex)) giveUp();
        const code = parseInt(hex, 16);
        if (code > 0x10ffff) giveUp();
        out += String.fromCodePoint(code);
        i += 1 + length;
      } else giveUp();
      from = i + 1;
    }
  }

  /** `'…'` on one line; `''` is a quote. */
  private singleQuoted(at: number, end: number, line: number): RScalar {
    let out = '';
    let from = at + 1;
    for (let i = from; ; i++) {
      if (i >= end) giveUp();
      if (this.text.charCodeAt(i) !== 39) continue;
      out += this.text.slice(from, i);
      if (this.text.charCodeAt(i + 1) !== 39) {
        return this.scalar(out, out, 'QUOTE_SINGLE', at, i + 1, line);
      }
      out += "'";
      i += 1;
      from = i + 1;
    }
  }

  /**
   * `|`, `|-`, `>` or `>-` at `at` of `line`, its text on the lines below,
   * indented past the owner's column. Keep chomping (`+`), indentation
   * indicators, blank lines with spaces, leading blank lines and (folded)
   * more-indented lines are left to `yaml`.
   */
  private blockScalar(line: number, at: number, owner: number): RScalar {
    const end = this.end(line);
    const folded = this.text.charCodeAt(at) === 62;
    let header = at + 1;
    const strip = this.text.charCodeAt(header) === DASH;
    if (strip) header++;
    this.lineRest(header, end);
    const first = line + 1;
    if (first >= this.count) giveUp();
    const indent = this.indent(first);
    if (indent <= owner || indent === this.end(first) - this.start(first)) giveUp();
    const parts: string[] = [];
    let blanks = 0;
    let last = first;
    let l = first;
    for (; l < this.count; l++) {
      const start = this.start(l);
      const lineEnd = this.end(l);
      if (start === lineEnd) {
        blanks++;
        continue;
      }
      const lineIndent = this.indent(l);
      if (lineIndent === lineEnd - start) giveUp();
      if (lineIndent < indent) break;
      if (folded && lineIndent > indent) giveUp();
      const text = this.text.slice(start + indent, lineEnd);
      if (parts.length > 0)
        parts.push(folded && blanks === 0 ? ' ' : '\n'.repeat(folded ? blanks : blanks + 1));
      parts.push(text);
      blanks = 0;
      last = l;
    }
    // The scalar ends after its last text line's newline (trailing blank lines are not its);
    // clipping keeps one final newline, also at the end of a file that has none.
    const rangeEnd = last + 1 < this.count ? this.start(last + 1) : this.text.length;
    const value = strip ? parts.join('') : `${parts.join('')}\n`;
    this.next = this.contentLine(l);
    return this.scalar(value, value, folded ? 'BLOCK_FOLDED' : 'BLOCK_LITERAL', at, rangeEnd, line);
  }

  // ---- one-line flow collections --------------------------------------------

  private flow(at: number, end: number, line: number, depth: number): { node: RNode; end: number } {
    if (depth > MAX_DEPTH) giveUp();
    const isSeq = this.text.charCodeAt(at) === 91;
    const close = isSeq ? 93 : 125;
    // Only the collection written, and a key set only for a mapping: records hold many of these.
    const seq: RSeq | null = isSeq ? { kind: 'seq', line: line + 1, items: [] } : null;
    const map: RMap | null = isSeq ? null : { kind: 'map', line: line + 1, entries: [] };
    const node = (seq ?? map)!;
    const seen = isSeq ? null : new Set<string>();
    let i = this.skipSpaces(at + 1, end);
    if (this.text.charCodeAt(i) === close) return { node, end: i + 1 };
    for (;;) {
      if (seq !== null) {
        const item = this.flowValue(i, end, line, depth);
        seq.items.push(item.node);
        i = item.end;
      } else {
        const keyStart = i;
        const colon = this.flowKeyColon(keyStart, end);
        let keyEnd = colon;
        while (this.text.charCodeAt(keyEnd - 1) === SPACE) keyEnd--;
        const key = this.text.slice(keyStart, keyEnd);
        if (typeof typePlain(key) !== 'string' || seen!.has(key)) giveUp();
        seen!.add(key);
        const value = this.flowValue(this.skipSpaces(colon + 1, end), end, line, depth);
        map!.entries.push({
          key,
          keyLine: line + 1,
          node: value.node,
          line: line + 1,
          aliased: false,
        });
        i = value.end;
      }
      i = this.skipSpaces(i, end);
      const c = this.text.charCodeAt(i);
      if (c === close) return { node, end: i + 1 };
      if (c !== 44) giveUp();
      i = this.skipSpaces(i + 1, end);
      if (i >= end || this.text.charCodeAt(i) === close) giveUp();
    }
  }

  /** The `: ` after a plain key inside `{…}`, or give up. */
  private flowKeyColon(at: number, end: number): number {
    const first = this.text.charCodeAt(at);
    if (at >= end || isIndicator(first) || first === DASH || first === 63 || first === COLON)
      giveUp();
    for (let i = at + 1; i < end; i++) {
      const c = this.text.charCodeAt(i);
      if (c === COLON && this.text.charCodeAt(i + 1) === SPACE) return i;
      if (
        isFlowIndicator(c) ||
        c === COLON ||
        (c === HASH && this.text.charCodeAt(i - 1) === SPACE)
      )
        giveUp();
    }
    return giveUp();
  }

  /** A value inside a flow collection: quoted, nested, or plain up to `,` `]` `}`. */
  private flowValue(
    at: number,
    end: number,
    line: number,
    depth: number,
  ): { node: RNode; end: number } {
    if (at >= end) giveUp();
    const c = this.text.charCodeAt(at);
    if (c === 34 || c === 39) {
      const node = c === 34 ? this.doubleQuoted(at, end, line) : this.singleQuoted(at, end, line);
      const after = this.skipSpaces(node.end, end);
      if (this.text.charCodeAt(after) === COLON) giveUp();
      return { node, end: node.end };
    }
    if (c === 91 || c === 123) return this.flow(at, end, line, depth + 1);
    if (isIndicator(c) || c === DASH || c === 63 || c === COLON) giveUp();
    let i = at + 1;
    for (; i < end; i++) {
      const ch = this.text.charCodeAt(i);
      if (ch === 44 || ch === 93 || ch === 125) break;
      if (ch === 91 || ch === 123) giveUp();
      // `a:b` and URLs are text; `a: b` or `a:,` would make a pair.
      if (ch === COLON) {
        const after = this.text.charCodeAt(i + 1);
        if (i + 1 >= end || after === SPACE || isFlowIndicator(after)) giveUp();
      }
      if (ch === HASH && this.text.charCodeAt(i - 1) === SPACE) giveUp();
    }
    let stop = i;
    while (this.text.charCodeAt(stop - 1) === SPACE) stop--;
    const written = this.text.slice(at, stop);
    return { node: this.scalar(typePlain(written), written, 'PLAIN', at, stop, line), end: stop };
  }
}
