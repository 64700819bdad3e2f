/**
 * What the static reader knows a Python expression may be. An expression
 * has a list of alternatives (a name assigned in two branches, a loop
 * variable), each one of these values. Paths inside an installed package
 * stay symbolic (`pkg` + parts) until config maps them to a repository.
 */
export type Value =
  | { k: 'str'; v: string }
  | { k: 'num'; v: number }
  | { k: 'seq'; items: Value[][] }
  | { k: 'dict'; entries: [Value[], Value[]][] }
  /** A path inside the installed package `pkg` (parts relative to its folder). */
  | { k: 'pkgpath'; pkg: string; parts: string[] }
  | { k: 'spec'; pkg: string }
  | { k: 'module'; name: string }
  /** An open file object, or the text read from one. */
  | { k: 'file'; path: Value }
  | { k: 'text'; path: Value }
  | { k: 'regex'; pattern: string; flags: number }
  /** What a regex search found (or a group of it): the regex itself is the anchor. */
  | { k: 'match' }
  | { k: 'unknown'; reason: string; line: number };

export const MAX_ALTERNATIVES = 64;

export function unknown(reason: string, line: number): Value {
  return { k: 'unknown', reason, line };
}

/** Alternatives, deduplicated and capped. */
export function distinct(values: readonly Value[]): Value[] {
  const seen = new Set<string>();
  const out: Value[] = [];
  for (const v of values) {
    const key = keyOf(v);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(v);
    if (out.length >= MAX_ALTERNATIVES) break;
  }
  return out;
}

export function keyOf(v: Value): string {
  return JSON.stringify(v);
}

/** `os.path.join` / `Path /`: an absolute part restarts the path, as Python does. */
export function joinPath(base: Value, part: string): Value {
  if (part.startsWith('/')) return { k: 'str', v: part };
  const parts = part.split('/').filter((p) => p !== '' && p !== '.');
  if (base.k === 'pkgpath') return { ...base, parts: normalise([...base.parts, ...parts]) };
  if (base.k === 'str')
    return {
      k: 'str',
      v: base.v === '' ? parts.join('/') : `${base.v.replace(/\/+$/, '')}/${parts.join('/')}`,
    };
  return base;
}

function normalise(parts: string[]): string[] {
  const out: string[] = [];
  for (const p of parts) {
    if (p === '..') out.pop();
    else out.push(p);
  }
  return out;
}

export function dirname(v: Value): Value {
  if (v.k === 'pkgpath') return { ...v, parts: v.parts.slice(0, -1) };
  if (v.k === 'str') {
    const at = v.v.replace(/\/+$/, '').lastIndexOf('/');
    return { k: 'str', v: at <= 0 ? (at === 0 ? '/' : '') : v.v.slice(0, at) };
  }
  return v;
}

/** The path a value names, shown to a reader (`vllm/<…>/x.py` for a package path). */
export function describePath(v: Value): string {
  if (v.k === 'pkgpath') return `<${v.pkg}>/${v.parts.join('/')}`;
  if (v.k === 'str') return v.v;
  return v.k === 'unknown' ? `? (${v.reason})` : `? (${v.k})`;
}

export function isString(v: Value): v is { k: 'str'; v: string } {
  return v.k === 'str';
}
