/**
 * Ledger shapes from the queues written in session 11 by colleagues who
 * never ran the tool (each shape in our own words here): columns named by
 * their words, a bare `upstream` column that names the project.
 */
import { describe, expect, it } from 'vitest';
import { findColumns } from '../../src/sources/ledger/columns.js';
import { parseLedger } from '../../src/sources/ledger/index.js';

describe('ledger columns read by their words', () => {
  it('reads tracking / fix upstream / PR status / ours? as issue, PR, state and ours', () => {
    expect(
      findColumns(['file', 'symptom', 'tracking', 'fix upstream', 'PR status', 'ours?', 'notes']),
    ).toEqual({ patch: 0, issue: 2, pr: 3, state: 4, ours: 5, retires: false });
  });

  it('takes a bare upstream column for the project when another column says PR', () => {
    expect(
      findColumns(['next', 'upstream', 'patch', 'issue', 'upstream PR(s)', 'ours?', 'PR state']),
    ).toEqual({ patch: 2, issue: 3, pr: 4, state: 6, ours: 5, retires: false });
    // Alone, `upstream` is where the PR is.
    expect(findColumns(['patch', 'upstream', 'status'])).toEqual({
      patch: 0,
      issue: null,
      pr: 1,
      state: 2,
      ours: null,
      retires: false,
    });
  });

  it('leaves columns that say what a patch fixes unread', () => {
    expect(findColumns(['patch', 'fixes', 'fixed', 'what'])).toEqual({
      patch: 0,
      issue: null,
      pr: null,
      state: null,
      ours: null,
      retires: false,
    });
  });

  it('reads such a row: the PR, its state, ours, and the issue by the row repo', () => {
    const r = parseLedger({
      path: 'images/patch.upstream.status.md',
      patchesDir: 'images/patches',
      text: [
        '| file | symptom | tracking | fix upstream | PR status | ours? | notes |',
        '|---|---|---|---|---|---|---|',
        '| `kv/retry.diff` | hangs | #741 | [kv#768](https://github.com/kv-org/kv/pull/768) | OPEN (changes requested) | yes — priya | |',
        '',
        'Also [lib#3](https://github.com/lib-org/lib/pull/3).',
      ].join('\n'),
    });
    expect(r.mentions.map((m) => [m.ref, m.line, m.role, m.recordedState])).toEqual([
      ['kv-org/kv#741', 3, 'issue', null],
      ['kv-org/kv#768', 3, 'own', 'OPEN'],
      ['lib-org/lib#3', 5, 'related', null],
    ]);
    expect(r.patches.map((p) => [p.path, p.repo])).toEqual([
      ['images/patches/kv/retry.diff', 'kv-org/kv'],
    ]);
  });
});
