import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { foldCase, lowerAscii } from '../src/regexp-cost.js';
import { LEAD_CUES, TAIL_CUES } from '../src/sources/meaning/cues.js';

// Pieces that make the cues match, in every case, beside characters whose
// case folding is not ASCII's: the Kelvin sign (U+212A) lowers to "k" and the
// dotted capital I (U+0130) to two characters, yet neither is "k" or "i" to
// a case-insensitive pattern without the `u` flag.
const piece = fc.constantFrom(
  'introduced ',
  'Caused ',
  'NOT RELATED ',
  'Anchor Collision ',
  'touches The Same ',
  'Collides with ',
  'REVERTED ',
  'This Patch is obsolete ',
  'Differently ',
  'only adds a \u212Anob ',
  'only adds a Knob ',
  'In Both Bases ',
  'Not A Fix ',
  'is the REAL fix ',
  'our PR (',
  'Drops On ',
  'Issue: ',
  'Side only, in ',
  '\u0130s ',
  'caf\u00C9 ',
  '\u2014 ',
  '. ',
  '\n',
  'x',
);
const texts = fc.array(piece, { maxLength: 10 }).map((parts) => parts.join(''));

describe('foldCase and lowerAscii', () => {
  it('match every cue where its case-insensitive pattern does, at the same index', () => {
    const pairs = [...TAIL_CUES, ...LEAD_CUES].map(([, re]) => [re, foldCase(re)] as const);
    fc.assert(
      fc.property(texts, (text) => {
        const lowered = lowerAscii(text);
        for (const [re, folded] of pairs) {
          expect(folded.exec(lowered)?.index ?? -1).toBe(re.exec(text)?.index ?? -1);
        }
      }),
      { seed: 20261215, numRuns: 2000 },
    );
  });

  it('lowers ASCII letters only, and keeps the length', () => {
    expect(lowerAscii('MERGED \u212Anob \u0130stanbul CAF\u00C9')).toBe(
      'merged \u212Anob \u0130stanbul caf\u00C9',
    );
    expect(lowerAscii('PLAIN ascii')).toBe('plain ascii');
  });

  it('lowers the literals of a pattern, never the letter of an escape', () => {
    expect(foldCase(/\S+PR\W(?<Name>[A-Z])\k<Name>\u00C9/i).source).toBe(
      String.raw`\S+pr\W(?<name>[a-z])\k<name>\u00c9`,
    );
    expect(foldCase(/a/i).flags).toBe('');
    expect(foldCase(/a/im).flags).toBe('m');
  });

  it('refuses a pattern it cannot fold exactly', () => {
    expect(() => foldCase(/a/)).toThrow(/not a plain case-insensitive pattern/);
    expect(() => foldCase(/a/giu)).toThrow(/not a plain case-insensitive pattern/);
  });
});
