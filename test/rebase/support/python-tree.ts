/**
 * A small upstream Python package, built the same way every run, and the
 * edits that turn it into later "refs" or into the content of a patch.
 *
 * Functions share many identical lines (`    return result`, blank lines),
 * as real code does, so that offset searches meet repeated context.
 */
export type Tree = Record<string, string>;
export type Edit = (tree: Tree) => Tree;

function pyFunction(prefix: string, i: number): string[] {
  return [
    `def ${prefix}_${i}(value, scale=${i}):`,
    `    """Return value scaled by ${i} and clamped to LIMIT."""`,
    '    result = value * scale',
    '    if result > LIMIT:',
    '        result = LIMIT',
    '    return result',
    '',
    '',
  ];
}

function pyModule(doc: string, prefix: string, count: number): string {
  const lines = [`"""${doc}"""`, 'import os', '', 'LIMIT = 1000', '', ''];
  for (let i = 0; i < count; i++) lines.push(...pyFunction(prefix, i));
  while (lines[lines.length - 1] === '') lines.pop();
  return `${lines.join('\n')}\n`;
}

function initModule(): string {
  const names = Array.from({ length: 30 }, (_, i) => `    "name_${i}",`);
  return ['"""tinypkg."""', 'from . import core', 'from . import util', 'from . import io', '']
    .concat(['__all__ = [', ...names, ']', ''])
    .join('\n');
}

/** Ends without a newline, like many hand-edited files. */
function versionModule(): string {
  const fields = Array.from({ length: 36 }, (_, i) => `FIELD_${i} = "value ${i}"`);
  return ['"""Version information."""', '', ...fields, 'VERSION = "1.0.0"'].join('\n');
}

export function baseTree(): Tree {
  return {
    'pkg/__init__.py': initModule(),
    'pkg/core.py': pyModule('Core arithmetic.', 'core', 20),
    'pkg/util.py': pyModule('Utilities.', 'util', 12),
    'pkg/io.py': pyModule('Input and output.', 'io', 8),
    'pkg/version.py': versionModule(),
  };
}

/** Replace a snippet that must occur exactly once, so edits never drift. */
export function replaceIn(path: string, from: string, to: string): Edit {
  return (tree) => {
    const text = tree[path];
    if (text === undefined) throw new Error(`no ${path} in tree`);
    const at = text.indexOf(from);
    if (at === -1 || text.indexOf(from, at + 1) !== -1) {
      throw new Error(`${JSON.stringify(from)} is not exactly once in ${path}`);
    }
    return { ...tree, [path]: text.slice(0, at) + to + text.slice(at + from.length) };
  };
}

export function appendTo(path: string, more: string): Edit {
  return (tree) => ({ ...tree, [path]: (tree[path] ?? '') + more });
}

export function setFile(path: string, content: string | null): Edit {
  return (tree) => {
    const next = { ...tree };
    if (content === null) delete next[path];
    else next[path] = content;
    return next;
  };
}

export function toCrlf(tree: Tree): Tree {
  return Object.fromEntries(Object.entries(tree).map(([p, t]) => [p, t.replace(/\n/g, '\r\n')]));
}

export function applyEdits(tree: Tree, ...edits: Edit[]): Tree {
  return edits.reduce((t, edit) => edit(t), tree);
}

/** The opening lines of function `name` (unique: its def and docstring). */
export function head(prefix: string, i: number): string {
  return (pyFunction(prefix, i).slice(0, 3) as string[]).join('\n') + '\n';
}

export function extraFunction(name: string): string {
  return `\n\ndef ${name}(items):\n    """Sum the items."""\n    return sum(items)\n`;
}
