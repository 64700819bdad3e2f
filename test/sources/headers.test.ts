import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Mention } from '../../src/model.js';
import { parseHeader, type HeaderResult } from '../../src/sources/headers/index.js';
import { settleRoles } from '../../src/sources/meaning/settle.js';
import { cpuNow } from '../support/cpu-time.js';

const FIXTURES = new URL('../fixtures/headers/', import.meta.url);
const ENGINE = 'example-org/engine';
const TRANSPORT = 'example-org/transport';

function fixture(name: string): string {
  return readFileSync(new URL(name, FIXTURES), 'utf8');
}

function parse(
  path: string,
  text: string,
  defaultRepo: string | null = ENGINE,
  aliases: Record<string, string> = {},
): HeaderResult {
  return parseHeader({ path, text, defaultRepo, aliases: new Map(Object.entries(aliases)) });
}

/** [ref, line, role, recordedState, recordedDate, recordedReviewDecision, sharedState] */
function brief(m: Mention): unknown[] {
  return [
    m.ref,
    m.line,
    m.role,
    m.recordedState,
    m.recordedDate,
    m.recordedReviewDecision,
    m.sharedState,
  ];
}

/** Every recorded state must point at its own word in the whole file (sync rewrites it). */
function expectSpansSliceBack(result: HeaderResult, text: string): void {
  for (const m of result.mentions) {
    if (m.recordedState === null) expect(m.stateSpan).toBeNull();
    else
      expect(text.slice(m.stateSpan!.start, m.stateSpan!.end).toUpperCase()).toBe(m.recordedState);
  }
}

const lines = (...ls: string[]): string => ls.join('\n') + '\n';

describe('parseHeader on real-shaped patch files', () => {
  it('reads the block of a git format-patch preamble and nothing of the diff body', () => {
    const text = fixture('format-patch.diff');
    const r = parse('patches/engine/format-patch.diff', text);
    expect(r.hasStatusBlock).toBe(true);
    expect(r.source).toEqual({
      path: 'patches/engine/format-patch.diff',
      kind: 'patch-header',
      checkedOn: '2026-08-11',
      checkedOnLine: 8,
    });
    expect(r.mentions.map(brief)).toEqual([
      [`${ENGINE}#4101`, 4, 'related', null, null, null, false],
      [`${ENGINE}#3500`, 9, 'issue', 'OPEN', null, null, false],
      // A mention's line is its ref's line, even when a wrapped title puts the state below.
      // "Same bug class on another platform": related, not a competing fix (SPEC §2.4).
      [`${ENGINE}#3990`, 10, 'related', 'OPEN', null, null, false],
      // "in both bases": background, whatever the label.
      [`${ENGINE}#3001`, 12, 'background', 'MERGED', null, null, true],
      [`${ENGINE}#3002`, 12, 'background', 'MERGED', null, null, true],
      [`${ENGINE}#3877`, 13, 'anchor-collision', null, null, null, false],
      [`${ENGINE}#4101`, 15, 'own', 'OPEN', null, 'REVIEW_REQUIRED', false],
    ]);
    expect(r.mentions[0]).toMatchObject({
      source: 'patches/engine/format-patch.diff',
      patch: 'patches/engine/format-patch.diff',
      sourceKind: 'patch-header',
      kindHint: null,
    });
    expectSpansSliceBack(r, text);
    // The body's `#2999` and `#4101 (MERGED)` are code being changed, not claims.
    expect(r.mentions.every((m) => m.line <= 15)).toBe(true);
    expect(r.ambiguous).toEqual([]);
    expect(r.problems).toEqual([]);
    expect(r.patches).toEqual([]);
    expect(r.notPatches).toEqual([]);
  });

  it('keeps dashed prose lines in a .patch preamble and reports bare refs with no repo', () => {
    const text = fixture('dashed.patch');
    const r = parse('p/dashed.patch', text, null, { transport: TRANSPORT });
    expect(r.source.checkedOn).toBe('2026-08-01');
    expect(r.source.checkedOnLine).toBe(6);
    expect(r.mentions.map(brief)).toEqual([
      [`${TRANSPORT}#275`, 3, 'related', null, null, null, false],
      [`${TRANSPORT}#275`, 7, 'fix', 'MERGED', '2026-07-20', null, false],
      [`${TRANSPORT}#300`, 10, 'anchor-collision', 'OPEN', null, null, true],
      [`${TRANSPORT}#301`, 10, 'anchor-collision', 'OPEN', null, null, true],
    ]);
    expect(r.mentions[0]?.kindHint).toBe('pr');
    expect(r.ambiguous).toEqual([
      { text: '#281', source: 'p/dashed.patch', line: 9, patch: 'p/dashed.patch' },
      { text: '#290', source: 'p/dashed.patch', line: 9, patch: 'p/dashed.patch' },
    ]);
    expectSpansSliceBack(r, text);
  });

  it('reads the block in a Python module docstring, titles spanning lines and all', () => {
    const text = fixture('fix_rows.py');
    const r = parse('p/fix_rows.py', text);
    expect(r.source.checkedOn).toBe('2026-08-11');
    expect(r.source.checkedOnLine).toBe(7);
    expect(r.mentions.map(brief)).toEqual([
      [`${ENGINE}#3500`, 8, 'issue', 'OPEN', null, null, false],
      [`${ENGINE}#3990`, 9, 'related', 'OPEN', null, null, false],
      [`${ENGINE}#3001`, 12, 'background', 'MERGED', null, null, true],
      [`${ENGINE}#3002`, 12, 'background', 'MERGED', null, null, true],
      [`${ENGINE}#3877`, 14, 'anchor-collision', null, null, null, false],
      [`${ENGINE}#4101`, 16, 'own', 'OPEN', null, 'REVIEW_REQUIRED', false],
      // "introduced the assert": the cause, never a fix, whatever the label says.
      [`${ENGINE}#3265`, 17, 'introduced-the-defect', 'MERGED', '2026-06-30', null, false],
      // After the block: the alias is learned from the link, which counts once, as its URL.
      [`${ENGINE}#3712`, 20, 'related', null, null, null, false],
    ]);
    expect(r.mentions[7]?.kindHint).toBe('pr');
    // The state of #3990 is two lines below the ref, after the wrapped title: findings point there.
    const s3990 = r.mentions[1]!.stateSpan!;
    expect(text.slice(0, s3990.start).split('\n').length).toBe(11);
    expect(r.mentions[1]?.stateLine).toBe(11);
    expectSpansSliceBack(r, text);
  });

  it('reads the block in shell comments; internal refs are skipped, a lower-case state opening the parenthetical counts', () => {
    const text = fixture('apply.sh');
    const r = parse('p/apply.sh', text, TRANSPORT);
    expect(r.source.checkedOn).toBe('2026-07-30');
    expect(r.mentions.map(brief)).toEqual([
      [`${TRANSPORT}#275`, 5, 'fix', 'MERGED', '2026-07-09', null, false],
      [`${TRANSPORT}#270`, 6, 'issue', 'CLOSED', null, null, true],
      [`${TRANSPORT}#271`, 6, 'issue', 'CLOSED', null, null, true],
      [`${TRANSPORT}#272`, 6, 'issue', 'CLOSED', null, null, true],
      // `(open, waiting on review)`: a lower-case state right at the start is a state (SPEC §2.4).
      [`${TRANSPORT}#280`, 7, 'related', 'OPEN', null, null, false],
      [`${TRANSPORT}#290`, 9, 'own', 'DRAFT', null, 'CHANGES_REQUESTED', false],
      // `transport#9`: the full `example-org/transport#275` above taught the name.
      [`${TRANSPORT}#9`, 12, 'related', null, null, null, false],
    ]);
    expect(r.ambiguous).toEqual([]);
    expectSpansSliceBack(r, text);
  });

  it('reads a CRLF header with offsets into the CRLF text', () => {
    const text = fixture('crlf.patch');
    expect(text).toContain('\r\n');
    const r = parse('p/crlf.patch', text);
    expect(r.source.checkedOn).toBe('2026-08-02');
    expect(r.mentions.map(brief)).toEqual([
      [`${ENGINE}#4101`, 4, 'own', 'MERGED', '2026-08-01', null, false],
      [`${ENGINE}#3500`, 5, 'issue', 'CLOSED', null, null, false],
    ]);
    expectSpansSliceBack(r, text);
  });

  it('gives the same mentions for a fixture converted to CRLF', () => {
    const lf = fixture('fix_rows.py');
    const crlf = lf.replace(/\n/g, '\r\n');
    const a = parse('p/fix_rows.py', lf);
    const b = parse('p/fix_rows.py', crlf);
    expect(b.mentions.map(brief)).toEqual(a.mentions.map(brief));
    expectSpansSliceBack(b, crlf);
  });

  it('reads refs of a header without a block as related, with the states written beside them', () => {
    const r = parse('p/no-block.patch', fixture('no-block.patch'), null);
    expect(r.hasStatusBlock).toBe(false);
    expect(r.source.checkedOn).toBeNull();
    expect(r.mentions.map(brief)).toEqual([
      // "Backport of #n": the upstream change this patch carries early is its fix (session 12).
      [`${ENGINE}#3655`, 1, 'fix', 'MERGED', null, null, false],
      // "issue #3500": the word before it says what it is (session 11).
      [`${ENGINE}#3500`, 2, 'issue', null, null, null, false],
      // Same paragraph as the full refs above, so it takes their repo.
      [`${ENGINE}#3712`, 3, 'related', null, null, null, false],
    ]);
    expect(r.mentions[1]?.kindHint).toBe('issue');
  });

  it.each(['no-header.diff', 'no-header.py'])('returns an empty result for %s', (name) => {
    const r = parse(`p/${name}`, fixture(name));
    expect(r).toEqual({
      source: { path: `p/${name}`, kind: 'patch-header', checkedOn: null, checkedOnLine: null },
      mentions: [],
      patches: [],
      ambiguous: [],
      problems: [],
      notPatches: [],
      hasStatusBlock: false,
    });
  });
});

describe('bare refs', () => {
  it('never guess a repo: without a default every bare ref is ambiguous', () => {
    const r = parse('p/x.diff', fixture('format-patch.diff'), null);
    expect(r.mentions.map((m) => m.ref)).toEqual([`${ENGINE}#4101`]);
    expect(r.ambiguous.map((a) => [a.text, a.line])).toEqual([
      ['#3500', 9],
      ['#3990', 10],
      ['#3001', 12],
      ['#3002', 12],
      ['#3877', 13],
      ['#4101', 15],
    ]);
  });

  it('take the nearest full ref of their own entry, else the default repo', () => {
    const text = lines(
      'UPSTREAM STATUS',
      '  related        other-org/lib#7 (OPEN) and',
      '                 #8 (CLOSED)',
      '  issue          #9 (OPEN)',
    );
    expect(parse('p/x.diff', text, 'a/b').mentions.map((m) => m.ref)).toEqual([
      'other-org/lib#7',
      'other-org/lib#8',
      'a/b#9',
    ]);
  });
});

describe('a third-party entry that says its merge retires the patch', () => {
  it('is the fix; its neighbours without such words stay third-party or related', () => {
    const text = lines(
      '"""Pad the router scores before top-k.',
      '',
      'UPSTREAM STATUS (re-queried 2026-10-02)',
      '  third-party PR #21 "router: pad scores to the expert count"',
      '                 (dmitri-k, OPEN). Pads at the source; once it is in',
      '                 our base this wrapper is redundant.',
      '                 #22 (CLOSED) padded at the call site only and would',
      '                 not make this wrapper unnecessary.',
      '  third-party PR #23 "router: ROCm kernel for padded top-k" (OPEN).',
      '  own PR         NONE.',
      '',
      'Remove this wrapper after #21 merges.',
      '"""',
    );
    expect(
      parse('p/pad_router.py', text, 'a/b').mentions.map((m) => [m.ref, m.line, m.role]),
    ).toEqual([
      ['a/b#21', 4, 'fix'],
      ['a/b#22', 7, 'third-party'],
      ['a/b#23', 9, 'third-party'],
      ['a/b#21', 12, 'fix'],
    ]);
  });
});

describe('role labels', () => {
  it('maps known labels and sends anything else to related', () => {
    const text = lines(
      'UPSTREAM STATUS (checked 2026-08-11)',
      '  issues            #1 (OPEN)',
      '  upstream issue    #2 (OPEN)',
      '  third-party PRs   #3 (OPEN)',
      '  our PR            #4 (OPEN)',
      '  own upstream PR:  #5 (OPEN)',
      '  anchor collision: #6 (OPEN)',
      '  anchor risks      #7 (OPEN)',
      '  upstream fix      #8 (MERGED)',
      '  fixes             #9 (MERGED)',
      '  see also:         #10 (OPEN)',
      '  Superseded by #11 (CLOSED) upstream.',
      '  Issue #12 (OPEN) was filed by QA.',
    );
    expect(parse('p/x.diff', text, 'a/b').mentions.map((m) => [m.ref, m.role])).toEqual([
      ['a/b#1', 'issue'],
      ['a/b#2', 'issue'],
      ['a/b#3', 'third-party'],
      ['a/b#4', 'own'],
      ['a/b#5', 'own'],
      ['a/b#6', 'anchor-collision'],
      ['a/b#7', 'anchor-collision'],
      ['a/b#8', 'fix'],
      ['a/b#9', 'fix'],
      ['a/b#10', 'related'],
      // "Superseded by #11": the words make it the fix.
      ['a/b#11', 'fix'],
      ['a/b#12', 'issue'],
    ]);
  });

  it('keeps a label for continuation lines, even ones that start with a label word', () => {
    const text = lines(
      '# UPSTREAM STATUS',
      '#   own PR   #1 "Fix rows" (alice, OPEN)',
      '#            issue tracker says #2 (OPEN) is the same',
      '#   #3 (MERGED) is written at the label column but names no label',
      '#   anchor risk #4',
    );
    const r = parse('p/x.sh', text, 'a/b');
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      ['a/b#1', 'own', 'OPEN'],
      ['a/b#2', 'own', 'OPEN'],
      ['a/b#3', 'own', 'MERGED'],
      ['a/b#4', 'anchor-collision', null],
    ]);
  });
  it('reads `#N` at the start of a line as a ref, not a comment marker', () => {
    const text = lines('"""UPSTREAM STATUS', 'issue #1 "Rows"', '#2 (MERGED)', '"""', 'import os');
    const r = parse('p/x.py', text, 'a/b');
    expect(r.mentions.map((m) => [m.ref, m.line, m.role, m.recordedState])).toEqual([
      ['a/b#1', 2, 'issue', null],
      ['a/b#2', 3, 'issue', 'MERGED'],
    ]);
  });
});

describe('the block boundary', () => {
  it('ends at a blank line followed by an unindented non-label line', () => {
    const text = lines(
      'UPSTREAM STATUS',
      '  issue   #1 (OPEN)',
      '',
      'fix:      #2 (MERGED)',
      '',
      'This backport stays until #3 (MERGED) reaches the pin.',
    );
    const r = parse('p/x.diff', text, 'a/b');
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      ['a/b#1', 'issue', 'OPEN'],
      ['a/b#2', 'fix', 'MERGED'],
      // Outside the block a state written beside a ref still counts (SPEC §2.4).
      ['a/b#3', 'related', 'MERGED'],
    ]);
  });

  it('keeps indented paragraphs after a blank line inside the block', () => {
    const text = lines('UPSTREAM STATUS', '  issue   #1 (OPEN)', '', '    and #2 (CLOSED)');
    expect(parse('p/x.diff', text, 'a/b').mentions.map((m) => m.recordedState)).toEqual([
      'OPEN',
      'CLOSED',
    ]);
  });

  it('ends at a rule line, but not at one underlining the heading', () => {
    const text = lines(
      'UPSTREAM STATUS',
      '===============',
      '  own PR  #1 (OPEN)',
      '---',
      '  third-party PR  #2 (OPEN)',
    );
    const r = parse('p/x.patch', text, 'a/b');
    // Past the rule the label is no label (session 15: "own PR #n" in prose
    // reads as ours by its words, so another label shows the boundary).
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      ['a/b#1', 'own', 'OPEN'],
      ['a/b#2', 'related', 'OPEN'],
    ]);
  });

  it('starts a new block at a second heading; the first dated one gives checkedOn', () => {
    const text = lines(
      'Upstream status',
      '  issue  #1 (OPEN)',
      '**UPSTREAM STATUS** as of 2026-07-01',
      '  fix    #2 (MERGED)',
    );
    const r = parse('p/x.diff', text, 'a/b');
    expect(r.source.checkedOn).toBe('2026-07-01');
    expect(r.source.checkedOnLine).toBe(3);
    expect(r.mentions.map((m) => m.role)).toEqual(['issue', 'fix']);
  });

  it('tolerates C-style comment prefixes in files of unknown type', () => {
    const text = lines(
      '/*',
      ' * UPSTREAM STATUS (re-queried 2026-08-11)',
      ' *   own PR  #1 "Fix" (alice, OPEN)',
      ' */',
      '// see #2 (MERGED)',
      'int main(void) { return 0; }',
    );
    const r = parse('p/fix.c', text, 'a/b');
    expect(r.source.checkedOn).toBe('2026-08-11');
    expect(r.mentions.map((m) => [m.ref, m.line, m.role, m.recordedState])).toEqual([
      ['a/b#1', 3, 'own', 'OPEN'],
      ['a/b#2', 5, 'related', 'MERGED'],
    ]);
  });

  it('does not take prose or Yocto fields for a heading', () => {
    const text = lines(
      'The upstream status of this patch is in the ledger: #1 (OPEN).',
      'Upstream-Status: Submitted [https://github.com/o/r/pull/2]',
    );
    const r = parse('p/x.patch', text, 'a/b');
    expect(r.hasStatusBlock).toBe(false);
    expect(r.mentions.map((m) => [m.ref, m.recordedState])).toEqual([
      ['a/b#1', 'OPEN'],
      ['o/r#2', null],
    ]);
  });
});

describe('recorded states', () => {
  const block = (...entries: string[]): string => lines('UPSTREAM STATUS', ...entries);
  const states = (text: string) =>
    parse('p/x.diff', text, 'a/b').mentions.map((m) => [
      m.ref,
      m.recordedState,
      m.recordedDate,
      m.sharedState,
    ]);

  it('reads dates written with the state; lower-case only when it opens the parenthetical', () => {
    expect(
      states(
        block(
          '  fix  #1 (MERGED on 2026-07-01)',
          '       #2 (CLOSED 2026-07-02)',
          '       #3 (open, reported 2026-07-03)',
          '       #4 (alice)',
          '       #7 (alice, open since 2026-07-07)',
          '       #5 (**MERGED** 2026-07-05)',
          '       #6 (__DRAFT__)',
        ),
      ),
    ).toEqual([
      ['a/b#1', 'MERGED', '2026-07-01', false],
      ['a/b#2', 'CLOSED', '2026-07-02', false],
      ['a/b#3', 'OPEN', '2026-07-03', false],
      ['a/b#4', null, null, false],
      ['a/b#7', null, null, false],
      ['a/b#5', 'MERGED', '2026-07-05', false],
      ['a/b#6', 'DRAFT', null, false],
    ]);
  });

  it('shares one state across joined refs, in parentheses or after both/all', () => {
    expect(
      states(
        block(
          '  fix  #1, #2 and #3 (all CLOSED)',
          '       #4 and #5 are both OPEN',
          '       #6 #7 (MERGED)',
        ),
      ),
    ).toEqual([
      ['a/b#1', 'CLOSED', null, true],
      ['a/b#2', 'CLOSED', null, true],
      ['a/b#3', 'CLOSED', null, true],
      ['a/b#4', 'OPEN', null, true],
      ['a/b#5', 'OPEN', null, true],
      // Refs side by side without a joining word are not a group.
      ['a/b#6', null, null, false],
      ['a/b#7', 'MERGED', null, false],
    ]);
  });

  it('reads a ref inside a title or parenthetical as related, without the outer state', () => {
    const r = parse('p/x.diff', block('  own PR  #1 "Revert #2" (alice, OPEN, dup of #3)'), 'a/b');
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      ['a/b#1', 'own', 'OPEN'],
      ['a/b#2', 'related', null],
      ['a/b#3', 'related', null],
    ]);
  });

  it('reads a markdown link once, as its URL, with the state after the link', () => {
    const text = block('  own PR  [#5](https://github.com/o/r/pull/5) (MERGED)');
    const r = parse('p/x.diff', text, null);
    expect(r.ambiguous).toEqual([]);
    expect(r.mentions.map((m) => [m.ref, m.kindHint, m.recordedState])).toEqual([
      ['o/r#5', 'pr', 'MERGED'],
    ]);
    expectSpansSliceBack(r, text);
  });

  it('offsets spans past a byte-order mark', () => {
    const text = '\uFEFF' + block('  issue  #1 (OPEN)');
    const r = parse('p/x.patch', text, 'a/b');
    expect(r.mentions[0]?.line).toBe(2);
    expectSpansSliceBack(r, text);
  });
});

describe('malformed blocks', () => {
  it('reports a parenthetical that never closes, and keeps reading', () => {
    const text = lines(
      'UPSTREAM STATUS',
      '  issue   #1 (dave, OPEN',
      '  own PR  #2 (alice, MERGED)',
    );
    const r = parse('p/x.diff', text, 'a/b');
    expect(r.problems).toEqual([
      {
        file: 'p/x.diff',
        line: 2,
        message: 'parenthetical is not closed before the UPSTREAM STATUS block ends (after #1)',
      },
    ]);
    expect(r.mentions.map((m) => [m.ref, m.recordedState])).toEqual([
      ['a/b#1', null],
      ['a/b#2', 'MERGED'],
    ]);
  });

  it('reports a quoted title that never closes within its entry', () => {
    const text = lines('UPSTREAM STATUS', '  issue   #1 "Rows (dave, OPEN)', '  fix     #2 (OPEN)');
    const r = parse('p/x.diff', text, 'a/b');
    expect(r.problems.map((p) => [p.line, p.message])).toEqual([
      [2, 'quoted title never closes (after #1)'],
    ]);
    expect(r.mentions.map((m) => m.recordedState)).toEqual([null, 'OPEN']);
  });

  it('reports an unclosed line once, not once per ref', () => {
    const r = parse('p/x.diff', lines('UPSTREAM STATUS', '  issue ' + '#1 ('.repeat(50)), 'a/b');
    expect(r.problems).toHaveLength(1);
  });
});

describe('robustness', () => {
  const pieces = [
    '#',
    '#12',
    '(',
    ')',
    '"',
    ' ',
    '  ',
    '\n',
    '\r\n',
    '/',
    ',',
    ' and ',
    'both ',
    'OPEN',
    'MERGED',
    'open',
    'UPSTREAM STATUS ',
    'issue ',
    'own PR ',
    'anchor risk ',
    'a/b#3',
    'eng#4',
    'internal#5',
    '---',
    '--- a\n+++ b\n',
    'diff --git ',
    '"""',
    "'''",
    '# ',
    '// ',
    ' * ',
    '[#6](https://github.com/o/r/pull/6)',
    '2026-08-11',
    '\uFEFF',
    'x'.repeat(300),
  ];
  const texts = fc
    .array(fc.oneof(fc.constantFrom(...pieces), fc.string({ maxLength: 20 })), { maxLength: 400 })
    .map((parts) => parts.join(''));
  const paths = fc.constantFrom('p/a.diff', 'p/a.patch', 'p/a.py', 'p/a.sh', 'p/a.txt', 'p/noext');

  it('never throws, and every span and line it reports points into the file', () => {
    fc.assert(
      fc.property(texts, paths, fc.constantFrom(null, 'a/b'), (text, path, defaultRepo) => {
        const r = parse(path, text, defaultRepo, { eng: 'o/eng' });
        const lineCount = text.split('\n').length;
        for (const m of r.mentions) {
          expect(m.line).toBeGreaterThanOrEqual(1);
          expect(m.line).toBeLessThanOrEqual(lineCount);
        }
        expectSpansSliceBack(r, text);
      }),
      { seed: 20260811, numRuns: 200 },
    );
  });

  it.each([
    ['unclosed parentheses', '#1 ('.repeat(25_000)],
    ['unclosed quotes', '#1 "'.repeat(25_000)],
    ['a long group', '#1 / '.repeat(25_000) + '(both OPEN)'],
    ['nested parentheses', '#1 ' + '('.repeat(100_000)],
    ['a long underscore run', '#1 (' + '_'.repeat(100_000) + 'x)'],
    ['a long label-like line', 'ab'.repeat(50_000) + ':'],
    ['a long rule-like line', '-'.repeat(100_000) + 'x'],
  ])('stays linear on a 100k-character line of %s', (_name, line) => {
    const text = `UPSTREAM STATUS\n  issue ${line}\n`;
    for (const path of ['p/a.patch', 'p/a.txt']) {
      const started = cpuNow();
      parse(path, text, 'a/b');
      // Quadratic work on 100k characters takes many CPU seconds; linear takes milliseconds.
      expect(cpuNow() - started).toBeLessThan(3000);
    }
  });
});

describe('shapes seen in real queues (SPEC §2.4)', () => {
  const read = (name: string) => {
    const text = fixture(name);
    const r = parse(`p/${name}`, text, ENGINE, { engine: ENGINE });
    // collect.ts settles roles across every source; one header is its own world here.
    settleRoles([r.mentions]);
    return { r, text };
  };
  const view = (m: Mention) => [
    m.ref.replace(`${ENGINE}#`, '#'),
    m.line,
    m.stateLine ?? null,
    m.role,
    m.recordedState,
  ];

  it('reads a labelled block: wrapped heading and titles, counted states, words over labels', () => {
    const { r, text } = read('shapes.py');
    expect(r.source.checkedOn).toBe('2026-07-04'); // the latest date of a wrapped heading
    expect(r.problems).toEqual([]);
    expect(r.mentions.map(view)).toEqual([
      ['#7001', 7, null, 'unrelated', null],
      ['#7002', 7, null, 'unrelated', null],
      ['#7100', 8, 10, 'related', 'OPEN'],
      ['#7110', 12, null, 'related', 'OPEN'],
      ['#7120', 14, null, 'background', 'MERGED'],
      ['#7121', 14, null, 'background', 'MERGED'],
      ['#7130', 15, null, 'related', 'OPEN'],
      // "Two OPEN PRs … :" covers the next two refs; the word is not rewritten per ref.
      ['#7140', 17, 16, 'anchor-collision', 'OPEN'],
      ['#7141', 18, 16, 'anchor-collision', 'OPEN'],
      ['#7150', 19, null, 'own', 'OPEN'],
      ['#6900', 20, null, 'introduced-the-defect', 'MERGED'],
      // Outside the block: named again, the own PR is still ours; "engine PR #7199" names the repo.
      ['#7150', 22, null, 'own', null],
      ['#7199', 23, null, 'related', 'MERGED'],
    ]);
    const counted = r.mentions.filter((m) => m.line === 17 || m.line === 18);
    expect(counted.map((m) => m.stateSpan)).toEqual([null, null]);
    expectSpansSliceBack({ ...r, mentions: r.mentions.filter((m) => m.stateSpan) }, text);
  });

  it('reads an unlabelled prose block: cause, fix in flight, prose states, conditional wording', () => {
    const { r } = read('shapes-prose.py');
    expect(r.problems).toEqual([]);
    expect(r.mentions.map(view)).toEqual([
      ['#7300', 6, 7, 'introduced-the-defect', 'MERGED'],
      ['#7300', 8, null, 'introduced-the-defect', null],
      ['#7310', 10, 11, 'fix', 'OPEN'],
      // "rather than rejected:" is a sentence in a prose block, not a label.
      ['#7300', 12, null, 'introduced-the-defect', 'MERGED'],
      // "only if #7310 is closed": a condition, not a state.
      ['#7310', 13, null, 'fix', null],
      ['#7310', 15, null, 'fix', null],
      // After "Own PR: NONE." nothing is ours; "already-merged precedent" is a state.
      ['#7320', 17, null, 'related', 'MERGED'],
    ]);
  });
});

describe('groups of refs with no repo', () => {
  it('still pass their words to the group joined before them, and take no state of their own', () => {
    const text = lines(
      'Notes:',
      '',
      'o/r#4 (OPEN) / foo#5 (MERGED) / bar#6 introduced the defect.',
      'Also o/r#7 / baz#8 (CLOSED), and see o/r#9.',
    );
    const r = parseHeader({ path: 'p/a.patch', text, defaultRepo: null });
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      ['o/r#4', 'introduced-the-defect', 'OPEN'],
      ['o/r#7', 'related', 'CLOSED'],
      ['o/r#9', 'related', null],
    ]);
    expect(r.ambiguous.map((a) => a.text)).toEqual(['foo#5', 'bar#6', 'baz#8']);
  });
});

describe('mention objects', () => {
  const ORDER = [
    'ref',
    'kindHint',
    'source',
    'sourceKind',
    'line',
    'stateLine',
    'patch',
    'role',
    'recordedState',
    'recordedDate',
    'recordedReviewDecision',
    'stateSpan',
    'sharedState',
    'roleByDefault',
  ];

  it('hold their keys in one order, stateLine and roleByDefault only when they say something', () => {
    const text = lines(
      'UPSTREAM STATUS (2026-01-02):',
      '  own PR  example-org/engine#5 "a title that goes on',
      '          over two lines" (OPEN)',
      '  issue   example-org/engine#6 (OPEN)',
      '',
      'See also example-org/engine#7.',
    );
    const seen = new Set<string>();
    for (const m of parse('p/a.patch', text).mentions) {
      const keys = Object.keys(m);
      expect(keys).toEqual(ORDER.filter((k) => keys.includes(k)));
      expect(keys.filter((k) => !ORDER.includes(k))).toEqual([]);
      if ('stateLine' in m) expect(m.stateLine).not.toBe(m.line);
      if ('roleByDefault' in m) expect(m.roleByDefault).toBe(true);
      for (const k of keys) seen.add(k);
    }
    expect(seen.has('stateLine')).toBe(true);
    expect(seen.has('roleByDefault')).toBe(true);
  });
});
