import { describe, expect, it } from 'vitest';
import { recipeNotes } from '../../src/sources/conda-recipe.js';
import { parseLedger } from '../../src/sources/ledger/index.js';

const RECIPE = [
  'source:',
  '  url: https://github.com/acme/lumen/archive/v{{ version }}.tar.gz',
  '  patches:',
  '    # backport https://github.com/acme/lumen/pull/127',
  '    # (merged upstream, not in 2.3 yet)',
  '    - patches/0001-fix-overflow.patch',
  '    - patches/0002-no-rpath.patch  # [linux]',
  '    - patches/0003-cuda-arch.patch  # upstream: acme/lumen#131 (OPEN)',
  'build:',
  '  number: 2  # bumped for acme/lumen#140',
  '  # skip the tests that fail since #39',
  '',
].join('\n');

describe('recipeNotes', () => {
  it("makes each patch's comments one bullet on the recipe's own lines", () => {
    expect(recipeNotes(RECIPE).split('\n')).toEqual([
      '',
      '',
      '',
      '- `patches/0001-fix-overflow.patch`: backport https://github.com/acme/lumen/pull/127',
      '  (merged upstream, not in 2.3 yet)',
      '',
      '',
      '- `patches/0003-cuda-arch.patch`: upstream: acme/lumen#131 (OPEN)',
      '',
      'bumped for acme/lumen#140',
      'skip the tests that fail since #39',
      '',
    ]);
  });

  it('gives the notes reader each ref at its line, bound to its patch', () => {
    const r = parseLedger({
      path: 'recipe/meta.yaml',
      text: recipeNotes(RECIPE),
      patchesDir: 'recipe',
      document: true,
      entries: true,
    });
    expect(r.mentions.map((m) => [m.line, m.ref, m.role, m.recordedState, m.patch])).toEqual([
      [4, 'acme/lumen#127', 'fix', 'MERGED', 'recipe/patches/0001-fix-overflow.patch'],
      [8, 'acme/lumen#131', 'related', 'OPEN', 'recipe/patches/0003-cuda-arch.patch'],
      [10, 'acme/lumen#140', 'related', null, null],
      // A bare #N: the one repository the file cites, as in any notes file.
      [11, 'acme/lumen#39', 'related', null, null],
    ]);
    expect(r.ambiguous).toEqual([]);
  });

  it('keeps a comment that reads as markdown from meaning markdown', () => {
    expect(recipeNotes('# - not a list\n## not a heading\nkey: 1\n')).toBe(
      '\\- not a list\n\\# not a heading\n\n',
    );
  });
});
