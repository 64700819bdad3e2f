/**
 * An index over a parsed script: where each name is bound (per function, or
 * at module level), the functions by name, the imports, and helpers to walk
 * lezer nodes. Pure; built once per script.
 */
import type { SyntaxNode, Tree } from '@lezer/common';

export interface Binding {
  /** The expression assigned, or the `for`/`with` node that binds the name. */
  value: SyntaxNode;
  kind: 'assign' | 'with' | 'param';
  /** The scope that holds it: see scopeOf. */
  scope: number;
}

export interface ScriptIndex {
  text: string;
  tree: Tree;
  bindings: Map<string, Binding[]>;
  functions: Map<string, SyntaxNode>;
  /** Local name → dotted module/name it was imported as. */
  imports: Map<string, string>;
  /** 1-based line of an offset. */
  lineOf(offset: number): number;
}

export function children(node: SyntaxNode): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  for (let c = node.firstChild; c; c = c.nextSibling) out.push(c);
  return out;
}

/** The FunctionDefinition that holds `node` (null: module level). */
export function functionOf(node: SyntaxNode): SyntaxNode | null {
  for (let p = node.parent; p; p = p.parent) if (p.name === 'FunctionDefinition') return p;
  return null;
}

/** A scope's identity (lezer nodes are not): its function's offset, or -1 at module level. */
export const MODULE_SCOPE = -1;
export function scopeOf(node: SyntaxNode): number {
  return functionOf(node)?.from ?? MODULE_SCOPE;
}

export function indexScript(text: string, tree: Tree): ScriptIndex {
  const starts = [0];
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1);
  const index: ScriptIndex = {
    text,
    tree,
    bindings: new Map(),
    functions: new Map(),
    imports: new Map(),
    lineOf(offset) {
      let lo = 0;
      let hi = starts.length - 1;
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1;
        if ((starts[mid] as number) <= offset) lo = mid;
        else hi = mid - 1;
      }
      return lo + 1;
    },
  };
  const bind = (name: string, b: Binding) =>
    index.bindings.set(name, [...(index.bindings.get(name) ?? []), b]);
  tree.iterate({
    enter(ref) {
      const node = ref.node;
      if (node.name === 'AssignStatement') readAssign(node, bind);
      else if (node.name === 'WithStatement') readWith(node, bind);
      else if (node.name === 'ImportStatement')
        readImport(text.slice(node.from, node.to), index.imports);
      else if (node.name === 'FunctionDefinition') {
        const name = node.getChild('VariableName');
        if (name) index.functions.set(text.slice(name.from, name.to), node);
        for (const p of node.getChild('ParamList')?.getChildren('VariableName') ?? [])
          bind(text.slice(p.from, p.to), { value: p, kind: 'param', scope: node.from });
      }
    },
  });
  return index;

  function readAssign(node: SyntaxNode, b: (name: string, binding: Binding) => void): void {
    const parts = children(node);
    const value = parts[parts.length - 1];
    if (!value) return;
    for (let i = 0; i + 1 < parts.length; i++) {
      const target = parts[i] as SyntaxNode;
      if (parts[i + 1]?.name !== 'AssignOp' && parts[i + 1]?.name !== 'TypeDef') continue;
      if (target.name === 'VariableName')
        b(text.slice(target.from, target.to), { value, kind: 'assign', scope: scopeOf(node) });
    }
  }

  function readWith(node: SyntaxNode, b: (name: string, binding: Binding) => void): void {
    const parts = children(node);
    parts.forEach((p, i) => {
      const target = parts[i + 1];
      const expr = parts[i - 1];
      if (p.name === 'as' && target?.name === 'VariableName' && expr)
        b(text.slice(target.from, target.to), { value: expr, kind: 'with', scope: scopeOf(node) });
    });
  }
}

const IMPORT = /^import\s+(.+)$/s;
const FROM = /^from\s+([\w.]+)\s+import\s+\(?([^)]*)\)?$/s;

/** `import a.b as c`, `import a, b`, `from a import b as c` → local name → dotted name. */
function readImport(statement: string, into: Map<string, string>): void {
  const flat = statement.replace(/\\\n/g, ' ').replace(/#.*$/gm, '').trim();
  const from = FROM.exec(flat);
  if (from) {
    for (const item of (from[2] ?? '').split(',')) {
      const [name, alias] = item.trim().split(/\s+as\s+/);
      if (name) into.set((alias ?? name).trim(), `${from[1]}.${name.trim()}`);
    }
    return;
  }
  const plain = IMPORT.exec(flat);
  for (const item of (plain?.[1] ?? '').split(',')) {
    const [name, alias] = item.trim().split(/\s+as\s+/);
    if (!name) continue;
    const dotted = name.trim();
    into.set(
      alias?.trim() ?? (dotted.split('.')[0] as string),
      alias ? dotted : (dotted.split('.')[0] as string),
    );
  }
}
