/**
 * States and roles written in the shapes a held-out queue in the team's style
 * showed (session 10), each read the same way in a patch header's block or
 * prose and in a ledger's prose (SPEC §2.3–2.4). Every case is a shape, in
 * words of this project's own.
 */
import { describe, expect, it } from 'vitest';
import type { Mention } from '../../src/model.js';
import { parseHeader } from '../../src/sources/headers/index.js';
import { parseLedger } from '../../src/sources/ledger/index.js';
import { findColumns } from '../../src/sources/ledger/columns.js';
import { readDitto } from '../../src/sources/ledger/paths.js';
import { readPatchHeader } from '../../src/sources/headers/patch-header.js';

const REPO = 'example-org/engine';
const lines = (...ls: string[]): string => ls.join('\n') + '\n';
const header = (text: string): Mention[] =>
  parseHeader({ path: 'p/fix_rows.diff', text, defaultRepo: REPO, aliases: new Map() }).mentions;
const ledger = (text: string): Mention[] =>
  parseLedger({
    path: 'deploy/patch.upstream.status.md',
    text,
    patchesDir: 'deploy/patches',
    aliases: new Map([['engine', REPO]]),
  }).mentions;
const brief = (m: Mention) => [m.ref.replace(`${REPO}#`, '#'), m.line, m.role, m.recordedState];

describe('a state in words that opens the parenthetical after a ref', () => {
  it('reads "(landed <date>)" as MERGED with its date and "(auto-closed …)" as CLOSED', () => {
    const text = lines(
      'UPSTREAM STATUS (re-queried 2026-10-02)',
      '  issue          #301 "rows drift under DP" (auto-closed by the stale bot',
      '                 in September; nobody posted a repro).',
      '  upstream fix   #305 "pad rows before top-k" (landed 2026-09-20, r-ito).',
    );
    const ms = header(text);
    expect(ms.map(brief)).toEqual([
      ['#301', 2, 'issue', 'CLOSED'],
      ['#305', 4, 'fix', 'MERGED'],
    ]);
    expect(ms[1]?.recordedDate).toBe('2026-09-20');
  });

  it('does not read it after a condition', () => {
    const ms = header(lines('If #305 (landed upstream) reaches our base, drop the pad.'));
    expect(ms.map((m) => m.recordedState)).toEqual([null]);
  });
});

describe('a one-ref sentence inside a paragraph that names other refs', () => {
  it('gives the ref the state its own sentence writes further on, and none to the others', () => {
    const ms = header(
      lines(
        'Issue #310 reported the same stall and was closed as stale in',
        'August. PR #312 tried a lock around the pool; see its thread.',
      ),
    );
    expect(ms.map(brief)).toEqual([
      ['#310', 1, 'issue', 'CLOSED'],
      ['#312', 2, 'related', null],
    ]);
  });

  it('reads an upper-case state in a parenthetical after an apposition, in a one-ref sentence', () => {
    const ms = header(
      lines('Prior art: #320, a 2025 proposal for pinned pools (CLOSED,', '"not planned").'),
    );
    expect(ms.map(brief)).toEqual([['#320', 1, 'related', 'CLOSED']]);
  });
});

describe('a state verb past the ref: after its closing parenthesis, or in a relative clause', () => {
  it('reads "the first try (#n) is CLOSED" and "#n, which landed in 1.4"', () => {
    const ms = header(
      lines(
        'The first try (#330) is CLOSED: it only covered the decode path.',
        'The CUDA twin #332, which landed in 1.4, does the same check.',
      ),
    );
    expect(ms.map(brief)).toEqual([
      ['#330', 1, 'related', 'CLOSED'],
      ['#332', 2, 'related', 'MERGED'],
    ]);
  });
});

describe('"both STATE" after refs joined by "and", each with its own title', () => {
  it('gives both refs the shared state in a header block', () => {
    const ms = header(
      lines(
        'UPSTREAM STATUS (re-queried 2026-10-02)',
        '  upstream fix   #340 "scale per head" and',
        '                 #341 "stride per head" (both MERGED 2026-09-01).',
      ),
    );
    expect(ms.map(brief)).toEqual([
      ['#340', 2, 'fix', 'MERGED'],
      ['#341', 3, 'fix', 'MERGED'],
    ]);
    expect(ms.map((m) => m.sharedState ?? false)).toEqual([true, true]);
  });

  it('and in a ledger paragraph', () => {
    const ms = ledger(
      lines(
        '# Ledger',
        '',
        'The scale fix came in two halves, engine#340 `scale per head` and',
        'engine#341 `stride per head` (both MERGED 2026-09-01).',
      ),
    );
    expect(ms.map((m) => [m.ref, m.recordedState])).toEqual([
      [`${REPO}#340`, 'MERGED'],
      [`${REPO}#341`, 'MERGED'],
    ]);
  });
});

describe('a lower-case "none" after the own-PR label', () => {
  it('is the whole answer: the refs after it are not ours', () => {
    const ms = header(
      lines(
        'UPSTREAM STATUS (re-queried 2026-10-02)',
        '  issue          #350 "stall on idle ranks" (OPEN).',
        '  own PR         none -- we reviewed #352 instead of sending our own.',
      ),
    );
    expect(ms.find((m) => m.ref === `${REPO}#352`)?.role).not.toBe('own');
  });

  it('is prose when the line goes on ("none for ROCm"): the label still binds', () => {
    const ms = header(
      lines(
        'UPSTREAM STATUS (re-queried 2026-10-02)',
        '  own PR         none for ROCm yet; the CUDA half is #354 (OPEN).',
      ),
    );
    expect(ms.map(brief)).toEqual([['#354', 2, 'own', 'OPEN']]);
  });
});

describe('collision words written before the refs of their sentence', () => {
  it('makes the refs that follow anchor collisions', () => {
    const ms = ledger(
      lines(
        '# Ledger',
        '',
        'Two OPEN PRs rewrite the code our script anchors on, engine#360 and',
        'engine#361; neither fixes the stall.',
      ),
    );
    expect(ms.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      [`${REPO}#360`, 'anchor-collision', 'OPEN'],
      [`${REPO}#361`, 'anchor-collision', 'OPEN'],
    ]);
  });
});

describe('more label spellings', () => {
  it('knows fixed-upstream, cause, competing and collision labels; unknown ones stay related', () => {
    const ms = header(
      lines(
        'UPSTREAM STATUS (re-queried 2026-10-02)',
        '  bug report     #400 (OPEN).',
        '  fixed upstream #401 (MERGED 2026-09-01).',
        '  regressed by   #402 (MERGED).',
        '  competing PR   #403 (OPEN).',
        '  collides       #404 (OPEN).',
        '  see also       #405 (OPEN).',
      ),
    );
    expect(ms.map((m) => [m.ref.replace(`${REPO}#`, '#'), m.role])).toEqual([
      ['#400', 'issue'],
      ['#401', 'fix'],
      ['#402', 'introduced-the-defect'],
      ['#403', 'third-party'],
      ['#404', 'anchor-collision'],
      ['#405', 'related'],
    ]);
  });
});

describe("a ref inside another ref's title or parenthetical", () => {
  it('takes the role the words just before it give: "fixed by", "superseded by"', () => {
    const ms = header(
      lines(
        'UPSTREAM STATUS (re-queried 2026-10-02)',
        '  issue          #410 "stall under load" (CLOSED, fixed by #411).',
        '  own PR         #412 "pad rows" (CLOSED -- superseded by #413).',
        '  anchor risk    #414 "Revert #415" (OPEN).',
      ),
    );
    expect(ms.map((m) => [m.ref.replace(`${REPO}#`, '#'), m.role])).toEqual([
      ['#410', 'issue'],
      ['#411', 'fix'],
      ['#412', 'own'],
      ['#413', 'fix'],
      ['#414', 'anchor-collision'],
      ['#415', 'related'],
    ]);
  });
});

describe('a ref written again in a later entry of the same block', () => {
  it('keeps the role its own entry gave it; the later entry labels only its first refs', () => {
    const ms = header(
      lines(
        'UPSTREAM STATUS (re-queried 2026-10-02)',
        '  own PR         #420 "pad the tile table" (OPEN).',
        '  anchor risk    #421 "generate the tile table" (OPEN) deletes the dict',
        '                 this script edits; if it lands first, #420 must be redone.',
        '  issue          #422 (OPEN). Same report as #423.',
      ),
    );
    expect(ms.map((m) => [m.ref.replace(`${REPO}#`, '#'), m.line, m.role])).toEqual([
      ['#420', 2, 'own'],
      ['#421', 3, 'anchor-collision'],
      ['#420', 4, 'own'],
      ['#422', 5, 'issue'],
      ['#423', 5, 'issue'],
    ]);
  });
});

describe('ledger columns by other names', () => {
  it('reads file / upstream PR / state / ours / issue / notes as a patch table', () => {
    expect(findColumns(['file', 'upstream PR', 'state', 'ours', 'issue', 'notes'])).toEqual({
      patch: 0,
      pr: 1,
      state: 2,
      ours: 3,
      issue: 4,
      retires: false,
    });
    expect(findColumns(['script', 'fixes', 'pull request', 'status', 'bug report'])).toEqual({
      patch: 0,
      pr: 2,
      state: 3,
      ours: null,
      issue: 4,
      retires: false,
    });
  });

  it('indexes the rows of such a table and reads their refs and states', () => {
    const r = parseLedger({
      path: 'deploy/patch.upstream.status.md',
      text: lines(
        '| file | upstream PR | status | ours | issue |',
        '|---|---|---|---|---|',
        '| `engine/pad_rows.py` | engine#500 | *open* | yes | engine#498 |',
      ),
      patchesDir: 'deploy/patches',
      aliases: new Map([['engine', REPO]]),
    });
    expect(r.patches.map((p) => p.path)).toEqual(['deploy/patches/engine/pad_rows.py']);
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      [`${REPO}#500`, 'own', 'OPEN'],
      [`${REPO}#498`, 'issue', null],
    ]);
  });
});

describe('ditto parentheticals in the words the prose readers know', () => {
  it.each<[string, string | null]>([
    ['″ (collides)', 'anchor-collision'],
    ['〃 (test only)', 'related'],
    ['ditto (cause, not a fix)', 'introduced-the-defect'],
    ['″ (background)', 'background'],
    ['″ (alternative repair)', 'third-party'],
    ['″ (same defect, other path)', 'related'],
    ['″ (second half)', null],
  ])('%s → %s', (cell, role) => {
    expect(readDitto(cell)?.role).toBe(role);
  });
});

describe('fields of a queue patch', () => {
  it('give a bare #N the repository of its ledger row; an ecosystem patch keeps it unattributed', () => {
    const text = lines(
      'Backport of two upstream commits.',
      '',
      'Upstream: #455 / #461 (both merged after our pinned tag)',
      '---',
      'diff --git a/a b/a',
    );
    const queue = readPatchHeader({
      path: 'deploy/patches/engine/0002-cq.patch',
      text,
      defaultRepo: REPO,
      aliases: new Map(),
    });
    expect(queue.mentions.map((m) => [m.ref, m.line, m.role])).toEqual([
      [`${REPO}#455`, 3, 'fix'],
      [`${REPO}#461`, 3, 'fix'],
    ]);
    expect(queue.ambiguous).toEqual([]);
    const layer = readPatchHeader(
      { path: 'package/engine/0002-cq.patch', text, defaultRepo: REPO, aliases: new Map() },
      { layout: 'buildroot' },
    );
    expect(layer.mentions.filter((m) => m.role === 'fix')).toEqual([]);
  });
});

describe('a patches folder README that also cites another project', () => {
  it('gives its bare refs the folder repository, and a ref after another project the nearest', () => {
    const r = parseLedger({
      path: 'deploy/patches/engine/README.md',
      text: lines(
        '# engine patches',
        '',
        'Ours upstream: example-org/engine#505.',
        '',
        '- #510 (merged): drop `pad_rows.py` at the next bump.',
        '- The kernel side is tracked as other-org/kernels#81 (OPEN).',
      ),
      patchesDir: 'deploy/patches/engine',
      document: true,
      defaultRepo: REPO,
    });
    expect(r.mentions.map((m) => m.ref)).toEqual([
      `${REPO}#505`,
      `${REPO}#510`,
      'other-org/kernels#81',
    ]);
    expect(r.ambiguous).toEqual([]);
  });
});

describe('"N STATE PRs" before the refs', () => {
  it('covers N refs in a ledger paragraph too, and not the ref after them', () => {
    const ms = ledger(
      lines(
        '# Ledger',
        '',
        'Three OPEN PRs touch the pool: engine#601, engine#602 and engine#603.',
        'Only engine#604 (ours) changes the order; the other three are anchor',
        'collisions for `pool_order.py`.',
      ),
    );
    expect(ms.map((m) => [m.ref.replace(`${REPO}#`, '#'), m.role, m.recordedState])).toEqual([
      ['#601', 'related', 'OPEN'],
      ['#602', 'related', 'OPEN'],
      ['#603', 'related', 'OPEN'],
      ['#604', 'own', null],
    ]);
  });

  it('with "all" and no number, covers the refs of its own sentence only', () => {
    const ms = header(lines('All OPEN PRs that touch the pool: #611 and #612. Then #613 came up.'));
    expect(ms.map((m) => [m.ref.replace(`${REPO}#`, '#'), m.recordedState])).toEqual([
      ['#611', 'OPEN'],
      ['#612', 'OPEN'],
      ['#613', null],
    ]);
  });
});

describe('"(ours)" right after a ref', () => {
  it('makes it own in a header paragraph', () => {
    const ms = header(lines('The fix is #620 (ours, OPEN); #621 is a test.'));
    expect(ms.map((m) => [m.ref.replace(`${REPO}#`, '#'), m.role])).toEqual([
      ['#620', 'own'],
      ['#621', 'related'],
    ]);
  });
});

describe('words that retire the patch, further into the entry', () => {
  it('name the ref when their sentence points back at it ("the PR whose merge")', () => {
    const ms = header(
      lines(
        'UPSTREAM STATUS (re-queried 2026-10-02)',
        '  competing PR   #630 "track victims per step" (OPEN, 2 approvals).',
        '                 Same set, same place. This is the PR whose merge',
        '                 retires this script.',
        '  retires it     #631, if it lands before the next bump.',
      ),
    );
    expect(ms.map((m) => [m.ref.replace(`${REPO}#`, '#'), m.role])).toEqual([
      ['#630', 'fix'],
      ['#631', 'fix'],
    ]);
  });

  it('do not, when they are about the base and name no PR', () => {
    const ms = header(
      lines(
        'UPSTREAM: not submitted. The closest report, other-org/engine#640, was',
        'auto-closed with no follow-up. Worth measuring when upstreaming. DROP',
        'THIS PATCH once the base waits on the event.',
      ),
    );
    expect(ms.map((m) => m.role)).toEqual(['related']);
  });
});

describe('more ways to write a state or an owner', () => {
  it('reads a state cell written as a transition by its last state', () => {
    const r = parseLedger({
      path: 'deploy/patch.upstream.status.md',
      text: lines(
        '| patch | upstream PR | PR state |',
        '|---|---|---|',
        '| `engine/a.py` | engine#700 | DRAFT → OPEN |',
        '| `engine/b.py` | engine#701 | OPEN -> MERGED 2026-10-01 |',
      ),
      patchesDir: 'deploy/patches',
      aliases: new Map([['engine', REPO]]),
    });
    expect(r.mentions.map((m) => [m.ref, m.recordedState, m.recordedDate])).toEqual([
      [`${REPO}#700`, 'OPEN', null],
      [`${REPO}#701`, 'MERGED', '2026-10-01'],
    ]);
  });

  it('reads "closed unmerged" after a ref, "ours:" before one, and "replaced by"', () => {
    const ms = header(
      lines(
        'A revert was proposed in #710 and closed unmerged.',
        'Ours: #711, still in review.',
        'The first try #712 was CLOSED by its author, replaced by #713.',
      ),
    );
    expect(ms.map((m) => [m.ref.replace(`${REPO}#`, '#'), m.role, m.recordedState])).toEqual([
      ['#710', 'related', 'CLOSED'],
      ['#711', 'own', null],
      ['#712', 'related', 'CLOSED'],
      ['#713', 'fix', null],
    ]);
  });

  it('reads a queue patch\'s "Upstream: <url> -- ours." as our own PR', () => {
    const text = lines(
      'Roll back the draft KV on partial acceptance.',
      '',
      'Upstream: https://github.com/example-org/engine/pull/720 -- ours. Once it',
      'merges and we bump, delete this file.',
      '---',
      'diff --git a/a b/a',
    );
    const r = readPatchHeader({
      path: 'deploy/patches/engine/rollback.patch',
      text,
      defaultRepo: REPO,
      aliases: new Map(),
    });
    expect(r.mentions.map((m) => [m.ref, m.role])).toEqual([[`${REPO}#720`, 'own']]);
  });
});

describe('a ref whose entry later says its merge retires the patch', () => {
  it('is the fix at every mention in that block entry, and back-references after it', () => {
    const ms = header(
      lines(
        'UPSTREAM STATUS (re-queried 2026-10-02)',
        '  third-party PR #730 "require the same host before HIP IPC"',
        '                 (lwen, OPEN). Same fix as ours, one function earlier;',
        '                 when #730 merges this diff becomes a no-op and can go.',
        '  own PR         NONE -- #730 was up before we found the bug.',
      ),
    );
    expect(ms.map((m) => [m.line, m.role])).toEqual([
      [2, 'fix'],
      [4, 'fix'],
      [5, 'fix'],
    ]);
  });

  it('but not across a paragraph outside a block: there each mention speaks for itself', () => {
    const ms = header(
      lines(
        'THIS DIFF vs #740',
        '  scope   #740 also trims the eager output.',
        '  names   Fields follow #740, so if it merges this diff is a plain delete.',
      ),
    );
    expect(ms.map((m) => [m.line, m.role])).toEqual([
      [1, 'related'],
      [2, 'related'],
      [3, 'fix'],
    ]);
  });
});

describe('a terser ledger: bracketed states, an Upstream column, an Owner column', () => {
  const r = parseLedger({
    path: 'build/patch.upstream.status.md',
    text: lines(
      '| Patch | Upstream | Status | Owner | Bug |',
      '|---|---|---|---|---|',
      '| `engine/a.py` | engine#800 clamp the end | [open] | us (`mk`) | engine#790 [open] |',
      '| ″ (anchor collision) | engine#801; engine#802 | both [open] | — | — |',
      '| ″ (superseded) | engine#799 first try | [CLOSED] | us | — |',
      '| `engine/b.py` | engine#810 | landed 2026-08-28 | `dsantos` | — |',
      '| ″ (already in base) | engine#805 makes it configurable | [MERGED] | `hm` | — |',
      '| `engine/c.py` | engine#820 | auto-closed 2026-07-30 | us | — |',
    ),
    patchesDir: 'build/patches',
    aliases: new Map([['engine', REPO]]),
  });
  it('reads each row by its meaning', () => {
    expect(
      r.mentions.map((m) => [m.ref.replace(`${REPO}#`, '#'), m.role, m.recordedState]),
    ).toEqual([
      ['#800', 'own', 'OPEN'],
      ['#790', 'issue', 'OPEN'],
      ['#801', 'anchor-collision', 'OPEN'],
      ['#802', 'anchor-collision', 'OPEN'],
      ['#799', 'related', 'CLOSED'],
      ['#810', 'fix', 'MERGED'],
      ['#805', 'background', 'MERGED'],
      ['#820', 'own', 'CLOSED'],
    ]);
  });
});

describe('an empty field over a list in a queue patch', () => {
  it('is a heading: its items keep their own labels and words', () => {
    const text = lines(
      'Add 24/40/48 to the default capture sizes.',
      '',
      'Upstream:',
      ' - Our PR: #830, closed as stale 2026-07-30. Not re-opened.',
      ' - Already in base: #831 [MERGED] made the list configurable.',
      '',
      'diff --git a/a b/a',
    );
    const h = readPatchHeader({
      path: 'build/patches/engine/sizes.diff',
      text,
      defaultRepo: REPO,
      aliases: new Map(),
    });
    expect(h.trailers.fields).toEqual([]);
    expect(
      h.mentions.map((m) => [m.ref.replace(`${REPO}#`, '#'), m.role, m.recordedState]),
    ).toEqual([
      ['#830', 'own', 'CLOSED'],
      ['#831', 'background', 'MERGED'],
    ]);
  });
});

describe("a folder README that cites only the project's own tracker", () => {
  it('still gives its bare refs the folder upstream', () => {
    const r = parseLedger({
      path: 'build/patches/engine/README.md',
      text: lines(
        '# engine',
        '',
        '- `a.py` -- our PR #840 [open].',
        '',
        'See example-org/ours#61.',
      ),
      patchesDir: 'build/patches/engine',
      document: true,
      defaultRepo: REPO,
      ownRepo: 'example-org/ours',
    });
    expect(r.mentions.map((m) => m.ref)).toEqual([`${REPO}#840`, 'example-org/ours#61']);
  });
});

describe('a folder README that cites one other project', () => {
  it('gives its bare refs the folder upstream; a bare ref right after the other project takes it', () => {
    const r = parseLedger({
      path: 'build/patches/engine/README.md',
      text: lines(
        '# engine',
        '',
        '| file | upstr. | note |',
        '|---|---|---|',
        '| `a.diff` | #850 | ours; #851/#852 collide |',
        '| `b.diff` | — | cause: #853; other-org/kernels#9 is the kernel side, see #10 |',
      ),
      patchesDir: 'build/patches/engine',
      document: true,
      defaultRepo: REPO,
    });
    expect(r.mentions.map((m) => m.ref)).toEqual([
      `${REPO}#850`,
      `${REPO}#851`,
      `${REPO}#852`,
      `${REPO}#853`,
      'other-org/kernels#9',
      'other-org/kernels#10',
    ]);
  });
});

describe('a PR merged, then reverted upstream', () => {
  it('is no fix in a header block, and the revert is background', () => {
    const ms = header(
      lines(
        'UPSTREAM STATUS (re-queried 2026-11-03)',
        '  fix PR         #900 "handle a missing config" (MERGED 2026-10-02)',
        '                 -- then reverted in #901 (MERGED 2026-10-19).',
        '  re-land        #902 (OPEN). If #902 lands, delete this file.',
      ),
    );
    expect(ms.map((m) => [m.ref.replace(`${REPO}#`, '#'), m.role, m.recordedState])).toEqual([
      ['#900', 'related', 'MERGED'],
      ['#901', 'background', 'MERGED'],
      ['#902', 'fix', 'OPEN'],
      ['#902', 'fix', null],
    ]);
  });

  it('is no fix in a ledger row whose state cell says so', () => {
    const r = parseLedger({
      path: 'build/patch.upstream.status.md',
      text: lines(
        '| patch | upstream PR | ours? | PR state |',
        '|---|---|---|---|',
        '| `engine/a.py` | engine#900 — reverted upstream | no | **MERGED** 2026-10-02 (reverted) |',
        '| `engine/b.py` | engine#910 | no | **MERGED** 2026-10-05 |',
      ),
      patchesDir: 'build/patches',
      aliases: new Map([['engine', REPO]]),
    });
    expect(
      r.mentions.map((m) => [m.ref.replace(`${REPO}#`, '#'), m.role, m.recordedState]),
    ).toEqual([
      ['#900', 'related', 'MERGED'],
      ['#910', 'fix', 'MERGED'],
    ]);
  });
});

describe('a transition in the parenthetical after a ref', () => {
  it('records the last state', () => {
    const ms = header(lines('Related: #950 "swap path only" (jfeng, DRAFT → OPEN on 2026-10-30).'));
    expect(ms.map((m) => [m.recordedState, m.recordedDate])).toEqual([['OPEN', '2026-10-30']]);
  });
});

describe('numbered lists and dashes in a docstring block', () => {
  it('read "`ref` — STATE", "our PR `ref`" and "closed in favour of #n"', () => {
    const ms = header(
      lines(
        '## Upstream status — Nov 2 2026',
        '',
        '1. upstream issue `example-org/engine#960` — OPEN',
        '2. our PR `example-org/engine#961` — **CLOSED**, closed in favour of #962',
        "3. #962 (the maintainers' version) — **MERGED** into `main` 2026-10-14.",
      ),
    );
    expect(ms.map((m) => [m.ref.replace(`${REPO}#`, '#'), m.role, m.recordedState])).toEqual([
      ['#960', 'related', 'OPEN'],
      ['#961', 'own', 'CLOSED'],
      ['#962', 'fix', null],
      // By position only here; settleRoles gives it the fix role the run reads above.
      ['#962', 'related', 'MERGED'],
    ]);
  });
});

describe('a condition, then the order to delete', () => {
  it('"Once it is in a tag we pin, delete this script" names the ref; "the sampler fix #n" is a fix', () => {
    const ms = header(
      lines(
        'UPSTREAM STATUS (re-queried 2026-09-12)',
        '  third-party PR #970 "truncate at EOS" (feiyu, OPEN). Same bug, one',
        '                 layer lower. Once it is in a tag we pin, delete',
        '                 this script.',
        '',
        'The sampler fix #971 landed on 2026-08-21. The issue it fixes, #972, was',
        'closed inactive.',
      ),
    );
    expect(ms.map((m) => [m.ref.replace(`${REPO}#`, '#'), m.role])).toEqual([
      ['#970', 'fix'],
      ['#971', 'fix'],
      ['#972', 'related'],
    ]);
  });
});
