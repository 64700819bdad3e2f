/**
 * Shapes from session 16's queues, in our own words: a PR URL that points at
 * a tab of the PR, a `third-party:` label without "PR", words that retire
 * the patch by pointing back at the ref ("drop when that merges"), "sent
 * upstream as #n", `Upstream-PR:` in a team's commit message, and "conflicts
 * with this".
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

function ledgerProse(lines: string[]): (string | number | null)[][] {
  const text = ['# carried', '', ...lines, ''].join('\n');
  const r = parseLedger({ path: 'patch.upstream.status.md', patchesDir: 'patches', text });
  return r.mentions.map((m) => [m.line, m.ref.replace('acme/engine', ''), m.role, m.recordedState]);
}

/** A ledger holding one three-column table: `head` and its rows. */
function table(head: string, rows: string[]) {
  const text = ['# carried', '', head, '|---|---|---|', ...rows, ''].join('\n');
  return parseLedger({ path: 'patch.upstream.status.md', patchesDir: 'patches', text });
}

const PR = 'https://github.com/acme/engine/pull';

describe('a PR URL that points at a tab of the PR or at a comment', () => {
  it('reads the words after `/files`, `/commits/<sha>` and `#issuecomment-…` as the words after the ref', () => {
    expect(
      header(
        [
          'UPSTREAM STATUS (queried 2026-11-20)',
          `  fix:  ${PR}/410/files (ours, OPEN)`,
          `  fix:  ${PR}/411/commits/0badc0ffee12 (MERGED 2026-11-02)`,
          `  issue: https://github.com/acme/engine/issues/400#issuecomment-9912 (CLOSED)`,
        ].join('\n'),
      ),
    ).toEqual([
      [4, '#410', 'own', 'OPEN'],
      [5, '#411', 'fix', 'MERGED'],
      [6, '#400', 'issue', 'CLOSED'],
    ]);
  });

  it('reads the state after a markdown link to `/files` in a ledger paragraph', () => {
    const rows = ledgerProse([
      `- \`patches/pool.diff\` — [acme/engine#412](${PR}/412/files) (OPEN) for [acme/engine#409](https://github.com/acme/engine/issues/409).`,
    ]);
    expect(rows).toContainEqual([3, '#412', 'related', 'OPEN']);
  });
});

describe('a `third-party:` label written without "PR"', () => {
  it('gives the competing PR its role; "Alternative approaches …" in prose stays prose', () => {
    expect(
      header(
        [
          'UPSTREAM STATUS (queried 2026-11-20)',
          '  own PR:       #420 (OPEN)',
          '  third-party:  #421 (OPEN), same bug, other approach',
          '  Third party:  #422 (CLOSED)',
        ].join('\n'),
      ),
    ).toEqual([
      [4, '#420', 'own', 'OPEN'],
      [5, '#421', 'third-party', 'OPEN'],
      [6, '#422', 'third-party', 'CLOSED'],
    ]);
    expect(
      header(
        [
          'UPSTREAM STATUS (queried 2026-11-20)',
          '  Upstream has nothing yet. #423 (OPEN) is near it.',
          '',
          '  Alternative approaches #424 (OPEN) tried were slower.',
        ].join('\n'),
      ).map((m) => m[2]),
    ).toEqual(['related', 'related']);
  });
});

describe('words that retire the patch by pointing back at the ref', () => {
  it('makes the ref the fix: "drop when that merges", "if that ever merges, drop", "would let us drop this"', () => {
    expect(
      header(
        [
          'Upstream, in order:',
          ' - Lena reworked it as #431 (DRAFT); drop when that merges.',
          ' - #432 (draft); if that ever merges, drop.',
          ' - #433 is OPEN and would let us drop this.',
        ].join('\n'),
      ),
    ).toEqual([
      [4, '#431', 'fix', 'DRAFT'],
      [5, '#432', 'fix', 'DRAFT'],
      [6, '#433', 'fix', 'OPEN'],
    ]);
  });

  it('keeps the role where the clause denies it', () => {
    expect(
      header(
        [
          'Upstream:',
          ' - #434 is OPEN but would not let us drop this.',
          " - #435 (OPEN); don't drop when that merges, the env knob stays ours.",
        ].join('\n'),
      ).map((m) => m[2]),
    ).toEqual(['related', 'related']);
  });
});

describe("a team's own commit message", () => {
  it('reads "we sent this as #n" and "Sent upstream as #n" as ours, and `Upstream-PR:` as the fix', () => {
    expect(
      header(
        [
          'History:',
          ' - we sent this as #441 (CLOSED); superseded.',
          'Sent upstream as #442 (OPEN).',
          '',
          'Upstream-PR: #443',
          'Bob submitted a variant of it as #444, unrelated to our crash.',
          'Upstream-PR (ours): #445 (OPEN as of 2026-11-18)',
        ].join('\n'),
      ),
    ).toEqual([
      [4, '#441', 'own', 'CLOSED'],
      [5, '#442', 'own', 'OPEN'],
      [7, '#443', 'fix', null],
      [8, '#444', 'unrelated', null],
      [9, '#445', 'own', 'OPEN'],
    ]);
  });

  it('reads "either one conflicts with this" as a collision', () => {
    expect(header('Two OPEN PRs touch it: #451 (scheduler). It conflicts with this.')).toEqual([
      [3, '#451', 'anchor-collision', 'OPEN'],
    ]);
  });
});

describe('bullets in an UPSTREAM STATUS block', () => {
  const block = (bullet: string): string =>
    [
      'UPSTREAM STATUS (queried 2026-11-20)',
      `  ${bullet} own PR: #501 (OPEN)`,
      `  ${bullet} anchor collisions:`,
      `      ${bullet} #502 "refactor scheduler" (OPEN)`,
      `      ${bullet} #503 (MERGED)`,
      `  ${bullet} #504 (MERGED), the leak next door`,
      `  ${bullet} issue: #505`,
    ].join('\n');

  it('gives a nested bullet its parent label, and a sibling bullet without a label none', () => {
    const expected = [
      [4, '#501', 'own', 'OPEN'],
      [6, '#502', 'anchor-collision', 'OPEN'],
      [7, '#503', 'anchor-collision', 'MERGED'],
      [8, '#504', 'related', 'MERGED'],
      [9, '#505', 'issue', null],
    ];
    expect(header(block('-'))).toEqual(expected);
    expect(header(block('*'))).toEqual(expected);
  });

  it('keeps the lines of a `/* … */` comment one entry: their `*` is the comment, not a bullet', () => {
    const text = [
      '/*',
      ' * UPSTREAM STATUS (queried 2026-11-20)',
      ' *   anchor collisions: #511 (OPEN) rewrites the loop,',
      ' *   #512 (OPEN) too.',
      ' */',
      'int x;',
    ].join('\n');
    const r = readPatchHeader(
      { path: 'p/loop.c', text, defaultRepo: 'acme/engine' },
      { layout: null },
    );
    expect(r.mentions.map((m) => [m.ref, m.role])).toEqual([
      ['acme/engine#511', 'anchor-collision'],
      ['acme/engine#512', 'anchor-collision'],
    ]);
  });

  it('lets a later ref with words of its own escape the label: "issue: #521 (fixed by #522)"', () => {
    expect(
      header(
        [
          'UPSTREAM STATUS (queried 2026-11-20)',
          '  - issue: #521 [CLOSED] (fixed by #522)',
          '  - ours: NONE -- #522 was up before our repro.',
          '  - issue: #523, its twin was fixed by #524, which is in our pin already.',
        ].join('\n'),
      ),
    ).toEqual([
      [4, '#521', 'issue', 'CLOSED'],
      [4, '#522', 'fix', null],
      [5, '#522', 'fix', null],
      [6, '#523', 'issue', null],
      [6, '#524', 'background', null],
    ]);
  });
});

describe('a state in a parenthetical after another ref', () => {
  it("is that ref's, not the one the parenthetical follows", () => {
    expect(
      header('Upstream, for the record:\n  fix: #531 (ours was #530, CLOSED) replaces it.'),
    ).toEqual([
      [4, '#531', 'related', null],
      [4, '#530', 'related', null],
    ]);
    const rows = table('| patch | upstream PR | state |', [
      '| `a.patch` | acme/engine#531 (ours was #530, CLOSED) | OPEN |',
    ]).mentions.map((m) => [m.ref, m.role, m.recordedState]);
    expect(rows).toEqual([
      ['acme/engine#531', 'fix', 'OPEN'],
      ['acme/engine#530', 'own', 'CLOSED'],
    ]);
  });
});

describe('a sentence that points back at the ref before it', () => {
  it('"#n (cherry-picked). It MERGED … but got reverted by #m": the merge of #n was taken back', () => {
    expect(
      header(
        'History:\n  our PR #541 (cherry-picked). It MERGED 2026-09-12 but got reverted by #542 (MERGED).',
      ).map((m) => [m[1], m[2]]),
    ).toEqual([
      ['#541', 'related'],
      ['#542', 'background'],
    ]);
    expect(
      ledgerProse([
        '### 0006-alias.patch',
        '- upstream PR: acme/engine#543 (cherry-picked). It MERGED but got reverted by #544.',
        "- drop when: #545 merges. Don't go by #543.",
      ]).map((m) => [m[0], m[1], m[2]]),
    ).toEqual([
      [4, '#543', 'related'],
      [4, '#544', 'background'],
      [5, '#545', 'fix'],
      [5, '#543', 'related'],
    ]);
  });
});

describe("GitHub's closing words opening a line of a message", () => {
  it('name the issue the commit fixes, outside a block; a `fixes:` label in a block still names the fix', () => {
    expect(
      header('Fixes #551\nFix #552\nResolves #553 and more.\nfix: #555\nfix     #556'),
    ).toEqual([
      [3, '#551', 'issue', null],
      [4, '#552', 'issue', null],
      [5, '#553', 'issue', null],
      [6, '#555', 'related', null],
      [7, '#556', 'related', null],
    ]);
    expect(header('UPSTREAM STATUS (queried 2026-11-20)\n  fixes:  #554 (OPEN)')).toEqual([
      [4, '#554', 'fix', 'OPEN'],
    ]);
  });
});

describe('a ledger row whose PR cell points at another PR', () => {
  it('gives the row\'s one state to its PR, not to the one after "see"', () => {
    const r = table('| patch | upstream | state |', [
      '| `a.patch` | acme/engine#570 rejected, see #574 for their way | closed |',
      '| `b.patch` | acme/engine#580 and #581 | OPEN |',
    ]);
    expect(r.mentions.map((m) => [m.ref, m.recordedState])).toEqual([
      ['acme/engine#570', 'CLOSED'],
      ['acme/engine#574', null],
      ['acme/engine#580', 'OPEN'],
      ['acme/engine#581', 'OPEN'],
    ]);
  });
});

describe('a layer README table', () => {
  it('reads a column headed "upstream PR / issue" as the PR column, and "rejected" as CLOSED', () => {
    const r = parseLedger({
      path: 'README.md',
      patchesDir: '.',
      document: true,
      entries: true,
      text: [
        '| patch | upstream PR / issue | state |',
        '|---|---|---|',
        '| `0001-a.patch` | acme/engine#590 | rejected |',
        "| `0002-b.patch` | acme/engine#591 | won't upstream |",
        '',
      ].join('\n'),
    });
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      ['acme/engine#590', 'fix', 'CLOSED'],
      ['acme/engine#591', 'fix', null],
    ]);
    expect(r.problems).toEqual([]);
  });
});

describe('a headed entry under a title that says whose the patches are', () => {
  it("gives its bare refs the title's repository, not the one other project it cites", () => {
    const text = [
      '# corvid — downstream patch series',
      '',
      'Upstream is [corvid#5012](https://github.com/corvid-ai/corvid/pull/5012).',
      '',
      '## Patches',
      '',
      '### 0004-guard-fp8.patch',
      '- upstream PR: #5077, MERGED 2026-10-22',
      '- runtime dep: the kernel fix is [ferrule-kernels#88](https://github.com/ferrule-labs/ferrule-kernels/pull/88) (merged)',
      '- issue: #5070 (fixed by #5077)',
      '',
    ].join('\n');
    const r = parseLedger({ path: 'patch.upstream.status.md', patchesDir: 'patches', text });
    expect(r.mentions.map((m) => [m.line, m.ref, m.role])).toEqual([
      [3, 'corvid-ai/corvid#5012', 'related'],
      [8, 'corvid-ai/corvid#5077', 'fix'],
      [9, 'ferrule-labs/ferrule-kernels#88', 'related'],
      [10, 'corvid-ai/corvid#5070', 'issue'],
      [10, 'corvid-ai/corvid#5077', 'fix'],
    ]);
  });
});

describe('the successor of a collision', () => {
  it('stays a collision under a collisions heading and a collisions key', () => {
    const text = [
      '# carried',
      '',
      '## Anchor collisions to watch',
      '',
      '- relay_blocksize: acme/engine#8733 (CLOSED, superseded by #8790 which is OPEN)',
      '',
      '### 0002-relay.patch',
      '- collisions: acme/engine#8734 (CLOSED, superseded by #8791)',
      '',
    ].join('\n');
    const r = parseLedger({ path: 'patch.upstream.status.md', patchesDir: 'patches', text });
    expect(r.mentions.map((m) => [m.ref, m.role])).toEqual([
      ['acme/engine#8733', 'anchor-collision'],
      ['acme/engine#8790', 'anchor-collision'],
      ['acme/engine#8734', 'anchor-collision'],
      ['acme/engine#8791', 'anchor-collision'],
    ]);
  });
});

describe('a state cell that names each PR by number after its state', () => {
  it('reads "OPEN (811), CLOSED (805)" per PR, whatever the order', () => {
    const r = table('| patch | upstream PRs | state |', [
      '| `a.patch` | acme/engine#805, acme/engine#811 | OPEN (811), CLOSED (805) |',
      '| `b.patch` | acme/engine#806 | OPEN (pending review) |',
    ]);
    expect(r.mentions.map((m) => [m.ref, m.recordedState])).toEqual([
      ['acme/engine#805', 'CLOSED'],
      ['acme/engine#811', 'OPEN'],
      ['acme/engine#806', 'OPEN'],
    ]);
    expect(r.problems).toEqual([]);
  });
});

describe('states corrected or excepted', () => {
  it('reads "(OPEN) -> CLOSED" after a title as CLOSED, and "MERGED …; #819 CLOSED" per PR', () => {
    expect(
      header(
        [
          'UPSTREAM STATUS (queried 2026-11-24)',
          '  own PR: #601 "same for the other path"',
          '    (OPEN) -> CLOSED without merge 11-02, folded into #600.',
        ].join('\n'),
      ).slice(0, 1),
    ).toEqual([[4, '#601', 'own', 'CLOSED']]);
    const r = table('| patch | upstream PRs | state |', [
      '| `a.patch` | acme/engine#823 ours, acme/engine#819 superseded | ~~OPEN~~ MERGED 2026-11-15; #819 CLOSED |',
    ]);
    expect(r.mentions.map((m) => [m.ref, m.recordedState])).toEqual([
      ['acme/engine#823', 'MERGED'],
      ['acme/engine#819', 'CLOSED'],
    ]);
  });

  it('reads no state in a "drop when:" key: "#5301 merged + base bump" is a condition', () => {
    expect(
      ledgerProse(['### 0009-lora.patch', '- drop when: acme/engine#5301 merged + base bump']),
    ).toEqual([[4, '#5301', 'fix', null]]);
  });
});

describe('"Upstream fixed this in #n"', () => {
  it('names the fix, with the state beside it', () => {
    expect(
      header('Upstream fixed this in acme/engine#8920 (merged 2026-10-29), not by us.'),
    ).toEqual([[3, '#8920', 'fix', 'MERGED']]);
  });
});

describe('a summary table with no patch column', () => {
  it("records its PRs' states, for no patch, and lints nothing", () => {
    const r = parseLedger({
      path: 'patch.upstream.status.md',
      patchesDir: 'patches',
      text: [
        '# corvid series',
        '',
        '| # | patch (short) | upstream PR | PR state |',
        '|---|---|---|---|',
        '| 02 | scheduler preempt order | acme/engine#5012 | MERGED |',
        '| 05 | min_p order | acme/engine#5342 (ours was #5318, CLOSED) | OPEN |',
        '| 07 | graph sizes | none yet | — |',
        '| 09 | lora race | acme/engine#5301 | waiting on review, see notes |',
        '',
      ].join('\n'),
    });
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState, m.patch])).toEqual([
      ['acme/engine#5012', 'related', 'MERGED', null],
      ['acme/engine#5342', 'related', 'OPEN', null],
      ['acme/engine#5318', 'own', 'CLOSED', null],
      ['acme/engine#5301', 'related', null, null],
    ]);
    expect(r.problems).toEqual([]);
  });
});

describe('"re-cut" is what a collision costs', () => {
  it('makes the ref whose landing forces a re-cut a collision', () => {
    expect(
      header(
        [
          'Upstream:',
          ' - #701 (OPEN) moves the pool; if it lands first we re-cut on top of it.',
          ' - re-cut when the meson port #702 lands.',
          ' - #703 (DRAFT): either way, landing it means re-cutting this script, not dropping it.',
          ' - #704 (OPEN) is our fix; no re-cut needed for it.',
          ' - #706 (OPEN) forces a re-cut if it merges before #705, we have to re-cut then.',
        ].join('\n'),
      ).map((m) => [m[1], m[2]]),
    ).toEqual([
      ['#701', 'anchor-collision'],
      ['#702', 'anchor-collision'],
      ['#703', 'anchor-collision'],
      ['#704', 'related'],
      ['#706', 'anchor-collision'],
      ['#705', 'related'],
    ]);
  });
});
