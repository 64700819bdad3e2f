/**
 * How many copies of an anchor a script demands: `src.count(x) != N`, or
 * `n = src.count(x)` then `if n != N` (N may be a loop variable, such as the
 * `want` of `(old, new, want)`); and whether `if src.count(x) == N:` makes
 * the edit optional.
 */
import type { SyntaxNode } from '@lezer/common';
import type { Env, Evaluator } from './python-eval.js';
import { children, scopeOf } from './python-scope.js';

export /** `if src.count(x) == N:` as the whole condition of an `if`: the body runs only when the count is right. */
function isOptionalCount(ev: Evaluator, call: SyntaxNode): boolean {
  const cmp = call.parent;
  const op = cmp?.getChild('CompareOp');
  return (
    cmp?.name === 'BinaryExpression' &&
    !!op &&
    ev.text(op) === '==' &&
    cmp.parent?.name === 'IfStatement'
  );
}

export function countExpectation(ev: Evaluator, call: SyntaxNode, env: Env): number | null {
  const parent = call.parent;
  if (parent?.name === 'BinaryExpression') return comparedNumber(ev, parent, env);
  if (parent?.name !== 'AssignStatement') return null;
  const target = parent.firstChild;
  if (target?.name !== 'VariableName') return null;
  const name = ev.text(target);
  const scope = scopeOf(call);
  let found: number | null = null;
  ev.ix.tree.iterate({
    enter(ref) {
      if (found !== null || ref.name !== 'BinaryExpression' || scopeOf(ref.node) !== scope) return;
      const sides = children(ref.node);
      if (sides.some((c) => c.name === 'VariableName' && ev.text(c) === name))
        found = comparedNumber(ev, ref.node, env, name);
    },
  });
  return found;
}

function comparedNumber(ev: Evaluator, cmp: SyntaxNode, env: Env, self?: string): number | null {
  const parts = children(cmp);
  const op = parts.find((c) => c.name === 'CompareOp');
  if (!op || !['==', '!='].includes(ev.text(op))) return null;
  const other = parts.find(
    (c) =>
      c !== op &&
      c.name !== 'CallExpression' &&
      !(c.name === 'VariableName' && ev.text(c) === self),
  );
  const values = other ? ev.eval(other, env) : [];
  const n = values.length === 1 && values[0]?.k === 'num' ? values[0].v : NaN;
  return Number.isInteger(n) && n > 0 ? n : null;
}
