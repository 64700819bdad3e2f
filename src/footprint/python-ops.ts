/**
 * Operations on evaluated values: iteration, `+` over alternatives,
 * subscripts, and the attributes the package idioms use (`__file__`,
 * `spec.origin`, `.parent`, `re.M`).
 */
import { dirname, unknown, type Value } from './python-values.js';

export function iterate(values: Value[], line: number): Value[][] {
  const out: Value[][] = [];
  for (const v of values) {
    if (v.k === 'seq') out.push(...v.items);
    else if (v.k === 'dict') out.push(...v.entries.map(([key]) => key));
    else out.push([unknown(`cannot iterate over ${v.k === 'unknown' ? v.reason : v.k}`, line)]);
  }
  return out;
}

export function combine(
  ls: Value[],
  rs: Value[],
  f: (a: Value, b: Value) => Value | null,
  line: number,
): Value[] {
  const out: Value[] = [];
  for (const a of ls)
    for (const b of rs)
      out.push(
        f(a, b) ??
          (a.k === 'unknown' ? a : b.k === 'unknown' ? b : unknown('operands not followed', line)),
      );
  return out;
}

/** `a + b + …` over alternatives: strings concatenate, sequences join, a path gains a suffix. */
export function concatAll(lists: Value[][], line: number): Value[] {
  let acc: Value[] = [{ k: 'str', v: '' }];
  lists.forEach((list, i) => {
    acc = combine(
      acc,
      list,
      (a, b) => {
        if (i === 0) return b;
        if (a.k === 'str' && b.k === 'str') return { k: 'str', v: a.v + b.v };
        if (a.k === 'seq' && b.k === 'seq') return { k: 'seq', items: [...a.items, ...b.items] };
        if (a.k === 'pkgpath' && b.k === 'str' && a.parts.length > 0)
          return {
            ...a,
            parts: [...a.parts.slice(0, -1), `${a.parts[a.parts.length - 1] ?? ''}${b.v}`],
          };
        return null;
      },
      line,
    ).slice(0, 64);
  });
  return acc;
}

export function subscript(o: Value, index: Value[] | null, line: number): Value[] {
  if (index === null) return o.k === 'text' ? [o] : [unknown('slice not followed', line)];
  return index.flatMap((i) => {
    if (o.k === 'seq' && i.k === 'num') {
      const item = o.items[i.v < 0 ? o.items.length + i.v : i.v];
      return item ?? [unknown(`index ${i.v} out of range`, line)];
    }
    if (o.k === 'dict' && i.k === 'str')
      return o.entries
        .filter(([key]) => key.some((x) => x.k === 'str' && x.v === i.v))
        .flatMap(([, v]) => v);
    return [unknown('subscript not followed', line)];
  });
}

export function attribute(o: Value, name: string, line: number): Value {
  if (o.k === 'module') {
    if (name === '__file__')
      return {
        k: 'pkgpath',
        pkg: o.name.split('.')[0] as string,
        parts: [...o.name.split('.').slice(1), '__init__.py'],
      };
    if (o.name === 're' && RE_FLAGS[name] !== undefined) return { k: 'num', v: RE_FLAGS[name] };
    return { k: 'module', name: `${o.name}.${name}` };
  }
  if (o.k === 'spec') {
    if (name === 'origin') return { k: 'pkgpath', pkg: o.pkg, parts: ['__init__.py'] };
    if (name === 'submodule_search_locations')
      return { k: 'seq', items: [[{ k: 'pkgpath', pkg: o.pkg, parts: [] }]] };
  }
  if ((o.k === 'pkgpath' || o.k === 'str') && name === 'parent') return dirname(o);
  if (o.k === 'unknown') return o;
  return unknown(`attribute .${name} of ${o.k} is not followed`, line);
}

export const RE_FLAGS: Record<string, number> = {
  I: 2,
  IGNORECASE: 2,
  M: 8,
  MULTILINE: 8,
  S: 16,
  DOTALL: 16,
  X: 64,
  VERBOSE: 64,
  A: 256,
  ASCII: 256,
};
