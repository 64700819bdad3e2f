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

  it("reads an upper-case state a word or two after the ref that ends its clause: '#N ours OPEN;'", () => {
    expect(
      prose(
        '- #18866 ours OPEN; #18870 collides (OPEN), same hunk.',
        '- #18871 fixes OPEN issues in the pool.',
      ),
    ).toEqual([
      ['tarn-org/tarn#18866', 3, 'own', 'OPEN', null],
      ['tarn-org/tarn#18870', 3, 'anchor-collision', 'OPEN', null],
      ['tarn-org/tarn#18871', 4, 'related', null, null],
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

describe('a ledger of patch bullets', () => {
  const r = parseLedger({
    path: 'third_party/patch.upstream.status.md',
    patchesDir: 'third_party/patches',
    text: [
      '| lib | pin |',
      '|---|---|',
      '| [mesh](https://github.com/helion/mesh) | 2.4.1 |',
      '| [tok](https://github.com/tokiwa/tok) | 0.18 |',
      '',
      '### Waiting on review',
      '',
      '- `mesh/bucket_anchor.py` (ines) — the last rank drops grads.',
      '  ours: [mesh#18842](https://github.com/helion/mesh/pull/18842) (open). bug #18790.',
      '  corelink/fabric#212 closed -- fyi only',
      '- `tok/merge_cache.diff` (ines) — the cache never evicts. #641 OPEN -- that one would fix it.',
      '',
      '### Gone',
      '',
      '- `mesh/old_fuse.py` — dropped at 2.4.0, upstream #17455 (merged).',
      '',
      '- a note that names no patch: #18790 again.',
    ].join('\n'),
  });

  it('indexes the patch each bullet opens with, retired under a Gone heading', () => {
    expect(r.patches.map((p) => [p.path, p.line, p.retired, p.repo])).toEqual([
      ['third_party/patches/mesh/bucket_anchor.py', 8, false, 'helion/mesh'],
      ['third_party/patches/tok/merge_cache.diff', 11, false, 'tokiwa/tok'],
      ['third_party/patches/mesh/old_fuse.py', 15, true, 'helion/mesh'],
    ]);
  });

  it("gives the bullet's refs to its patch, and a bare #N to the patch folder's upstream", () => {
    expect(
      r.mentions
        .filter((m) => m.patch !== null)
        .map((m) => [m.ref, m.line, m.role, m.recordedState, m.patch?.split('/').at(-1)]),
    ).toEqual([
      ['helion/mesh#18842', 9, 'own', 'OPEN', 'bucket_anchor.py'],
      ['helion/mesh#18790', 9, 'issue', null, 'bucket_anchor.py'],
      ['corelink/fabric#212', 10, 'related', null, 'bucket_anchor.py'],
      ['tokiwa/tok#641', 11, 'fix', 'OPEN', 'merge_cache.diff'],
      ['helion/mesh#17455', 15, 'related', 'MERGED', 'old_fuse.py'],
    ]);
    // Outside a patch bullet, a bare #N where two repos meet stays ambiguous.
    expect(r.ambiguous.map((a) => [a.text, a.line])).toEqual([['#18790', 17]]);
  });
});

describe('words in a PR cell, session 11 (q11)', () => {
  it("reads 'anchor risk' before a ref as a collision, and 'issue' before one as the issue, without the PR state", () => {
    const r = parseLedger({
      path: 'b/patch.upstream.status.md',
      patchesDir: 'b/patches',
      text: [
        '| file | upstream | state when frozen |',
        '|---|---|---|',
        '| `prism/fp8.py` | [prism#2199](https://github.com/corvid/prism/pull/2199) (ours), issue prism#2188 | OPEN |',
        '| `tangle/0002.patch` | [tangle#893](https://github.com/mesh/tangle/pull/893) ours; anchor risk [tangle#899](https://github.com/mesh/tangle/pull/899) | #893 OPEN, #899 OPEN |',
        '',
      ].join('\n'),
    });
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      ['corvid/prism#2199', 'own', 'OPEN'],
      ['corvid/prism#2188', 'issue', null],
      ['mesh/tangle#893', 'own', 'OPEN'],
      ['mesh/tangle#899', 'anchor-collision', 'OPEN'],
    ]);
  });
});

describe('a patch table whose header names no PR or state column (q13)', () => {
  const link = (n: number) => `[specula#${n}](https://github.com/quill/specula/pull/${n})`;
  const r = parseLedger({
    path: 'images/patch.upstream.status.md',
    patchesDir: 'images/patches',
    text: [
      '## specula',
      '',
      '| file | what breaks | tracked as | where it stands | who |',
      '|---|---|---|---|---|',
      `| \`specula/a.patch\` | eviction frees blocks | ${link(2214)} | OPEN | ours (mira) |`,
      `| \`specula/b.py\` | counter wraps | ${link(2302)}; bug #2288 | PR OPEN / bug OPEN | not us |`,
      `| \`specula/c.patch\` | prefill starves | ${link(2177)} | **MERGED** 2026-10-02, not in 0.9.3 | upstream |`,
      `| \`specula/d.sh\` | labels blow up | ${link(2140)} | issue auto-closed by the stale bot | ptell |`,
      '',
      '## History',
      '',
      '| file | replaced by | gone since |',
      '|---|---|---|',
      `| \`specula/old.py\` | ${link(2098)} (MERGED) | 0.9.0 bump |`,
      '',
    ].join('\n'),
  });

  it('takes the column most of whose cells name a ref for the PRs, and the one that opens with states for the state', () => {
    expect(r.mentions.map((m) => [m.ref, m.line, m.role, m.recordedState])).toEqual([
      // `who: ours (mira)`: a `who` column says whose the PR is (session 12).
      ['quill/specula#2214', 5, 'own', 'OPEN'],
      ['quill/specula#2302', 6, 'fix', 'OPEN'],
      ['quill/specula#2288', 6, 'issue', null],
      ['quill/specula#2177', 7, 'fix', 'MERGED'],
      ['quill/specula#2140', 8, 'fix', null],
      ['quill/specula#2098', 14, 'background', 'MERGED'],
    ]);
  });

  it('reads a cell of such a state column it cannot read as prose, not as a parse-error', () => {
    expect(r.problems).toEqual([]);
  });

  it('retires the patches of a History table', () => {
    expect(r.patches.map((p) => [p.path.split('/').at(-1), p.retired])).toEqual([
      ['a.patch', false],
      ['b.py', false],
      ['c.patch', false],
      ['d.sh', false],
      ['old.py', true],
    ]);
  });
});

describe('asides and fixes already in the base (q13)', () => {
  it('gives a shared state cell to the refs of the PR cell, not to one in its aside', () => {
    const r = parseLedger({
      path: 'p/patch.upstream.status.md',
      patchesDir: 'p/patches',
      text: [
        '| patch | upstream PR | PR state |',
        '|---|---|---|',
        '| `a.py` | o/r#2370, o/r#2388 (also o/r#2371, see script) | both OPEN |',
        '',
      ].join('\n'),
    });
    expect(r.mentions.map((m) => [m.ref, m.recordedState])).toEqual([
      ['o/r#2370', 'OPEN'],
      ['o/r#2388', 'OPEN'],
      ['o/r#2371', null],
    ]);
    expect(r.stateCells.map((c) => c.refs)).toEqual([['o/r#2370', 'o/r#2388']]);
  });

  it("reads 'fixed upstream by #n (merged, already in 0.9.3)' as background", () => {
    const r = parseLedger({
      path: 'p/patches/README.md',
      patchesDir: 'p/patches',
      defaultRepo: 'o/r',
      document: true,
      text: '- the swap crash: fixed upstream by o/r#2201 (merged, already in 0.9.3). Nothing to do.\n',
    });
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      ['o/r#2201', 'background', 'MERGED'],
    ]);
  });
});

describe('words in a PR cell, q14', () => {
  it("reads '#801 is only its regression test' as related, beside the fix", () => {
    const r = parseLedger({
      path: 'g/patch.upstream.status.md',
      patchesDir: 'g/patches',
      text: [
        '| patch | upstream PR | PR state |',
        '|---|---|---|',
        '| `f/clamp.py` | [fennec#790](https://github.com/f/fa/pull/790) is the fix; [#801](https://github.com/f/fa/pull/801) is only its regression test | both OPEN |',
        '',
      ].join('\n'),
    });
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      ['f/fa#790', 'fix', 'OPEN'],
      ['f/fa#801', 'related', 'OPEN'],
    ]);
  });
});

describe('a state column is not guessed from prose', () => {
  it('leaves a notes column, and long lower-case cells, out of the state column', () => {
    const link = (n: number) => `[lib#${n}](https://github.com/o/lib/pull/${n})`;
    const r = parseLedger({
      path: 'p/patch.upstream.status.md',
      patchesDir: 'p/patches',
      text: [
        '| patch | upstream PR | notes | how it stands |',
        '|---|---|---|---|',
        `| \`a.py\` | ${link(1)} | merged upstream, but only on main | open question whether they take the flag at all |`,
        `| \`b.py\` | ${link(2)} | merged upstream last week, bump pending | open question about the ROCm path, nobody owns it |`,
        '',
      ].join('\n'),
    });
    expect(r.mentions.map((m) => [m.ref, m.recordedState])).toEqual([
      ['o/lib#1', null],
      ['o/lib#2', null],
    ]);
    expect(r.problems).toEqual([]);
  });
});

describe('a PR column is not guessed from a column that says what its refs are', () => {
  it('leaves "see also" and "cause" columns out of the PR column', () => {
    const link = (n: number) => `[lib#${n}](https://github.com/o/lib/pull/${n})`;
    const r = parseLedger({
      path: 'p/patch.upstream.status.md',
      patchesDir: 'p/patches',
      text: [
        '| patch | cause | see also | state |',
        '|---|---|---|---|',
        `| \`a.py\` | ${link(1)} | ${link(2)} | OPEN |`,
        `| \`b.py\` | ${link(3)} | ${link(4)} | OPEN |`,
        '',
      ].join('\n'),
    });
    expect(r.mentions.every((m) => m.role !== 'fix' && m.role !== 'own')).toBe(true);
    expect(r.mentions).toHaveLength(4);
  });
});

describe('a bullet that names a file that is no patch', () => {
  it('stays prose: `Dockerfile.serve` in a note indexes nothing', () => {
    const r = parseLedger({
      path: 'p/patch.upstream.status.md',
      patchesDir: 'p/patches',
      defaultRepo: 'o/lib',
      text: '## Build\n\n- `Dockerfile.serve` pins lib at v0.9.4, see #12.\n',
    });
    expect(r.patches).toEqual([]);
    expect(r.mentions.map((m) => [m.ref, m.patch])).toEqual([['o/lib#12', null]]);
  });
});

describe('q15: two ledgers by other hands', () => {
  const r = parseLedger({
    path: 'b/docker/patch.upstream.status.md',
    patchesDir: 'b/docker/patches',
    text: [
      '| Patch | Symptom | PR | State |',
      '|---|---|---|---|',
      '| loom/batch_pad.diff | mask wrong | o/loom#5350 | closed |',
      '| " | anchor collision | o/loom#5480 | OPEN |',
      '| loom/health_probe.sh | probe times out | o/loom#5455 | merged |',
      '',
      'Notes:',
      '',
      '- `health_probe.sh`: o/loom#5455 shipped; drop it at the next bump.',
      '- The rewrite #5480 was closed in favour of',
      '  [#5671](https://github.com/o/loom/pull/5671), which carries the same rewrite and will',
      '  collide with `batch_pad.diff` the same way.',
      '',
      '## Not patches',
      '- patches/apply.sh (driver)',
      '',
    ].join('\n'),
  });
  const roles = () => r.mentions.map((m) => [m.ref, m.line, m.role]);

  it("takes a plain ditto row's role from the short cell beside it", () => {
    expect(roles()).toContainEqual(['o/loom#5480', 4, 'anchor-collision']);
  });

  it('lets a collision in the ref\'s own words outweigh "in favour of" before it', () => {
    expect(roles()).toContainEqual(['o/loom#5671', 11, 'anchor-collision']);
  });

  it('reads a bullet naming an indexed patch by its file name as a note about it, indexing nothing new', () => {
    expect(r.patches.map((p) => p.path)).toEqual([
      'b/docker/patches/loom/batch_pad.diff',
      'b/docker/patches/loom/health_probe.sh',
    ]);
    expect(r.mentions.find((m) => m.line === 9)?.patch).toBe(
      'b/docker/patches/loom/health_probe.sh',
    );
  });

  it("reads a plain `patches/…` path under Not patches, from the ledger's folder", () => {
    expect(r.notPatches).toEqual(['b/docker/patches/apply.sh']);
  });
});
