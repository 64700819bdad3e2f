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

describe('what a row says of its PRs besides the PR cell', () => {
  const ledger = (...rows: string[]) =>
    parseLedger({
      path: 'images/patch.upstream.status.md',
      patchesDir: 'images/patches',
      text: [
        '| patch | what | upstream PR | state | issue | notes |',
        '|---|---|---|---|---|---|',
        ...rows,
        '',
      ].join('\n'),
    });
  const roles = (r: ReturnType<typeof ledger>) =>
    r.mentions.map((m) => [m.ref, m.role, m.recordedState]);
  const link = (n: number) => `[brisa#${n}](https://github.com/mist/brisa/pull/${n})`;

  it('takes the refs of a PR cell that opens with n/a or "not sent" as related, unless words make one the fix', () => {
    const r = ledger(
      `| \`a.py\` | NaNs | n/a — maintainers want it inside the loader rewrite (${link(5420)}, draft) | — | — | |`,
      `| \`b.py\` | spins | not sent; ${link(3011)} (not ours, DRAFT) would fix it | — | — | |`,
      `| \`c.py\` | inf | none of ours; ${link(5255)} is the same clamp | OPEN | — | |`,
    );
    expect(roles(r)).toEqual([
      ['mist/brisa#5420', 'related', 'DRAFT'],
      ['mist/brisa#3011', 'fix', 'DRAFT'],
      ['mist/brisa#5255', 'fix', 'OPEN'],
    ]);
  });

  it("reads a notes cell that names no ref: 'both ours', and 'we keep it regardless'", () => {
    const r = ledger(
      `| \`a.py\` | stalls | ${link(12)} → ${link(15)} | #12 CLOSED; #15 OPEN | none | both ours (priya) |`,
      `| ″ (kernel side) | — | ${link(212)} saturating cast | DRAFT | — | gfx942 only, we keep the clamp regardless |`,
      `| \`b.py\` | leaks | ${link(30)} | OPEN | — | approved once, CI red on an unrelated job |`,
    );
    expect(roles(r)).toEqual([
      ['mist/brisa#12', 'own', 'CLOSED'],
      ['mist/brisa#15', 'own', 'OPEN'],
      ['mist/brisa#212', 'related', 'DRAFT'],
      ['mist/brisa#30', 'fix', 'OPEN'],
    ]);
  });

  it("reads '(one path only)' after a PR as a partial repair, not the patch's fix", () => {
    const r = ledger(
      `| \`a.py\` | leaks | ${link(815)} (ours) / ${link(816)} (CUDA IPC path only) | both OPEN | — | |`,
    );
    expect(roles(r)).toEqual([
      ['mist/brisa#815', 'own', 'OPEN'],
      ['mist/brisa#816', 'third-party', 'OPEN'],
    ]);
  });
});

describe('states and owners in ledger prose', () => {
  const prose = (...lines: string[]) =>
    parseLedger({
      path: 'vendor/tarn/README.md',
      patchesDir: 'vendor',
      defaultRepo: 'tarn-org/tarn',
      document: true,
      text: ['## tarn', '', ...lines, ''].join('\n'),
    }).mentions.map((m) => [m.ref, m.line, m.role, m.recordedState, m.stateLine ?? null]);

  it("reads 'Ours is #N (who), OPEN' and 'Ours is\\n#N, still DRAFT' as our PR, with the upper-case state", () => {
    expect(
      prose(
        '- **0001.patch**: the budget underflows. Ours is #3318 (dvance), OPEN, one approval.',
        '- **0002.patch**: leases lapse early. Ours is',
        '  #668, still in review; the fix is open, not merged.',
      ),
    ).toEqual([
      ['tarn-org/tarn#3318', 3, 'own', 'OPEN', null],
      ['tarn-org/tarn#668', 5, 'own', null, null],
    ]);
  });

  it("gives 'both\\nMERGED' after a comma to each ref of the group before it", () => {
    expect(
      prose(
        '- Fixed upstream in two steps, #812 (reset the pool) and #815 (lazy rebuild), both',
        '  MERGED in October.',
      ),
    ).toEqual([
      ['tarn-org/tarn#812', 3, 'related', 'MERGED', 4],
      ['tarn-org/tarn#815', 3, 'related', 'MERGED', 4],
    ]);
  });
});
