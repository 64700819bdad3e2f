/**
 * Shortcuts in meaning/ that must not change what is read: sentence ends
 * found by one regular expression (checked against the per-character test
 * it replaced) and the one-scan "any cue?" test before the cues are tried
 * in order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sentenceStart, tailEnd, tailLimit, WINDOW } from '../../src/sources/meaning/context.js';
import { LEAD_CUES, leadCue, TAIL_CUES, tailCue } from '../../src/sources/meaning/cues.js';

/** The reference: does a sentence end at `text[i]`? */
function endsSentence(text: string, i: number): boolean {
  const c = text[i];
  const next = text[i + 1];
  if (c === '.' || c === '!' || c === '?')
    return next === undefined || next === ' ' || next === '\n' || next === '\t';
  return c === '\n' && /^[ \t]*\n/.test(text.slice(i + 1, i + 80));
}

function sentenceStartByChar(text: string, at: number, floor: number): number {
  const stop = Math.max(floor, at - WINDOW);
  for (let i = at - 1; i >= stop; i--) if (endsSentence(text, i)) return i + 1;
  return stop;
}

function tailEndByChar(text: string, from: number, limit: number, sentences = 2): number {
  let seen = 0;
  const stop = Math.min(limit, from + WINDOW);
  for (let i = from; i < stop; i++) {
    if (endsSentence(text, i) && ++seen === sentences) return i + 1;
  }
  return stop;
}

const pieces = fc.constantFrom(
  'a',
  'word ',
  '.',
  '. ',
  '!',
  '?',
  'fix.py',
  ' ',
  '\t',
  '\n',
  '\n\n',
  '\n  \n',
  '\r\n',
  ' '.repeat(70),
  ' '.repeat(8),
  ' '.repeat(78),
  'x'.repeat(90),
);
const texts = fc.array(pieces, { maxLength: 60 }).map((parts) => parts.join(''));

describe('sentence ends found by one scan', () => {
  it('sentenceStart, tailEnd and tailLimit agree with the per-character test', () => {
    fc.assert(
      fc.property(
        texts,
        fc.nat(),
        fc.nat(),
        fc.integer({ min: -3, max: 3 }),
        (text, a, b, sentences) => {
          const at = text.length === 0 ? 0 : a % (text.length + 1);
          const other = text.length === 0 ? 0 : b % (text.length + 1);
          const floor = Math.min(at, other);
          expect(sentenceStart(text, at, floor)).toBe(sentenceStartByChar(text, at, floor));
          expect(sentenceStart(text, at, 0)).toBe(sentenceStartByChar(text, at, 0));
          expect(tailEnd(text, at, other)).toBe(tailEndByChar(text, at, other));
          expect(tailEnd(text, floor, at, sentences)).toBe(
            tailEndByChar(text, floor, at, sentences),
          );
          const from = floor;
          const nextStart = Math.max(at, other);
          const nextSentence = sentenceStartByChar(text, nextStart, from);
          expect(tailLimit(text, from, nextStart)).toBe(
            nextSentence > from ? nextSentence : Math.max(nextStart, from),
          );
        },
      ),
      { seed: 20261214, numRuns: 3000 },
    );
  });
});

describe('cues behind one "any cue?" scan', () => {
  it('every cue is case-insensitive and stateless, so an alternation of them is exact', () => {
    for (const [, re] of [...TAIL_CUES, ...LEAD_CUES]) {
      expect(re.flags).toBe('i');
      expect(re.source).not.toMatch(/\\[1-9]|\\k</);
    }
  });

  const words = fc.constantFrom(
    'introduced ',
    'caused ',
    'comes from ',
    'unrelated ',
    'not related ',
    'anchor collision ',
    'touches the same ',
    'collides with ',
    'solves the same bug by ',
    'differently ',
    'in both bases ',
    'background ',
    'adjacent ',
    'not a fix ',
    'a regression test ',
    'our PR (',
    'is the full fix ',
    'drops on ',
    'fix is in flight ',
    'the ',
    'PR ',
    '. ',
    ', ',
    '\n',
    'x',
  );
  const texts = fc.array(words, { maxLength: 12 }).map((parts) => parts.join(''));
  const firstCue = (cues: typeof TAIL_CUES, text: string) =>
    cues.find(([, re]) => re.test(text))?.[0] ?? null;

  it('tailCue and leadCue give the first cue that matches, as trying each in order does', () => {
    fc.assert(
      fc.property(texts, (text) => {
        expect(tailCue(text)).toBe(firstCue(TAIL_CUES, text));
        expect(leadCue(text)).toBe(firstCue(LEAD_CUES, text));
      }),
      { seed: 20261214, numRuns: 3000 },
    );
  });
});
