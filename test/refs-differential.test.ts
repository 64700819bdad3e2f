/**
 * learnAliases keeps only the first teaching of each alias (issue 14: a
 * large ledger teaches the same few thousands of times). Only the first can
 * win, so the aliases learned — and the order they are added in — must be
 * those of the code it replaced (test/support/reference/refs.ts), on every
 * fixture and on generated text, into empty and pre-filled maps.
 */
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { learnAliases } from '../src/refs.js';
import { learnAliases as referenceLearnAliases } from './support/reference/refs.js';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return files(file);
    return /\.(?:md|patch|diff|ya?ml|py|txt)$/.test(name) ? [file] : [];
  });
}

function expectSameAliases(text: string, before: [string, string][] = []): void {
  const learned = [...learnAliases(text, new Map(before))];
  const reference = [...referenceLearnAliases(text, new Map(before))];
  expect(learned).toEqual(reference);
}

describe('learnAliases learns what it learned before', () => {
  it('on every fixture', () => {
    const all = [
      ...files(path.join(ROOT, 'test/fixtures')),
      path.join(ROOT, 'example/patch.upstream.status.md'),
      path.join(ROOT, 'README.md'),
    ];
    expect(all.length).toBeGreaterThan(20);
    for (const file of all) {
      const text = readFileSync(file, 'utf8');
      expectSameAliases(text);
      expectSameAliases(text, [['engine', 'mine/engine']]);
    }
  });

  const PIECES = [
    '[engine#1](https://github.com/o/engine/pull/1)',
    '[Engine#2](https://github.com/other/engine/pull/2)',
    '[`sg#3`](https://github.com/o/sglang/issues/3)',
    '[sg#4](https://ghe.example/p/sg-lang/pull/4)',
    '[x#5](https://github.com/o/x.git/pull/5)',
    'o/engine#6',
    'O/Engine#7',
    'other/engine#8',
    'o/9lives#9',
    'o/r.#10',
    'https://github.com/q/engine/pull/11',
    'https://github.com/q/Tool/issues/12',
    'x/o/engine#13',
    'engine#14',
    'engine/tool#16',
    'sg/x#17',
    '#15',
    ' ',
    '\n',
    '.',
    '/',
  ];
  const text = fc
    .array(fc.constantFrom(...PIECES), { maxLength: 25 })
    .map((parts) => parts.join(''));
  const before = fc.array(
    fc.tuple(
      fc.constantFrom('engine', 'sg', 'tool', 'x', 'r'),
      fc.constantFrom('a/engine', 'b/sg', 'c/x'),
    ),
    { maxLength: 3 },
  );

  it('on generated text', () => {
    fc.assert(
      fc.property(text, before, (t, b) => expectSameAliases(t, b)),
      { seed: 20261201, numRuns: 3000 },
    );
  });
});
