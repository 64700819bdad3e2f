import { describe, expect, it } from 'vitest';
import type { AliveBecause, Mention, Resolution } from '../../src/model.js';
import { rule } from '../../src/rules/alive-because-drift.js';
import { containmentKey, type PinnedBase } from '../../src/rules/pinned.js';
import type { CheckContext } from '../../src/rules/types.js';
import { PATCH, RECORD, context, live, mention, source } from './helpers.js';

const OWN = 'example-org/engine#4101';
const OTHER = 'example-org/engine#4200';
const BASE: PinnedBase = {
  repo: 'example-org/engine',
  ref: 'v1.2.0',
  commit: '0b3bb0cbe318',
  source: RECORD,
  line: 1,
  patch: PATCH,
};
const IN_BASE = containmentKey({ repo: BASE.repo, ref: '0b3bb0cbe318', sha: 'abc123' });

function alive(reason: string): AliveBecause {
  return {
    reason,
    line: 30,
    source: RECORD,
    patch: PATCH,
    dropWhen: null,
    dropSignal: null,
  };
}

const fixOf = (ref: string, over: Partial<Mention> = {}) =>
  mention(ref, { source: RECORD, sourceKind: 'record', line: 40, role: 'own', ...over });

interface Spec {
  reason: string;
  mentions: Mention[];
  live: Record<string, Resolution>;
  contained?: boolean | null;
}

function ctx(spec: Spec): CheckContext {
  const base = context({
    mentions: spec.mentions,
    live: spec.live,
    sources: [
      source(
        { path: RECORD, kind: 'record' },
        { mentions: spec.mentions, aliveBecause: alive(spec.reason) },
      ),
    ],
  });
  const answers = new Map<string, boolean | null>();
  if (spec.contained !== undefined) answers.set(IN_BASE, spec.contained);
  return { ...base, pinned: [BASE], containment: answers };
}

const summary = (c: CheckContext) =>
  rule.check(c).map((f) => [f.rule, f.severity, f.file, f.line, f.ref, f.recorded, f.live]);

describe('alive-because-drift', () => {
  it('fires at the reason line when upstream-pr-open but the own PR merged', () => {
    const c = ctx({
      reason: 'upstream-pr-open',
      mentions: [fixOf(OWN)],
      live: { [OWN]: live('MERGED') },
    });
    expect(summary(c)).toEqual([
      [
        'alive-because-drift',
        'error',
        RECORD,
        30,
        OWN,
        'alive_because: upstream-pr-open',
        'MERGED',
      ],
    ]);
    expect(rule.check(c)[0]?.message).toContain('is MERGED (2026-08-12)');
  });

  it('fires when upstream-pr-open but the fix PR was closed unmerged', () => {
    const c = ctx({
      reason: 'upstream-pr-open',
      mentions: [fixOf(OWN, { role: 'fix' })],
      live: { [OWN]: live('CLOSED') },
    });
    expect(summary(c).map((f) => f[6])).toEqual(['CLOSED']);
  });

  it('stays quiet for upstream-pr-open while one PR is still open, a draft, or unknown', () => {
    const two = [fixOf(OWN), fixOf(OTHER, { role: 'fix' })];
    expect(
      rule.check(
        ctx({
          reason: 'upstream-pr-open',
          mentions: two,
          live: { [OWN]: live('MERGED'), [OTHER]: live('OPEN') },
        }),
      ),
    ).toEqual([]);
    expect(
      rule.check(
        ctx({ reason: 'upstream-pr-open', mentions: [fixOf(OWN)], live: { [OWN]: live('DRAFT') } }),
      ),
    ).toEqual([]);
    expect(
      rule.check(
        ctx({ reason: 'upstream-pr-open', mentions: two, live: { [OWN]: live('MERGED') } }),
      ),
    ).toEqual([]);
  });

  it('fires when upstream-pr-closed-unfixed but a fix PR merged', () => {
    const c = ctx({
      reason: 'upstream-pr-closed-unfixed',
      mentions: [fixOf(OWN, { role: 'fix' })],
      live: { [OWN]: live('MERGED') },
    });
    expect(summary(c).map((f) => f[5])).toEqual(['alive_because: upstream-pr-closed-unfixed']);
    expect(rule.check({ ...c, live: new Map([[OWN, live('CLOSED')]]) }).map((f) => f.rule)).toEqual(
      [],
    );
  });

  it('fires when merged-not-in-pinned-base but the merge commit is in the pinned base', () => {
    for (const reason of [
      'merged-not-in-pinned-base',
      'merged-not-released',
      'released-but-not-bumped',
    ]) {
      const c = ctx({
        reason,
        mentions: [fixOf(OWN)],
        live: { [OWN]: live('MERGED') },
        contained: true,
      });
      expect(summary(c).map((f) => f[6])).toEqual(['in the pinned base']);
      expect(rule.check(c)[0]?.message).toContain('abc123');
    }
  });

  it('stays quiet when the merge commit is not in the base, or nobody knows', () => {
    for (const contained of [false, null, undefined]) {
      const c = ctx({
        reason: 'merged-not-in-pinned-base',
        mentions: [fixOf(OWN)],
        live: { [OWN]: live('MERGED') },
        ...(contained === undefined ? {} : { contained }),
      });
      expect(rule.check(c)).toEqual([]);
    }
  });

  it('never reads a cause, a collision or a related PR as the record fix', () => {
    for (const role of ['introduced-the-defect', 'anchor-collision', 'related', 'background']) {
      const c = ctx({
        reason: 'merged-not-in-pinned-base',
        mentions: [fixOf(OWN, { role })],
        live: { [OWN]: live('MERGED') },
        contained: true,
      });
      expect(rule.check(c)).toEqual([]);
    }
  });

  it('is conservative: no-upstream-pr beside an open PR, and other reasons, are not drift', () => {
    for (const reason of [
      'no-upstream-pr',
      'internal-engine-no-upstream',
      'local-only-by-design',
      'upstream-fixed-differently',
      'archival',
      'something-else',
    ]) {
      for (const state of ['OPEN', 'MERGED'] as const) {
        const c = ctx({
          reason,
          mentions: [fixOf(OWN)],
          live: { [OWN]: live(state) },
          contained: true,
        });
        expect(rule.check(c)).toEqual([]);
      }
    }
  });

  it('only judges PRs of the record that states the reason', () => {
    const elsewhere = fixOf(OWN, {
      source: 'deploy/patch.upstream.status.md',
      sourceKind: 'ledger',
    });
    const c = ctx({
      reason: 'upstream-pr-open',
      mentions: [elsewhere],
      live: { [OWN]: live('MERGED') },
    });
    expect(rule.check(c)).toEqual([]);
  });
});
