/**
 * A table's rows built when they are read, not with the tree (issue 14).
 * A 1,000-patch ledger is one table of ~2,000 rows: built with the tree,
 * every cell, text node and position lived until the reader had walked them
 * all, and the garbage collector copied them (twice: young, then old) while
 * the tree was being built — most of the reader's collection time.
 *
 * A table made by lazyTable still has `children`: the first access builds
 * every row and keeps them, so any code walking the tree sees the same
 * nodes. tableRows reads a table whose rows were never asked for one row
 * at a time, building each as it is read and keeping none.
 */
import type { AlignType, Table, TableRow } from 'mdast';

interface Pending<L> {
  lines: readonly L[];
  build: (line: L) => TableRow;
}

/** Tables whose `children` have not been asked for yet. */
const pending = new WeakMap<Table, Pending<unknown>>();

/**
 * `{ type: 'table', align, children }` (keys in that order) whose children
 * are `lines.map(build)`, built on first access.
 */
export function lazyTable<L>(
  align: AlignType[],
  lines: readonly L[],
  build: (line: L) => TableRow,
): Table {
  const node = { type: 'table', align } as Table;
  const setRows = (rows: TableRow[]): void => {
    pending.delete(node);
    Object.defineProperty(node, 'children', {
      value: rows,
      writable: true,
      enumerable: true,
      configurable: true,
    });
  };
  Object.defineProperty(node, 'children', {
    enumerable: true,
    configurable: true,
    get(): TableRow[] {
      const rows = lines.map(build);
      setRows(rows);
      return rows;
    },
    set: setRows,
  });
  pending.set(node, { lines, build } as Pending<unknown>);
  return node;
}

/** A table's rows by index: built as read (and not kept) while its `children` are unasked. */
export interface TableRows {
  readonly length: number;
  at(index: number): TableRow | undefined;
}

export function tableRows(table: Table): TableRows {
  const lazy = pending.get(table);
  if (lazy === undefined) {
    const rows = table.children;
    return { length: rows.length, at: (index) => rows[index] };
  }
  return {
    length: lazy.lines.length,
    at: (index) => {
      // Asked for meanwhile: the kept rows, so a node is never built twice.
      if (!pending.has(table)) return table.children[index];
      const line = lazy.lines[index];
      return line === undefined ? undefined : lazy.build(line);
    },
  };
}
