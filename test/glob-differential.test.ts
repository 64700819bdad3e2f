/**
 * src/glob.ts matches a plain segment (`recipes-*`, `*.patch`) with string
 * methods and skips a pattern whose plain text a path does not show (issue
 * 14); test/support/reference/glob.ts is the matcher before that, which
 * matched every segment character by character. Both must agree on every
 * pattern and path: the fixtures' paths against the patterns discovery uses,
 * and generated patterns (stars, `**`, `?`, classes, braces, escapes,
 * characters outside the BMP) against generated paths.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneDefaults } from '../src/config.js';
import { compileGlob, compileGlobs, matchAny } from '../src/glob.js';
import { compileGlob as referenceGlob } from './support/reference/glob.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function filesUnder(dir: string, rel = ''): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(dir, rel), { withFileTypes: true })) {
    const child = rel === '' ? e.name : `${rel}/${e.name}`;
    if (e.isDirectory()) out.push(child, ...filesUnder(dir, child));
    else out.push(child);
  }
  return out;
}

const DISCOVERY_PATTERNS = [
  '**/recipes-*/**/*.{patch,diff}',
  '**/debian/patches/**',
  'debian/patches/**',
  '{package,boot,board,support,linux}/**/*.{patch,diff}',
  '**/buildroot*/{package,boot,board,support,linux}/**/*.{patch,diff}',
  ...cloneDefaults().patches.exclude,
  'vendor/queue/',
  './x/*.py',
];

/** The same answer from both matchers, or the same refusal to compile. */
function agree(pattern: string, paths: readonly string[]): void {
  let reference: ((p: string) => boolean) | Error;
  try {
    reference = referenceGlob(pattern);
  } catch (e) {
    reference = e as Error;
  }
  if (reference instanceof Error) {
    expect(() => compileGlob(pattern)).toThrowError(reference.message);
    return;
  }
  const fast = compileGlob(pattern);
  for (const p of paths) {
    const want = reference(p);
    if (fast(p) !== want || matchAny([pattern], p) !== want)
      expect({ pattern, path: p, matched: fast(p) }).toEqual({ pattern, path: p, matched: want });
  }
}

describe('the faster glob matcher', () => {
  it('agrees with the reference on every fixture path, for the patterns discovery uses', () => {
    const paths = [
      ...filesUnder(path.join(ROOT, 'test/fixtures')),
      ...filesUnder(path.join(ROOT, 'example')),
      'meta/recipes-core/busybox/busybox/0001-fix.patch',
      'meta/recipes-/x.diff',
      'recipes-core/x.patch',
      'meta/recipes-core/.patch',
      'package/foo/0001-a.patch',
      'package/0001-a.patch',
      'package.patch',
      'vendor/buildroot-2024/boot/uboot/x.diff',
      'buildroot/packages/x.patch',
      'debian/patches',
      'src/debian/patches/series',
      'debian/patchesx/a',
      '_schema/x',
      'archived',
      'README',
      'a/READMEx',
      'vendor/queue/a.patch',
      'x/a.py',
    ];
    for (const pattern of DISCOVERY_PATTERNS) agree(pattern, paths);
  });

  it('agrees with the reference on generated patterns and paths', () => {
    const char = fc.constantFrom('a', 'b', 'ab', '.', '-', 'é', '😀', '\uD83D', '/', 'patch');
    const pathArb = fc
      .array(char, { maxLength: 12 })
      .map((cs) => cs.join(''))
      .filter((p) => !p.includes('//'));
    const token = fc.constantFrom(
      'a',
      'b',
      '.',
      '-',
      'é',
      '😀',
      '\uD83D',
      '\uDE00',
      '*',
      '**',
      '?',
      '/',
      '/**/',
      '[ab]',
      '[!a]',
      '{a,b}',
      '{,.}',
      '{a}',
      '\\*',
      '\\',
      'patch',
    );
    const patternArb = fc.array(token, { maxLength: 8 }).map((ts) => ts.join(''));
    fc.assert(fc.property(patternArb, fc.array(pathArb, { minLength: 1, maxLength: 12 }), agree), {
      numRuns: 2000,
    });
  });

  it('agrees on dense single segments of `a`, `b`, `*` and `?`', () => {
    const patternArb = fc.stringMatching(/^[ab*?]{0,7}$/);
    const pathArb = fc.stringMatching(/^[ab]{0,9}$/);
    fc.assert(fc.property(patternArb, fc.array(pathArb, { minLength: 1, maxLength: 20 }), agree), {
      numRuns: 3000,
    });
    agree('a*bb*b', ['abxbb', 'abbb', 'abbxb', 'ab', 'abb']);
  });

  it('answers for a list of patterns (compileGlobs) as matchAny does', () => {
    const token = fc.constantFrom('a', 'b.', '*', '**', '?', '/', '[ab]', '{a,b}', 'patch');
    const patternArb = fc.array(token, { maxLength: 6 }).map((ts) => ts.join(''));
    const pathArb = fc.stringMatching(/^[ab./]{0,10}$/);
    fc.assert(
      fc.property(fc.array(patternArb, { maxLength: 4 }), fc.array(pathArb), (patterns, paths) => {
        let matches: (p: string) => boolean;
        try {
          matches = compileGlobs(patterns);
        } catch {
          return;
        }
        for (const p of paths) expect(matches(p)).toBe(matchAny(patterns, p));
      }),
      { numRuns: 2000 },
    );
    const layouts = compileGlobs(DISCOVERY_PATTERNS.slice(0, 5));
    for (const p of ['a/recipes-x/y.patch', 'debian/patches/x', 'x/y.c', 'package/a/b.diff'])
      expect(layouts(p)).toBe(DISCOVERY_PATTERNS.slice(0, 5).some((g) => referenceGlob(g)(p)));
  });

  it('splits a path once for several patterns and still answers each as the reference', () => {
    const patterns = ['**/*.md', 'a/*/c', '**/x{,.bak}'];
    for (const p of ['a/b/c', 'a/b/x.bak', 'z.md', 'a/b', 'x']) {
      expect(matchAny(patterns, p)).toBe(patterns.some((g) => referenceGlob(g)(p)));
    }
  });
});
