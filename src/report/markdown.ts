/**
 * The job summary (GITHUB_STEP_SUMMARY, or `--format markdown` to paste into
 * an issue): counts, a table of findings grouped by patch, and what to do.
 */
import { appendFile } from 'node:fs/promises';
import { escapeControls } from '../control-chars.js';
import type { RuleId } from '../model.js';
import type { Report, ReportFinding } from './report.js';
import type { Reporter } from './reporter.js';

/** GitHub refuses a step summary over 1 MiB, and then shows none of it. */
export const MAX_SUMMARY_BYTES = 1024 * 1024;

const SYNC = 'Run `upstream-status sync` to write the live state back.';
const HINTS: Partial<Record<RuleId, string>> = {
  'state-drift': SYNC,
  'merged-at-drift': SYNC,
  'review-decision-drift': SYNC,
  'in-pinned-base-drift': SYNC,
  'source-disagreement': SYNC,
  'stale-check': 'Re-verify; `upstream-status sync` updates the check date.',
  'anchor-collision-merged': 'Re-cut the patch on top of the merged change.',
  'drop-candidate': 'Drop the patch at the next base bump.',
  'unresolved-ref': 'Correct the ref, or check that the token can see the repository.',
  'unindexed-patch': 'Add a ledger row or a record for this patch.',
  'missing-patch': 'Fix the path, or move the row to the *Retired* table.',
  'ambiguous-ref': 'Write the ref as `owner/repo#N`.',
  'parse-error': 'Fix the source at this line.',
  'alive-because-drift':
    'Update `alive_because.reason` (and `drop_when`) to what upstream now says.',
};
// Strings, not RuleId: the rebase-check rule ids share these meanings.
const SYNC_RULES = new Set<string>([
  'state-drift',
  'merged-at-drift',
  'review-decision-drift',
  'in-pinned-base-drift',
  'source-disagreement',
  'stale-check',
]);
const DROP_RULES = new Set<string>(['drop-candidate', 'fixed-in-target']);
const RECUT_RULES = new Set<string>(['anchor-collision-merged', 'collision-in-target']);

const bytes = (s: string): number => Buffer.byteLength(s, 'utf8');

/** A table cell: `|` would end it and a newline would end the row; other controls are shown escaped. */
function cell(text: string): string {
  return escapeControls(text.replace(/\|/g, '\\|').replace(/\r\n|\r|\n/g, '<br>'));
}

/** A code span in a cell; a code span cannot hold `<br>`, so newlines become spaces. */
function codeCell(text: string): string {
  const t = escapeControls(text.replace(/\|/g, '\\|').replace(/\r\n|\r|\n/g, ' '));
  return t.includes('`') ? `\`\` ${t} \`\`` : `\`${t}\``;
}

/** Patch groups in path order, general findings last; report order within a group. */
function rowsByPatch(findings: readonly ReportFinding[]): string[] {
  const groups = new Map<string | null, ReportFinding[]>();
  for (const f of findings) groups.set(f.patch, [...(groups.get(f.patch) ?? []), f]);
  const keys = [...groups.keys()].sort((a, b) =>
    a === null ? 1 : b === null ? -1 : a < b ? -1 : a > b ? 1 : 0,
  );
  return keys.flatMap((key) =>
    (groups.get(key) ?? []).map((f, i) => {
      // The patch is named once per group, which is what makes the grouping visible.
      const patch = i > 0 ? '' : key === null ? '*general*' : codeCell(key);
      const todo = [f.message, HINTS[f.rule] ?? ''].filter((s) => s !== '').join(' ');
      const where = codeCell(`${f.file}:${f.line}`);
      return `| ${patch} | ${codeCell(f.rule)} (${f.severity}) | ${where} | ${cell(f.recorded ?? '—')} | ${cell(f.live ?? '—')} | ${cell(todo)} |\n`;
    }),
  );
}

function head(report: Report): string {
  const s = report.summary;
  return [
    '## upstream-status',
    '',
    `Checked ${report.checkedAt} by upstream-status ${report.tool.version}.`,
    '',
    '| errors | warnings | notices | refs | patches | requests |',
    '|---:|---:|---:|---:|---:|---:|',
    `| ${s.errors} | ${s.warnings} | ${s.notices} | ${s.refs} | ${s.patches} | ${s.requests} |`,
    '',
  ].join('\n');
}

function patchesOf(findings: readonly ReportFinding[], rules: Set<string>): string {
  const patches = new Set(findings.filter((f) => rules.has(f.rule)).map((f) => f.patch ?? f.file));
  return [...patches].sort().map(codeCell).join(', ');
}

function whatToDo(findings: readonly ReportFinding[]): string {
  const items: string[] = [];
  if (findings.some((f) => SYNC_RULES.has(f.rule))) {
    items.push('Run `upstream-status sync` to write the live states back, and commit the result.');
  }
  const drop = patchesOf(findings, DROP_RULES);
  if (drop !== '')
    items.push(`Drop these patches at the next base bump (their fix is merged): ${drop}.`);
  const recut = patchesOf(findings, RECUT_RULES);
  if (recut !== '') items.push(`Re-cut these patches (an anchor collision merged): ${recut}.`);
  const known = new Set([...SYNC_RULES, ...DROP_RULES, ...RECUT_RULES]);
  if (findings.some((f) => !known.has(f.rule))) {
    items.push('Fix the other findings at the lines the table names.');
  }
  return ['### What to do', '', ...items.map((i) => `- ${i}`), ''].join('\n');
}

function truncationNote(shown: number, total: number): string {
  return `\n*${shown} of ${total} findings shown: GitHub limits a job summary to 1 MiB. Run \`upstream-status check\` for all of them.*\n`;
}

/** The reporter with a size bound; rows past it are dropped and counted in a note. */
export function markdownReporter(opts: { maxBytes?: number } = {}): Reporter {
  const maxBytes = opts.maxBytes ?? MAX_SUMMARY_BYTES;
  return (report) => {
    const top = head(report);
    if (report.findings.length === 0) return `${top}\nNo findings: nothing to do.\n`;
    const tableHead =
      '### Findings by patch\n\n| patch | rule | where | recorded | live | what to do |\n|---|---|---|---|---|---|\n';
    const tail = `\n${whatToDo(report.findings)}`;
    const rows = rowsByPatch(report.findings);
    const total = rows.length;
    const fixed = bytes(top) + 1 + bytes(tableHead) + bytes(tail);
    if (fixed + rows.reduce((n, r) => n + bytes(r), 0) <= maxBytes) {
      return `${top}\n${tableHead}${rows.join('')}${tail}`;
    }
    let budget = maxBytes - fixed - bytes(truncationNote(total, total));
    const kept: string[] = [];
    for (const row of rows) {
      if (bytes(row) > budget) break;
      budget -= bytes(row);
      kept.push(row);
    }
    return `${top}\n${tableHead}${kept.join('')}${truncationNote(kept.length, total)}${tail}`;
  };
}

export const reportMarkdown: Reporter = markdownReporter();

/**
 * Append to the file GitHub Actions names in GITHUB_STEP_SUMMARY. Returns
 * false (and writes nothing) outside Actions; a write failure throws.
 */
export async function appendStepSummary(
  markdown: string,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  const file = env.GITHUB_STEP_SUMMARY;
  if (file === undefined || file === '') return false;
  await appendFile(file, markdown.endsWith('\n') ? markdown : `${markdown}\n`, 'utf8');
  return true;
}
