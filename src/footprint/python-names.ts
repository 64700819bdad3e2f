/**
 * Name lookups that look beyond one binding: a parameter's arguments at every
 * call of its function, and what `.append`/`.extend` add to a list.
 */
import type { SyntaxNode } from '@lezer/common';
import { PUNCT, type Evaluator } from './python-eval.js';
import { iterate } from './python-ops.js';
import { children, functionOf, scopeOf } from './python-scope.js';
import type { Value } from './python-values.js';

/** A parameter's values: the arguments passed at each call of its function in the script. */
export function argumentsFor(ev: Evaluator, param: SyntaxNode, name: string): Value[] {
  const fn = functionOf(param);
  const fnName = fn?.getChild('VariableName');
  if (!fn || !fnName) return [];
  const params = (fn.getChild('ParamList')?.getChildren('VariableName') ?? []).map((p) =>
    ev.text(p),
  );
  const at = params.indexOf(name);
  const out: Value[] = [];
  ev.ix.tree.iterate({
    enter: (ref) => {
      if (ref.name !== 'CallExpression') return;
      const callee = ref.node.firstChild;
      if (callee?.name !== 'VariableName' || ev.text(callee) !== ev.text(fnName)) return;
      const args = (
        ref.node.getChild('ArgList') ? children(ref.node.getChild('ArgList') as SyntaxNode) : []
      ).filter((c) => !PUNCT.has(c.name));
      const arg = args[at];
      if (arg) out.push(...ev.evalAt(arg));
    },
  });
  return out;
}

/** A list name also holds what `.append(x)` / `.extend(xs)` add to it in the same scope. */
export function withAppends(ev: Evaluator, name: string, scope: number, values: Value[]): Value[] {
  if (!values.some((v) => v.k === 'seq')) return values;
  const added: Value[][] = [];
  ev.ix.tree.iterate({
    enter: (ref) => {
      if (ref.name !== 'CallExpression' || scopeOf(ref.node) !== scope) return;
      const callee = ref.node.firstChild;
      const obj = callee?.firstChild;
      const prop = callee?.getChild('PropertyName');
      if (callee?.name !== 'MemberExpression' || obj?.name !== 'VariableName' || !prop) return;
      if (ev.text(obj) !== name) return;
      const args = ref.node.getChild('ArgList');
      const first = args ? children(args).find((c) => !PUNCT.has(c.name)) : undefined;
      if (!first) return;
      const method = ev.text(prop);
      if (method === 'append') added.push(ev.evalAt(first));
      else if (method === 'extend') added.push(...iterate(ev.evalAt(first), ev.line(first)));
    },
  });
  if (added.length === 0) return values;
  const seqItems = values.flatMap((v) => (v.k === 'seq' ? v.items : []));
  return [{ k: 'seq', items: [...seqItems, ...added] }, ...values.filter((v) => v.k !== 'seq')];
}
