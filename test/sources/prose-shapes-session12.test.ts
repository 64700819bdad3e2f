/**
 * Header shapes seen in session 12, in our own words: whose a ref is when
 * "ours" is one item of the parenthetical after it, "our own attempt, #n",
 * and "backport of #n" naming the fix.
 */
import { describe, expect, it } from 'vitest';
import { readPatchHeader } from '../../src/sources/headers/patch-header.js';
import { findColumns } from '../../src/sources/ledger/columns.js';
import { readDitto } from '../../src/sources/ledger/paths.js';
import { tailCue } from '../../src/sources/meaning/cues.js';

function roles(body: string): (string | null)[][] {
  const text = `#!/usr/bin/env python3\n"""Widen the retry window.\n\n${body}\n"""\nimport os\n`;
  const r = readPatchHeader(
    { path: 'p/retry.py', text, defaultRepo: 'acme/engine' },
    { layout: null },
  );
  return r.mentions.map((m) => [m.ref, m.role, m.recordedState]);
}

describe('whose a ref is, session 12', () => {
  it('reads "ours" as an item of the parenthetical after the ref', () => {
    expect(
      roles(
        [
          'Where it stands',
          '* upstream: #4410 (DRAFT, ours) -- they want a test first.',
          '* #4398 (open; ours) is the earlier cut of it.',
          '* #4402 (open, by the vendor) fixes the same thing another way.',
        ].join('\n'),
      ),
    ).toEqual([
      ['acme/engine#4410', 'own', 'DRAFT'],
      ['acme/engine#4398', 'own', 'OPEN'],
      ['acme/engine#4402', 'related', 'OPEN'],
    ]);
  });

  it('does not take "ours" from a later clause of the parenthetical', () => {
    expect(roles('See #4402 (open, nothing like ours) for the vendor view.')).toEqual([
      ['acme/engine#4402', 'related', 'OPEN'],
    ]);
  });

  it('reads "our own attempt, #n" and "our first try #n" as ours', () => {
    expect(
      roles(
        [
          'Our own attempt, #4120, was closed as too broad.',
          'Our first try #4101 went stale.',
        ].join('\n'),
      ),
    ).toEqual([
      ['acme/engine#4120', 'own', 'CLOSED'],
      ['acme/engine#4101', 'own', null],
    ]);
  });

  it('reads "backport of #n" and "cherry-picked from #n" as the fix', () => {
    expect(
      roles(
        [
          'Backport of #4300 (MERGED), which landed after our pin.',
          'The second hunk is cherry-picked from #4311.',
        ].join('\n'),
      ),
    ).toEqual([
      ['acme/engine#4300', 'fix', 'MERGED'],
      ['acme/engine#4311', 'fix', null],
    ]);
  });
});

describe('states counted before the refs, session 12', () => {
  it('spends "two OPEN PRs" on a group of two, not on a ref in a later paragraph', () => {
    expect(
      roles(
        [
          'UPSTREAM STATUS (2026-11-04)',
          '  anchor risk   two OPEN PRs rewrite parse_kv(): #417 and',
          '                #419 (the second moves it to another file)',
          '',
          '  (a search also turned up #260, a leak on reload -- unrelated.)',
        ].join('\n'),
      ),
    ).toEqual([
      ['acme/engine#417', 'anchor-collision', 'OPEN'],
      ['acme/engine#419', 'anchor-collision', 'OPEN'],
      ['acme/engine#260', 'unrelated', null],
    ]);
  });
});

describe('labels, columns and words that name no fix, session 12', () => {
  it("leaves a ref under a label that names no role to be settled by the patch's other sources", () => {
    const text = [
      '"""Keep the router gate in bf16.',
      '',
      'UPSTREAM STATUS (2026-10-31)',
      '    own PR    #4270 "keep router gate in bf16" (OPEN)',
      '    note      #4270 got a +1 from the code owner.',
      '"""',
      'import os',
      '',
    ].join('\n');
    const r = readPatchHeader(
      { path: 'p/router.py', text, defaultRepo: 'acme/engine' },
      { layout: null },
    );
    expect(r.mentions.map((m) => [m.line, m.role, m.roleByDefault === true])).toEqual([
      [4, 'own', false],
      [5, 'related', true],
    ]);
  });

  it('reads a `who` column as the ours column', () => {
    expect(
      findColumns(['file', 'what it fixes', 'reported', 'upstream fix', 'who', 'state']).ours,
    ).toBe(4);
  });

  it('reads a competing ditto row as third-party, unless its words say it retires the patch', () => {
    expect(readDitto('〃 competing, refcount instead of lock')).toEqual({ role: 'third-party' });
    expect(readDitto('″ (alternative repair — either this or ours retires the patch)')).toEqual({
      role: null,
    });
  });

  it('reads "only adds a knob" and "does not let us drop this" as a partial repair', () => {
    expect(tailCue('only adds a timeout knob')).toBe('alternative');
    expect(tailCue('(OPEN). Helps, but on its own it does NOT let us drop this.')).toBe(
      'alternative',
    );
    expect(tailCue('not enough on its own to drop ours')).toBe('alternative');
    expect(tailCue('only adds a regression test')).toBe('not-fix');
  });
});
