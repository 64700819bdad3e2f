/**
 * One Python string literal token (as written: prefix, quotes, escapes) →
 * the string Python builds from it. Exact where it matters for anchors:
 * raw/bytes/unicode/format prefixes in any case, triple quotes, every
 * escape of the language reference (octal, \x, \u, \U, \N{…} for the
 * names Node can know, backslash-newline continuation), and unknown escapes
 * kept as written. An f-string is readable only when it interpolates
 * nothing (`{{`/`}}` are plain braces).
 */
export type LiteralResult =
  { ok: true; value: string; bytes: boolean } | { ok: false; reason: string };

const PREFIX = /^([rRbBuUfF]{0,2})('''|"""|'|")/;

export function decodePythonString(token: string): LiteralResult {
  const m = PREFIX.exec(token);
  if (!m) return { ok: false, reason: `not a string literal: ${token.slice(0, 20)}` };
  const prefix = (m[1] ?? '').toLowerCase();
  const quote = m[2] ?? '"';
  const body = token.slice(m[0].length, token.length - quote.length);
  if (!token.endsWith(quote) || token.length < m[0].length + quote.length)
    return { ok: false, reason: 'unterminated string literal' };
  const raw = prefix.includes('r');
  const bytes = prefix.includes('b');
  let value = raw ? body : unescape(body, bytes);
  if (prefix.includes('f')) {
    const braces = readFormatBraces(value);
    if (braces === null)
      return { ok: false, reason: 'f-string interpolates a value known only at run time' };
    value = braces;
  }
  return { ok: true, value, bytes };
}

/** `{{` → `{`, `}}` → `}`; null when a real replacement field is present. */
function readFormatBraces(text: string): string | null {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '{' || c === '}') {
      if (text[i + 1] !== c) return null;
      i++;
    }
    out += c;
  }
  return out;
}

const SIMPLE: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  a: '\x07',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
};

const NAMED: Record<string, string> = {
  'EM DASH': '\u2014',
  'EN DASH': '\u2013',
  'NO-BREAK SPACE': '\u00a0',
  'RIGHTWARDS ARROW': '\u2192',
  'HORIZONTAL ELLIPSIS': '\u2026',
  BULLET: '\u2022',
  'DEGREE SIGN': '\u00b0',
  'MULTIPLICATION SIGN': '\u00d7',
  'GREEK SMALL LETTER MU': '\u03bc',
  NULL: '\0',
  'LINE FEED': '\n',
  SPACE: ' ',
};

function unescape(body: string, bytes: boolean): string {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== '\\' || i + 1 >= body.length) {
      out += c;
      continue;
    }
    const n = body[i + 1] as string;
    if (n === '\n') {
      i++;
      continue;
    }
    if (n === '\r') {
      i += body[i + 2] === '\n' ? 2 : 1;
      continue;
    }
    const simple = SIMPLE[n];
    if (simple !== undefined) {
      out += simple;
      i++;
      continue;
    }
    const octal = /^[0-7]{1,3}/.exec(body.slice(i + 1));
    if (octal) {
      out += String.fromCharCode(parseInt(octal[0], 8));
      i += octal[0].length;
      continue;
    }
    const width = n === 'x' ? 2 : !bytes && n === 'u' ? 4 : !bytes && n === 'U' ? 8 : 0;
    const hex = width > 0 ? body.slice(i + 2, i + 2 + width) : '';
    if (width > 0 && new RegExp(`^[0-9a-fA-F]{${width}}$`).test(hex)) {
      out += String.fromCodePoint(parseInt(hex, 16));
      i += 1 + width;
      continue;
    }
    const named = !bytes && n === 'N' ? /^\{([^}]*)\}/.exec(body.slice(i + 2)) : null;
    const char = named ? NAMED[(named[1] ?? '').toUpperCase()] : undefined;
    if (named && char !== undefined) {
      out += char;
      i += 1 + named[0].length;
      continue;
    }
    if (named) throw new UnknownNameError(named[1] ?? '');
    out += c;
  }
  return out;
}

/** `\N{…}` with a name outside the table: the string cannot be known exactly. */
export class UnknownNameError extends Error {
  constructor(readonly character: string) {
    super(`\\N{${character}} names a character this reader does not know`);
  }
}

/** As decodePythonString, but an unknown `\N{…}` is a reason rather than a throw. */
export function readPythonString(token: string): LiteralResult {
  try {
    return decodePythonString(token);
  } catch (e) {
    if (e instanceof UnknownNameError) return { ok: false, reason: e.message };
    throw e;
  }
}
