/**
 * Table rows are built when the ledger reader reads them, not with the tree
 * (markdown/table-rows.ts), so a large ledger's cells die young. The reader
 * must read exactly what it read from a tree built whole: here every
 * fixture, a generated ledger and generated tables (patch tables, ditto
 * rows, retired and "Not patches" sections, READMEs) are read both ways.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import type { Nodes, Root } from 'mdast';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../bench/generate.js';
import { parseLedger, type LedgerInput } from '../../src/sources/ledger/index.js';
import {
  markdownItTree,
  parseMarkdown,
  tableRows,
  withTreeBuilder,
  type TreeBuilder,
} from '../../src/sources/markdown/index.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** markdown-it's tree with every table's rows asked for at once: the tree as it was built before. */
const wholeTree: TreeBuilder = (text, lines) => {
  const tree = markdownItTree(text, lines);
  const visit = (node: Nodes | Root): void => {
    if ('children' in node) for (const child of node.children) visit(child);
  };
  visit(tree);
  return tree;
};

function expectSameReading(input: LedgerInput): void {
  const streamed = parseLedger(input);
  const whole = withTreeBuilder(wholeTree, () => parseLedger(input));
  expect(streamed).toEqual(whole);
}

function readBothWays(text: string): void {
  const input = { path: 'deploy/patch.upstream.status.md', text, patchesDir: 'deploy/patches' };
  expectSameReading(input);
  expectSameReading({ ...input, path: 'deploy/patches/README.md', document: true });
}

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return markdownFiles(file);
    return name.endsWith('.md') ? [file] : [];
  });
}

describe('table rows built as they are read', () => {
  it('are built anew for each read and kept by none, until the table is asked for its children', () => {
    const { tree } = parseMarkdown('| patch | PR |\n|---|---|\n| `a.py` | o/r#1 |\n');
    const table = tree.children[0];
    if (table?.type !== 'table') throw new Error('no table');
    const rows = tableRows(table);
    expect(rows.length).toBe(2);
    expect(rows.at(1)).toEqual(rows.at(1));
    expect(rows.at(1)).not.toBe(rows.at(1));
    expect(rows.at(2)).toBeUndefined();
    // Asked for: built once and kept, and tableRows reads the kept rows.
    const children = table.children;
    expect(table.children).toBe(children);
    expect(rows.at(1)).toBe(children[1]);
    expect(tableRows(table).at(0)).toBe(children[0]);
    expect(Object.keys(table)).toEqual(['type', 'align', 'children', 'position']);
  });

  it('can be replaced, as any node property', () => {
    const { tree } = parseMarkdown('| a |\n|---|\n| b |\n');
    const table = tree.children[0];
    if (table?.type !== 'table') throw new Error('no table');
    table.children = [];
    expect(table.children).toEqual([]);
    expect(tableRows(table).length).toBe(0);
  });

  it('of a prose table are all read, its header row included', () => {
    const text = '| o/r#1 | `x.py` |\n|---|---|\n| o/r#2 | `y.py` |\n';
    const input = { path: 'deploy/patches/README.md', text, patchesDir: 'deploy/patches' };
    expect(parseLedger({ ...input, document: true }).mentions.map((m) => m.ref)).toEqual([
      'o/r#1',
      'o/r#2',
    ]);
    const loose = parseLedger({ ...input, text: `## Not patches\n\n${text}` });
    expect(loose.notPatches).toEqual(['deploy/patches/x.py', 'deploy/patches/y.py']);
    expect(loose.mentions.map((m) => m.ref)).toEqual(['o/r#1', 'o/r#2']);
  });

  const files = [
    ...markdownFiles(path.join(ROOT, 'test/fixtures')),
    path.join(ROOT, 'example/patch.upstream.status.md'),
    path.join(ROOT, 'README.md'),
    path.join(ROOT, 'docs/decisions.md'),
  ];
  for (const file of files) {
    it(`read the same: ${path.relative(ROOT, file)}`, () => {
      readBothWays(readFileSync(file, 'utf8'));
    });
  }

  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'lazy-rows-'));
    await generateTree(dir, { patches: 120, seed: 5 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('read the same: a generated ledger', () => {
    readBothWays(readFileSync(path.join(dir, 'deploy/docker/patch.upstream.status.md'), 'utf8'));
  });

  const CELLS = [
    '`a.py`',
    '`b/c.diff` (+ `d.py`)',
    '″',
    '″ (anchor collision)',
    '',
    'o/r#1',
    '[r#2](https://github.com/o/r/pull/2)',
    '#3',
    'OPEN',
    '**MERGED** 2026-07-09',
    '#1 MERGED, #3 OPEN',
    'yes',
    'x | y',
    '`../out.py`',
  ];
  const HEADINGS = ['## r', '## Retired', '## Not patches', '## o/r'];
  const row = fc.array(fc.constantFrom(...CELLS), { minLength: 1, maxLength: 6 });
  const table = fc.tuple(
    fc.constantFrom(
      '| patch | upstream PR | PR state |',
      '| patch | issue | upstream PR | ours? | PR state |',
      '| notes | refs |',
      '| patch |',
    ),
    fc.array(row, { maxLength: 6 }),
  );
  const section = fc.tuple(fc.constantFrom(...HEADINGS), fc.array(table, { maxLength: 2 }));

  it('read the same: generated tables', () => {
    fc.assert(
      fc.property(fc.array(section, { minLength: 1, maxLength: 3 }), (sections) => {
        const text = sections
          .map(([heading, tables]) =>
            [
              heading,
              ...tables.map(([header, rows]) => {
                const columns = header.split('|').length - 2;
                const delimiter = `|${'---|'.repeat(columns)}`;
                return [header, delimiter, ...rows.map((r) => `| ${r.join(' | ')} |`)].join('\n');
              }),
            ].join('\n\n'),
          )
          .join('\n\n');
        readBothWays(`${text}\n`);
      }),
      { seed: 20261201, numRuns: 400 },
    );
  });
});
