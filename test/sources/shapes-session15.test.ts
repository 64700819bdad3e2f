/**
 * Shapes from session 15's queues, in our own words: a state struck through,
 * a table row wrapped inside a cell, states in a cell by position with `·`,
 * a PR the row's PR builds on or that caused the bug, "ours" without a
 * colon, and what a PR "fixes".
 */
import { describe, expect, it } from 'vitest';
import { readPatchHeader } from '../../src/sources/headers/patch-header.js';
import { parseLedger } from '../../src/sources/ledger/index.js';

function header(body: string): (string | number | null)[][] {
  const text = `"""Keep the pool.\n\n${body}\n"""\nimport os\n`;
  const r = readPatchHeader(
    { path: 'p/patch_pool.py', text, defaultRepo: 'acme/engine' },
    { layout: null },
  );
  return r.mentions.map((m) => [m.line, m.ref.replace('acme/engine', ''), m.role, m.recordedState]);
}

function ledger(rows: string[]) {
  const text = [
    '# carried',
    '',
    '| Patch | Upstream | State | Notes |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
  const r = parseLedger({ path: 'patch.upstream.status.md', patchesDir: 'patches', text });
  return {
    problems: r.problems,
    patches: r.patches.map((p) => p.path),
    mentions: r.mentions.map((m) => [
      m.line,
      m.ref.replace('acme/engine', ''),
      m.role,
      m.recordedState,
    ]),
  };
}

describe('a state struck through in a header', () => {
  it('reads the state written after it, not the one taken back', () => {
    expect(
      header(
        [
          'UPSTREAM STATUS',
          '  own PR   #301 "pool: keep the tail" (ours, ~~OPEN~~ MERGED 2026-09-01).',
          '  Our PR #302 -- ~~**MERGED**~~ CLOSED.',
        ].join('\n'),
      ),
    ).toEqual([
      [4, '#301', 'own', 'MERGED'],
      [5, '#302', 'own', 'CLOSED'],
    ]);
  });
});

describe('a table row an editor wrapped inside a cell', () => {
  it('is one row: no parse-error, and its cells after the wrap keep their columns', () => {
    const r = ledger([
      '| `engine/fix_scale.py` | [#401](https://github.com/acme/engine/pull/401) reland; the bug came from',
      '[#390](https://github.com/acme/engine/pull/390) | OPEN | report #385 |',
      '| `engine/fix_pool.py` | [#410](https://github.com/acme/engine/pull/410) | MERGED | — |',
    ]);
    expect(r.problems).toEqual([]);
    expect(r.patches).toEqual(['patches/engine/fix_scale.py', 'patches/engine/fix_pool.py']);
    expect(r.mentions).toEqual([
      [5, '#401', 'fix', 'OPEN'],
      // The cause the cell names takes no part in the row's state.
      [6, '#390', 'introduced-the-defect', null],
      [6, '#385', 'related', null],
      [7, '#410', 'fix', 'MERGED'],
    ]);
  });

  it('still gives the state to a cause that is the only PR of its row', () => {
    expect(
      ledger([
        '| `engine/fix_scale.py` | [#390](https://github.com/acme/engine/pull/390) introduced the defect | MERGED | cause |',
      ]).mentions,
    ).toEqual([[5, '#390', 'introduced-the-defect', 'MERGED']]);
  });
});

describe("a PR cell's words about each ref", () => {
  it('reads states by position with `·`, "ours" without a colon, and a PR the row needs', () => {
    expect(
      ledger([
        '| `engine/fix_kv.py` | ours [#501](https://github.com/acme/engine/pull/501) · issue [#490](https://github.com/acme/engine/issues/490) · needs [#470](https://github.com/acme/engine/pull/470) | OPEN · OPEN · MERGED 2026-08-11 | — |',
      ]).mentions,
    ).toEqual([
      [5, '#501', 'own', 'OPEN'],
      [5, '#490', 'issue', 'OPEN'],
      [5, '#470', 'background', 'MERGED'],
    ]);
  });

  it('reads the PR a fix builds on as background, and what a PR fixes as the bug', () => {
    expect(
      ledger([
        '| `engine/fix_hash.py` | reland #601, on top of #590 | OPEN | — |',
        '| `engine/fix_gid.diff` | #610 (ours) fixes [#605](https://github.com/acme/engine/issues/605) | MERGED | — |',
      ]).mentions,
    ).toEqual([
      [5, '#601', 'fix', 'OPEN'],
      [5, '#590', 'background', null],
      [6, '#610', 'own', 'MERGED'],
      [6, '#605', 'issue', null],
    ]);
  });

  it('does not take "ours" ending the line above, or "not ours:", for the next ref', () => {
    expect(
      header(
        [
          '(open) #701 -- ours',
          "#702 is someone else's, and would not let us drop anything.",
          'fix is not ours: #703 by lena, same change, drop ours once it merges.',
        ].join('\n'),
      ).map(([line, ref, role]) => [line, ref, role]),
    ).toEqual([
      [3, '#701', 'own'],
      [4, '#702', 'related'],
      [5, '#703', 'fix'],
    ]);
  });
});

describe('a state cell that says which PRs it covers', () => {
  it('gives "both OPEN" to the bug named beside the PR too', () => {
    expect(
      ledger([
        '| `engine/fix_lock.py` | ours: [#801](https://github.com/acme/engine/pull/801) · issue: [#790](https://github.com/acme/engine/issues/790) | both OPEN | — |',
      ]).mentions,
    ).toEqual([
      [5, '#801', 'own', 'OPEN'],
      [5, '#790', 'issue', 'OPEN'],
    ]);
  });

  it('gives states by position to a PR in an aside when the cell has one for it', () => {
    expect(
      ledger([
        '| `engine/fix_pad.py` | [#820](https://github.com/acme/engine/pull/820) supersedes ours ([#811](https://github.com/acme/engine/pull/811)) | OPEN / CLOSED | — |',
      ]).mentions,
    ).toEqual([
      [5, '#820', 'fix', 'OPEN'],
      [5, '#811', 'own', 'CLOSED'],
    ]);
  });
});

describe('a PR that moves what the patch edits', () => {
  it('reads "moves `fn` into …" and "moves the function" as collisions', () => {
    expect(
      header(
        [
          'UPSTREAM STATUS',
          '  fix        #901  MERGED',
          '  see also   #902 moves `write_back` into the controller, and',
          '             #903 moves the function our sed hits.',
        ].join('\n'),
      ).map(([line, ref, role]) => [line, ref, role]),
    ).toEqual([
      [4, '#901', 'fix'],
      [5, '#902', 'anchor-collision'],
      [6, '#903', 'anchor-collision'],
    ]);
  });
});

describe('"a test" as words about a ref', () => {
  it('keeps "a test for this" and "only a test" as not the fix, but not "plus a test"', () => {
    expect(
      header(
        [
          'UPSTREAM STATUS',
          '  fix      #951 does exactly what this patch does, plus a test.',
          '  fix      #952 -- a test for this topology.',
        ].join('\n'),
      ).map(([line, ref, role]) => [line, ref, role]),
    ).toEqual([
      [4, '#951', 'fix'],
      [5, '#952', 'related'],
    ]);
  });
});

describe("a fork's words about its refs", () => {
  it('reads "own PR #n", "will collide with #n", and an issue we filed as the issue', () => {
    expect(
      header(
        [
          'Sent upstream: own PR #961, changes requested.',
          'It will collide with #962 once that lands.',
          'Upstream-Issue: #963 (ours, also open)',
        ].join('\n'),
      ).map(([line, ref, role]) => [line, ref, role]),
    ).toEqual([
      [3, '#961', 'own'],
      [4, '#962', 'anchor-collision'],
      [5, '#963', 'issue'],
    ]);
  });

  it('keeps "closed inactive … and nobody reopened it" closed', () => {
    expect(
      header('Upstream knows: #971 was closed inactive 2026-07-30 and nobody reopened it.'),
    ).toEqual([[3, '#971', 'related', 'CLOSED']]);
  });
});
