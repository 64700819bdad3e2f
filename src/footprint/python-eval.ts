/**
 * A static evaluator for the small part of Python that anchor scripts use to
 * build their anchors and find their target: literals and their implicit
 * concatenation, `+`, names bound at module or function level, tuples, lists
 * and dicts, `for` loops (each iteration is an environment), user functions
 * (their returns, with arguments bound), and the path idioms of locating an
 * installed package (`find_spec`, `__file__`, `os.path`, `pathlib`).
 * Nothing is executed; what cannot be followed is an `unknown` with a reason.
 */
import type { SyntaxNode } from '@lezer/common';
import { callValue } from './python-calls.js';
import { readPythonString } from './python-literal.js';
import { children, functionOf, MODULE_SCOPE, scopeOf, type ScriptIndex } from './python-scope.js';
import { dirname, distinct, joinPath, unknown, type Value } from './python-values.js';

export type Env = ReadonlyMap<string, Value[]>;
const EMPTY: Env = new Map();
const MAX_ENVS = 256;
const PUNCT = new Set(['(', ')', '[', ']', '{', '}', ',', ':', '.', '*', '**']);

export class Evaluator {
  private readonly active = new Set<number>();
  private depth = 0;
  constructor(readonly ix: ScriptIndex) {}

  text(node: SyntaxNode): string {
    return this.ix.text.slice(node.from, node.to);
  }

  line(node: SyntaxNode): number {
    return this.ix.lineOf(node.from);
  }

  /** The environments `node` runs under: each iteration of its enclosing `for` loops. */
  loopEnvs(node: SyntaxNode, env: Env = EMPTY): Env[] {
    const loops: SyntaxNode[] = [];
    for (let p = node.parent; p && p.name !== 'FunctionDefinition'; p = p.parent)
      if (p.name === 'ForStatement' && node.from > (p.getChild('in')?.to ?? p.to)) loops.unshift(p);
    let envs: Env[] = [env];
    for (const loop of loops) {
      const parts = children(loop);
      const inAt = parts.findIndex((c) => c.name === 'in');
      const targets = parts.slice(1, inAt).filter((c) => !PUNCT.has(c.name));
      const iterable = parts[inAt + 1];
      if (!iterable) continue;
      const next: Env[] = [];
      for (const e of envs) {
        if (targets.every((t) => t.name === 'VariableName' && e.has(this.text(t)))) {
          next.push(e);
          continue;
        }
        for (const item of iterate(this.eval(iterable, e), this.line(iterable)))
          next.push(...this.bindTargets(targets, item, e));
      }
      envs = next.slice(0, MAX_ENVS);
    }
    return envs;
  }

  private bindTargets(targets: SyntaxNode[], item: Value[], env: Env): Env[] {
    if (targets.length === 1) {
      const t = targets[0] as SyntaxNode;
      if (t.name === 'VariableName') return [new Map(env).set(this.text(t), item)];
      return this.bindTargets(
        children(t).filter((c) => !PUNCT.has(c.name)),
        item,
        env,
      );
    }
    const out: Env[] = [];
    for (const alt of item) {
      if (alt.k !== 'seq' || alt.items.length !== targets.length) continue;
      let envs: Env[] = [env];
      targets.forEach((t, i) => {
        envs = envs.flatMap((e) => this.bindTargets([t], alt.items[i] ?? [], e));
      });
      out.push(...envs);
    }
    return out;
  }

  /** Every value `node` may have, over its enclosing loops' iterations. */
  evalAt(node: SyntaxNode, env: Env = EMPTY): Value[] {
    return distinct(this.loopEnvs(node, env).flatMap((e) => this.eval(node, e)));
  }

  eval(node: SyntaxNode, env: Env): Value[] {
    if (this.depth > 40) return [unknown('expression nests too deeply to follow', this.line(node))];
    this.depth++;
    try {
      return distinct(this.evalInner(node, env));
    } finally {
      this.depth--;
    }
  }

  private evalInner(node: SyntaxNode, env: Env): Value[] {
    const line = this.line(node);
    switch (node.name) {
      case 'FormatString':
        return this.formatString(node, env);
      case 'String': {
        const r = readPythonString(this.text(node));
        return [r.ok ? { k: 'str', v: r.value } : unknown(r.reason, line)];
      }
      case 'ContinuedString':
        return concatAll(
          children(node).map((c) => this.eval(c, env)),
          line,
        );
      case 'Number':
        return [{ k: 'num', v: Number(this.text(node).replace(/_/g, '')) }];
      case 'None':
        return [];
      case 'ParenthesizedExpression': {
        const inner = children(node).filter((c) => !PUNCT.has(c.name));
        return inner.length === 1 ? this.eval(inner[0] as SyntaxNode, env) : [];
      }
      case 'TupleExpression':
      case 'ArrayExpression':
        return [{ k: 'seq', items: this.elements(node, env) }];
      case 'DictionaryExpression':
        return [this.dict(node, env)];
      case 'VariableName':
        return this.name(node, env);
      case 'ConditionalExpression': {
        const parts = children(node);
        return [parts[0], parts[4]].flatMap((p) => (p ? this.eval(p, env) : []));
      }
      case 'BinaryExpression':
        return this.binary(node, env);
      case 'MemberExpression':
        return this.member(node, env);
      case 'CallExpression':
        return callValue(this, node, env);
      default:
        return [
          unknown(
            `${node.name} ${JSON.stringify(this.text(node).slice(0, 40))} is not followed`,
            line,
          ),
        ];
    }
  }

  /** An f-string whose fields are plain `{name}`s of known strings or numbers is known too. */
  private formatString(node: SyntaxNode, env: Env): Value[] {
    const token = this.text(node);
    const line = this.line(node);
    const fields = node.getChildren('FormatReplacement');
    const head = /^[a-zA-Z]*('''|"""|'|")/.exec(token);
    if (!head) return [unknown('unreadable f-string', line)];
    const quote = head[1] as string;
    const prefix = token.slice(0, head[0].length - quote.length);
    const pieces: Value[][] = [];
    let at = node.from + head[0].length;
    const literal = (to: number): Value => {
      const r = readPythonString(`${prefix}${quote}${this.ix.text.slice(at, to)}${quote}`);
      return r.ok ? { k: 'str', v: r.value } : unknown(r.reason, line);
    };
    for (const field of fields) {
      pieces.push([literal(field.from)]);
      const inner = children(field).filter((c) => !PUNCT.has(c.name));
      const expr = inner.length === 1 ? inner[0] : undefined;
      const values = expr ? this.eval(expr, env) : [];
      pieces.push(
        values.length > 0 && values.every((v) => v.k === 'str' || v.k === 'num')
          ? values.map((v) => (v.k === 'num' ? { k: 'str', v: String(v.v) } : v))
          : [unknown('f-string interpolates a value known only at run time', line)],
      );
      at = field.to;
    }
    pieces.push([literal(node.to - quote.length)]);
    return concatAll(pieces, line);
  }

  elements(node: SyntaxNode, env: Env): Value[][] {
    const out: Value[][] = [];
    const parts = children(node);
    parts.forEach((c, i) => {
      if (PUNCT.has(c.name)) return;
      const values = this.eval(c, env);
      if (parts[i - 1]?.name === '*')
        for (const item of iterate(values, this.line(c))) out.push(item);
      else out.push(values);
    });
    return out;
  }

  private dict(node: SyntaxNode, env: Env): Value {
    const parts = children(node).filter((c) => !['{', '}', ','].includes(c.name));
    const entries: [Value[], Value[]][] = [];
    for (let i = 0; i + 2 < parts.length + 1; i += 3) {
      const key = parts[i];
      const value = parts[i + 2];
      if (key && value && parts[i + 1]?.name === ':')
        entries.push([this.eval(key, env), this.eval(value, env)]);
    }
    return { k: 'dict', entries };
  }

  private name(node: SyntaxNode, env: Env): Value[] {
    const name = this.text(node);
    const bound = env.get(name);
    if (bound) return bound;
    const line = this.line(node);
    const all = this.ix.bindings.get(name) ?? [];
    const scope = scopeOf(node);
    const local = all.filter((b) => b.scope === scope && scope !== MODULE_SCOPE);
    const chosen = local.length > 0 ? local : all.filter((b) => b.scope === MODULE_SCOPE);
    const out: Value[] = [];
    for (const b of chosen) {
      if (this.active.has(b.value.from)) continue;
      this.active.add(b.value.from);
      try {
        out.push(
          ...(b.kind === 'param' ? this.argumentsFor(b.value, name) : this.evalAt(b.value, env)),
        );
      } finally {
        this.active.delete(b.value.from);
      }
    }
    const imported = this.ix.imports.get(name);
    if (out.length === 0 && imported !== undefined) return [{ k: 'module', name: imported }];
    if (out.length === 0 && chosen.length === 0)
      return [unknown(`\`${name}\` is not assigned anywhere this reader can see`, line)];
    return this.withAppends(name, scope, out);
  }

  /** A parameter's values: the arguments passed at each call of its function in the script. */
  private argumentsFor(param: SyntaxNode, name: string): Value[] {
    const fn = functionOf(param);
    const fnName = fn?.getChild('VariableName');
    if (!fn || !fnName) return [];
    const params = (fn.getChild('ParamList')?.getChildren('VariableName') ?? []).map((p) =>
      this.text(p),
    );
    const at = params.indexOf(name);
    const out: Value[] = [];
    this.ix.tree.iterate({
      enter: (ref) => {
        if (ref.name !== 'CallExpression') return;
        const callee = ref.node.firstChild;
        if (callee?.name !== 'VariableName' || this.text(callee) !== this.text(fnName)) return;
        const args = (
          ref.node.getChild('ArgList') ? children(ref.node.getChild('ArgList') as SyntaxNode) : []
        ).filter((c) => !PUNCT.has(c.name));
        const arg = args[at];
        if (arg) out.push(...this.evalAt(arg));
      },
    });
    return out;
  }

  /** A list name also holds what `.append(x)` / `.extend(xs)` add to it in the same scope. */
  private withAppends(name: string, scope: number, values: Value[]): Value[] {
    if (!values.some((v) => v.k === 'seq')) return values;
    const added: Value[][] = [];
    this.ix.tree.iterate({
      enter: (ref) => {
        if (ref.name !== 'CallExpression' || scopeOf(ref.node) !== scope) return;
        const callee = ref.node.firstChild;
        const obj = callee?.firstChild;
        const prop = callee?.getChild('PropertyName');
        if (callee?.name !== 'MemberExpression' || obj?.name !== 'VariableName' || !prop) return;
        if (this.text(obj) !== name) return;
        const args = ref.node.getChild('ArgList');
        const first = args ? children(args).find((c) => !PUNCT.has(c.name)) : undefined;
        if (!first) return;
        const method = this.text(prop);
        if (method === 'append') added.push(this.evalAt(first));
        else if (method === 'extend') added.push(...iterate(this.evalAt(first), this.line(first)));
      },
    });
    if (added.length === 0) return values;
    const seqItems = values.flatMap((v) => (v.k === 'seq' ? v.items : []));
    return [{ k: 'seq', items: [...seqItems, ...added] }, ...values.filter((v) => v.k !== 'seq')];
  }

  private binary(node: SyntaxNode, env: Env): Value[] {
    const parts = children(node);
    const [left, op, right] = [parts[0], parts[1], parts[parts.length - 1]];
    if (!left || !op || !right) return [];
    const opText = this.text(op);
    const line = this.line(node);
    if (opText === 'or') return [...this.eval(left, env), ...this.eval(right, env)];
    const ls = this.eval(left, env);
    const rs = this.eval(right, env);
    if (opText === '|')
      return combine(
        ls,
        rs,
        (a, b) => (a.k === 'num' && b.k === 'num' ? { k: 'num', v: a.v | b.v } : null),
        line,
      );
    if (opText === '/')
      return combine(
        ls,
        rs,
        (a, b) => (b.k === 'str' && (a.k === 'pkgpath' || a.k === 'str') ? joinPath(a, b.v) : null),
        line,
      );
    if (opText === '+') return concatAll([ls, rs], line);
    return [unknown(`operator ${opText} is not followed`, line)];
  }

  private member(node: SyntaxNode, env: Env): Value[] {
    const parts = children(node);
    const obj = parts[0];
    if (!obj) return [];
    const line = this.line(node);
    if (parts[1]?.name === '[') {
      const index = parts.slice(2, -1).filter((c) => c.name !== ':');
      const isSlice = parts.some((c) => c.name === ':');
      const shown = `\`${this.text(node).slice(0, 40)}\` is known only at run time`;
      return this.eval(obj, env).flatMap((o) =>
        subscript(o, isSlice ? null : index[0] ? this.eval(index[0], env) : [], line).map((v) =>
          v.k === 'unknown' && v.reason === 'subscript not followed' ? unknown(shown, line) : v,
        ),
      );
    }
    const prop = node.getChild('PropertyName');
    const name = prop ? this.text(prop) : '';
    return this.eval(obj, env).map((o) => attribute(o, name, line));
  }
}

export function iterate(values: Value[], line: number): Value[][] {
  const out: Value[][] = [];
  for (const v of values) {
    if (v.k === 'seq') out.push(...v.items);
    else if (v.k === 'dict') out.push(...v.entries.map(([key]) => key));
    else out.push([unknown(`cannot iterate over ${v.k === 'unknown' ? v.reason : v.k}`, line)]);
  }
  return out;
}

function combine(
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

function subscript(o: Value, index: Value[] | null, line: number): Value[] {
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

function attribute(o: Value, name: string, line: number): Value {
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
