import { describe, expect, it } from 'vitest';
import { REPORTERS, buildReport } from '../../src/report/index.js';
import type { Report } from '../../src/report/report.js';
import { context, live, mention, source } from '../rules/helpers.js';
import { sampleInput } from './sample.js';

const text = (report: Report, color = false): string => REPORTERS.text(report, { color });

describe('text reporter', () => {
  it('groups findings by patch, general ones last, then a summary line', () => {
    expect(text(buildReport(sampleInput()))).toBe(
      [
        'deploy/patches/a/fix.py',
        '  error    deploy/patch.upstream.status.md:12  engine#4101 drifted.  [state-drift]',
        '  notice   deploy/patches/a/fix.upstream.status.yaml:8  decision moved.  [review-decision-drift]',
        '',
        'deploy/patches/b/orphan.sh',
        '  error    deploy/patches/b/orphan.sh:1  orphan is not indexed.  [unindexed-patch]',
        '',
        'General',
        '  warning  deploy/patch.upstream.status.md:1  ledger is stale.  [stale-check]',
        '',
        '2 errors, 1 warning, 1 notice · 3 refs in 2 sources · 1 request',
        '',
      ].join('\n'),
    );
  });

  it('is deterministic whatever order the inputs arrive in', () => {
    expect(text(buildReport(sampleInput(true)))).toBe(text(buildReport(sampleInput())));
  });

  it('colours only when asked, and the text is the same underneath', () => {
    const report = buildReport(sampleInput());
    const coloured = text(report, true);
    expect(coloured).toContain('\u001b[31merror');
    // eslint-disable-next-line no-control-regex -- stripping the SGR codes picocolors emits
    expect(coloured.replace(/\u001b\[\d+m/g, '')).toBe(text(report));
    expect(text(report)).not.toContain('\u001b');
  });

  it('says all refs match in one line when there are no findings', () => {
    const report = buildReport({
      ...sampleInput(),
      findings: [],
      ctx: context({
        mentions: [mention('o/r#1'), mention('o/r#2')],
        live: { 'o/r#1': live('OPEN'), 'o/r#2': live('MERGED') },
        sources: [source({ path: 'a.md' })],
      }),
    });
    expect(text(report)).toBe('All 2 refs match their recorded states (1 source, 1 request).\n');
  });

  it('does not claim states match when nothing was checked against GitHub', () => {
    const report = buildReport({
      ...sampleInput(),
      findings: [],
      requests: 0,
      ctx: context({ mentions: [mention('o/r#1')], sources: [source({ path: 'a.md' })] }),
    });
    expect(text(report)).toBe(
      'No problems found in 1 ref across 1 source (live states not checked).\n',
    );
  });
});
