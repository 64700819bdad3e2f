/**
 * A BitBake recipe's comments as notes on its patches (session 16): which
 * comment is about which patch, on the recipe's own lines.
 */
import { describe, expect, it } from 'vitest';
import { bitbakeNotes } from '../../src/sources/bitbake-recipe.js';

const ON_DISK = new Map([
  ['0001-fix-timestamps.patch', 'files/0001-fix-timestamps.patch'],
  ['0002-retry-backoff.patch', 'files/0002-retry-backoff.patch'],
  ['0003-unit-watchdog.patch', 'files/0003-unit-watchdog.patch'],
]);
const pathOf = (name: string): string | null => ON_DISK.get(name) ?? null;

describe('bitbakeNotes', () => {
  it('opens a bullet at a comment that names a patch by number or file, its next lines continuing it', () => {
    const recipe = [
      'SRC_URI += "file://0001-fix-timestamps.patch \\',
      '            file://0002-retry-backoff.patch \\',
      '            file://0003-unit-watchdog.patch"',
      '# 0001 -> o/r#96 (ours, OPEN)',
      '# 0002: upstream said no (#104).',
      '#       drop 0002 once #110 is in a release',
      '# 0009 is not ours to name',
      '# 0003-unit-watchdog.patch — not sent yet',
      'DEPENDS += "zlib"',
    ].join('\n');
    const notes = bitbakeNotes(recipe, pathOf).split('\n');
    expect(notes).toEqual([
      '',
      '',
      '',
      '- `files/0001-fix-timestamps.patch`: o/r#96 (ours, OPEN)',
      '- `files/0002-retry-backoff.patch`: upstream said no (#104).',
      '  drop 0002 once #110 is in a release',
      '  0009 is not ours to name',
      '- `files/0003-unit-watchdog.patch`: not sent yet',
      '',
    ]);
  });

  it('gives a comment above a SRC_URI line the patch that line adds', () => {
    const recipe = [
      'SRC_URI = "file://0001-fix-timestamps.patch"',
      '',
      '# numpy is too big here; upstream will not make it optional (o/r#70, closed),',
      '# so we carry this.',
      'SRC_URI += "file://0002-retry-backoff.patch"',
      '',
      '# A note on the build, about no patch.',
      'EXTRA_OECMAKE += "-DX=1"',
    ].join('\n');
    expect(bitbakeNotes(recipe, pathOf).split('\n')).toEqual([
      '',
      '',
      '- `files/0002-retry-backoff.patch`: numpy is too big here; upstream will not make it optional (o/r#70, closed),',
      '  so we carry this.',
      '',
      '',
      'A note on the build, about no patch.',
      '',
    ]);
  });

  it("makes any comment of a recipe with one patch that patch's, and reads nothing where no patch is on disk", () => {
    const one = [
      'SRC_URI = "git://github.com/o/r.git;protocol=https \\',
      '           file://0001-fix-timestamps.patch"',
      'do_install:append() {',
      '    # upstream issue #14 is still open',
      '}',
      '#!not a comment',
    ].join('\n');
    expect(bitbakeNotes(one, pathOf).split('\n')).toEqual([
      '',
      '',
      '',
      '- `files/0001-fix-timestamps.patch`: upstream issue #14 is still open',
      '',
      '',
    ]);
    expect(bitbakeNotes('SRC_URI = "file://elsewhere.patch"\n# see #14\n', pathOf)).toBe('\n\n');
  });

  it('keeps a comment that reads as markdown syntax a paragraph of text', () => {
    const recipe = [
      'SRC_URI = "file://0001-fix-timestamps.patch file://0002-retry-backoff.patch"',
      'X = "1"',
      '# - not a list, # not a heading',
    ].join('\n');
    expect(bitbakeNotes(recipe, pathOf).split('\n')[2]).toBe('\\- not a list, # not a heading');
  });
});
