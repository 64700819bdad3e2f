import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Mention } from '../../src/model.js';
import {
  parseRecord,
  parseRecordIndex,
  type RecordResult,
} from '../../src/sources/records/index.js';
import { cpuNow } from '../support/cpu-time.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/records/${name}`, import.meta.url), 'utf8');
const aliases = new Map([['engine', 'example-org/engine']]);
const PATCH = 'deploy/docker/patches/engine_core/fix_rows.py';

function record(text: string, patchPath: string | null = null, path = 'r.upstream.status.yaml') {
  return parseRecord({ path, text, patchPath, aliases });
}

/** The parts of a mention most tests care about, in one comparable row. */
const row = (m: Mention) => [m.ref, m.line, m.role, m.recordedState, m.kindHint];
const problemLines = (r: RecordResult) => r.problems.map((p) => p.line);

describe('parseRecord on a messy real-world record', () => {
  const path = 'deploy/docker/patches/engine_core/fix_rows.upstream.status.yaml';
  const text = fixture('engine_core/fix_rows.upstream.status.yaml');
  const all = parseRecord({ path, text, patchPath: null, aliases });
  // The fields' refs; refs written in comments and notes are read apart (below).
  const result = { ...all, mentions: all.mentions.filter((m) => m.roleByDefault !== true) };

  it('reads the check date, target and pinned bases, and reports nothing', () => {
    expect(result.source).toEqual({
      path,
      kind: 'record',
      checkedOn: '2026-08-05',
      checkedOnLine: 4,
    });
    expect(result.statusUpdatedLine).toBe(4);
    expect(result.targetRepo).toBe('example-org/engine');
    expect(result.pinnedCommits).toEqual([
      { ref: 'v0.5.15.post1', commit: '0b3bb0cbe318' },
      { ref: 'v0.5.17', commit: '1234567' },
    ]);
    expect(result.problems).toEqual([]);
    expect(result.ambiguous).toEqual([]);
  });

  it('takes the patch from patch.path, without the leading ./', () => {
    expect(result.patches).toEqual([
      { path: PATCH, source: path, line: 6, retired: false, repo: 'example-org/engine' },
    ]);
  });

  it('finds every ref with its line, role, recorded state and kind', () => {
    expect(result.mentions.map(row)).toEqual([
      ['example-org/engine#3500', 15, 'issue', 'OPEN', 'issue'],
      ['internal#88', 16, 'issue', 'OPEN', 'issue'],
      ['example-org/platform#69', 18, 'issue', null, 'issue'],
      ['example-org/engine#4101', 21, 'own', 'OPEN', 'pr'],
      ['example-org/engine#3655', 28, 'fix', 'MERGED', 'pr'],
      ['example-org/engine#3990', 34, 'fix', 'DRAFT', 'pr'],
      ['example-org/engine#5000', 36, 'fix', null, 'pr'],
      ['example-org/engine#3877', 41, 'anchor-collision', 'OPEN', 'pr'],
      ['example-org/engine#3712', 42, 'anchor-collision', 'OPEN', 'pr'],
      ['example-org/engine#3265', 43, 'background', 'MERGED', 'pr'],
      ['example-org/engine#3001', 47, 'same-defect-other-platform', null, 'issue'],
      ['example-org/engine#2999', 49, 'related', null, null],
      ['example-org/engine#2800', 50, 'introduced-the-defect', null, null],
    ]);
    // The mention is at the ref's line; a state written lower down is its stateLine.
    expect(result.mentions.map((m) => m.stateLine ?? null)).toEqual([
      null,
      17,
      null,
      23,
      29,
      35,
      null,
      null,
      null,
      45,
      null,
      null,
      null,
    ]);
    for (const m of result.mentions) {
      expect(m).toMatchObject({ source: path, sourceKind: 'record', patch: PATCH });
    }
  });

  it('lists internal refs under their own key; a ref in a comment or note is prose', () => {
    const refs = result.mentions.map((m) => m.ref);
    expect(refs.filter((r) => r.endsWith('#88'))).toEqual(['internal#88']);
    expect(refs.some((r) => r.endsWith('#123'))).toBe(false);
    // Session 11: comments and notes are read as prose — a mention with no
    // state, its repo inferred (GitHub not knowing it is no error).
    const prose = all.mentions.filter((m) => m.roleByDefault === true);
    expect(prose.map((m) => [m.ref, m.line, m.role, m.inferredRepo ?? false])).toEqual([
      ['example-org/engine#123', 2, 'related', true],
      ['example-org/engine#123', 19, 'related', true],
    ]);
  });

  it('keeps merged_at, review_decision and in_pinned_base of upstream PRs as written', () => {
    const pr = (n: number) => result.mentions.find((m) => m.ref === `example-org/engine#${n}`);
    expect(pr(4101)).toMatchObject({
      recordedMergedAt: null,
      recordedReviewDecision: 'REVIEW_REQUIRED',
      recordedInPinnedBase: false,
      recordedDate: null,
    });
    expect(pr(3655)).toMatchObject({
      recordedMergedAt: '2026-07-09T10:11:12Z',
      recordedReviewDecision: null,
      recordedInPinnedBase: true,
      recordedDate: '2026-07-09',
    });
    expect(pr(3877)).not.toHaveProperty('recordedMergedAt');
  });

  it('gives state spans that slice back to the state word, inside any quotes', () => {
    const words = result.mentions.map((m) =>
      m.stateSpan ? text.slice(m.stateSpan.start, m.stateSpan.end) : null,
    );
    expect(words).toEqual([
      'open',
      'OPEN',
      null,
      'OPEN',
      'MERGED',
      'Draft',
      'not-submitted',
      'OPEN',
      'OPEN',
      'MERGED',
      null,
      null,
      'superseded',
    ]);
  });

  it('gives sync the YAML path and first line of each ref mapping', () => {
    expect(result.fields.map((f) => [f.ref, f.path, f.line])).toEqual([
      ['example-org/engine#3500', ['upstream_issues', 0], 15],
      ['example-org/platform#69', ['upstream_issues', 2], 18],
      ['example-org/engine#4101', ['upstream_prs', 0], 21],
      ['example-org/engine#3655', ['upstream_prs', 1], 28],
      ['example-org/engine#3990', ['upstream_prs', 2], 34],
      ['example-org/engine#5000', ['upstream_prs', 3], 36],
      ['example-org/engine#3877', ['related_refs', 0], 41],
      ['example-org/engine#3712', ['related_refs', 1], 42],
      ['example-org/engine#3265', ['related_refs', 2], 43],
      ['example-org/engine#3001', ['related_refs', 3], 47],
      ['example-org/engine#2999', ['related_refs', 4], 49],
      ['example-org/engine#2800', ['related_refs', 5], 50],
    ]);
  });
});

describe('parseRecord details', () => {
  it('prefers the patch the caller found beside the record over patch.path', () => {
    const r = record('patch: { path: somewhere/else.py }\n', 'p/fix.py');
    expect(r.patches).toEqual([
      { path: 'p/fix.py', source: 'r.upstream.status.yaml', line: 1, retired: false, repo: null },
    ]);
    expect(r.problems).toEqual([]);
  });

  it('accepts `patch: path` written as a plain string, with backslashes', () => {
    expect(record('patch: a\\b/./c.py\n').patches.map((p) => p.path)).toEqual(['a/b/c.py']);
  });

  it('reports a record that names no patch, or one outside the root', () => {
    expect(record('schema_version: 1\n').problems).toEqual([
      { file: 'r.upstream.status.yaml', line: 1, message: expect.stringContaining('no patch') },
    ]);
    const outside = record('x: 1\npatch:\n  path: ../../etc/passwd\n');
    expect(outside.patches).toEqual([]);
    expect(outside.problems).toEqual([expect.objectContaining({ line: 3 })]);
  });

  it('reads status_updated quoted, and dates YAML 1.1 typed as Date', () => {
    expect(record("status_updated: '2026-08-05'\n", 'p.py').source.checkedOn).toBe('2026-08-05');
    expect(record('status_updated: 2026-08-05T09:00:00Z\n', 'p.py').source.checkedOn).toBe(
      '2026-08-05',
    );
    const yaml11 = record(
      '%YAML 1.1\n---\nstatus_updated: 2026-08-05\ntarget: { repo: a/b }\nupstream_prs:\n  - { ref: "#1", state: MERGED, merged_at: 2026-07-09 }\n',
      'p.py',
    );
    expect(yaml11.problems).toEqual([]);
    expect(yaml11.source).toMatchObject({ checkedOn: '2026-08-05', checkedOnLine: 3 });
    expect(yaml11.mentions[0]).toMatchObject({
      recordedMergedAt: '2026-07-09',
      recordedDate: '2026-07-09',
    });
  });

  it('reports a malformed target, keeping the pinned bases it can read', () => {
    const r = record(
      [
        'target:',
        '  repo: not a repo',
        '  versions:',
        '    - { ref: v1.10, commit: 0x1f }',
        '    - { ref: v2 }               # pinned by tag only: nothing to check',
        '    - v3',
        'patch: [a.py]',
        '',
      ].join('\n'),
    );
    expect(r.targetRepo).toBeNull();
    expect(r.pinnedCommits).toEqual([{ ref: 'v1.10', commit: '0x1f' }]);
    expect(r.problems.map((p) => [p.line, p.message])).toEqual([
      [2, expect.stringContaining('target.repo "not a repo"')],
      [6, expect.stringContaining('target.versions[2]')],
      [7, expect.stringContaining('patch must be a mapping')],
    ]);
    expect(problemLines(record('target:\n  versions: v1\n', 'p.py'))).toEqual([2]);
  });

  it('takes kind from the record over the URL, and issues default to issue', () => {
    const r = record(
      [
        'upstream_issues:',
        '  - { url: "https://github.com/a/b/pull/1", kind: Issue }',
        '  - { ref: a/b#2 }',
        'related_refs:',
        '  - { ref: "https://github.com/a/b/issues/3", kind: PR }',
        '',
      ].join('\n'),
      'p.py',
    );
    expect(r.mentions.map((m) => [m.ref, m.kindHint])).toEqual([
      ['a/b#1', 'issue'],
      ['a/b#2', 'issue'],
      ['a/b#3', 'pr'],
    ]);
  });

  it('treats null and empty lists as nothing recorded', () => {
    const r = record('upstream_issues: null\nupstream_prs:\nrelated_refs: ~\n', 'p.py');
    expect(r.mentions).toEqual([]);
    expect(r.problems).toEqual([]);
  });

  it('counts yes/no as booleans, as YAML 1.1 authors mean them', () => {
    const r = record('upstream_prs:\n  - { ref: a/b#1, ours: yes, in_pinned_base: No }\n', 'p.py');
    expect(r.mentions[0]).toMatchObject({ role: 'own', recordedInPinnedBase: false });
    expect(r.problems).toEqual([]);
  });

  it('follows YAML aliases but gives no span to an aliased state', () => {
    const text =
      'upstream_prs:\n  - { ref: a/b#1, state: &s MERGED }\n  - { ref: a/b#2, state: *s }\n';
    const r = record(text, 'p.py');
    expect(r.mentions.map((m) => [m.ref, m.recordedState, m.stateSpan])).toEqual([
      ['a/b#1', 'MERGED', { start: text.indexOf('MERGED'), end: text.indexOf('MERGED') + 6 }],
      ['a/b#2', 'MERGED', null],
    ]);
  });

  it('keeps offsets true to the original text with a BOM and CRLF line ends', () => {
    const text =
      '\ufeffschema_version: 1\r\nupstream_prs:\r\n  - ref: a/b#1\r\n    state: CLOSED\r\n';
    const [m] = record(text, 'p.py').mentions;
    expect(m).toMatchObject({ line: 3, stateLine: 4, recordedState: 'CLOSED' });
    expect(text.slice(m!.stateSpan!.start, m!.stateSpan!.end)).toBe('CLOSED');
  });

  it('reports the flow-map pitfall of an unquoted `note: see #123 }` and still reads the ref', () => {
    const r = record(
      'upstream_issues:\n  - { ref: a/b#1, state: OPEN, note: see #123 }\nupstream_prs: null\n',
      'p.py',
    );
    expect(r.mentions.map(row)).toEqual([['a/b#1', 2, 'issue', 'OPEN', 'issue']]);
    expect(r.problems).toEqual([
      expect.objectContaining({ line: 3, message: expect.stringMatching(/^YAML syntax error/) }),
    ]);
  });

  it('reports an alias to an anchor that does not exist', () => {
    const r = record('status_updated: *nope\n', 'p.py');
    expect(r.problems).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringContaining('nope') }),
    ]);
    expect(r.source.checkedOn).toBeNull();
  });

  it('reports a duplicate key, and reads the last value as PyYAML and JSON.parse do', () => {
    const r = record('status_updated: 2026-01-01\nstatus_updated: 2026-02-02\n', 'p.py');
    expect(r.problems).toEqual([expect.objectContaining({ line: 2 })]);
    expect(r.source.checkedOn).toBe('2026-02-02');
  });

  it('reports a record that is not a mapping, but keeps the patch found beside it', () => {
    for (const text of ['', '- a\n- b\n', 'just text\n']) {
      const r = record(text, 'p.py');
      expect(problemLines(r)).toEqual([1]);
      expect(r.patches.map((p) => p.path)).toEqual(['p.py']);
    }
  });
});

describe('parseRecord on wrong shapes', () => {
  const r = record(fixture('wrong-shapes.upstream.status.yaml'));

  it('names each wrong field and its line, in file order', () => {
    expect(r.problems.map((p) => [p.line, p.message])).toEqual([
      [1, expect.stringContaining('schema_version 2')],
      [1, expect.stringContaining('no patch')],
      [2, expect.stringContaining('status_updated')],
      [3, expect.stringContaining('target must be a mapping')],
      [4, expect.stringContaining('upstream_issues must be a list')],
      [7, expect.stringContaining('"not a ref" is not a ref')],
      [11, expect.stringContaining('upstream_prs[3].ours')],
      [12, expect.stringContaining('upstream_prs[3].in_pinned_base')],
      [13, expect.stringContaining('upstream_prs[3].review_decision')],
      [14, expect.stringContaining('upstream_prs[4] has no ref')],
    ]);
  });

  it('still reads everything it understands', () => {
    expect(r.mentions.map(row)).toEqual([
      // A list item that is a ref written as a string is read as one (session 12).
      ['example-org/engine#1', 6, 'fix', null, 'pr'],
      ['example-org/engine#8', 10, 'fix', null, 'pr'],
      ['example-org/engine#9', 15, 'fix', 'MERGED', 'pr'],
    ]);
    expect(r.mentions[1]).toMatchObject({
      recordedInPinnedBase: null,
      recordedReviewDecision: null,
    });
  });

  it('reports a bare #N with no target.repo as ambiguous, not as a mention', () => {
    expect(r.ambiguous).toEqual([
      { text: '#7', source: 'r.upstream.status.yaml', line: 9, patch: null },
    ]);
  });
});

describe('parseRecord on broken YAML', () => {
  it('reports the syntax error at its line and reads what comes before it', () => {
    const r = record(fixture('bad-syntax.upstream.status.yaml'), 'p.py');
    expect(r.problems[0]).toEqual({
      file: 'r.upstream.status.yaml',
      line: 8,
      message: expect.stringContaining('state must be a single value'),
    });
    expect(r.problems).toContainEqual({
      file: 'r.upstream.status.yaml',
      line: 9,
      message: expect.stringMatching(/^YAML syntax error: Flow sequence/),
    });
    expect(r.source).toMatchObject({ checkedOn: '2026-08-01', checkedOnLine: 2 });
    expect(r.targetRepo).toBe('example-org/engine');
    expect(r.mentions[0]).toMatchObject({ ref: 'example-org/engine#4101', recordedState: 'OPEN' });
  });

  it('refuses a billion-laughs alias bomb quickly and reads the rest', () => {
    const started = cpuNow();
    const r = record(fixture('billion-laughs.upstream.status.yaml'), 'p.py');
    expect(cpuNow() - started).toBeLessThan(2000);
    expect(r.problems).toEqual([
      expect.objectContaining({ line: 3, message: expect.stringContaining('aliases') }),
    ]);
    expect(r.mentions.map(row)).toEqual([['example-org/engine#1', 13, 'background', null, null]]);
  });

  it('never throws, whatever the text', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (text) => {
        const r = record(text, 'p.py');
        return r.problems.every((p) => p.line >= 1);
      }),
      { numRuns: 300 },
    );
  });
});

describe('parseRecordIndex', () => {
  const path = 'deploy/docker/patch.upstream.status.yaml';
  const patchesDir = 'deploy/docker/patches';
  const index = (text: string) => parseRecordIndex({ path, text, patchesDir, aliases });
  const P = (p: string) => `${patchesDir}/${p}`;

  describe('a list of patches', () => {
    const r = index(fixture('patch.upstream.status.yaml'));

    it('reads the check date and default repo', () => {
      expect(r.source).toEqual({
        path,
        kind: 'record-index',
        checkedOn: '2026-08-10',
        checkedOnLine: 3,
      });
      expect(r.targetRepo).toBe('example-org/engine');
    });

    it('lists every patch joined with the patches folder, retired ones retired', () => {
      expect(r.patches.map((p) => [p.path, p.line, p.retired, p.repo])).toEqual([
        [P('engine_core/fix_rows.py'), 7, false, 'example-org/engine'],
        [P('engine_core/host_alloc.py'), 11, false, 'example-org/engine'],
        [P('transport/engine_impl.diff'), 17, false, 'example-org/transport'],
        [P('engine_core/sched_guard.py'), 23, false, 'example-org/engine'],
        [P('engine/old_fix.py'), 28, true, 'example-org/engine'],
        [P('engine/older_fix.py'), 30, true, 'example-org/engine'],
      ]);
    });

    it('reads refs per patch, with the patch repo for bare refs', () => {
      expect(r.mentions.map((m) => [...row(m), m.patch])).toEqual([
        ['example-org/engine#4101', 10, 'own', 'OPEN', 'pr', P('engine_core/fix_rows.py')],
        ['example-org/engine#3500', 12, 'issue', 'OPEN', 'issue', P('engine_core/host_alloc.py')],
        ['example-org/engine#3655', 14, 'fix', 'MERGED', 'pr', P('engine_core/host_alloc.py')],
        ['example-org/transport#275', 19, 'fix', 'MERGED', 'pr', P('transport/engine_impl.diff')],
        ['internal#12', 21, 'background', null, null, P('transport/engine_impl.diff')],
        [
          'example-org/engine#3877',
          22,
          'anchor-collision',
          null,
          null,
          P('transport/engine_impl.diff'),
        ],
        ['example-org/engine#3265', 29, 'superseded-by', 'MERGED', null, P('engine/old_fix.py')],
      ]);
      expect(r.mentions.every((m) => m.sourceKind === 'record-index')).toBe(true);
      expect(r.mentions[2]).toMatchObject({ recordedMergedAt: '2026-07-09' });
    });

    it('gives sync the YAML path of each ref inside its patch entry', () => {
      expect(r.fields.map((f) => f.path)).toEqual([
        ['patches', 0, 'upstream_prs', 0],
        ['patches', 1, 'upstream_issues', 0],
        ['patches', 1, 'upstream_prs', 0],
        ['patches', 2, 'upstream_prs', 0],
        ['patches', 2, 'related_refs', 1],
        ['retired', 0, 'related_refs', 0],
      ]);
    });

    it('reports entries without a usable path', () => {
      expect(r.problems.map((p) => [p.line, p.message])).toEqual([
        [24, expect.stringContaining('leaves the root')],
        [25, expect.stringContaining('patches[5] has no path')],
      ]);
    });
  });

  it('reads a mapping of path → entry, with target.repo as the default', () => {
    const r = index(
      [
        'target: { repo: Example-Org/Engine }',
        'patches:',
        '  engine_core/a.py:',
        '    upstream_prs: [{ ref: "#1", state: OPEN }]',
        '  ../tools/b.sh:          # beside the patches folder',
        '  c.py: not-a-mapping',
        '',
      ].join('\n'),
    );
    expect(r.patches.map((p) => [p.path, p.line, p.repo])).toEqual([
      [P('engine_core/a.py'), 3, 'example-org/engine'],
      ['deploy/docker/tools/b.sh', 5, 'example-org/engine'],
      [P('c.py'), 6, 'example-org/engine'],
    ]);
    expect(r.fields).toEqual([
      {
        ref: 'example-org/engine#1',
        path: ['patches', 'engine_core/a.py', 'upstream_prs', 0],
        line: 4,
      },
    ]);
    expect(r.problems).toEqual([expect.objectContaining({ line: 6 })]);
  });

  it('reads a mapping of library → list, whose entries name a record, a path or a patch', () => {
    const beside = new Map([[P('vexa/evict.upstream.status.yaml'), P('vexa/evict.py')]]);
    const r = parseRecordIndex({
      path,
      patchesDir,
      aliases,
      patchOfRecord: (record) => beside.get(record) ?? null,
      text: [
        'patches:',
        '  vexa:',
        '    - record: vexa/evict.upstream.status.yaml',
        '      ours_upstream_pr: example-org/vexa#20391',
        '    - record: vexa/gone.upstream.status.yaml   # no patch beside it',
        '  kv:',
        '    - path: kv/retry.diff',
        '      upstream_prs: [{ ref: example-org/kv#7, state: OPEN }]',
        '    - patch: { path: kv/port.py }',
        '',
      ].join('\n'),
    });
    expect(r.patches.map((p) => [p.path, p.line])).toEqual([
      [P('vexa/evict.py'), 3],
      [P('kv/retry.diff'), 7],
      [P('kv/port.py'), 9],
    ]);
    expect(r.mentions.map((m) => [...row(m), m.patch])).toEqual([
      ['example-org/vexa#20391', 4, 'own', null, 'pr', P('vexa/evict.py')],
      ['example-org/kv#7', 8, 'fix', 'OPEN', 'pr', P('kv/retry.diff')],
    ]);
    expect(r.fields.map((f) => f.path)).toEqual([['patches', 'kv', 0, 'upstream_prs', 0]]);
    expect(r.problems.map((p) => [p.line, p.message])).toEqual([
      [
        5,
        'patches.vexa[1] has no path, and no patch sits beside its record "vexa/gone.upstream.status.yaml"',
      ],
    ]);
  });

  it('reports a patches section of the wrong shape, and a non-mapping index', () => {
    expect(problemLines(index('status_updated: 2026-08-10\npatches: 5\n'))).toEqual([2]);
    expect(problemLines(index('patches:\n  - [a, b]\n'))).toEqual([2]);
    expect(problemLines(index('- a.py\n'))).toEqual([1]);
  });
});

describe('alive_because', () => {
  const text = (reason: string) =>
    `patch: { path: p.py }\nalive_because:\n  reason: ${reason}\n  drop_when: "#5 merges"\n  drop_signal: pin-advance-only\n`;

  it('keeps the reason with its line, drop_when and drop_signal', () => {
    expect(record(text('Upstream-PR-Open')).aliveBecause).toEqual({
      reason: 'upstream-pr-open',
      line: 3,
      source: 'r.upstream.status.yaml',
      patch: 'p.py',
      dropWhen: '#5 merges',
      dropSignal: 'pin-advance-only',
    });
  });

  it("reads the schema's reason when the project's name is written into it", () => {
    expect(record(text('released-but-acme-not-bumped')).aliveBecause?.reason).toBe(
      'released-but-not-bumped',
    );
    expect(record(text('because-we-like-it')).aliveBecause?.reason).toBe('because-we-like-it');
  });

  it('ignores a prose alive_because and reports a list', () => {
    expect(record('alive_because: not sent upstream yet\n').aliveBecause).toBeNull();
    const listed = record('patch: p.py\nalive_because: [a, b]\n');
    expect(listed.aliveBecause).toBeNull();
    expect(listed.problems.map((p) => [p.line, p.message])).toEqual([
      [2, 'alive_because must be a mapping, found a list'],
    ]);
  });
});

describe('refs a record writes in prose', () => {
  const text = [
    'schema_version: 1',
    'target: { repo: example-org/engine }',
    '# superseded our first try, engine#3400 (closed)',
    'upstream_prs:',
    '  - ref: "#4101"',
    '    url: https://github.com/example-org/engine/pull/4101',
    '    state: OPEN',
    '    note: "#4101 needs a rebase; other-org/lib#7 has the same bug"',
    '  - { ref: "#4102", note: "on this line: read as the field" }',
    'alive_because:',
    '  reason: upstream-pr-open',
    '  drop_when: >-',
    '    #4101 merged and in',
    '    the pinned base',
    '',
  ].join('\n');
  const r = record(text, PATCH);

  it('are mentions with no state, the record repo for a bare #N, never twice on a line', () => {
    expect(r.mentions.map((m) => [m.ref, m.line, m.role, m.recordedState])).toEqual([
      ['example-org/engine#4101', 5, 'fix', 'OPEN'],
      ['example-org/engine#4102', 9, 'fix', null],
      ['example-org/engine#3400', 3, 'related', null],
      ['example-org/engine#4101', 8, 'related', null],
      ['other-org/lib#7', 8, 'related', null],
      ['example-org/engine#4101', 13, 'related', null],
    ]);
    expect(r.problems).toEqual([]);
  });

  it('take the role the record gives the ref in a field, and a bare #N asks GitHub without failing', () => {
    const prose = r.mentions.filter((m) => m.roleByDefault === true);
    expect(prose.map((m) => [m.ref, m.line, m.inferredRepo ?? false])).toEqual([
      ['example-org/engine#3400', 3, false],
      ['example-org/engine#4101', 8, true],
      ['other-org/lib#7', 8, false],
      ['example-org/engine#4101', 13, true],
    ]);
  });
});
