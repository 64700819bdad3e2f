import { describe, expect, it } from 'vitest';
import { applyEdits } from '../../src/sync/edits.js';

describe('applyEdits', () => {
  it('applies replacements, deletions and insertions in any order given', () => {
    const text = 'state: OPEN, date: 2026-08-01';
    const edits = [
      { start: 19, end: 29, text: '2026-08-20' },
      { start: 7, end: 11, text: 'MERGED' },
      { start: 0, end: 0, text: '> ' },
      { start: 11, end: 12, text: '' },
    ];
    expect(applyEdits(text, edits)).toBe('> state: MERGED date: 2026-08-20');
  });

  it('returns the text unchanged for no edits', () => {
    expect(applyEdits('\uFEFFa\r\nb', [])).toBe('\uFEFFa\r\nb');
  });

  it('accepts edits that touch without overlapping', () => {
    expect(
      applyEdits('abcdef', [
        { start: 2, end: 4, text: 'X' },
        { start: 4, end: 4, text: 'Y' },
        { start: 4, end: 6, text: 'Z' },
      ]),
    ).toBe('abXYZ');
  });

  it('throws on overlapping edits: two planners claimed the same bytes', () => {
    expect(() =>
      applyEdits('abcdef', [
        { start: 1, end: 4, text: 'x' },
        { start: 3, end: 5, text: 'y' },
      ]),
    ).toThrow(/overlapping edits \[1, 4\) and \[3, 5\)/);
  });

  it('throws on two insertions at one offset, whose order would be a guess', () => {
    expect(() =>
      applyEdits('ab', [
        { start: 1, end: 1, text: 'x' },
        { start: 1, end: 1, text: 'y' },
      ]),
    ).toThrow(/overlapping/);
  });

  it('throws on an edit outside the text or with its ends swapped', () => {
    expect(() => applyEdits('ab', [{ start: 1, end: 3, text: '' }])).toThrow(/outside/);
    expect(() => applyEdits('ab', [{ start: 2, end: 1, text: '' }])).toThrow(/outside/);
    expect(() => applyEdits('ab', [{ start: -1, end: 0, text: '' }])).toThrow(/outside/);
  });
});
