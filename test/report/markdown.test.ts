import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { RuleId, Severity } from '../../src/model.js';
import { REPORTERS, buildReport } from '../../src/report/index.js';
import {
  MAX_SUMMARY_BYTES,
  appendStepSummary,
  markdownReporter,
} from '../../src/report/markdown.js';
import type { Report, ReportFinding } from '../../src/report/report.js';
import { sampleInput } from './sample.js';

const markdown = (report: Report): string => REPORTERS.markdown(report, { color: false });

function finding(n: number, over: Partial<ReportFinding> = {}): ReportFinding {
  return {
    rule: 'state-drift',
    severity: 'error' as Severity,
    ref: `o/r#${n}`,
    patch: 'p/a.py',
    file: 'l.md',
    line: n,
    recorded: 'OPEN',
    live: 'MERGED',
    message: `o/r#${n} drifted.`,
    ...over,
  };
}

const withFindings = (findings: ReportFinding[]): Report => ({
  ...buildReport(sampleInput()),
  findings,
});

/** The findings table's body: the lines after its `|---|…` rule, up to the blank line. */
function tableRows(md: string): string[] {
  const lines = md.split('\n');
  const start = lines.indexOf('|---|---|---|---|---|---|') + 1;
  const end = lines.indexOf('', start);
  return lines.slice(start, end);
}

describe('markdown reporter', () => {
  it('prints counts, findings grouped by patch with what to do, and next steps', () => {
    expect(markdown(buildReport(sampleInput()))).toBe(
      [
        '## upstream-status',
        '',
        'Checked 2026-08-20T06:00:00.000Z by upstream-status 0.1.0.',
        '',
        '| errors | warnings | notices | refs | patches | requests |',
        '|---:|---:|---:|---:|---:|---:|',
        '| 2 | 1 | 1 | 3 | 3 | 1 |',
        '',
        '### Findings by patch',
        '',
        '| patch | rule | where | recorded | live | what to do |',
        '|---|---|---|---|---|---|',
        '| `deploy/patches/a/fix.py` | `state-drift` (error) | `deploy/patch.upstream.status.md:12` | OPEN | MERGED | engine#4101 drifted. Run `upstream-status sync` to write the live state back. |',
        '|  | `review-decision-drift` (notice) | `deploy/patches/a/fix.upstream.status.yaml:8` | REVIEW_REQUIRED | APPROVED | decision moved. Run `upstream-status sync` to write the live state back. |',
        '| `deploy/patches/b/orphan.sh` | `unindexed-patch` (error) | `deploy/patches/b/orphan.sh:1` | — | — | orphan is not indexed. Add a ledger row or a record for this patch. |',
        '| *general* | `stale-check` (warning) | `deploy/patch.upstream.status.md:1` | 2026-06-01 | 2026-08-20 | ledger is stale. Re-verify; `upstream-status sync` updates the check date. |',
        '',
        '### What to do',
        '',
        '- Run `upstream-status sync` to write the live states back, and commit the result.',
        '- Fix the other findings at the lines the table names.',
        '',
      ].join('\n'),
    );
  });

  it('says there is nothing to do and prints no table without findings', () => {
    const md = markdown(withFindings([]));
    expect(md.endsWith('| 2 | 1 | 1 | 3 | 3 | 1 |\n\nNo findings: nothing to do.\n')).toBe(true);
    expect(md).not.toContain('| patch |');
  });

  it('escapes | and line breaks so a cell cannot split the table', () => {
    const md = markdown(
      withFindings([
        finding(1, {
          patch: 'p/a|b.py',
          file: 'x|y.md',
          recorded: 'A|B',
          message: 'one|two\r\nthree\nfour',
        }),
      ]),
    );
    const [row] = tableRows(md);
    expect(row).toBe(
      '| `p/a\\|b.py` | `state-drift` (error) | `x\\|y.md:1` | A\\|B | MERGED | one\\|two<br>three<br>four Run `upstream-status sync` to write the live state back. |',
    );
    // Every unescaped pipe is a column border: 7 of them for 6 columns.
    expect(row?.replace(/\\\|/g, '').split('|')).toHaveLength(8);
  });

  it('lists the patches to drop and to re-cut', () => {
    const rule = (r: RuleId, patch: string, n: number): ReportFinding =>
      finding(n, { rule: r, patch, severity: 'notice' });
    const md = markdown(
      withFindings([
        rule('drop-candidate', 'p/z.py', 1),
        rule('drop-candidate', 'p/a.py', 2),
        rule('anchor-collision-merged', 'p/c.py', 3),
      ]),
    );
    expect(md).toContain(
      '- Drop these patches at the next base bump (their fix is merged): `p/a.py`, `p/z.py`.\n',
    );
    expect(md).toContain('- Re-cut these patches (an anchor collision merged): `p/c.py`.\n');
    expect(md).not.toContain('upstream-status sync` to write the live states back');
  });

  it('truncates the table with a note when the summary would exceed its bound', () => {
    const findings = Array.from({ length: 50 }, (_, i) => finding(i + 1));
    const full = markdownReporter()(withFindings(findings), { color: false });
    const maxBytes = Math.floor(Buffer.byteLength(full) / 2);
    const md = markdownReporter({ maxBytes })(withFindings(findings), { color: false });
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(maxBytes);
    const shown = tableRows(md).length;
    expect(shown).toBeGreaterThan(0);
    expect(shown).toBeLessThan(50);
    expect(md).toContain(`\n*${shown} of 50 findings shown: GitHub limits a job summary to 1 MiB.`);
    // The next steps survive truncation: they are what the reader acts on.
    expect(md).toContain('### What to do');
  });

  it('stays under 1 MiB by default however many findings there are', () => {
    const long = 'x'.repeat(500);
    const findings = Array.from({ length: 4000 }, (_, i) => finding(i + 1, { message: long }));
    const md = markdown(withFindings(findings));
    expect(Buffer.byteLength(md)).toBeLessThanOrEqual(MAX_SUMMARY_BYTES);
    expect(md).toMatch(/\*\d+ of 4000 findings shown/);
  });

  it('adds no note when everything fits', () => {
    expect(markdown(buildReport(sampleInput()))).not.toContain('findings shown');
  });
});

describe('appendStepSummary', () => {
  let dir = '';
  afterEach(async () => {
    if (dir !== '') await rm(dir, { recursive: true, force: true });
  });

  it('appends to the file GITHUB_STEP_SUMMARY names', async () => {
    dir = await mkdtemp(join(tmpdir(), 'us-summary-'));
    const file = join(dir, 'summary.md');
    await writeFile(file, 'earlier step\n');
    expect(await appendStepSummary('## one', { GITHUB_STEP_SUMMARY: file })).toBe(true);
    expect(await appendStepSummary('## two\n', { GITHUB_STEP_SUMMARY: file })).toBe(true);
    expect(await readFile(file, 'utf8')).toBe('earlier step\n## one\n## two\n');
  });

  it('writes nothing when the variable is unset or empty', async () => {
    expect(await appendStepSummary('## x', {})).toBe(false);
    expect(await appendStepSummary('## x', { GITHUB_STEP_SUMMARY: '' })).toBe(false);
  });
});
