/**
 * The write-time guard (issue 13 item 1): every value sync copies from an
 * answer fits the grammar of its place, or it is not written and a note
 * names the ref, file and line. These drive planSync directly, so each
 * guard is tested on its own (the e2e test goes through all of them).
 */
import { describe, expect, it } from 'vitest';
import type { RefKey, Resolution, SourceResult } from '../../src/model.js';
import { readPatchHeader } from '../../src/sources/headers/patch-header.js';
import { isUnsafeEdit, planSync, type SyncPlan } from '../../src/sync/plan.js';
import {
  badDate,
  badRefUrl,
  badReviewDecision,
  badState,
  badTimestamp,
} from '../../src/sync/server-strings.js';
import { pr, readHeader, readLedger, readRecord, RECORD, TODAY } from './support.js';

const E = (n: number): RefKey => `example-org/engine#${n}`;
const URL4102 = 'https://github.com/example-org/engine/pull/4102';

function sync(
  path: string,
  text: string,
  source: SourceResult,
  live: Record<RefKey, Resolution>,
  webHost?: string,
): SyncPlan {
  return planSync({
    sources: [source],
    texts: new Map([[path, text]]),
    live: new Map(Object.entries(live)),
    today: TODAY,
    ...(webHost ? { webHost } : {}),
  });
}

describe('server-string grammars', () => {
  it('states and review decisions come from their enums, exactly', () => {
    expect(badState('MERGED')).toBeNull();
    for (const v of ['merged', 'MERGED\n', 'MERGED #x', '']) expect(badState(v)).not.toBeNull();
    expect(badReviewDecision('CHANGES_REQUESTED')).toBeNull();
    for (const v of ['APPROVED\ntouch x #', 'approved', ' APPROVED', 'APPROVED\u001b[31m'])
      expect(badReviewDecision(v)).not.toBeNull();
  });

  it('dates are calendar days, timestamps full ISO instants with a zone', () => {
    expect(badDate('2026-02-28')).toBeNull();
    for (const v of ['2026-02-30', '2026-13-01', '2026-08-12\n', '2026-8-12', '+02026-08-12'])
      expect(badDate(v)).not.toBeNull();
    expect(badTimestamp('2026-08-12T09:30:00Z')).toBeNull();
    expect(badTimestamp('2026-07-09T23:00:00-02:00')).toBeNull();
    expect(badTimestamp('2026-08-12T09:30:00.123Z')).toBeNull();
    for (const v of [
      '2026-08-12',
      '2026-08-12T09:30:00Z\nrm -rf ~',
      'Tue, 12 Aug 2026 09:30:00 GMT',
      '2026-02-30T00:00:00Z',
      '2026-08-12T09:30:00',
    ])
      expect(badTimestamp(v)).not.toBeNull();
  });

  it('a URL is https://<host>/<owner>/<repo>/(pull|issues)/<n> for the very ref', () => {
    expect(badRefUrl(URL4102, E(4102), 'github.com')).toBeNull();
    expect(
      badRefUrl('https://github.com/Example-Org/Engine/pull/4102', E(4102), 'github.com'),
    ).toBeNull();
    expect(
      badRefUrl('https://ghe.example/example-org/engine/issues/4102', E(4102), 'ghe.example'),
    ).toBeNull();
    for (const v of [
      `${URL4102}\n+++ b/evil`,
      `${URL4102}/files`,
      `${URL4102}?x=1`,
      `${URL4102}#x`,
      'https://github.com/example-org/engine/pull/4103',
      'https://github.com/example-org/engine/pull/04102',
      'https://github.com/other-org/engine/pull/4102',
      'https://evil.example/example-org/engine/pull/4102',
      'https://github.com@evil.example/example-org/engine/pull/4102',
      'http://github.com/example-org/engine/pull/4102',
      'https://github.com/example-org/engine/commit/4102',
      'https://github.com/example-org/en gine/pull/4102',
    ])
      expect(badRefUrl(v, E(4102), 'github.com'), v).not.toBeNull();
    expect(badRefUrl(URL4102, E(4102), 'ghe.example')).not.toBeNull();
  });
});

describe('sync writes no server string that does not fit its place', () => {
  const SH = 'patches/fix.sh';
  const shText = [
    '#!/bin/sh',
    '# UPSTREAM STATUS (re-queried 2026-08-11)',
    '#   own PR   #4101 (alice, OPEN, REVIEW_REQUIRED).',
    'echo patched',
    '',
  ].join('\n');

  it('a review decision with a newline in a .sh header: the rest is written, the decision is not', () => {
    const plan = sync(SH, shText, readHeader(shText, SH), {
      [E(4101)]: pr('OPEN', { reviewDecision: 'APPROVED\ntouch pwned #' }),
    });
    expect(plan.files.map((f) => f.after)).toEqual([
      shText.replace('2026-08-11', TODAY), // the check date: GitHub did answer
    ]);
    expect(plan.notes).toEqual([
      {
        path: SH,
        message: `line 3: not writing GitHub's review decision for ${E(4101)}: "APPROVED\\ntouch pwned #" is not one of APPROVED, CHANGES_REQUESTED, REVIEW_REQUIRED`,
      },
    ]);
  });

  it('a state outside the enum: nothing is written for that ref (not even the check date)', () => {
    const live = pr('OPEN');
    const bad: Resolution =
      live.status === 'found'
        ? { status: 'found', live: { ...live.live, state: 'MERGED\nx' as 'MERGED' } }
        : live;
    const plan = sync(SH, shText, readHeader(shText, SH), { [E(4101)]: bad });
    expect(plan.files).toEqual([]);
    expect(plan.notes.map((n) => n.message)).toEqual([
      `line 3: not writing GitHub's state for ${E(4101)}: "MERGED\\nx" is not one of OPEN, DRAFT, MERGED, CLOSED`,
    ]);
  });

  it('a merge date that is not a timestamp: the state is written, the date is not', () => {
    const ledger = [
      '**PR states re-verified against the GitHub API on 2026-08-10.**',
      '',
      '| patch | upstream PR | PR state |',
      '|---|---|---|',
      '| `engine_core/fix_rows.py` | [engine#4101](https://github.com/example-org/engine/pull/4101) | **MERGED** 2026-07-09 |',
      '',
    ].join('\n');
    const path = 'deploy/docker/patch.upstream.status.md';
    const plan = sync(path, ledger, readLedger(ledger), {
      [E(4101)]: pr('MERGED', { mergedAt: '2026-08-12\n| `evil.py` | x | OPEN |' }),
    });
    expect(plan.files[0]?.after).toBe(ledger.replace('2026-08-10', TODAY));
    expect(plan.notes.map((n) => n.message)).toEqual([
      `line 5: not writing GitHub's merge date for ${E(4101)}: "2026-08-12\\n| \`evil.py\` | x | OPEN |" is not an ISO-8601 timestamp`,
    ]);
  });

  it('a record: a hostile review decision and merge date are reported, not written', () => {
    const text = [
      'schema_version: 1',
      'status_updated: 2026-08-01',
      'target: { repo: example-org/engine }',
      'upstream_prs:',
      '  - ref: "#4101"',
      '    state: OPEN',
      '    review_decision: REVIEW_REQUIRED',
      '    merged_at: null',
      '',
    ].join('\n');
    const plan = sync(RECORD, text, readRecord(text), {
      [E(4101)]: pr('MERGED', {
        mergedAt: "2026-08-12T09:30:00Z'\nevil: 1",
        reviewDecision: 'APPROVED # x',
      }),
    });
    expect(plan.files[0]?.after).toBe(
      text.replace('state: OPEN', 'state: MERGED').replace('2026-08-01', TODAY),
    );
    expect(plan.notes.map((n) => n.message).sort()).toEqual([
      `line 5: not writing GitHub's merge date for ${E(4101)}: "2026-08-12T09:30:00Z'\\nevil: 1" is not an ISO-8601 timestamp`,
      `line 5: not writing GitHub's review decision for ${E(4101)}: "APPROVED # x" is not one of APPROVED, CHANGES_REQUESTED, REVIEW_REQUIRED`,
    ]);
  });

  describe('DEP-3 Applied-Upstream', () => {
    const PATCH = 'debian/patches/fix.patch';
    const text = [
      'Description: fix rows',
      `Forwarded: ${URL4102}`,
      '---',
      '--- a/x.py',
      '+++ b/x.py',
      '@@ -1 +1 @@',
      '-a',
      '+b',
      '',
    ].join('\n');
    const read = () => readPatchHeader({ path: PATCH, text, defaultRepo: null });
    const merged = (url: string) => ({
      [E(4102)]: pr('MERGED', { mergedAt: '2026-08-12T09:30:00Z', url }),
    });

    it("is added with GitHub's URL of that very PR", () => {
      const plan = sync(PATCH, text, read(), merged(URL4102));
      expect(plan.files[0]?.after).toBe(
        text.replace(`${URL4102}\n`, `${URL4102}\nApplied-Upstream: ${URL4102}\n`),
      );
      expect(plan.notes).toEqual([]);
    });

    it.each([
      ['a newline and a hunk', `${URL4102}\n--- /dev/null\n+++ b/evil\n@@ -0,0 +1 @@\n+x`],
      ['another repository', 'https://github.com/evil/engine/pull/4102'],
      ['another host', 'https://evil.example/example-org/engine/pull/4102'],
    ])('is not added when the URL has %s', (_what, url) => {
      const plan = sync(PATCH, text, read(), merged(url));
      expect(plan.files).toEqual([]);
      expect(plan.notes.map((n) => n.message)).toEqual([
        expect.stringMatching(
          /^line 2: not adding Applied-Upstream for example-org\/engine#4102: GitHub's URL ".*" is not https:\/\/github\.com\/<owner>\/<repo>\/\(pull\|issues\)\/<n> for example-org\/engine#4102$/,
        ),
      ]);
    });

    it('takes the configured web host (GitHub Enterprise)', () => {
      const ghe = 'https://ghe.example/example-org/engine/pull/4102';
      expect(sync(PATCH, text, read(), merged(ghe), 'ghe.example').files).toHaveLength(1);
      expect(sync(PATCH, text, read(), merged(ghe)).files).toEqual([]);
    });
  });

  it('the last line: an edit writing a control character is refused, beyond a leading line break', () => {
    expect(isUnsafeEdit({ start: 0, end: 0, text: '\nApplied-Upstream: https://x/y' })).toBe(false);
    expect(isUnsafeEdit({ start: 0, end: 0, text: '\r\nApplied-Upstream: x' })).toBe(false);
    expect(isUnsafeEdit({ start: 0, end: 0, text: 'MERGED 2026-08-12' })).toBe(false);
    for (const text of ['APPROVED\nx', '\nA\nB', 'x\u001b[2J', 'x\r', 'x\u0085', 'x\u2028'])
      expect(isUnsafeEdit({ start: 0, end: 0, text }), JSON.stringify(text)).toBe(true);
  });
});
