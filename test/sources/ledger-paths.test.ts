/**
 * joinDir concatenates plainly written paths instead of normalising them;
 * here it is checked against the posix.join + normaliseRelPath rule it
 * short-cuts, on generated folders and names full of dots, slashes,
 * backslashes, blanks and drive letters.
 */
import { posix } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { joinDir } from '../../src/sources/ledger/paths.js';
import { isAbsolute, normaliseRelPath } from '../../src/sources/records/paths.js';

function joinDirByNormalising(dir: string, rel: string): string | null {
  if (isAbsolute(rel)) return null;
  const joined = posix.join(dir === '' ? '.' : dir, rel).replace(/^\.\//, '');
  return joined === '.' || normaliseRelPath(joined) !== null ? joined : null;
}

const parts = fc.constantFrom(
  'a',
  'b.diff',
  '.',
  '..',
  '/',
  '//',
  '\\',
  ' ',
  'C:',
  '.x',
  'é',
  '\u00a0',
);
const paths = fc.array(parts, { maxLength: 8 }).map((p) => p.join(''));

describe('joinDir', () => {
  it('joins as posix.join and normaliseRelPath do', () => {
    fc.assert(
      fc.property(paths, paths, (dir, rel) => {
        expect(joinDir(dir, rel)).toBe(joinDirByNormalising(dir, rel));
      }),
      { seed: 20261214, numRuns: 5000 },
    );
    expect(joinDir('deploy/docker/patches', 'engine/p1.diff')).toBe(
      'deploy/docker/patches/engine/p1.diff',
    );
  });
});
