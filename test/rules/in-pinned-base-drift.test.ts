import { describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config-types.js';
import { rule } from '../../src/rules/in-pinned-base-drift.js';
import {
  collectPinnedBases,
  containmentKey,
  containmentQuestions,
  type PinnedBase,
  type PinnedCheckContext,
} from '../../src/rules/pinned.js';
import { parseRecord } from '../../src/sources/records/index.js';
import { PATCH, RECORD, context, live, mention } from './helpers.js';

const REF = 'example-org/engine#4101';
const REPO = 'example-org/engine';
const BASE: PinnedBase = {
  repo: REPO,
  ref: 'v0.5.15',
  commit: '0b3bb0cbe318',
  source: RECORD,
  line: 1,
  patch: PATCH,
};
const KEY = containmentKey({ repo: REPO, ref: '0b3bb0cbe318', sha: 'abc123' });

function ctx(
  recorded: boolean | null,
  state: 'OPEN' | 'MERGED',
  answer: boolean | null | undefined,
): PinnedCheckContext {
  return {
    ...context({
      mentions: [
        mention(REF, {
          source: RECORD,
          sourceKind: 'record',
          line: 21,
          recordedInPinnedBase: recorded,
        }),
      ],
      live: { [REF]: live(state) },
    }),
    pinned: [BASE],
    containment: new Map(answer === undefined ? [] : [[KEY, answer]]),
  };
}

describe('in-pinned-base-drift', () => {
  it('fires when in_pinned_base is false but the merge commit is in the pinned commit', () => {
    const findings = rule.check(ctx(false, 'MERGED', true));
    expect(findings.map((f) => [f.rule, f.severity, f.file, f.line, f.recorded, f.live])).toEqual([
      [
        'in-pinned-base-drift',
        'error',
        RECORD,
        21,
        'in_pinned_base: false',
        'in_pinned_base: true',
      ],
    ]);
    expect(findings[0]?.message).toContain('set in_pinned_base: true');
  });

  it('fires when in_pinned_base is true but the merge commit is not there, or the PR is not merged', () => {
    expect(rule.check(ctx(true, 'MERGED', false)).map((f) => f.live)).toEqual([
      'in_pinned_base: false',
    ]);
    expect(rule.check(ctx(true, 'OPEN', undefined)).map((f) => f.live)).toEqual([
      'in_pinned_base: false',
    ]);
  });

  it('stays quiet when the record agrees, says nothing, or the answer is unknown', () => {
    expect(rule.check(ctx(true, 'MERGED', true))).toEqual([]);
    expect(rule.check(ctx(false, 'MERGED', false))).toEqual([]);
    expect(rule.check(ctx(false, 'OPEN', undefined))).toEqual([]);
    expect(rule.check(ctx(null, 'MERGED', true))).toEqual([]);
    expect(rule.check(ctx(false, 'MERGED', null))).toEqual([]);
    expect(rule.check(ctx(false, 'MERGED', undefined))).toEqual([]);
  });
});

const RECORD_TEXT = `schema_version: 1
patch: { path: ${PATCH} }
target:
  repo: Example-Org/Engine
  versions: [{ ref: v0.5.15, commit: 0b3bb0cbe318 }, { ref: v0.6.0 }]
upstream_prs:
  - ref: example-org/engine#4101
    state: MERGED
    in_pinned_base: false
related_refs:
  - { ref: "#3877", kind: pr, state: OPEN, relevance: anchor-collision }
`;

describe('pinned bases and the containment questions', () => {
  it('takes record versions (with a commit) for the record patch, and config bases for every patch', () => {
    const record = parseRecord({ path: RECORD, text: RECORD_TEXT, patchPath: PATCH });
    const pinned = collectPinnedBases([record], {
      ...DEFAULT_CONFIG,
      bases: { 'Example-Org/Engine': 'v0.5.17' },
    });
    expect(pinned).toEqual([
      BASE,
      { repo: REPO, ref: 'v0.5.17', commit: null, source: 'config', line: 1, patch: null },
    ]);
  });

  it('asks, once each, for merged fix/own PRs and recorded in_pinned_base, against the bases of their patch', () => {
    const record = parseRecord({ path: RECORD, text: RECORD_TEXT, patchPath: PATCH });
    const pinned = collectPinnedBases([record], { bases: { [REPO]: 'v0.5.17' } });
    const mentionsByRef = new Map([
      [REF, [...record.mentions.filter((m) => m.ref === REF), mention(REF, { role: 'fix' })]],
      [
        'example-org/engine#3877',
        [mention('example-org/engine#3877', { role: 'anchor-collision' })],
      ],
      [
        'example-org/engine#9',
        [mention('example-org/engine#9', { role: 'fix', patch: 'other.diff' })],
      ],
    ]);
    const questions = containmentQuestions(
      mentionsByRef,
      new Map([
        [REF, live('MERGED', { mergeCommit: 'aaa' })],
        ['example-org/engine#3877', live('MERGED', { mergeCommit: 'bbb' })],
        ['example-org/engine#9', live('MERGED', { mergeCommit: 'ccc' })],
      ]),
      pinned,
    );
    expect(questions.map(containmentKey)).toEqual([
      'example-org/engine@0b3bb0cbe318...aaa',
      'example-org/engine@v0.5.17...ccc',
    ]);
  });
});
