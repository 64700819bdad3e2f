/**
 * What `x in src` / `x not in src` means to a script, read from the `if`
 * around it: present-then-stop is a marker (already applied, or fixed
 * upstream); absent-then-stop is a requirement; a test that guards the edits
 * themselves (`if MARK not in src: …edit…`) is a marker too. Anything else is
 * a condition whose outcome changes nothing we can check.
 */
import type { SyntaxNode } from '@lezer/common';
import type { Evaluator } from './python-eval.js';
import { children } from './python-scope.js';

export type ProbeRole = 'marker' | 'required' | 'guard' | 'conditional' | 'skip';

const EXIT_CALLS = new Set(['sys.exit', 'exit', 'quit', 'os._exit']);

/** The `if` body a probe guards (for `guard`), as 1-based lines. */
export function guardedLines(ev: Evaluator, node: SyntaxNode): [number, number] | null {
  for (let p = node.parent; p; p = p.parent) {
    if (p.name === 'IfStatement') {
      const body = p.getChild('Body');
      return body ? [ev.line(body), ev.ix.lineOf(body.to)] : null;
    }
  }
  return null;
}

export function probeRole(ev: Evaluator, node: SyntaxNode, negative: boolean): ProbeRole {
  let top = node;
  let positive = !negative;
  for (let p = node.parent; p; p = p.parent) {
    if (p.name === 'ParenthesizedExpression') top = p;
    else if (p.name === 'UnaryExpression' && p.getChild('not')) {
      positive = !positive;
      top = p;
    } else if (p.name === 'BinaryExpression' && p.getChild('or')) top = p;
    else break;
  }
  const holder = top.parent;
  if (holder?.name === 'AssertStatement') return positive ? 'required' : 'conditional';
  if (holder?.name !== 'IfStatement') return 'conditional';
  const body = top.nextSibling;
  if (body?.name !== 'Body') return 'conditional';
  const exit = exitKind(ev, body);
  if (positive && exit === 'continue') return 'skip';
  if (positive && exit === 'stop') return 'marker';
  if (!positive && exit !== null) return 'required';
  if (!positive && editsInside(ev, body)) return 'guard';
  return 'conditional';
}

/** How a body leaves: `stop` (return, raise, sys.exit), `continue`, or null when it carries on. */
function exitKind(ev: Evaluator, body: SyntaxNode): 'stop' | 'continue' | null {
  for (const stmt of children(body)) {
    if (['ReturnStatement', 'RaiseStatement', 'BreakStatement'].includes(stmt.name)) return 'stop';
    if (stmt.name === 'ContinueStatement') return 'continue';
    const call = stmt.name === 'ExpressionStatement' ? stmt.firstChild : null;
    if (
      call?.name === 'CallExpression' &&
      call.firstChild &&
      EXIT_CALLS.has(ev.text(call.firstChild))
    )
      return 'stop';
  }
  return null;
}

function editsInside(ev: Evaluator, body: SyntaxNode): boolean {
  let found = false;
  body.cursor().iterate((ref) => {
    if (found) return false;
    if (ref.name === 'PropertyName' && ev.text(ref.node) === 'replace') found = true;
    return undefined;
  });
  return found;
}
