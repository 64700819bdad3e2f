/**
 * Role words from session 14's queues (each in our own words here): the
 * real or upstream fix named before its ref, a backport of someone's PR,
 * "collision:" before refs, and a PR that moves the patched function.
 */
import { describe, expect, it } from 'vitest';
import { readPatchHeader } from '../../src/sources/headers/patch-header.js';
import { parseLedger } from '../../src/sources/ledger/index.js';
import { parseRecord, parseRecordIndex } from '../../src/sources/records/index.js';

function roles(body: string): (string | number)[][] {
  const text = `Tune the pool.\n\n${body}\n\ndiff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n`;
  const r = readPatchHeader(
    { path: 'p/pool.diff', text, defaultRepo: 'acme/engine' },
    { layout: null },
  );
  return r.mentions.map((m) => [m.line, m.ref.replace('acme/engine', ''), m.role]);
}

describe('a fix named before its ref', () => {
  it('reads "upstream fix", "the real fix is", "proper fix:"', () => {
    expect(
      roles(
        [
          'Upstream fix #101 is in review.',
          "Lena's real fix is #102; it reworks the pool.",
          'Proper fix: #103.',
        ].join('\n'),
      ),
    ).toEqual([
      [3, '#101', 'fix'],
      [4, '#102', 'fix'],
      [5, '#103', 'fix'],
    ]);
  });

  it("reads a backport or cherry-pick of someone's PR as its fix", () => {
    expect(
      roles(
        ["Cherry-picked from ravi-k's PR #201 as is.", 'Backport of upstream PR #202.'].join('\n'),
      ),
    ).toEqual([
      [3, '#201', 'fix'],
      [4, '#202', 'fix'],
    ]);
  });
});

describe('collisions in words', () => {
  it('reads "collision:" before the refs of its sentence', () => {
    expect(roles('Collision: two PRs rewrite the allocator, #401 and #402.')).toEqual([
      [3, '#401', 'anchor-collision'],
      [3, '#402', 'anchor-collision'],
    ]);
  });

  it('reads "same collision" and "moves this function" after a ref', () => {
    expect(
      roles(
        ['#501 moves this function into pool.c, see above.', '#502 too, same collision.'].join(
          '\n',
        ),
      ),
    ).toEqual([
      [3, '#501', 'anchor-collision'],
      [4, '#502', 'anchor-collision'],
    ]);
  });
});

function states(body: string): (string | number | null)[][] {
  const text = `Tune the pool.\n\n${body}\n\ndiff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n`;
  const r = readPatchHeader(
    { path: 'p/pool.diff', text, defaultRepo: 'acme/engine' },
    { layout: null },
  );
  return r.mentions.map((m) => [m.line, m.ref.replace('acme/engine', ''), m.recordedState]);
}

describe('a PR that does not retire the patch, in words', () => {
  it('reads a partial fix, a fix that does not help, and another side', () => {
    expect(
      roles(
        [
          'Upstream PR #601 only fixed the gRPC backend, not the HTTP one we use.',
          'The HTTP backend was fixed upstream in #602; the socket path is ours.',
          'Merged #603 last week, but that does not help us here.',
          'router side: #604 passes the flag through, but it is a no-op until #605 lands.',
          'Its follow-up #606 is merged too, inert until the router half ships.',
        ].join('\n'),
      ).filter(([, ref]) => ref !== '#605'),
    ).toEqual([
      [3, '#601', 'related'],
      [4, '#602', 'related'],
      [5, '#603', 'related'],
      [6, '#604', 'related'],
      [7, '#606', 'related'],
    ]);
  });

  it('still reads "only covers" alone as the fix the entry names', () => {
    expect(roles('Upstream fix: #701, which only covers the 128-expert loader.')).toEqual([
      [3, '#701', 'fix'],
    ]);
  });
});

describe('states written the way a terse header does', () => {
  it('reads "(not ours, open)" after a title, and an emoji state right after a ref', () => {
    expect(
      states(
        [
          'UPSTREAM STATUS',
          '  issue   #801 "pool leaks on resize" (not ours, open)',
          '  own PR  #802 ❌ closed — the maintainer wanted a knob',
          '          #803 🟡 open — the knob version, in review',
        ].join('\n'),
      ),
    ).toEqual([
      [4, '#801', 'OPEN'],
      [5, '#802', 'CLOSED'],
      [6, '#803', 'OPEN'],
    ]);
  });

  it('does not take a note before a lower-case state for whose the PR is', () => {
    expect(states(['UPSTREAM STATUS', '  issues  #811, #812 (dup, closed)'].join('\n'))).toEqual([
      [4, '#811', null],
      [4, '#812', null],
    ]);
  });
});

describe('a table row broken by an editor wrap', () => {
  it('reads the wrapped tail as the notes of the row above, not as a patch row', () => {
    const text = [
      '# carried',
      '',
      '| patch | upstream PR | state | notes |',
      '|---|---|---|---|',
      '| `engine/fix_scale.patch` | [#901](https://github.com/acme/engine/pull/901) | OPEN | #902 rejects the config instead, so only',
      '#901 would retire this patch |',
      '| `engine/fix_pool.py` | [#910](https://github.com/acme/engine/pull/910) | MERGED | — |',
      '',
    ].join('\n');
    const r = parseLedger({ path: 'patch.upstream.status.md', patchesDir: 'patches', text });
    expect(r.problems).toEqual([]);
    expect(r.patches.map((p) => p.path)).toEqual([
      'patches/engine/fix_scale.patch',
      'patches/engine/fix_pool.py',
    ]);
    expect(r.mentions.filter((m) => m.line === 6).map((m) => [m.ref, m.patch])).toEqual([
      ['acme/engine#901', 'patches/engine/fix_scale.patch'],
    ]);
  });
});

describe('a record item naming several refs under one state', () => {
  it('reads `refs:` as one mention each, sharing the state and relevance, with no problem', () => {
    const text = [
      'schema_version: 1',
      'patch: { path: patches/engine/0006-rope-order.patch }',
      'target: { repo: acme/engine }',
      'related_refs:',
      '  # three refactors of the same function in flight',
      '  - relevance: anchor-collision',
      '    kind: pr',
      '    state: OPEN        # all three',
      '    refs:',
      '      - acme/engine#5150   # split prefill/decode',
      '      - "#5166"',
      '      - https://github.com/acme/engine/pull/5190',
      '  - ref: acme/engine#92',
      '    state: DRAFT',
      '',
    ].join('\n');
    const r = parseRecord({ path: 'r.upstream.status.yaml', text, patchPath: null });
    expect(r.problems).toEqual([]);
    expect(
      r.mentions.map((m) => [m.line, m.ref, m.role, m.recordedState, m.stateLine ?? null]),
    ).toEqual([
      [10, 'acme/engine#5150', 'anchor-collision', 'OPEN', 8],
      [11, 'acme/engine#5166', 'anchor-collision', 'OPEN', 8],
      [12, 'acme/engine#5190', 'anchor-collision', 'OPEN', 8],
      [13, 'acme/engine#92', 'related', 'DRAFT', 14],
    ]);
  });
});

describe('a merged PR that does not retire this patch', () => {
  it('reads a fix of one path only, and a merge the text says retired nothing', () => {
    expect(
      roles(
        [
          'UPSTREAM STATUS',
          '  fix     #1103 (MERGED) fixes the kernel, but ships in 1.4.x -- its',
          '          merge did NOT retire this script.',
          '  fix     Upstream fixed the llama path only, in #1101; ours is the qwen one.',
        ].join('\n'),
      ),
    ).toEqual([
      [4, '#1103', 'related'],
      [6, '#1101', 'related'],
    ]);
    const text = [
      '| patch | upstream PR | state |',
      '|---|---|---|',
      '| `engine/rope.patch` | none of ours -- the llama-only fix was [#1102](https://github.com/acme/engine/pull/1102) | MERGED |',
      '',
    ].join('\n');
    const r = parseLedger({ path: 'patch.upstream.status.md', patchesDir: 'patches', text });
    expect(r.mentions.map((m) => [m.ref, m.role])).toEqual([['acme/engine#1102', 'related']]);
  });

  it('keeps "closed … and I never reopened it" closed', () => {
    expect(
      states('An earlier try (#1201) was closed by the stale bot and I never reopened it.'),
    ).toEqual([[3, '#1201', 'CLOSED']]);
  });
});

describe('an upper-case state right after a ref, without a dash', () => {
  it('reads "#n, CLOSED <date>" and "#n OPEN, …" in prose and in a ledger bullet', () => {
    expect(
      states('Replaces our first attempt #1301, CLOSED 2026-10-28 after the design review.'),
    ).toEqual([[3, '#1301', 'CLOSED']]);
    const text = [
      '# carried',
      '',
      '- `engine/fix_lock.py`',
      '  - upstream: [#1302](https://github.com/acme/engine/pull/1302), the lock-free version',
      '  - status: #1302 OPEN, changes requested once',
      '',
    ].join('\n');
    const r = parseLedger({ path: 'patch.upstream.status.md', patchesDir: 'patches', text });
    expect(r.mentions.map((m) => [m.line, m.ref, m.recordedState])).toEqual([
      [4, 'acme/engine#1302', null],
      [5, 'acme/engine#1302', 'OPEN'],
    ]);
  });

  it('leaves a lower-case state in prose unread, as SPEC §2.4 says', () => {
    expect(states('Ours, #1303, still a draft; #1304 is still open.')).toEqual([
      [3, '#1303', null],
      [3, '#1304', null],
    ]);
  });
});

describe("a queue patch's field whose own words say what its refs are", () => {
  it('reads collisions in the words an `Upstream:` value runs on with', () => {
    expect(
      roles(
        [
          'Upstream: two OPEN PRs touch this function right now: #1401, #1402. Neither',
          'fixes the double free -- both will collide with the second hunk.',
        ].join('\n'),
      ),
    ).toEqual([
      [3, '#1401', 'anchor-collision'],
      [3, '#1402', 'anchor-collision'],
    ]);
  });

  it("does not take the next field's words for the ref's own", () => {
    expect(
      roles(
        [
          'Forwarded: https://github.com/acme/engine/pull/1403',
          'Status: approved, not merged (their CI is red for unrelated reasons)',
        ].join('\n'),
      ),
    ).toEqual([[3, '#1403', 'fix']]);
  });
});

describe('reverts and partial repairs', () => {
  it('reads a revert named a few words after "REVERTED", and an escaped-quote revert title', () => {
    expect(
      states(
        [
          'UPSTREAM STATUS',
          '  upstream fix   #1501 "clamp it" (hsato, MERGED 2026-10-08) -- REVERTED three days later',
          '                 by #1502 "Revert \\"clamp',
          '                 it\\"" (hsato, MERGED 2026-10-11).',
        ].join('\n'),
      ),
    ).toEqual([
      [4, '#1501', 'MERGED'],
      [5, '#1502', 'MERGED'],
    ]);
    expect(
      roles(
        [
          'UPSTREAM STATUS',
          '  upstream fix   #1501 "clamp it" (hsato, MERGED 2026-10-08) -- REVERTED three days later',
          '                 by #1502 "Revert" (hsato, MERGED 2026-10-11).',
        ].join('\n'),
      ),
    ).toEqual([
      [4, '#1501', 'related'],
      [5, '#1502', 'background'],
    ]);
  });

  it('reads ditto rows for a revert and a partial repair, and "would not retire ours"', () => {
    const text = [
      '| patch | upstream PR | state | notes |',
      '|---|---|---|---|',
      '| `engine/sampler.py` | [#1601](https://github.com/acme/engine/pull/1601) | OPEN | re-land, ours |',
      '| ″ (revert) | [#1602](https://github.com/acme/engine/pull/1602) | MERGED | broke parity |',
      '| ″ (partial, LFU policy only) | [#1603](https://github.com/acme/engine/pull/1603) | DRAFT | |',
      '| ″ | [#1604](https://github.com/acme/engine/pull/1604) | OPEN | LRU still races; would not retire ours |',
      '',
    ].join('\n');
    const r = parseLedger({ path: 'patch.upstream.status.md', patchesDir: 'patches', text });
    expect(r.mentions.map((m) => [m.ref.replace('acme/engine', ''), m.role])).toEqual([
      ['#1601', 'fix'],
      ['#1602', 'related'],
      ['#1603', 'third-party'],
      ['#1604', 'related'],
    ]);
  });
});

describe('states given to an entry by a key of their own', () => {
  it("reads an index's `ours_upstream_pr` written as a list item is, with its state", () => {
    const text = [
      'schema_version: 1',
      'patches:',
      '  - path: kv/rdma_retry.diff',
      '    target: { repo: acme/kv }',
      '    ours_upstream_pr:',
      '      ref: acme/kv#655',
      '      state: OPEN',
      '  - path: kv/probe.sh',
      '    target: { repo: acme/kv }',
      '    ours_upstream_pr: acme/kv#660',
      '',
    ].join('\n');
    const r = parseRecordIndex({ path: 'p/patch.upstream.status.yaml', text, patchesDir: 'p' });
    expect(r.problems).toEqual([]);
    expect(
      r.mentions.map((m) => [m.line, m.ref, m.role, m.recordedState, m.stateLine ?? null]),
    ).toEqual([
      [6, 'acme/kv#655', 'own', 'OPEN', 7],
      [10, 'acme/kv#660', 'own', null, null],
    ]);
  });

  it('gives a `State:` bullet\'s state to the entry\'s PR, and its "reverted" takes the fix away', () => {
    const text = [
      '# carried',
      '',
      '### `engine/rope_clamp.py`',
      '- **Issue:** [#8874](https://github.com/acme/engine/issues/8874)',
      '- **Upstream PR:** [#9034](https://github.com/acme/engine/pull/9034)',
      '- **State:** MERGED (but reverted in #9188)',
      '',
      '- `engine/detok.py` — the stream splits a code point.',
      '  - upstream: [#4420](https://github.com/acme/engine/pull/4420), ours (mkovac)',
      '  - status: OPEN, one approval',
      '',
    ].join('\n');
    const r = parseLedger({ path: 'patch.upstream.status.md', patchesDir: 'patches', text });
    expect(
      r.mentions.map((m) => [
        m.line,
        m.ref.replace('acme/engine', ''),
        m.role,
        m.recordedState,
        m.stateLine ?? null,
      ]),
    ).toEqual([
      [4, '#8874', 'issue', null, null],
      [5, '#9034', 'related', 'MERGED', 6],
      [6, '#9188', 'background', null, null],
      [9, '#4420', 'own', 'OPEN', 10],
    ]);
  });

  it('reads "-- but reverted by #m" after a labelled fix', () => {
    expect(
      roles(
        [
          'UPSTREAM STATUS',
          '  upstream PR  #1701 "clamp" (MERGED 2026-10-19) -- but reverted by',
          '               #1702 (MERGED 2026-10-30, perf regression).',
        ].join('\n'),
      ),
    ).toEqual([
      [4, '#1701', 'related'],
      [5, '#1702', 'background'],
    ]);
  });
});

describe('a ref that ends an aside', () => {
  it('does not take the state its sentence gives the subject', () => {
    const text = [
      '# notes',
      '',
      "Laure's [#1801](https://github.com/acme/engine/pull/1801) (the size_t fix, issue #1802) is OPEN.",
      '',
    ].join('\n');
    const r = parseLedger({ path: 'patch.upstream.status.md', patchesDir: 'patches', text });
    expect(r.mentions.filter((m) => m.ref.endsWith('#1802')).map((m) => m.recordedState)).toEqual([
      null,
    ]);
    // In apposition it is the subject: "the attempt (#1803) was merged".
    expect(states('The first attempt (#1803) was merged and then reverted.')).toEqual([
      [3, '#1803', 'MERGED'],
    ]);
  });

  it('reads "… are collisions" and ": collisions" after refs', () => {
    expect(roles('Two PRs rewrite ring.c, #1811 and #1812: collisions.')).toEqual([
      [3, '#1811', 'anchor-collision'],
      [3, '#1812', 'anchor-collision'],
    ]);
  });
});

describe('an upper-case state after a comma that a line break or "both" follows', () => {
  it('reads "#n,⏎still OPEN", and "#a and #b, both OPEN" for both', () => {
    expect(
      states(
        [
          'The etcd half is our PR #1901,',
          'still OPEN on 2026-10-29 with one approval.',
          'Two candidates came the same week, #1902 and #1903, both OPEN and neither ours.',
        ].join('\n'),
      ),
    ).toEqual([
      [3, '#1901', 'OPEN'],
      [5, '#1902', 'OPEN'],
      [5, '#1903', 'OPEN'],
    ]);
  });
});

describe('a "Collisions to watch" section of patch bullets', () => {
  it("reads the refs of each patch's bullet there as collisions with it", () => {
    const text = [
      '# carried',
      '',
      '| patch | upstream PR | state |',
      '|---|---|---|',
      '| `engine/preempt.py` | [#2001](https://github.com/acme/engine/pull/2001) | OPEN |',
      '',
      '## Collisions to watch',
      '',
      '- `engine/preempt.py`: acme/engine#2002 (scheduler v2) replaces `_preempt` wholesale.',
      '',
    ].join('\n');
    const r = parseLedger({ path: 'patch.upstream.status.md', patchesDir: 'patches', text });
    expect(r.mentions.map((m) => [m.line, m.ref, m.role, m.patch])).toEqual([
      [5, 'acme/engine#2001', 'fix', 'patches/engine/preempt.py'],
      [9, 'acme/engine#2002', 'anchor-collision', 'patches/engine/preempt.py'],
    ]);
  });
});
