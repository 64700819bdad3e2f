/**
 * Calls, for the evaluator: the library functions anchor scripts locate and
 * read files with, string methods, and the script's own functions (their
 * `return` values with the arguments bound to the parameters).
 */
import type { SyntaxNode } from '@lezer/common';
import type { Env, Evaluator } from './python-eval.js';
import { concatAll, iterate } from './python-ops.js';
import { children } from './python-scope.js';
import { dirname, joinPath, unknown, type Value } from './python-values.js';

const PUNCT = new Set(['(', ')', ',', '*', '**']);
const IDENTITY = new Set([
  'str',
  'list',
  'tuple',
  'sorted',
  'os.fspath',
  'os.path.abspath',
  'os.path.realpath',
  'os.path.normpath',
  'pathlib.Path',
  'pathlib.PurePath',
  'pathlib.PosixPath',
]);

interface Args {
  positional: SyntaxNode[];
  keywords: Map<string, SyntaxNode>;
  /** Positional arguments written `*xs`. */
  spread: Set<SyntaxNode>;
}

function readArgs(ev: Evaluator, call: SyntaxNode): Args {
  const list = call.getChild('ArgList');
  const out: Args = { positional: [], keywords: new Map(), spread: new Set() };
  const parts = list ? children(list) : [];
  parts.forEach((c, i) => {
    if (PUNCT.has(c.name) || c.name === 'AssignOp') return;
    if (parts[i + 1]?.name === 'AssignOp') return;
    if (parts[i - 1]?.name === 'AssignOp') {
      const key = parts[i - 2];
      if (key) out.keywords.set(ev.text(key), c);
      return;
    }
    if (parts[i - 1]?.name === '*') out.spread.add(c);
    out.positional.push(c);
  });
  return out;
}

/** `os.path.join` etc: the dotted name a callee spells, with its first part resolved through imports. */
export function dottedName(ev: Evaluator, node: SyntaxNode): string | null {
  if (node.name === 'VariableName') {
    const name = ev.text(node);
    return ev.ix.imports.get(name) ?? name;
  }
  if (node.name !== 'MemberExpression' || node.getChild('[')) return null;
  const obj = node.firstChild;
  const prop = node.getChild('PropertyName');
  const base = obj ? dottedName(ev, obj) : null;
  return base && prop ? `${base}.${ev.text(prop)}` : null;
}

export function callValue(ev: Evaluator, call: SyntaxNode, env: Env): Value[] {
  const callee = call.firstChild;
  if (!callee) return [];
  const line = ev.line(call);
  const args = readArgs(ev, call);
  const arg = (i: number) => {
    const node = args.positional[i];
    return node ? ev.eval(node, env) : [];
  };
  const name = dottedName(ev, callee);
  const local = callee.name === 'VariableName' ? ev.ix.functions.get(ev.text(callee)) : undefined;
  if (local) return userFunction(ev, local, args, env, line);
  if (name !== null) {
    const known = libraryCall(ev, name, args, arg, env, line);
    if (known !== null) return known;
  }
  if (callee.name === 'MemberExpression' && !callee.getChild('[')) {
    const obj = callee.firstChild;
    const prop = callee.getChild('PropertyName');
    if (obj && prop) return ev.eval(obj, env).flatMap((o) => method(o, ev.text(prop), arg, line));
  }
  return [unknown(`calls ${name ?? ev.text(callee).slice(0, 40)}()`, line)];
}

function libraryCall(
  ev: Evaluator,
  name: string,
  args: Args,
  arg: (i: number) => Value[],
  env: Env,
  line: number,
): Value[] | null {
  if (name.endsWith('find_spec') || name === 'pkgutil.get_loader')
    return arg(0).map((v) => (v.k === 'str' ? { k: 'spec', pkg: v.v.split('.')[0] as string } : v));
  if (name === 'importlib.import_module' || name === '__import__')
    return arg(0).map((v) => (v.k === 'str' ? { k: 'module', name: v.v } : v));
  if (name === 'os.path.join') {
    let acc = arg(0);
    const rest = args.positional.slice(1).flatMap((n) => {
      const values = ev.eval(n, env);
      return args.spread.has(n) ? iterate(values, line) : [values];
    });
    for (const part of rest)
      acc = acc.flatMap((a) => part.map((p) => (p.k === 'str' ? joinPath(a, p.v) : p)));
    return acc;
  }
  if (name === 'os.path.dirname') return arg(0).map(dirname);
  if (IDENTITY.has(name))
    return args.positional.length === 0 ? [unknown(`${name}() of nothing`, line)] : arg(0);
  if (name === 'open' || name === 'io.open' || name === 'codecs.open')
    return arg(0).map((p) => ({ k: 'file', path: p }));
  if (name === 'enumerate') {
    const start = arg(1).find((v) => v.k === 'num');
    const first = start?.k === 'num' ? start.v : 0;
    return [
      {
        k: 'seq',
        items: iterate(arg(0), line).map((item, i) => [
          { k: 'seq', items: [[{ k: 'num', v: first + i }], item] },
        ]),
      },
    ];
  }
  if (name === 're.compile') {
    const flags = args.positional[1] ?? args.keywords.get('flags');
    const flagValue = flags ? ev.eval(flags, env).find((v) => v.k === 'num') : undefined;
    return arg(0).map((p) =>
      p.k === 'str'
        ? { k: 'regex', pattern: p.v, flags: flagValue?.k === 'num' ? flagValue.v : 0 }
        : p,
    );
  }
  return null;
}

function method(o: Value, name: string, arg: (i: number) => Value[], line: number): Value[] {
  if (o.k === 'unknown') return [o];
  if (o.k === 'file' && (name === 'read' || name === 'readlines'))
    return [{ k: 'text', path: o.path }];
  if ((o.k === 'pkgpath' || o.k === 'str') && name === 'read_text') return [{ k: 'text', path: o }];
  if ((o.k === 'pkgpath' || o.k === 'str') && name === 'open') return [{ k: 'file', path: o }];
  if ((o.k === 'pkgpath' || o.k === 'str') && (name === 'resolve' || name === 'absolute'))
    return [o];
  if ((o.k === 'pkgpath' || o.k === 'str') && name === 'joinpath')
    return arg(0).map((p) => (p.k === 'str' ? joinPath(o, p.v) : p));
  if (o.k === 'text' && name === 'replace') return [o];
  if (o.k === 'regex' && ['search', 'match', 'fullmatch'].includes(name)) return [{ k: 'match' }];
  if (o.k === 'match') return [o];
  if (o.k === 'dict' && name === 'items')
    return [
      { k: 'seq', items: o.entries.map(([key, value]) => [{ k: 'seq', items: [key, value] }]) },
    ];
  if (o.k === 'dict' && name === 'keys')
    return [{ k: 'seq', items: o.entries.map(([key]) => key) }];
  if (o.k === 'dict' && name === 'values')
    return [{ k: 'seq', items: o.entries.map(([, value]) => value) }];
  if (o.k === 'str') return stringMethod(o.v, name, arg, line);
  return [unknown(`.${name}() on ${o.k}`, line)];
}

function stringMethod(s: string, name: string, arg: (i: number) => Value[], line: number): Value[] {
  const a0 = arg(0).find((v) => v.k === 'str');
  switch (name) {
    case 'strip':
    case 'lstrip':
    case 'rstrip':
      if (a0 === undefined)
        return [
          {
            k: 'str',
            v: name === 'strip' ? s.trim() : name === 'lstrip' ? s.trimStart() : s.trimEnd(),
          },
        ];
      break;
    case 'lower':
      return [{ k: 'str', v: s.toLowerCase() }];
    case 'upper':
      return [{ k: 'str', v: s.toUpperCase() }];
    case 'join':
      return concatAll(
        iterate(arg(0), line).flatMap((item, i) =>
          i === 0 ? [item] : [[{ k: 'str', v: s }], item],
        ),
        line,
      );
  }
  return [unknown(`str.${name}() is not followed`, line)];
}

function userFunction(ev: Evaluator, fn: SyntaxNode, args: Args, env: Env, line: number): Value[] {
  const params = (fn.getChild('ParamList')?.getChildren('VariableName') ?? []).map((p) =>
    ev.text(p),
  );
  const bound = new Map<string, Value[]>();
  params.forEach((p, i) => {
    const node = args.positional[i] ?? args.keywords.get(p);
    if (node) bound.set(p, ev.eval(node, env));
  });
  const out: Value[] = [];
  const returns: SyntaxNode[] = [];
  fn.cursor().iterate((ref) => {
    if (ref.name === 'FunctionDefinition' && ref.node.from !== fn.from) return false;
    if (ref.name === 'ReturnStatement') returns.push(ref.node);
    return undefined;
  });
  for (const r of returns) {
    const expr = children(r).find((c) => c.name !== 'return');
    if (expr) out.push(...ev.evalAt(expr, bound));
  }
  return out.length > 0
    ? out
    : [unknown(`${ev.text(fn.getChild('VariableName') ?? fn)}() returns nothing followed`, line)];
}
