import { describe, expect, it } from 'vitest';
import type { RefKey, Resolution } from '../../src/model.js';
import type { LedgerResult } from '../../src/sources/ledger/types.js';
import { planSync } from '../../src/sync/plan.js';
import { LEDGER, pr, readLedger, TODAY } from './support.js';

const URL = 'https://github.com/o/r/pull';
const T_URL = 'https://github.com/o/t/pull';
const HEAD = '| patch | upstream PR | PR state |\n|---|---|---|\n';

function sync(text: string, live: Record<RefKey, Resolution>, source?: LedgerResult) {
  const plan = planSync({
    sources: [source ?? readLedger(text)],
    texts: new Map([[LEDGER, text]]),
    live: new Map(Object.entries(live)),
    today: TODAY,
  });
  return { after: plan.files[0]?.after ?? text, plan };
}

const states = (text: string) =>
  readLedger(text).mentions.map((m) => [m.ref, m.recordedState, m.recordedDate]);

describe('ledger sync', () => {
  it('puts the merge date after the emphasis and keeps the prose after the state', () => {
    const text = `${HEAD}| \`a.py\` | [r#1](${URL}/1) | **OPEN**; still needed while the flag is off |\n`;
    const { after } = sync(text, { 'o/r#1': pr('MERGED', { mergedAt: '2026-08-12T01:00:00Z' }) });
    expect(after).toBe(
      `${HEAD}| \`a.py\` | [r#1](${URL}/1) | **MERGED** 2026-08-12; still needed while the flag is off |\n`,
    );
    expect(states(after)).toEqual([['o/r#1', 'MERGED', '2026-08-12']]);
  });

  it('adds no date to a state already MERGED without one, so a second sync is quiet', () => {
    const text = `${HEAD}| \`a.py\` | [r#1](${URL}/1) | MERGED |\n`;
    const { plan } = sync(text, { 'o/r#1': pr('MERGED', { mergedAt: '2026-08-12T01:00:00Z' }) });
    expect(plan.files).toEqual([]);
  });

  it('splits a shared state per ref when the merge days differ', () => {
    const text = `${HEAD}| \`a.py\` | [r#1](${URL}/1), [r#2](${URL}/2) | both OPEN |\n`;
    const { after } = sync(text, {
      'o/r#1': pr('MERGED', { mergedAt: '2026-08-12T01:00:00Z' }),
      'o/r#2': pr('MERGED', { mergedAt: '2026-08-13T01:00:00Z' }),
    });
    expect(after).toContain('| #1 MERGED 2026-08-12; #2 MERGED 2026-08-13 |');
    expect(states(after)).toEqual([
      ['o/r#1', 'MERGED', '2026-08-12'],
      ['o/r#2', 'MERGED', '2026-08-13'],
    ]);
  });

  it('keeps the recorded state of a ref GitHub does not know when the others move', () => {
    const text = `${HEAD}| \`a.py\` | [r#1](${URL}/1), [r#2](${URL}/2) | both OPEN |\n`;
    const { after } = sync(text, {
      'o/r#1': pr('CLOSED'),
      'o/r#2': { status: 'not-found', message: 'gone' },
    });
    expect(after).toContain('| #1 CLOSED; #2 OPEN |');
  });

  it('names refs in full when two repos share a number, and reads them back', () => {
    const text = `${HEAD}| \`a.py\` | [r#7](${URL}/7) / [t#7](${T_URL}/7) | both OPEN |\n`;
    const { after } = sync(text, { 'o/r#7': pr('MERGED'), 'o/t#7': pr('OPEN') });
    expect(after).toContain('| o/r#7 MERGED; o/t#7 OPEN |');
    expect(states(after)).toEqual([
      ['o/r#7', 'MERGED', null],
      ['o/t#7', 'OPEN', null],
    ]);
  });

  it('corrects a date beside a prose state but adds none where none was written', () => {
    const text = `See [#1](${URL}/1) (MERGED 2026-07-01) and [#2](${URL}/2) (open).\n`;
    const { after } = sync(text, {
      'o/r#1': pr('MERGED', { mergedAt: '2026-07-02T10:00:00Z' }),
      'o/r#2': pr('MERGED', { mergedAt: '2026-07-03T10:00:00Z' }),
    });
    expect(after).toBe(`See [#1](${URL}/1) (MERGED 2026-07-02) and [#2](${URL}/2) (merged).\n`);
  });

  it('leaves cells that record nothing, and a recorded OPEN whose PR is a draft', () => {
    const text = `${HEAD}| \`a.py\` | [r#1](${URL}/1) | — |\n| \`b.py\` | [r#2](${URL}/2) | OPEN |\n`;
    const { plan } = sync(text, { 'o/r#1': pr('MERGED'), 'o/r#2': pr('DRAFT') });
    expect(plan.files).toEqual([]);
  });

  it('sets the check date to today when GitHub answered, even if no state changed', () => {
    const text = `Re-verified on 2026-08-01.\n\n${HEAD}| \`a.py\` | [r#1](${URL}/1) | OPEN |\n`;
    const { after, plan } = sync(text, { 'o/r#1': pr('OPEN') });
    expect(after).toBe(text.replace('2026-08-01', TODAY));
    expect(plan.files[0]?.changes).toEqual([
      { ref: null, line: 1, field: 'check-date', from: '2026-08-01', to: TODAY },
    ]);
  });

  it('notes a shared prose state whose refs it cannot find again, and leaves it', () => {
    const text = `The pair #8 / #9 (both OPEN) moves it.\n`;
    // Hand-made: a reader that claimed refs the text does not contain.
    const source: LedgerResult = {
      ...readLedger(text),
      mentions: [1, 2].map((n) => ({
        ref: `o/r#${n}`,
        kindHint: null,
        source: LEDGER,
        sourceKind: 'ledger',
        line: 1,
        patch: null,
        role: 'related',
        recordedState: 'OPEN',
        recordedDate: null,
        stateSpan: { start: text.indexOf('OPEN'), end: text.indexOf('OPEN') + 4 },
        sharedState: true,
      })),
    };
    const { plan } = sync(text, { 'o/r#1': pr('MERGED'), 'o/r#2': pr('OPEN') }, source);
    expect(plan.files).toEqual([]);
    expect(plan.notes).toEqual([
      {
        path: LEDGER,
        message: expect.stringMatching(/^line 1: o\/r#1, o\/r#2 share one state but now differ/),
      },
    ]);
  });

  it('writes nothing where a span does not hold the state the reader recorded', () => {
    const text = `See [#1](${URL}/1) (OPEN).\n`;
    const read = readLedger(text);
    const shifted: LedgerResult = {
      ...read,
      mentions: read.mentions.map((m) => ({ ...m, stateSpan: { start: 0, end: 3 } })),
    };
    expect(sync(text, { 'o/r#1': pr('MERGED') }, shifted).plan.files).toEqual([]);
  });
});
