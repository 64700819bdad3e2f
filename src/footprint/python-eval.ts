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
import { argumentsFor, withAppends } from './python-names.js';
import { attribute, combine, concatAll, iterate, subscript } from './python-ops.js';
import { readPythonString } from './python-literal.js';
import { children, MODULE_SCOPE, scopeOf, type ScriptIndex } from './python-scope.js';
import { distinct, joinPath, unknown, type Value } from './python-values.js';

export type Env = ReadonlyMap<string, Value[]>;
const EMPTY: Env = new Map();
const MAX_ENVS = 256;
export const PUNCT = new Set(['(', ')', '[', ']', '{', '}', ',', ':', '.', '*', '**']);

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
          ...(b.kind === 'param' ? argumentsFor(this, b.value, name) : this.evalAt(b.value, env)),
        );
      } finally {
        this.active.delete(b.value.from);
      }
    }
    const imported = this.ix.imports.get(name);
    if (out.length === 0 && imported !== undefined) return [{ k: 'module', name: imported }];
    if (out.length === 0 && chosen.length === 0)
      return [unknown(`\`${name}\` is not assigned anywhere this reader can see`, line)];
    return withAppends(this, name, scope, out);
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
