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

describe('a quotation that ends right after a ref', () => {
  it('is no title that never closes', () => {
    const text = [
      'Subject: [PATCH] alsa: recover from EPIPE',
      '',
      'Debian carries the same change ("Closes: #1071187" in their changelog), and',
      'upstream has it as #1021 "alsa: recover after resume" (OPEN).',
      '---',
      '',
    ].join('\n');
    const r = readPatchHeader(
      { path: 'p/x.patch', text, defaultRepo: 'acme/engine' },
      { layout: null },
    );
    expect(r.problems).toEqual([]);
    expect(r.mentions.map((m) => [m.ref, m.recordedState])).toEqual([['acme/engine#1021', 'OPEN']]);
  });
});

describe('held-out q19 and q20 shapes, session 12', () => {
  it("keeps a fix already had, a fix later reverted, and another path's fix from being the drop signal", () => {
    expect(
      roles(
        [
          'The dense path already got its MERGED fix (#7355) in v0.11.4, but the MoE path did not.',
          '',
          'It was already fixed upstream by #7356 (MERGED), and the patch stays for 0.11.3.',
          '',
          'The upstream fix #7205 landed on 09-12 and was reverted a week later in #7344.',
          '',
          'The decode path itself was fixed by #7400 (MERGED).',
          '',
          'That repair is already in flight: #7500 (OPEN).',
        ].join('\n'),
      ),
    ).toEqual([
      ['acme/engine#7355', 'related', null],
      ['acme/engine#7356', 'background', 'MERGED'],
      ['acme/engine#7205', 'related', 'MERGED'],
      ['acme/engine#7344', 'background', null],
      ['acme/engine#7400', 'related', 'MERGED'],
      ['acme/engine#7500', 'fix', 'OPEN'],
    ]);
  });

  it('reads "(…, ours, not needed for this diff)" as ours and not this patch\'s', () => {
    expect(roles('#1090 (python-side follow-up, ours, not needed for this diff) is OPEN.')).toEqual(
      [['acme/engine#1090', 'related', 'OPEN']],
    );
  });

  it('binds nothing to "own PR  none sent (…)"', () => {
    expect(
      roles(
        [
          'UPSTREAM STATUS (2026-11-20)',
          '  issue     #1150 "decode strips whitespace" (OPEN)',
          "  own PR    none sent (they said on #1150 they'd fix it in the rewrite, #1177).",
        ].join('\n'),
      ),
    ).toEqual([
      ['acme/engine#1150', 'issue', 'OPEN'],
      ['acme/engine#1150', 'issue', null],
      ['acme/engine#1177', 'related', null],
    ]);
  });

  it('reads DEP-3 "Forwarded: no -- …" and a queue patch\'s "Upstream: issue #n"', () => {
    const text = [
      'Subject: [PATCH] radix: take the lock around write-back too',
      '',
      'Forwarded: no -- upstream considers it fixed by #7603, write-through only.',
      "Upstream: issue #1255 (OPEN). The fix is okwu's #1262.",
      '---',
      '',
    ].join('\n');
    const r = readPatchHeader(
      { path: 'p/x.diff', text, defaultRepo: 'acme/engine' },
      { layout: null },
    );
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      ['acme/engine#7603', 'related', null],
      ['acme/engine#1255', 'issue', null],
      ['acme/engine#1262', 'fix', null],
    ]);
  });
});

describe('DEP-3 Forwarded: names one place', () => {
  it('gives the state its parenthetical writes to the forwarded PR, and none to later refs', () => {
    const text = [
      'Description: clamp a negative pad id',
      'Bug: https://github.com/acme/engine/issues/3360',
      'Forwarded: https://github.com/acme/engine/pull/3377 (closed, not merged;',
      ' maintainers want it in config loading, see the #3360 thread and #3380)',
      '---',
      '',
    ].join('\n');
    const r = readPatchHeader(
      { path: 'p/x.diff', text, defaultRepo: 'acme/engine' },
      { layout: null },
    );
    expect(r.mentions.map((m) => [m.line, m.ref, m.role, m.recordedState])).toEqual([
      [2, 'acme/engine#3360', 'issue', null],
      [3, 'acme/engine#3377', 'fix', 'CLOSED'],
      // No words read about it: settled to the issue by the patch's other mention (settle.ts).
      [4, 'acme/engine#3360', 'related', null],
      [4, 'acme/engine#3380', 'related', null],
    ]);
  });

  it('keeps a list of addresses as the places it was sent', () => {
    const text = [
      'Description: build against cmark 0.31',
      'Forwarded: https://github.com/acme/engine/pull/170',
      ' https://github.com/acme/engine/pull/171',
      '---',
      '',
    ].join('\n');
    const r = readPatchHeader(
      { path: 'debian/patches/x.patch', text, defaultRepo: 'acme/engine' },
      { layout: null },
    );
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      ['acme/engine#170', 'fix', 'OPEN'],
      ['acme/engine#171', 'fix', 'OPEN'],
    ]);
  });
});
