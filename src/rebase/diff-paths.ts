/**
 * File names in diff headers → repository paths, as `patch -pN` reads them.
 */

/**
 * The name on a `--- `/`+++ ` line (or one half of `diff --git`), after
 * `-pN` stripping; null for `/dev/null` and for a name with fewer than N
 * leading components, which GNU does not use (a hand-written `--- foo.py`
 * names no file under `-p1`). A timestamp after a tab is dropped (`diff -u`
 * writes one), and git's C-style quoting (`"a/t\303\251st"`) is undone.
 */
export function headerPath(raw: string, strip: number): string | null {
  const name = fileName(raw);
  return name === '/dev/null' ? null : stripComponents(name, strip);
}

export function isDevNull(raw: string): boolean {
  return fileName(raw) === '/dev/null';
}

function fileName(raw: string): string {
  return raw.startsWith('"') ? unquote(raw) : (raw.split('\t')[0] ?? '').trimEnd();
}

function stripComponents(name: string, strip: number): string | null {
  let rest = name;
  for (let left = strip; left > 0; left--) {
    const slash = rest.indexOf('/');
    if (slash === -1) return null;
    rest = rest.slice(slash + 1).replace(/^\/+/, '');
  }
  return rest === '' ? null : rest;
}

const ESCAPES: Record<string, string> = { n: '\n', t: '\t', '"': '"', '\\': '\\', a: '\x07' };

/** Undo git's quoting; octal escapes are UTF-8 bytes. */
function unquote(raw: string): string {
  const bytes: number[] = [];
  for (let i = 1; i < raw.length; i++) {
    const ch = raw[i] ?? '';
    if (ch === '"') break;
    if (ch !== '\\') {
      bytes.push(...Buffer.from(ch, 'utf8'));
      continue;
    }
    const octal = /^[0-7]{3}/.exec(raw.slice(i + 1));
    if (octal) {
      bytes.push(parseInt(octal[0], 8));
      i += 3;
    } else {
      const next = raw[i + 1] ?? '';
      bytes.push(...Buffer.from(ESCAPES[next] ?? next, 'utf8'));
      i += 1;
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/**
 * The two names of `diff --git a/x b/y`. Unquoted names may contain spaces,
 * so the line is split where both halves name the same file (the common,
 * non-rename case) and otherwise at ` b/`.
 */
export function gitHeaderPaths(rest: string): [string, string] | null {
  if (rest.startsWith('"')) {
    const close = closingQuote(rest);
    const second = rest.slice(close + 1).trimStart();
    return [rest.slice(0, close + 1), second];
  }
  const mid = (rest.length - 1) / 2;
  if (Number.isInteger(mid) && rest[mid] === ' ') {
    const a = rest.slice(0, mid);
    const b = rest.slice(mid + 1);
    if (a.slice(a.indexOf('/') + 1) === b.slice(b.indexOf('/') + 1)) return [a, b];
  }
  const split = rest.indexOf(' b/');
  if (split !== -1) return [rest.slice(0, split), rest.slice(split + 1)];
  return null;
}

function closingQuote(s: string): number {
  for (let i = 1; i < s.length; i++) {
    if (s[i] === '\\') i++;
    else if (s[i] === '"') return i;
  }
  return s.length - 1;
}
