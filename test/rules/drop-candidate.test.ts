import { describe, expect, it } from 'vitest';
import { rule } from '../../src/rules/drop-candidate.js';
import {
  containmentKey,
  type PinnedBase,
  type PinnedCheckContext,
} from '../../src/rules/pinned.js';
import { PATCH, RECORD, context, entry, live, mention, type ContextSpec } from './helpers.js';

const REF = 'example-org/engine#4101';
const REPO = 'example-org/engine';
const MERGE = 'abc123';
const BASE: PinnedBase = {
  repo: REPO,
  ref: 'v0.5.15',
  commit: '0b3bb0cbe318',
  source: RECORD,
  line: 1,
  patch: PATCH,
};
const CONFIG_BASE: PinnedBase = {
  repo: REPO,
  ref: 'v0.5.17',
  commit: null,
  source: 'config',
  line: 1,
  patch: null,
};

function ctx(
  spec: ContextSpec,
  pinned: PinnedBase[],
  answers: Record<string, boolean | null>,
): PinnedCheckContext {
  return {
    ...context({ entries: [entry(PATCH)], ...spec }),
    pinned,
    containment: new Map(Object.entries(answers)),
  };
}
const key = (ref: string, sha = MERGE) => containmentKey({ repo: REPO, ref, sha });

describe('drop-candidate', () => {
  it('fires for a merged fix whose merge commit is in the pinned base, once per patch', () => {
    const findings = rule.check(
      ctx(
        {
          mentions: [
            mention(REF, { role: 'fix', line: 12 }),
            mention(REF, { role: 'own', line: 7, source: RECORD }),
          ],
          live: { [REF]: live('MERGED') },
        },
        [BASE],
        { [key('0b3bb0cbe318')]: true },
      ),
    );
    expect(findings.map((f) => [f.rule, f.severity, f.ref, f.patch, f.file, f.line])).toEqual([
      ['drop-candidate', 'notice', REF, PATCH, 'deploy/patch.upstream.status.md', 12],
    ]);
    expect(findings[0]?.message).toContain('v0.5.15 (0b3bb0cbe318)');
  });

  it('stays quiet for a fix merged after the base, or when containment is unknown', () => {
    const spec = { mentions: [mention(REF, { role: 'fix' })], live: { [REF]: live('MERGED') } };
    expect(rule.check(ctx(spec, [BASE], { [key('0b3bb0cbe318')]: false }))).toEqual([]);
    expect(rule.check(ctx(spec, [BASE], { [key('0b3bb0cbe318')]: null }))).toEqual([]);
    expect(rule.check(ctx(spec, [BASE], {}))).toEqual([]);
    expect(rule.check(ctx(spec, [], {}))).toEqual([]);
  });

  it('uses the config base for a patch its record does not pin', () => {
    const spec = { mentions: [mention(REF, { role: 'fix' })], live: { [REF]: live('MERGED') } };
    expect(rule.check(ctx(spec, [CONFIG_BASE], { [key('v0.5.17')]: true }))).toHaveLength(1);
    // The record's own base wins over the config's.
    expect(
      rule.check(
        ctx(spec, [BASE, CONFIG_BASE], { [key('v0.5.17')]: true, [key('0b3bb0cbe318')]: false }),
      ),
    ).toEqual([]);
  });

  it('needs every pinned version to contain the fix', () => {
    const other = { ...BASE, ref: 'v0.6.0', commit: 'fedcba987654' };
    const spec = { mentions: [mention(REF, { role: 'fix' })], live: { [REF]: live('MERGED') } };
    const answers = { [key('0b3bb0cbe318')]: true, [key('fedcba987654')]: false };
    expect(rule.check(ctx(spec, [BASE, other], answers))).toEqual([]);
    expect(
      rule.check(ctx(spec, [BASE, other], { ...answers, [key('fedcba987654')]: true })),
    ).toHaveLength(1);
  });

  it('ignores retired patches, open PRs, and roles other than fix/own', () => {
    const answers = { [key('0b3bb0cbe318')]: true };
    const merged = { [REF]: live('MERGED') };
    const retired = ctx(
      { mentions: [mention(REF)], live: merged, entries: [entry(PATCH, { retired: true })] },
      [BASE],
      answers,
    );
    expect(rule.check(retired)).toEqual([]);
    expect(
      rule.check(ctx({ mentions: [mention(REF)], live: { [REF]: live('OPEN') } }, [BASE], answers)),
    ).toEqual([]);
    for (const role of ['anchor-collision', 'related', 'third-party', 'issue']) {
      expect(
        rule.check(ctx({ mentions: [mention(REF, { role })], live: merged }, [BASE], answers)),
        role,
      ).toEqual([]);
    }
  });

  it('is registered as a network rule at notice severity', () => {
    expect([rule.id, rule.defaultSeverity, rule.needsNetwork]).toEqual([
      'drop-candidate',
      'notice',
      true,
    ]);
  });
});
