/**
 * Plain inline content (inline-plain.ts) skips markdown-it: the tree must be
 * exactly the one markdown-it's inline parser gives — same nodes, values,
 * URLs and positions — on every fixture and on generated cells, paragraphs
 * and headings full of the characters that make the two paths part.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree } from '../../bench/generate.js';
import {
  markdownItFullTree,
  markdownItTree,
  parseMarkdownWith,
} from '../../src/sources/markdown/index.js';
import { parsePlainInline } from '../../src/sources/markdown/inline-plain.js';
import { SourceText } from '../../src/sources/markdown/source.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const full = markdownItFullTree();

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return markdownFiles(file);
    return name.endsWith('.md') ? [file] : [];
  });
}

function expectSameTree(text: string): void {
  expect(parseMarkdownWith(text, markdownItTree).tree).toEqual(parseMarkdownWith(text, full).tree);
}

function isPlain(content: string, inTable = true): boolean {
  const source = new SourceText(content);
  return parsePlainInline(source, content, 0, inTable) !== null;
}

describe('plain inline content', () => {
  it('is what ledger cells are made of', () => {
    for (const cell of [
      '`engine/p0001_pad.diff`',
      '[engine#1036](https://github.com/infer-org/engine/pull/1036)',
      '**MERGED** 2026-07-09',
      '″ (anchor collision, **not** a fix)',
      '*OPEN*',
      'no (`bob`)',
      'both OPEN (re-read 2026-08-03)',
      '[engine#1068](https://github.com/o/e/pull/1068) rewrites it; [#1069](https://github.com/o/e/pull/1069) too',
    ]) {
      expect(isPlain(cell), cell).toBe(true);
    }
  });

  it('leaves everything else to markdown-it', () => {
    for (const cell of [
      'a\nb',
      '\\|',
      '_x_',
      '~~x~~',
      '<b>',
      '&amp;',
      '![i](u)',
      '[a][b]',
      '[a]',
      '[a](u "t")',
      '[`a`](u)',
      '`a',
      'a**b**',
      '***a***',
      '*a',
      '**a*',
      '**[a](u)**',
    ]) {
      expect(isPlain(cell), cell).toBe(false);
    }
  });
});

describe('the plain path and markdown-it build the same tree', () => {
  const files = [
    ...markdownFiles(path.join(ROOT, 'test/fixtures')),
    path.join(ROOT, 'example/patch.upstream.status.md'),
    path.join(ROOT, 'README.md'),
    path.join(ROOT, 'docs/decisions.md'),
  ];
  for (const file of files) {
    it(path.relative(ROOT, file), () => {
      const text = readFileSync(file, 'utf8');
      expectSameTree(text);
      expectSameTree(`\uFEFF${text.replace(/\r?\n/g, '\r\n')}`);
    });
  }

  let dir = '';
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'plain-inline-'));
    await generateTree(dir, { patches: 120, seed: 3 });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  it('a generated ledger', () => {
    expectSameTree(readFileSync(path.join(dir, 'deploy/docker/patch.upstream.status.md'), 'utf8'));
  });

  const PIECES = [
    'a',
    'OPEN',
    ' ',
    '  ',
    '\t',
    '.',
    ',',
    '(',
    ')',
    '[',
    ']',
    '](',
    '[x](https://github.com/o/r/pull/1)',
    '[a b](u)',
    '[ ](u)',
    '[a](<u>)',
    '[a]()',
    '[a](u v)',
    '(u)',
    '`',
    '``',
    '`c`',
    '` c `',
    '`  `',
    '`a\\|b`',
    '*',
    '**',
    '***',
    '**OPEN**',
    '*a*',
    'a*',
    '*a',
    '**a',
    '_',
    '~',
    '!',
    '\\',
    '\\|',
    '&',
    '<',
    '>',
    '#1',
    'o/r#2',
    '″',
    'é',
    '😀',
    '\u00a0',
    '|',
  ];
  const inline = fc
    .array(fc.constantFrom(...PIECES), { minLength: 1, maxLength: 14 })
    .map((parts) => parts.join(''));

  it('generated cells, paragraphs and headings', () => {
    fc.assert(
      fc.property(inline, inline, inline, (cell, paragraph, heading) => {
        const text = `| h | ${cell} |\n|---|---|\n| ${cell} | x |\n\n${paragraph}\n\n## ${heading}\n\n> ${paragraph}\n`;
        expectSameTree(text);
      }),
      {
        seed: Number(process.env.FC_SEED ?? 20261214),
        numRuns: Number(process.env.FC_RUNS ?? 3000),
      },
    );
  });
});
