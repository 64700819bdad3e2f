/**
 * Human-readable output: findings grouped by the patch they concern (general
 * ones last), one line each, then a one-line summary.
 */
import { escapeControls } from '../control-chars.js';
import type { Severity } from '../model.js';
import type { Report, ReportFinding } from './report.js';
import type { Reporter } from './reporter.js';
import { createColors, type Colors } from './colors.js';

const GENERAL = 'General';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function marker(severity: Severity, c: Colors): string {
  // Padded before colouring so columns line up with and without colour.
  const word = severity.padEnd(7);
  if (severity === 'error') return c.red(word);
  if (severity === 'warning') return c.yellow(word);
  return c.blue(word);
}

function findingLine(f: ReportFinding, c: Colors): string {
  // File names and messages carry outside text (titles, paths): never raw control characters.
  const where = escapeControls(`${f.file}:${f.line}`);
  return `  ${marker(f.severity, c)}  ${where}  ${escapeControls(f.message)}  ${c.dim(`[${f.rule}]`)}`;
}

/** Patch groups in path order (report.findings is already sorted), general findings last. */
function groupByPatch(findings: readonly ReportFinding[]): [string, ReportFinding[]][] {
  const byPatch = new Map<string, ReportFinding[]>();
  const general: ReportFinding[] = [];
  for (const f of findings) {
    if (f.patch === null) {
      general.push(f);
      continue;
    }
    const group = byPatch.get(f.patch) ?? [];
    group.push(f);
    byPatch.set(f.patch, group);
  }
  const groups = [...byPatch.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  if (general.length > 0) groups.push([GENERAL, general]);
  return groups;
}

function summaryLine(report: Report): string {
  const s = report.summary;
  return [
    `${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${plural(s.notices, 'notice')}`,
    `${plural(s.refs, 'ref')} in ${plural(report.sources.length, 'source')}`,
    plural(s.requests, 'request'),
    ...readPart(report),
  ].join(' · ');
}

/** `read 1702 patches in 1702 files`, and the bare `#N` left unattributed, when the run says. */
function readPart(report: Report): string[] {
  const read = report.read;
  if (read === undefined) return [];
  const patches = `${read.patches} ${read.patches === 1 ? 'patch' : 'patches'}`;
  const parts = [`read ${patches} in ${plural(read.files, 'file')}`];
  if (read.unattributedRefs > 0) {
    parts.push(
      `${read.unattributedRefs} bare #N in copied commit messages not attributed to a repository`,
    );
  }
  return parts;
}

function allClearLine(report: Report): string {
  const sources = plural(report.sources.length, 'source');
  const refs = report.summary.refs;
  if (refs === 0) return `No problems found: no refs in ${sources}.`;
  // Offline every live is null: say what was checked rather than claim the states match.
  if (report.refs.every((r) => r.live === null)) {
    return `No problems found in ${plural(refs, 'ref')} across ${sources} (live states not checked).`;
  }
  const all = refs === 1 ? 'The only ref matches its' : `All ${refs} refs match their`;
  return `${all} recorded state${refs === 1 ? '' : 's'} (${sources}, ${plural(report.summary.requests, 'request')}).`;
}

export const reportText: Reporter = (report, opts) => {
  const c = createColors(opts.color);
  if (report.findings.length === 0) {
    const read = readPart(report);
    const tail = read.length === 0 ? '' : `\n${read.join(' · ')}`;
    return `${c.green(allClearLine(report))}${tail}\n`;
  }
  const blocks = groupByPatch(report.findings).map(([heading, findings]) =>
    [c.bold(c.underline(escapeControls(heading))), ...findings.map((f) => findingLine(f, c))].join(
      '\n',
    ),
  );
  return `${blocks.join('\n\n')}\n\n${summaryLine(report)}\n`;
};
