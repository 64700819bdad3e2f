import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Mention } from '../../src/model.js';
import { parseLedger, type LedgerResult } from '../../src/sources/ledger/index.js';
import { cpuNow } from '../support/cpu-time.js';

const LEDGER = 'deploy/docker/patch.upstream.status.md';
const DIR = 'deploy/docker/patches';
const P = (rel: string): string => `${DIR}/${rel}`;

const fixture = (name: string): string =>
  readFileSync(new URL(`../fixtures/ledger/${name}`, import.meta.url), 'utf8');

const parse = (text: string, aliases?: Record<string, string>): LedgerResult =>
  parseLedger({
    path: LEDGER,
    text,
    patchesDir: DIR,
    ...(aliases ? { aliases: new Map(Object.entries(aliases)) } : {}),
  });

/** The mention fields a reader of the ledger cares about, as one compact row. */
const row = (m: Mention) => [
  m.line,
  m.ref,
  m.patch,
  m.role,
  m.recordedState,
  m.recordedDate,
  m.sharedState ?? false,
  m.kindHint,
];

/** Each recorded state's span, sliced out of the original text. */
const stateWords = (text: string, r: LedgerResult) =>
  r.mentions
    .filter((m) => m.stateSpan)
    .map((m) => [m.ref, m.line, text.slice(m.stateSpan!.start, m.stateSpan!.end)]);

// CRLF and BOM variants are derived from the LF fixture here rather than
// committed, so git's end-of-line normalisation can never quietly undo them.
const BIG = fixture('big.md');
const BIG_CRLF = BIG.replace(/\n/g, '\r\n');
const BIG_BOM = `\uFEFF${BIG}`;
const BIG_BOM_CRLF = `\uFEFF${BIG_CRLF}`;

const ENGINE = 'example-org/engine';
const TRANSPORT = 'example-org/transport';

const BIG_MENTIONS = [
  [11, `${ENGINE}#4101`, P('engine_core/fix_rows.py'), 'own', 'OPEN', null, false, 'pr'],
  [12, `${ENGINE}#3990`, P('engine_core/fix_rows.py'), 'related', 'OPEN', null, false, 'pr'],
  [
    13,
    `${ENGINE}#3877`,
    P('engine_core/fix_rows.py'),
    'anchor-collision',
    'OPEN',
    null,
    true,
    'pr',
  ],
  [
    13,
    `${ENGINE}#3712`,
    P('engine_core/fix_rows.py'),
    'anchor-collision',
    'OPEN',
    null,
    true,
    'pr',
  ],
  [14, `${ENGINE}#4150`, P('engine_core/fix_rows.py'), 'own', 'DRAFT', null, false, null],
  [15, `${ENGINE}#3500`, P('engine_core/host_alloc.py'), 'issue', null, null, false, 'issue'],
  [
    15,
    `${ENGINE}#3655`,
    P('engine_core/host_alloc.py'),
    'fix',
    'MERGED',
    '2026-07-09',
    false,
    'pr',
  ],
  [16, `${ENGINE}#3600`, P('engine_core/kv_pool.patch'), 'issue', null, null, false, 'issue'],
  [16, `${ENGINE}#3877`, P('engine_core/kv_pool.patch'), 'fix', 'MERGED', null, false, 'pr'],
  [16, `${ENGINE}#3712`, P('engine_core/kv_pool.patch'), 'fix', 'OPEN', null, false, 'pr'],
  [17, `${ENGINE}#30378`, P('engine_core/attn/backend.py'), 'fix', 'MERGED', null, false, null],
  [17, `${ENGINE}#30500`, P('engine_core/attn/backend.py'), 'fix', 'OPEN', null, false, null],
  [
    18,
    'example-org/platform#69',
    P('engine_core/sched_guard.py'),
    'issue',
    null,
    null,
    false,
    'issue',
  ],
  [19, `${ENGINE}#2900`, P('engine_core/old_path.py'), 'fix', 'CLOSED', null, false, 'pr'],
  [20, `${ENGINE}#3100`, P('engine_core/warmup.py'), 'issue', null, null, false, 'pr'],
  [26, `${TRANSPORT}#275`, P('transport/engine_impl.diff'), 'fix', 'MERGED', null, false, 'pr'],
  [26, `${TRANSPORT}#280`, P('transport/engine_impl.diff'), 'related', 'CLOSED', null, false, null],
  [26, `${TRANSPORT}#281`, P('transport/engine_impl.diff'), 'related', null, null, false, 'pr'],
  [27, `${TRANSPORT}#300`, P('transport/rdma.patch'), 'own', 'MERGED', null, true, 'pr'],
  [27, `${TRANSPORT}#301`, P('transport/rdma.patch'), 'own', 'MERGED', null, true, 'pr'],
  [27, `${TRANSPORT}#290`, P('transport/rdma.patch'), 'issue', null, null, false, 'issue'],
  [28, `${TRANSPORT}#310`, P('transport/rdma.patch'), 'related', 'CLOSED', null, false, null],
  [34, `${ENGINE}#5000`, null, 'related', 'OPEN', null, false, 'pr'],
  [36, `${ENGINE}#30378`, null, 'related', 'MERGED', null, true, 'pr'],
  [36, `${ENGINE}#30427`, null, 'related', 'MERGED', null, true, 'pr'],
  [38, `${ENGINE}#32722`, null, 'anchor-collision', 'OPEN', null, false, null],
  [39, `${ENGINE}#32723`, null, 'anchor-collision', 'CLOSED', null, false, null],
  [41, `${ENGINE}#12`, null, 'related', 'CLOSED', null, false, null],
  [42, 'example-org/platform#70', null, 'related', 'DRAFT', null, false, null],
  [42, `${ENGINE}#4200`, null, 'related', null, null, false, 'pr'],
  [54, `${ENGINE}#3265`, P('engine/old_fix.py'), 'background', 'MERGED', null, false, 'pr'],
  [55, `${ENGINE}#3000`, P('engine/older_fix.py'), 'background', null, null, false, null],
];

const BIG_STATE_WORDS = [
  [`${ENGINE}#4101`, 11, 'OPEN'],
  [`${ENGINE}#3990`, 12, 'OPEN'],
  [`${ENGINE}#3877`, 13, 'OPEN'],
  [`${ENGINE}#3712`, 13, 'OPEN'],
  [`${ENGINE}#4150`, 14, 'DRAFT'],
  [`${ENGINE}#3655`, 15, 'MERGED'],
  [`${ENGINE}#3877`, 16, 'MERGED'],
  [`${ENGINE}#3712`, 16, 'OPEN'],
  [`${ENGINE}#30378`, 17, 'MERGED'],
  [`${ENGINE}#30500`, 17, 'OPEN'],
  [`${ENGINE}#2900`, 19, 'closed'],
  [`${TRANSPORT}#275`, 26, 'MERGED'],
  [`${TRANSPORT}#280`, 26, 'CLOSED'],
  [`${TRANSPORT}#300`, 27, 'MERGED'],
  [`${TRANSPORT}#301`, 27, 'MERGED'],
  [`${TRANSPORT}#310`, 28, 'CLOSED'],
  [`${ENGINE}#5000`, 34, 'OPEN'],
  [`${ENGINE}#30378`, 36, 'MERGED'],
  [`${ENGINE}#30427`, 36, 'MERGED'],
  [`${ENGINE}#32722`, 38, 'OPEN'],
  [`${ENGINE}#32723`, 39, 'closed'],
  [`${ENGINE}#12`, 41, 'closed'],
  ['example-org/platform#70', 42, 'Draft'],
  [`${ENGINE}#3265`, 54, 'MERGED'],
];

const BIG_STATE_CELLS = [
  [11, [`${ENGINE}#4101`], 'OPEN'],
  [12, [`${ENGINE}#3990`], 'OPEN'],
  [13, [`${ENGINE}#3877`, `${ENGINE}#3712`], 'both OPEN (re-read 2026-08-03)'],
  [14, [`${ENGINE}#4150`], '_DRAFT_'],
  [15, [`${ENGINE}#3655`], '**MERGED** 2026-07-09'],
  [16, [`${ENGINE}#3877`, `${ENGINE}#3712`], '#3877 MERGED; #3712 **OPEN**'],
  // #30378 has its state beside it in the PR cell, so this cell speaks only for #30500.
  [17, [`${ENGINE}#30500`], 'OPEN'],
  [19, [`${ENGINE}#2900`], '*closed* (superseded)'],
  [26, [`${TRANSPORT}#275`], '**MERGED**; still needed while the old build flag is off'],
  [28, [`${TRANSPORT}#310`], 'CLOSED'],
];

describe('parseLedger on a realistic ledger', () => {
  const r = parse(BIG);

  it('reads every ref with its line, patch, role, recorded state and date', () => {
    expect(r.mentions.map(row)).toEqual(BIG_MENTIONS);
    expect(r.mentions.every((m) => m.source === LEDGER && m.sourceKind === 'ledger')).toBe(true);
  });

  it('indexes patches with companions in both forms, retired ones and their default repo', () => {
    const entry = (rel: string, line: number, repo: string | null, retired = false) => ({
      path: P(rel),
      source: LEDGER,
      line,
      retired,
      repo,
    });
    expect(r.patches).toEqual([
      entry('engine_core/fix_rows.py', 11, ENGINE),
      entry('engine_core/host_alloc.py', 15, ENGINE),
      entry('engine_core/kv_pool.patch', 16, ENGINE),
      entry('engine_core/kv_pool_test.py', 16, ENGINE),
      entry('engine_core/kv_pool.sh', 16, ENGINE),
      entry('engine_core/attn/backend.py', 17, ENGINE),
      entry('engine_core/attn/backend.diff', 17, ENGINE),
      // No upstream PR: the repo comes from the upstream issue.
      entry('engine_core/sched_guard.py', 18, 'example-org/platform'),
      entry('engine_core/old_path.py', 19, ENGINE),
      entry('engine_core/warmup.py', 20, ENGINE),
      entry('transport/engine_impl.diff', 26, TRANSPORT),
      entry('transport/rdma.patch', 27, TRANSPORT),
      // Rows with no upstream-PR or issue column take their section's one repo.
      entry('engine/old_fix.py', 54, ENGINE, true),
      entry('engine/older_fix.py', 55, ENGINE, true),
      entry('engine/older_fix.sh', 55, ENGINE, true),
    ]);
  });

  it('lists the Not patches paths, bare names beside the first path', () => {
    expect(r.notPatches).toEqual([
      P('transport/apply_patches.sh'),
      P('engine_core/README.md'),
      P('engine_core/conftest.py'),
      P('engine_core/fixtures.json'),
    ]);
  });

  it('reads "internal PR #178" as the project’s own tracker: neither asked about nor warned of', () => {
    expect(r.mentions.some((m) => m.ref.endsWith('#178'))).toBe(false);
    expect(r.ambiguous).toEqual([]);
    expect(r.problems).toEqual([]);
  });

  it('takes the first check date outside comments, with its span', () => {
    expect(r.source).toEqual({
      path: LEDGER,
      kind: 'ledger',
      checkedOn: '2026-08-10',
      checkedOnLine: 5,
    });
    expect(BIG.slice(r.checkDateSpan!.start, r.checkDateSpan!.end)).toBe('2026-08-10');
  });

  it('points every state span at the state word itself', () => {
    expect(stateWords(BIG, r)).toEqual(BIG_STATE_WORDS);
  });

  it('locates each state cell with the PRs it records', () => {
    expect(r.stateCells.map((c) => [c.line, c.refs, c.text])).toEqual(BIG_STATE_CELLS);
    for (const c of r.stateCells) expect(BIG.slice(c.span.start, c.span.end)).toBe(c.text);
  });

  it('never reads refs from headings, HTML comments, code blocks or internal#N', () => {
    const refs = r.mentions.map((m) => m.ref);
    for (const n of [1, 9999, 7777, 55]) expect(refs).not.toContain(`${ENGINE}#${n}`);
  });
});

describe.each([
  ['CRLF', BIG_CRLF],
  ['BOM', BIG_BOM],
  ['BOM + CRLF', BIG_BOM_CRLF],
])('parseLedger on the %s variant', (_name, text) => {
  const r = parse(text);

  it('reads the same mentions, patches and lines as the LF original', () => {
    const lf = parse(BIG);
    expect(r.mentions.map(row)).toEqual(BIG_MENTIONS);
    expect(r.patches).toEqual(lf.patches);
    expect(r.notPatches).toEqual(lf.notPatches);
    expect(r.ambiguous).toEqual(lf.ambiguous);
    expect(r.problems).toEqual([]);
    expect(r.source.checkedOnLine).toBe(5);
  });

  it('keeps spans as offsets into the original text', () => {
    expect(stateWords(text, r)).toEqual(BIG_STATE_WORDS);
    expect(text.slice(r.checkDateSpan!.start, r.checkDateSpan!.end)).toBe('2026-08-10');
    expect(r.stateCells.map((c) => [c.line, c.refs, c.text])).toEqual(BIG_STATE_CELLS);
    for (const c of r.stateCells) expect(text.slice(c.span.start, c.span.end)).toBe(c.text);
  });
});

describe('parseLedger on broken rows', () => {
  const text = fixture('broken.md');
  const r = parse(text);

  it('reports each broken row with its line and what was expected', () => {
    expect(r.problems.map((p) => [p.file, p.line])).toEqual([
      [LEDGER, 5],
      [LEDGER, 6],
      [LEDGER, 8],
      [LEDGER, 9],
      [LEDGER, 10],
    ]);
    const [ditto, state, cell, dittoAfterBroken, perRef] = r.problems.map((p) => p.message);
    expect(ditto).toMatch(/ditto mark .*row above names no patch/);
    expect(state).toMatch(
      /"see the thread" is not readable: expected OPEN, DRAFT, MERGED or CLOSED/,
    );
    expect(cell).toMatch(/expected a backticked patch path .* found "TODO"/);
    expect(dittoAfterBroken).toMatch(/ditto mark/);
    expect(perRef).toMatch(/#16, which is not in the upstream PR cell/);
  });

  it('still reads everything else, with no patch for rows whose patch is unknown', () => {
    expect(r.mentions.map(row)).toEqual([
      [5, `${ENGINE}#10`, null, 'related', 'OPEN', null, false, 'pr'],
      [6, `${ENGINE}#11`, P('a/fix.py'), 'fix', null, null, false, 'pr'],
      [7, `${ENGINE}#12`, P('a/other.py'), 'fix', 'MERGED', '2026-08-01', false, 'pr'],
      [8, `${ENGINE}#13`, null, 'fix', 'OPEN', null, false, null],
      [9, `${ENGINE}#17`, null, 'fix', 'OPEN', null, false, null],
      [10, `${ENGINE}#14`, P('a/third.py'), 'fix', 'MERGED', null, false, null],
      [10, `${ENGINE}#15`, P('a/third.py'), 'fix', null, null, false, null],
      // Every full ref of the file names one repo, so a bare #N belongs to it (SPEC §2.4).
      [13, `${ENGINE}#21`, null, 'fix', null, null, false, null],
    ]);
    expect(r.patches.map((p) => [p.path, p.line])).toEqual([
      [P('a/fix.py'), 6],
      [P('a/other.py'), 7],
      [P('a/third.py'), 10],
      // A row that stops after the patch cell still indexes its patch.
      [P('a/fourth.py'), 11],
    ]);
    expect(r.ambiguous).toEqual([]);
  });

  it('gives an unreadable state cell no state cell entry, so sync never overwrites it', () => {
    expect(r.stateCells.map((c) => c.line)).toEqual([5, 7, 8, 9, 10]);
  });
});

/** A one-table ledger; `rows` are body rows under the standard header. */
const table = (...rows: string[]): string =>
  [
    '| patch | upstream issue | upstream PR | ours? | PR state |',
    '|---|---|---|---|---|',
    ...rows,
  ].join('\n');
const link = (n: number, repo = 'example-org/engine', kind = 'pull') =>
  `[engine#${n}](https://github.com/${repo}/${kind}/${n})`;

describe('the PR state cell', () => {
  it.each([
    ['OPEN', 'OPEN', null, 'OPEN'],
    ['open', 'OPEN', null, 'open'],
    ['**MERGED** 2026-07-09', 'MERGED', '2026-07-09', 'MERGED'],
    ['MERGED on 2026-07-09', 'MERGED', '2026-07-09', 'MERGED'],
    ['**MERGED**; still needed while the flag is off', 'MERGED', null, 'MERGED'],
    ['CLOSED', 'CLOSED', null, 'CLOSED'],
    ['DRAFT', 'DRAFT', null, 'DRAFT'],
    ['*closed* (superseded)', 'CLOSED', null, 'closed'],
    ['__Merged__ (re-read 2026-08-03)', 'MERGED', null, 'Merged'],
  ])('reads %j as %s', (cell, state, date, word) => {
    const text = table(`| \`a.py\` | — | ${link(1)} | no | ${cell} |`);
    const [m] = parse(text).mentions;
    expect([m?.recordedState, m?.recordedDate, m?.sharedState]).toEqual([state, date, false]);
    expect(text.slice(m!.stateSpan!.start, m!.stateSpan!.end)).toBe(word);
  });

  it.each(['—', '-', '–', 'n/a (not submitted)', 'N/A', 'none', 'none yet', ''])(
    'reads %j as nothing recorded, without a problem',
    (cell) => {
      const r = parse(table(`| \`a.py\` | — | ${link(1)} | no | ${cell} |`));
      expect(r.mentions.map((m) => m.recordedState)).toEqual([null]);
      expect(r.problems).toEqual([]);
      expect(r.stateCells).toHaveLength(1);
    },
  );

  it('places an empty state cell inside its pipes, for sync to fill', () => {
    const text = table(`| \`a.py\` | — | ${link(1)} | no |  |`);
    const [cell] = parse(text).stateCells;
    expect(cell?.text).toBe('');
    expect(text.slice(cell!.span.start - 2, cell!.span.start)).toBe('| ');
  });

  it('gives one state to every PR in the cell: `both OPEN (re-read …)` has no merge date', () => {
    const r = parse(
      table(`| \`a.py\` | — | ${link(1)}; ${link(2)} | no | both OPEN (re-read 2026-08-03) |`),
    );
    expect(r.mentions.map((m) => [m.recordedState, m.recordedDate, m.sharedState])).toEqual([
      ['OPEN', null, true],
      ['OPEN', null, true],
    ]);
  });

  it('matches the per-ref form by number, or by full ref when written with links', () => {
    const byLink = table(
      `| \`a.py\` | — | ${link(1)}, ${link(1, 'example-org/other')} | no | [#1](https://github.com/example-org/other/pull/1) MERGED; engine#1 OPEN |`,
    );
    expect(parse(byLink).mentions.map((m) => [m.ref, m.recordedState])).toEqual([
      [`${ENGINE}#1`, 'OPEN'],
      ['example-org/other#1', 'MERGED'],
    ]);
  });

  it('reports a per-ref entry without a readable state and leaves that ref unrecorded', () => {
    const r = parse(table(`| \`a.py\` | — | ${link(1)} ${link(2)} | no | #1 pending; #2 OPEN |`));
    expect(r.mentions.map((m) => m.recordedState)).toEqual([null, 'OPEN']);
    expect(r.problems).toMatchObject([
      { line: 3, message: expect.stringMatching(/#1 is not readable/) },
    ]);
  });

  it('lets a state written beside a PR win over the state cell', () => {
    const r = parse(table(`| \`a.py\` | — | ${link(1)} (MERGED) ${link(2)} | no | OPEN |`));
    expect(r.mentions.map((m) => [m.ref, m.recordedState])).toEqual([
      [`${ENGINE}#1`, 'MERGED'],
      [`${ENGINE}#2`, 'OPEN'],
    ]);
  });

  it('ignores an unreadable state cell when the row names no PR', () => {
    const r = parse(table('| `a.py` | — | none found | — | ask bob |'));
    expect(r.problems).toEqual([]);
    expect(r.stateCells).toEqual([]);
  });
});

describe('rows, roles and columns', () => {
  it.each([
    ['″', 'fix'],
    ['"', 'fix'],
    ['〃', 'fix'],
    ["''", 'fix'],
    ['ditto', 'fix'],
    ['Ditto (follow-up fix)', 'fix'],
    ['″ (same defect, other backend)', 'related'],
    ['″ (same bug)', 'related'],
    ['″ (*anchor collision*)', 'anchor-collision'],
  ])('reads the ditto mark %j as the patch above with role %s', (mark, role) => {
    const r = parse(
      table(
        `| \`a.py\` | — | ${link(1)} | no | OPEN |`,
        `| ${mark} | — | ${link(2)} | no | OPEN |`,
      ),
    );
    expect(r.mentions.map((m) => [m.line, m.patch, m.role])).toEqual([
      [3, P('a.py'), 'fix'],
      [4, P('a.py'), role],
    ]);
    expect(r.patches).toHaveLength(1);
  });

  it('makes a ditto row own when ours? says yes and the mark gives no role', () => {
    const r = parse(
      table(`| \`a.py\` | — | ${link(1)} | no | OPEN |`, `| ″ | — | ${link(2)} | **Yes** | OPEN |`),
    );
    expect(r.mentions.map((m) => m.role)).toEqual(['fix', 'own']);
  });

  it('finds columns by header text in any order, ignoring emphasis and backticks', () => {
    const text = [
      '| *PR State* | `Upstream PRs` | **Patch** | Ours? |',
      '|---|---|---|---|',
      `| MERGED | ${link(7)} | \`b/c.py\` | yes |`,
    ].join('\n');
    const r = parse(text);
    expect(r.mentions.map(row)).toEqual([
      [3, `${ENGINE}#7`, P('b/c.py'), 'own', 'MERGED', null, false, 'pr'],
    ]);
  });

  it('reads a table without a patch column as prose', () => {
    const r = parse(
      ['| PR | note |', '|---|---|', `| ${link(5)} (OPEN) | ${link(6)} |`].join('\n'),
    );
    expect(r.mentions.map((m) => [m.ref, m.patch, m.role, m.recordedState])).toEqual([
      [`${ENGINE}#5`, null, 'related', 'OPEN'],
      [`${ENGINE}#6`, null, 'related', null],
    ]);
    expect(r.patches).toEqual([]);
  });

  it('retires the patches of a table with a dropped column, even under another heading', () => {
    const r = parse(
      ['## Old', '', '| patch | dropped at |', '|---|---|', '| `x.py` | v1 |'].join('\n'),
    );
    expect(r.patches.map((p) => [p.path, p.retired])).toEqual([[P('x.py'), true]]);
  });

  it('leaves the Retired section at the next heading of the same depth', () => {
    const text = [
      '## Retired',
      '',
      '| patch | note |',
      '|---|---|',
      '| `old.py` | engine#1 |',
      '',
      '## Live',
      '',
      '| patch | note |',
      '|---|---|',
      '| `new.py` | engine#2 |',
    ].join('\n');
    const r = parse(text, { engine: ENGINE });
    expect(r.patches.map((p) => [p.path, p.retired])).toEqual([
      [P('old.py'), true],
      [P('new.py'), false],
    ]);
    expect(r.mentions.map((m) => [m.ref, m.role])).toEqual([
      [`${ENGINE}#1`, 'background'],
      [`${ENGINE}#2`, 'related'],
    ]);
  });

  it('accepts a path written without backticks when the cell holds only that', () => {
    const r = parse(table(`| engine_core/plain.py | — | ${link(1)} | no | OPEN |`));
    expect(r.patches.map((p) => p.path)).toEqual([P('engine_core/plain.py')]);
    expect(r.problems).toEqual([]);
  });

  it('joins paths onto an empty patches folder without a leading ./', () => {
    const r = parseLedger({ path: 'x.md', text: table('| `./a/b.py` + `.sh` |'), patchesDir: '' });
    expect(r.patches.map((p) => p.path)).toEqual(['a/b.py', 'a/b.sh']);
  });
});

describe('refs', () => {
  it('produces one mention for a link and its own text', () => {
    const r = parse(
      `See ${link(4101)} and [#4102](https://github.com/example-org/engine/pull/4102).`,
    );
    expect(r.mentions.map((m) => [m.ref, m.kindHint])).toEqual([
      [`${ENGINE}#4101`, 'pr'],
      [`${ENGINE}#4102`, 'pr'],
    ]);
  });

  it('reads reference-style links through their definition', () => {
    const r = parse('Fixed by [the PR][p].\n\n[p]: https://github.com/example-org/engine/pull/9\n');
    expect(r.mentions.map((m) => [m.ref, m.line])).toEqual([[`${ENGINE}#9`, 1]]);
  });

  it('learns aliases from links anywhere in the file, and config aliases win', () => {
    const text = `Earlier: engine#1.\n\nLater: ${link(2, 'learned-org/engine')}.`;
    expect(parse(text).mentions.map((m) => m.ref)).toEqual([
      'learned-org/engine#1',
      'learned-org/engine#2',
    ]);
    expect(parse(text, { engine: 'config-org/engine' }).mentions.map((m) => m.ref)).toEqual([
      'config-org/engine#1',
      'learned-org/engine#2',
    ]);
  });

  it('resolves a bare #N against the full ref before it in its cell, else the one repo of its section', () => {
    const r = parse(table(`| \`a.py\` | #5 | ${link(1)} then #2 | no | — |`));
    expect(r.mentions.map((m) => m.ref)).toEqual([`${ENGINE}#5`, `${ENGINE}#1`, `${ENGINE}#2`]);
    expect(r.ambiguous).toEqual([]);
  });

  it('leaves a bare #N ambiguous where two repos meet and neither its cell nor its row names one', () => {
    const text = [
      '## one',
      '',
      table(
        `| \`a.py\` | #5 | ${link(1)} then #2 | no | — |`,
        `| \`b.py\` | #8 | ${link(9)}, other-org/lib#7 | no | — |`,
      ),
      '',
      'See other-org/lib#3 too.',
      '',
      '## two',
      '',
      'Only [engine#4](https://github.com/example-org/engine/pull/4) here, and #6.',
    ].join('\n');
    const r = parse(text);
    // #5's row names one repo (session 11: a held-out ledger's issue column
    // held bare numbers beside a linked PR); #8's row names two.
    expect(r.mentions.map((m) => m.ref)).toEqual([
      `${ENGINE}#5`,
      `${ENGINE}#1`,
      `${ENGINE}#2`,
      `${ENGINE}#9`,
      'other-org/lib#7',
      'other-org/lib#3',
      `${ENGINE}#4`,
      `${ENGINE}#6`,
    ]);
    expect(r.ambiguous.map((a) => [a.text, a.line])).toEqual([['#8', 6]]);
  });

  it("gives a row's bare #N the repo a cell names alone (an upstream column), before its section's", () => {
    const text = [
      '## Summary',
      '',
      '| upstream | patch | issue | upstream PR | PR state |',
      '|---|---|---|---|---|',
      '| kv | `kv/0002-x.patch` | #640 | #668 | DRAFT |',
      '| lex | `lex/0001-y.patch` | #640 | [lex#731](https://github.com/lex-org/lex/pull/731) | OPEN |',
      '',
      'Links: [kv#88](https://github.com/kv-org/kv/issues/88).',
    ].join('\n');
    const r = parse(text);
    expect(r.mentions.map((m) => [m.ref, m.line])).toEqual([
      ['kv-org/kv#640', 5],
      ['kv-org/kv#668', 5],
      ['lex-org/lex#640', 6],
      ['lex-org/lex#731', 6],
      ['kv-org/kv#88', 8],
    ]);
    expect(r.ambiguous).toEqual([]);
  });

  it('takes a section heading that names one repo over the refs the section cites', () => {
    const text = [
      '## tarn — tarn-org/tarn @ v0.9',
      '',
      '- Ours is #3318, OPEN. The server side is [kv#412](https://github.com/kv-org/kv/pull/412).',
      '',
      '## kv',
      '',
      '- Issue #88. See [tarn#3402](https://github.com/tarn-org/tarn/pull/3402).',
    ].join('\n');
    const r = parse(text);
    expect(r.mentions.map((m) => [m.ref, m.line])).toEqual([
      ['tarn-org/tarn#3318', 3],
      ['kv-org/kv#412', 3],
      ['kv-org/kv#88', 7],
      ['tarn-org/tarn#3402', 7],
    ]);
  });

  it('reads inline code refs and states beside them in prose, with groups sharing one state', () => {
    const text = [
      '`example-org/engine#32722` (OPEN) adds a test.',
      '',
      'engine#1, engine#2 (both MERGED); engine#3 and engine#4 (MERGED); engine#5 (alice, CLOSED).',
    ].join('\n');
    const r = parse(text, { engine: ENGINE });
    expect(r.mentions.map((m) => [m.ref, m.line, m.recordedState, m.sharedState])).toEqual([
      [`${ENGINE}#32722`, 1, 'OPEN', false],
      [`${ENGINE}#1`, 3, 'MERGED', true],
      [`${ENGINE}#2`, 3, 'MERGED', true],
      // Without `both`, only `/` groups refs: `and` leaves #3 unrecorded.
      [`${ENGINE}#3`, 3, null, false],
      [`${ENGINE}#4`, 3, 'MERGED', false],
      [`${ENGINE}#5`, 3, 'CLOSED', false],
    ]);
  });

  it('does not take a parenthetical that is not a state, nor a state deep in other words', () => {
    const r = parse('engine#1 (not merged yet) and engine#2 (see the MERGED one)', {
      engine: ENGINE,
    });
    expect(r.mentions.map((m) => m.recordedState)).toEqual([null, null]);
  });

  it('marks prose refs in a sentence about an anchor collision', () => {
    const r = parse('engine#1 is background. Anchor collision: engine#2 rewrites it.', {
      engine: ENGINE,
    });
    // "is background": the words say so; the next sentence's anchor collision is #2's.
    expect(r.mentions.map((m) => m.role)).toEqual(['background', 'anchor-collision']);
  });

  it('reads refs in nested lists and block quotes with their own lines', () => {
    const text = ['- top', '  - nested engine#1 (MERGED)', '', '> quoted', '> engine#2'].join('\n');
    const r = parse(text, { engine: ENGINE });
    expect(r.mentions.map((m) => [m.ref, m.line, m.recordedState])).toEqual([
      [`${ENGINE}#1`, 2, 'MERGED'],
      [`${ENGINE}#2`, 5, null],
    ]);
  });
});

describe('check date', () => {
  it.each([
    ['Re-checked on 2026-01-02.', '2026-01-02'],
    ['States verified against GitHub on **2026-01-03**', '2026-01-03'],
    ['Last checked: 2026-01-04', '2026-01-04'],
  ])('reads %j', (line, date) => {
    const text = `# Ledger\n\n${line}\n`;
    const r = parse(text);
    expect([r.source.checkedOn, r.source.checkedOnLine]).toEqual([date, 3]);
    expect(text.slice(r.checkDateSpan!.start, r.checkDateSpan!.end)).toBe(date);
  });

  it('has none when no line states one, and skips code blocks', () => {
    const r = parse('# Ledger\n\n```\nre-verified on 2026-01-01\n```\n\nMerged on 2026-01-01.\n');
    expect([r.source.checkedOn, r.source.checkedOnLine, r.checkDateSpan]).toEqual([
      null,
      null,
      null,
    ]);
  });
});

describe('robustness', () => {
  it('never throws and keeps every span inside the text, on arbitrary markdown-ish input', () => {
    const pieces = fc.constantFrom(
      '|',
      '| ',
      ' |',
      '\n',
      '\r\n',
      '---',
      '|---|---|',
      'patch',
      'upstream PR',
      'PR state',
      '`',
      '`a.py`',
      '″',
      '"',
      'ditto',
      '(',
      ')',
      'MERGED',
      'both',
      'OPEN',
      '**',
      '*',
      '#1',
      'engine#2',
      '[x](https://github.com/o/r/pull/3)',
      '\uFEFF',
      '# ',
      '> ',
      '- ',
      '🔥',
      'n/a',
      ';',
      '/',
      ' ',
      're-verified on 2026-01-01',
      '<!--',
      '-->',
      '```',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 80 }), (parts) => {
        const text = parts.join('');
        const r = parseLedger({ path: 'l.md', text, patchesDir: 'p' });
        const spans = [
          ...r.mentions.flatMap((m) => (m.stateSpan ? [m.stateSpan] : [])),
          ...r.stateCells.map((c) => c.span),
          ...(r.checkDateSpan ? [r.checkDateSpan] : []),
        ];
        for (const s of spans) {
          expect(0 <= s.start && s.start <= s.end && s.end <= text.length).toBe(true);
        }
        for (const m of r.mentions) expect(m.line).toBeGreaterThanOrEqual(1);
      }),
      { numRuns: 300 },
    );
  });

  it('stays fast on a very long line full of refs and unclosed parentheses', () => {
    const cell = 'engine#1 ( '.repeat(20_000);
    const text =
      table(`| \`a.py\` | — | ${cell} | no | OPEN |`) +
      // A second repo, so the bare refs below have no single repo to belong to.
      `\n\nother-org/lib#1\n\n${'#7 (x '.repeat(20_000)}\n`;
    const started = cpuNow();
    const r = parse(text, { engine: ENGINE });
    expect(cpuNow() - started).toBeLessThan(5_000);
    expect(r.mentions).toHaveLength(20_001);
    expect(r.ambiguous).toHaveLength(20_000);
  });
});

describe('shapes seen in real queues (SPEC §2.4)', () => {
  it('reads a state wrapped onto the next line of a block quote, after a code-span title', () => {
    const text = [
      '## engine — `patches/engine/`',
      '',
      '> **A repair is already in flight:**',
      '> [engine#7310](https://github.com/example-org/engine/pull/7310) `Teach the remaining',
      '> pools the kernel` (**OPEN**, `frank`) flips the gates.',
      '>',
      '> #7310 never touches our anchor, and #7300 introduced the disagreement.',
      '',
      'Background, already present in the base: [engine#7120](https://github.com/example-org/engine/pull/7120) /',
      '[#7121](https://github.com/example-org/engine/pull/7121) (MERGED) clamp the values.',
    ].join('\n');
    const r = parse(text);
    expect(r.ambiguous).toEqual([]);
    expect(
      r.mentions.map((m) => [m.ref, m.line, m.stateLine ?? null, m.role, m.recordedState]),
    ).toEqual([
      [`${ENGINE}#7310`, 4, 5, 'fix', 'OPEN'],
      // Bare refs take the one repo of their section.
      [`${ENGINE}#7310`, 7, null, 'related', null],
      [`${ENGINE}#7300`, 7, null, 'introduced-the-defect', null],
      [`${ENGINE}#7120`, 9, 10, 'background', 'MERGED'],
      [`${ENGINE}#7121`, 10, null, 'background', 'MERGED'],
    ]);
    // A bare ref named only by position is marked so settleRoles may give it its role.
    expect(r.mentions[1]?.roleByDefault).toBe(true);
  });

  it('reads a document beside the patches as prose: no patch indexed, no Not patches', () => {
    const text = [
      '# Notes',
      '',
      '| patch | upstream PR |',
      '|---|---|',
      '| `a.py` | [engine#1](https://github.com/example-org/engine/pull/1) |',
      '',
      '## Not patches',
      '',
      '`b.py` is a helper; see #2 (MERGED).',
    ].join('\n');
    const r = parseLedger({ path: 'p/README.md', text, patchesDir: 'p', document: true });
    expect(r.patches).toEqual([]);
    expect(r.notPatches).toEqual([]);
    expect(r.mentions.map((m) => [m.ref, m.patch, m.role, m.recordedState])).toEqual([
      [`${ENGINE}#1`, null, 'related', null],
      [`${ENGINE}#2`, null, 'related', 'MERGED'],
    ]);
  });
});

describe('a broken table (SPEC §2.4)', () => {
  it('is a parse-error where header and delimiter disagree, and its refs are still read', () => {
    const text = [
      '## engine',
      '',
      '| patch | upstream PR | PR state |',
      '|---|---|',
      '| `a.py` | [engine#7](https://github.com/example-org/engine/pull/7) | OPEN |',
    ].join('\n');
    const r = parse(text);
    expect(r.problems.map((p) => [p.line, p.message])).toEqual([
      [
        3,
        "this table's header row has 3 columns but its delimiter row has 2, so it is not read as a table; make them agree",
      ],
    ]);
    expect(r.mentions.map((m) => m.ref)).toEqual([`${ENGINE}#7`]);
  });

  it('leaves a paragraph that merely starts with a pipe alone', () => {
    expect(parse('| not a table, just a line with pipes |\nand more prose.').problems).toEqual([]);
  });
});
