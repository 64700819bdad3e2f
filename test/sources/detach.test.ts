/**
 * detached copies a string a result keeps, so that it holds no view into
 * the patch text it was cut from (V8 keeps a long slice as a view, and so
 * the whole text alive). What a test can see of it is that the copy is the
 * same string, for slices, regex captures and concatenations of any length.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { detached } from '../../src/sources/headers/detach.js';

describe('detached', () => {
  it('gives the same characters, for any string and any way it was made', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 60, unit: 'binary' }),
        fc.nat(30),
        fc.nat(30),
        (s, a, b) => {
          const text = `${'x'.repeat(a)}${s}${'y'.repeat(b)}`;
          const slice = text.slice(a, a + s.length);
          const capture = new RegExp(`^x{${a}}([\\s\\S]*)y{${b}}$`).exec(text)?.[1] ?? '';
          const joined = `${slice}${capture}`;
          for (const t of [s, slice, capture, joined]) expect(detached(t)).toBe(t);
        },
      ),
      { numRuns: 2000 },
    );
    expect(detached('')).toBe('');
    expect(detached('Upstream-Status')).toBe('Upstream-Status');
  });
});
