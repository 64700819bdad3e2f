import { describe, expect, it } from 'vitest';
import { buildReport, compareRefKeys } from '../../src/report/report.js';
import { context, mention } from '../rules/helpers.js';
import { FIX, ORPHAN, sampleInput } from './sample.js';

describe('buildReport', () => {
  it('counts findings by severity, refs, patches and requests', () => {
    expect(buildReport(sampleInput()).summary).toEqual({
      errors: 2,
      warnings: 1,
      notices: 1,
      refs: 3,
      patches: 3,
      requests: 1,
    });
  });

  it('lists patches on disk and in sources, minus "Not patches", with indexed/retired', () => {
    expect(buildReport(sampleInput()).patches).toEqual([
      { path: FIX, indexed: true, retired: false },
      { path: ORPHAN, indexed: false, retired: false },
      { path: 'deploy/patches/old.py', indexed: false, retired: true },
    ]);
  });

  it('sorts refs by repo, then number numerically', () => {
    expect(buildReport(sampleInput()).refs.map((r) => r.ref)).toEqual([
      'example-org/engine#10',
      'example-org/engine#999',
      'example-org/engine#4101',
    ]);
    expect(['b/a#1', 'a/b#20', 'a/b#3'].sort(compareRefKeys)).toEqual(['a/b#3', 'a/b#20', 'b/a#1']);
  });

  it('takes the kind from GitHub, then the first mention that states one, else "unknown"', () => {
    const kinds = buildReport(sampleInput()).refs.map((r) => [
      r.ref,
      r.kind,
      r.live?.state ?? null,
    ]);
    expect(kinds).toEqual([
      ['example-org/engine#10', 'issue', 'OPEN'],
      ['example-org/engine#999', 'unknown', null],
      ['example-org/engine#4101', 'pr', 'MERGED'],
    ]);
    const offline = buildReport({
      ...sampleInput(),
      ctx: context({
        mentions: [mention('o/r#1', { line: 2 }), mention('o/r#1', { line: 5, kindHint: 'issue' })],
      }),
    });
    expect(offline.refs.map((r) => [r.kind, r.live])).toEqual([['issue', null]]);
  });

  it('lists each place once, even when a line names the ref twice', () => {
    const report = buildReport({
      ...sampleInput(),
      ctx: context({ mentions: [mention('o/r#1'), mention('o/r#1', { kindHint: 'pr' })] }),
    });
    expect(report.refs[0]?.mentions).toHaveLength(1);
  });
});
