import { describe, expect, it } from 'vitest';
import { rule } from '../../src/rules/state-drift.js';
import { RECORD, context, live, mention } from './helpers.js';

const REF = 'example-org/engine#4101';

describe('state-drift', () => {
  it('reports a recorded OPEN that is MERGED, at the mention, with recorded and live', () => {
    const ctx = context({
      mentions: [mention(REF, { recordedState: 'OPEN', line: 12 })],
      live: { [REF]: live('MERGED') },
    });
    const [f, ...rest] = rule.check(ctx);
    expect(rest).toEqual([]);
    expect(f).toMatchObject({
      rule: 'state-drift',
      severity: 'error',
      ref: REF,
      file: 'deploy/patch.upstream.status.md',
      line: 12,
      patch: 'deploy/patches/a/fix.py',
      recorded: 'OPEN',
      live: 'MERGED',
    });
    expect(f?.message).toBe(
      'example-org/engine#4101 is recorded OPEN but is MERGED (2026-08-12): update the state, and drop the patch if the fix is complete.',
    );
  });

  it('reports every stale mention, not just the first', () => {
    const ctx = context({
      mentions: [
        mention(REF, { recordedState: 'OPEN', line: 12 }),
        mention(REF, { recordedState: 'OPEN', source: RECORD, line: 7 }),
        mention(REF, { recordedState: 'MERGED', line: 40 }),
        mention(REF, { recordedState: null, line: 41 }),
      ],
      live: { [REF]: live('MERGED') },
    });
    expect(rule.check(ctx).map((f) => [f.file, f.line])).toEqual([
      ['deploy/patch.upstream.status.md', 12],
      [RECORD, 7],
    ]);
  });

  it('treats a live DRAFT as still OPEN', () => {
    const ctx = context({
      mentions: [mention(REF, { recordedState: 'OPEN' })],
      live: { [REF]: live('DRAFT') },
    });
    expect(rule.check(ctx)).toEqual([]);
  });

  it('reports a recorded DRAFT that became ready (live OPEN)', () => {
    const ctx = context({
      mentions: [mention(REF, { recordedState: 'DRAFT' })],
      live: { [REF]: live('OPEN') },
    });
    expect(rule.check(ctx).map((f) => [f.recorded, f.live])).toEqual([['DRAFT', 'OPEN']]);
  });

  it('does not fire when the states are equal, or the ref is unresolved', () => {
    const ctx = context({
      mentions: [
        mention(REF, { recordedState: 'CLOSED' }),
        mention('o/r#2', { recordedState: 'OPEN' }),
      ],
      live: { [REF]: live('CLOSED'), 'o/r#2': { status: 'not-found', message: 'gone' } },
    });
    expect(rule.check(ctx)).toEqual([]);
  });

  it('compares issues too (OPEN recorded, CLOSED live)', () => {
    const ctx = context({
      mentions: [mention(REF, { recordedState: 'OPEN', role: 'issue' })],
      live: { [REF]: live('CLOSED', { kind: 'issue' }) },
    });
    expect(rule.check(ctx).map((f) => f.live)).toEqual(['CLOSED']);
  });

  it('returns nothing offline', () => {
    const ctx = context({ mentions: [mention(REF, { recordedState: 'OPEN' })], live: null });
    expect(rule.check(ctx)).toEqual([]);
  });
});
