import { describe, expect, it } from 'vitest';
import { ALL_RULES, runRules } from '../../src/rules/index.js';
import {
  LEDGER,
  RECORD,
  context,
  entry,
  live,
  mention,
  source,
  type ContextSpec,
} from './helpers.js';

const REF = 'example-org/engine#4101';

/** One network finding (state-drift) and one local one (unindexed-patch). */
function mixedContext(rules: ContextSpec['rules'] = {}) {
  return context({
    mentions: [mention(REF, { recordedState: 'OPEN', line: 12 })],
    live: { [REF]: live('MERGED') },
    patchFiles: ['p/orphan.py'],
    rules,
  });
}

describe('ALL_RULES', () => {
  it('holds each implemented rule once, and not the rules of a later issue', () => {
    const ids = ALL_RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual([
      'alive-because-drift',
      'ambiguous-ref',
      'anchor-collision-merged',
      'drop-candidate',
      'in-pinned-base-drift',
      'merged-at-drift',
      'missing-patch',
      'parse-error',
      'review-decision-drift',
      'source-disagreement',
      'stale-check',
      'state-drift',
      'unindexed-patch',
      'unresolved-ref',
    ]);
  });
});

describe('runRules', () => {
  it('runs network and local rules when live answers exist', () => {
    expect(runRules(mixedContext(), { offline: false }).map((f) => f.rule)).toEqual([
      'state-drift',
      'unindexed-patch',
    ]);
  });

  it('skips network rules offline, or when there are no live answers', () => {
    expect(runRules(mixedContext(), { offline: true }).map((f) => f.rule)).toEqual([
      'unindexed-patch',
    ]);
    const noLive = context({
      mentions: [mention(REF, { recordedState: 'OPEN' })],
      patchFiles: ['p/orphan.py'],
    });
    expect(runRules(noLive, { offline: false }).map((f) => f.rule)).toEqual(['unindexed-patch']);
  });

  it('applies a configured severity', () => {
    const findings = runRules(mixedContext({ 'state-drift': { severity: 'notice' } }), {
      offline: false,
    });
    expect(findings.map((f) => [f.rule, f.severity])).toEqual([
      ['state-drift', 'notice'],
      ['unindexed-patch', 'error'],
    ]);
  });

  it("drops a rule configured 'off'", () => {
    const findings = runRules(mixedContext({ 'unindexed-patch': { severity: 'off' } }), {
      offline: false,
    });
    expect(findings.map((f) => f.rule)).toEqual(['state-drift']);
  });

  it('keeps other settings without a severity at the default severity', () => {
    const findings = runRules(mixedContext({ 'state-drift': { maxAgeDays: 3 } }), {
      offline: false,
    });
    expect(findings[0]).toMatchObject({ rule: 'state-drift', severity: 'error' });
  });

  it('dedupes identical findings (a link whose text and URL are both refs)', () => {
    const ctx = context({
      mentions: [
        mention(REF, { recordedState: 'OPEN', line: 12 }),
        mention(REF, { recordedState: 'OPEN', line: 12, kindHint: 'pr' }),
      ],
      live: { [REF]: live('MERGED') },
    });
    expect(runRules(ctx, { offline: false }).map((f) => [f.rule, f.line])).toEqual([
      ['state-drift', 12],
    ]);
  });

  it('sorts by file, line, rule, then ref', () => {
    const ctx = context({
      mentions: [
        mention('o/r#2', { recordedState: 'OPEN', source: RECORD, line: 1 }),
        mention('o/r#2', { recordedState: 'OPEN', line: 9 }),
        mention('o/r#1', { recordedState: 'OPEN', line: 9 }),
        mention('o/r#3', { recordedState: 'MERGED', recordedDate: '2026-01-01', line: 9 }),
      ],
      live: { 'o/r#1': live('CLOSED'), 'o/r#2': live('MERGED'), 'o/r#3': live('MERGED') },
      entries: [entry('p/gone.py', { line: 3 })],
      sources: [source({ path: LEDGER, checkedOn: '2026-01-01', checkedOnLine: 9 })],
    });
    expect(runRules(ctx, { offline: false }).map((f) => [f.file, f.line, f.rule, f.ref])).toEqual([
      [LEDGER, 3, 'missing-patch', null],
      [LEDGER, 9, 'merged-at-drift', 'o/r#3'],
      [LEDGER, 9, 'stale-check', null],
      [LEDGER, 9, 'state-drift', 'o/r#1'],
      [LEDGER, 9, 'state-drift', 'o/r#2'],
      [RECORD, 1, 'state-drift', 'o/r#2'],
      // o/r#2 is recorded OPEN in both files: they agree, so no source-disagreement.
    ]);
  });
});
