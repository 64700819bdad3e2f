import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileGlob, GlobSyntaxError, matchAny } from '../src/glob.js';
import { cpuNow } from './support/cpu-time.js';

// [pattern, path, expected]
const TABLE: [string, string, boolean][] = [
  // `**` spans any number of segments, including zero
  ['**', 'a', true],
  ['**', 'a/b/c.py', true],
  ['**/*.md', 'README.md', true],
  ['**/*.md', 'a/b/README.md', true],
  ['**/*.md', 'a/b/README.mdx', false],
  ['**/README*', 'README', true],
  ['**/README*', 'engine/README.txt', true],
  ['**/README*', 'engine/NOTREADME', false],
  ['a/**/b', 'a/b', true],
  ['a/**/b', 'a/x/b', true],
  ['a/**/b', 'a/x/y/b', true],
  ['a/**/b', 'a/xb', false],
  ['a/**/b', 'ab', false],
  ['a/**/**/b', 'a/b', true],
  ['archived/**', 'archived/old.py', true],
  ['archived/**', 'archived/x/y.patch', true],
  ['archived/**', 'archived', true],
  ['archived/**', 'archivedx/y.py', false],
  ['archived/**', 'sub/archived/y.py', false],
  ['archived/', 'archived/y.py', true],
  ['./x/*.py', 'x/a.py', true],
  // `*` and `?` stay within one segment; dotfiles are not special
  ['*.py', 'fix.py', true],
  ['*.py', 'a/fix.py', false],
  ['*.py', '.hidden.py', true],
  ['a/*/c', 'a/b/c', true],
  ['a/*/c', 'a/b/x/c', false],
  ['a/*', 'a/', true],
  ['f?x.py', 'fix.py', true],
  ['f?x.py', 'f/x.py', false],
  ['f?x.py', 'fx.py', false],
  ['a**b', 'axxb', true],
  ['a**b', 'ax/xb', false],
  // braces, nested, with `/` and `**` inside
  ['*.{patch,diff}', 'x.diff', true],
  ['*.{patch,diff}', 'x.py', false],
  ['{a,b/**}/x', 'b/c/d/x', true],
  ['{a,b/**}/x', 'a/x', true],
  ['{a,b/**}/x', 'c/x', false],
  ['x{,.bak}', 'x', true],
  ['x{,.bak}', 'x.bak', true],
  ['{a,{b,c}d}', 'cd', true],
  ['{a,{b,c}d}', 'c', false],
  ['{a}', '{a}', true],
  ['{a}', 'a', false],
  // classes
  ['[abc].py', 'b.py', true],
  ['[abc].py', 'd.py', false],
  ['[a-c].py', 'b.py', true],
  ['[!a-c].py', 'd.py', true],
  ['[!a-c].py', 'a.py', false],
  ['[^a].py', 'b.py', true],
  ['x[!a]y', 'x/y', false],
  ['[]]', ']', true],
  ['[\\d]', 'd', true],
  ['[\\d]', '1', false],
  ['[a-]', '-', true],
  // escapes and regexp metacharacters are literal
  ['\\*.py', '*.py', true],
  ['\\*.py', 'a.py', false],
  ['\\{a,b\\}', '{a,b}', true],
  ['a+b(c)$.py', 'a+b(c)$.py', true],
  ['a.py', 'aXpy', false],
  ['^a|b', 'b', false],
];

describe('compileGlob', () => {
  it.each(TABLE)('%s against %s → %s', (pattern, path, expected) => {
    expect(compileGlob(pattern)(path)).toBe(expected);
  });

  it.each([
    ['{a,b', 'unmatched {'],
    ['a}', 'unmatched }'],
    ['[ab', 'unclosed ['],
    ['[z-a]', 'Range out of order'],
    ['{a,b}{c,d}{e,f}{g,h}{i,j}{k,l}{m,n}{o,p}{q,r}', 'too many'],
  ])('rejects %s', (pattern, reason) => {
    expect(() => compileGlob(pattern)).toThrowError(GlobSyntaxError);
    expect(() => compileGlob(pattern)).toThrowError(reason);
  });

  it('stays fast on patterns that make a backtracking matcher explode', () => {
    const deep = `${'a/'.repeat(3000)}x`;
    const wide = 'a'.repeat(20_000);
    const started = cpuNow();
    expect(compileGlob('**/a/**/a/**/a/**/b')(deep)).toBe(false);
    expect(compileGlob('*a*a*a*a*a*b')(wide)).toBe(false);
    expect(compileGlob('**/a/**/a/**/x')(deep)).toBe(true);
    expect(cpuNow() - started).toBeLessThan(1000);
  });

  it('matches every path with `**` and never lets `*` cross a `/`', () => {
    const seg = fc.stringMatching(/^[a-z.]{1,6}$/);
    fc.assert(
      fc.property(fc.array(seg, { minLength: 1, maxLength: 5 }), (segs) => {
        const path = segs.join('/');
        expect(compileGlob('**')(path)).toBe(true);
        expect(compileGlob('*')(path)).toBe(segs.length === 1);
        expect(compileGlob(`**/${segs.at(-1)!.replace(/\./g, '?')}`)(path)).toBe(true);
      }),
    );
  });
});

describe('matchAny', () => {
  it('is true when any pattern matches and false for none', () => {
    expect(matchAny(['*.md', '*.py'], 'x.py')).toBe(true);
    expect(matchAny(['*.md', '*.py'], 'x.sh')).toBe(false);
    expect(matchAny([], 'x.sh')).toBe(false);
  });
});
