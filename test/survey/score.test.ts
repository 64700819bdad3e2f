import { describe, expect, it } from 'vitest';
import { matchMentions, pct, score } from '../../survey/score.js';
import type { Report, Truth } from '../../survey/types.js';
import { headerRefs, preamble } from '../../survey/yardstick.js';

const L = 'q/status.md';
const H = 'q/patches/a.py';

const truth: Truth = {
  scopePrefixes: ['q/'],
  mentions: [
    { source: L, line: 10, ref: 'o/r#1', role: 'own', state: 'OPEN' },
    { source: L, line: 11, ref: 'o/r#2', role: 'anchor-collision', state: 'OPEN' },
    { source: L, line: 12, ref: 'o/r#3', role: 'introduced-the-defect', state: 'MERGED' },
    { source: H, line: 5, ref: 'o/r#1', role: 'own', state: 'OPEN', stateLine: 6 },
    { source: H, line: 8, ref: 'o/r#4', role: 'related', state: null },
    { source: H, line: 9, ref: 'o/r#5', role: 'issue', state: null },
    { source: H, line: 20, ref: null, role: 'related', state: null },
  ],
};

function report(): Report {
  return {
    sources: [],
    patches: [],
    findings: [{ rule: 'ambiguous-ref', severity: 'warning', file: H, line: 20 }],
    refs: [
      {
        ref: 'O/R#1',
        mentions: [
          { source: L, line: 10, role: 'own', recordedState: 'OPEN' },
          // header mention placed at the state line: found, but not at the right line
          { source: H, line: 6, role: 'related', recordedState: 'OPEN' },
        ],
      },
      { ref: 'o/r#2', mentions: [{ source: L, line: 11, role: 'related', recordedState: 'OPEN' }] },
      // the cause read as the fix: dangerous
      { ref: 'o/r#3', mentions: [{ source: L, line: 12, role: 'fix', recordedState: 'MERGED' }] },
      // a state where the author wrote none: wrong
      {
        ref: 'o/r#4',
        mentions: [{ source: H, line: 8, role: 'related', recordedState: 'CLOSED' }],
      },
      // o/r#5 missing; an extra decisive mention the truth does not have; one outside the scope
      { ref: 'o/r#6', mentions: [{ source: H, line: 30, role: 'fix', recordedState: null }] },
      { ref: 'o/r#7', mentions: [{ source: 'elsewhere/x.md', line: 1, role: 'fix' }] },
    ],
  };
}

describe('survey score', () => {
  const s = score(truth, report());

  it('counts mentions at the right line, and near ones separately', () => {
    expect(s.foundAtLine).toEqual({ hit: 5, of: 7 }); // 4 exact + the expected ambiguous-ref
    expect(s.foundAnywhere).toEqual({ hit: 6, of: 7 });
    expect(s.ambiguousExpected).toEqual({ hit: 1, of: 1 });
    expect(s.wrongLine.map((p) => p.tool.line)).toEqual([6]);
    expect(s.missing.map((t) => t.ref)).toEqual(['o/r#5']);
  });

  it('scores written states and lists wrong ones, including a state where truth has none', () => {
    expect(s.states).toEqual({ hit: 4, of: 4 });
    expect(s.statesWrong.map((w) => w.tool.ref)).toEqual(['o/r#4']);
    expect(s.extraWithState).toEqual([]);
    expect(s.stateMissed).toEqual([]);
  });

  it('scores decisive classes, counting unmatched decisive tool mentions as imprecise', () => {
    // tool decisive: #1 own (L), #3 fix, #6 fix (extra) -> only #1 is right
    expect(s.fixOwn.precision).toEqual({ hit: 1, of: 3 });
    // truth fix/own: #1 in L and in H; H is read as related
    expect(s.fixOwn.recall).toEqual({ hit: 1, of: 2 });
    expect(s.anchor.precision).toEqual({ hit: 0, of: 0 });
    expect(s.anchor.recall).toEqual({ hit: 0, of: 1 });
    expect(s.decisive.recall).toEqual({ hit: 1, of: 3 });
    expect(pct(s.anchor.precision)).toBe('n/a');
  });

  it('flags fix/own advice for a never-drop role as dangerous', () => {
    expect(s.dangerous.map((p) => p.truth.ref)).toEqual(['o/r#3']);
    expect(s.extra.map((m) => m.ref)).toEqual(['o/r#6']);
  });

  it('matches one tool mention to at most one truth mention', () => {
    const t = truth.mentions.slice(0, 1);
    const twice = [t[0]!, { ...t[0]!, line: 11 }];
    const tool = [{ source: L, line: 10, ref: 'o/r#1', role: 'own' }];
    const r = matchMentions(twice, tool);
    expect(r.pairs).toHaveLength(1);
    expect(r.unmatchedTruth).toHaveLength(1);
  });
});

describe('survey yardstick', () => {
  it('reads GitHub URLs only before the first diff line', () => {
    const text = [
      'Subject: fix',
      'Upstream: https://github.com/Org/Repo/pull/12',
      'See https://github.com/org/repo/issues/3 and https://github.com/org/repo/commit/abc',
      '---',
      ' a | 1 +',
      '--- a/a',
      '+https://github.com/org/repo/pull/99',
    ].join('\n');
    expect(preamble(text)).toHaveLength(5);
    expect(headerRefs('p.patch', text).map((h) => `${h.ref}@${h.line}`)).toEqual([
      'org/repo#12@2',
      'org/repo#3@3',
    ]);
  });
});
