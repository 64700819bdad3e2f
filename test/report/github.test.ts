import { describe, expect, it } from 'vitest';
import type { Severity } from '../../src/model.js';
import { escapeCommandData, escapeCommandProperty } from '../../src/report/escape.js';
import { REPORTERS, buildReport } from '../../src/report/index.js';
import type { Report, ReportFinding } from '../../src/report/report.js';
import { sampleInput } from './sample.js';

const github = (report: Report): string => REPORTERS.github(report, { color: false });

function finding(severity: Severity, n: number, over: Partial<ReportFinding> = {}): ReportFinding {
  return {
    rule: 'state-drift',
    severity,
    ref: null,
    patch: null,
    file: 'l.md',
    line: n,
    recorded: null,
    live: null,
    message: `${severity} ${n}`,
    ...over,
  };
}

function withFindings(findings: ReportFinding[]): Report {
  const report = buildReport(sampleInput());
  return { ...report, findings };
}

describe('workflow-command escaping', () => {
  it('escapes %, CR and LF in data, % first so escapes are not re-escaped', () => {
    expect(escapeCommandData('100%\r\nnext: a,b')).toBe('100%25%0D%0Anext: a,b');
    expect(escapeCommandData('%0A')).toBe('%250A');
  });

  it('also escapes : and , in properties', () => {
    expect(escapeCommandProperty('a:b,c%\r\n')).toBe('a%3Ab%2Cc%25%0D%0A');
  });
});

describe('github reporter', () => {
  it('prints one command per finding, errors first, then a summary line', () => {
    expect(github(buildReport(sampleInput()))).toBe(
      [
        '::error file=deploy/patch.upstream.status.md,line=12,title=state-drift::engine#4101 drifted.',
        '::error file=deploy/patches/b/orphan.sh,line=1,title=unindexed-patch::orphan is not indexed.',
        '::warning file=deploy/patch.upstream.status.md,line=1,title=stale-check::ledger is stale.',
        '::notice file=deploy/patches/a/fix.upstream.status.yaml,line=8,title=review-decision-drift::decision moved.',
        'upstream-status: 2 errors, 1 warning, 1 notice · 3 refs · 3 patches · 1 request',
        '',
      ].join('\n'),
    );
  });

  it('escapes the message as data and the file as a property', () => {
    const out = github(
      withFindings([
        finding('error', 3, {
          file: 'dir,a/b:c%.md',
          message: 'was 50% OPEN: now\r\nMERGED, see a,b',
        }),
      ]),
    );
    expect(out.split('\n')[0]).toBe(
      '::error file=dir%2Ca/b%3Ac%25.md,line=3,title=state-drift::was 50%25 OPEN: now%0D%0AMERGED, see a,b',
    );
  });

  it('keeps report order within a severity', () => {
    const out = github(
      withFindings([
        finding('notice', 1),
        finding('error', 2),
        finding('notice', 3),
        finding('error', 4),
      ]),
    );
    expect(
      out
        .split('\n')
        .slice(0, 4)
        .map((l) => l.split('::')[2]),
    ).toEqual(['error 2', 'error 4', 'notice 1', 'notice 3']);
  });

  it('emits every annotation and ends with a notice when a kind exceeds what GitHub shows', () => {
    const many = [
      ...Array.from({ length: 12 }, (_, i) => finding('warning', i + 1)),
      ...Array.from({ length: 11 }, (_, i) => finding('error', i + 1)),
    ];
    const lines = github(withFindings(many)).trimEnd().split('\n');
    expect(lines.filter((l) => l.startsWith('::error '))).toHaveLength(11);
    expect(lines.filter((l) => l.startsWith('::warning '))).toHaveLength(12);
    expect(lines[0]).toMatch(/^::error /);
    expect(lines.at(-1)).toBe(
      "::notice::upstream-status emitted 11 error and 12 warning annotations; GitHub shows only the first 10 of each kind per step. Every finding is in this step's log.",
    );
  });

  it('adds no overflow notice at exactly ten of a kind', () => {
    const ten = Array.from({ length: 10 }, (_, i) => finding('error', i + 1));
    const lines = github(withFindings(ten)).trimEnd().split('\n');
    expect(lines).toHaveLength(11);
    expect(lines.at(-1)).toMatch(/^upstream-status: /);
  });
});
