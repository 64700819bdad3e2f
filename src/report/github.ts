/**
 * GitHub Actions output: one workflow command per finding, so each shows as
 * an annotation on the exact stale line, then a plain summary line for the log.
 */
import type { Severity } from '../model.js';
import { SEVERITY_ORDER } from '../model.js';
import { escapeCommandData, escapeCommandProperty, escapeControlsButLines } from './escape.js';
import type { Report, ReportFinding } from './report.js';
import type { Reporter } from './reporter.js';

/** GitHub shows at most this many annotations of one kind per step; the rest only in the log. */
export const ANNOTATIONS_SHOWN_PER_KIND = 10;

const KINDS: readonly Severity[] = ['error', 'warning', 'notice'];

function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** `file=` is the report's path: relative to the repository top, which is where GitHub looks. */
function annotation(f: ReportFinding): string {
  const props: string[] = [];
  if (f.file !== '') props.push(`file=${escapeCommandProperty(escapeControlsButLines(f.file))}`);
  if (f.line >= 1) props.push(`line=${f.line}`);
  props.push(`title=${escapeCommandProperty(f.rule)}`);
  return `::${f.severity} ${props.join(',')}::${escapeCommandData(escapeControlsButLines(f.message))}`;
}

function summaryLine(report: Report): string {
  const s = report.summary;
  return (
    `upstream-status: ${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ` +
    `${plural(s.notices, 'notice')} · ${plural(s.refs, 'ref')} · ${plural(s.patches, 'patch', 'patches')} · ` +
    plural(s.requests, 'request')
  );
}

/** Null unless some kind exceeds what GitHub shows, so the hidden ones are not mistaken for none. */
function overflowNotice(counts: Record<Severity, number>): string | null {
  const over = KINDS.filter((k) => counts[k] > ANNOTATIONS_SHOWN_PER_KIND);
  if (over.length === 0) return null;
  const emitted = over.map((k) => `${counts[k]} ${k}`).join(' and ');
  const message =
    `upstream-status emitted ${emitted} annotations; GitHub shows only the first ` +
    `${ANNOTATIONS_SHOWN_PER_KIND} of each kind per step. Every finding is in this step's log.`;
  return `::notice::${escapeCommandData(message)}`;
}

/**
 * Errors come first, then warnings, then notices (stable within each),
 * because GitHub drops the ones past its limit.
 */
export const reportGithub: Reporter = (report) => {
  const ordered = report.findings
    .map((f, i) => ({ f, i }))
    .sort((a, b) => SEVERITY_ORDER[a.f.severity] - SEVERITY_ORDER[b.f.severity] || a.i - b.i)
    .map(({ f }) => f);
  const counts: Record<Severity, number> = { error: 0, warning: 0, notice: 0 };
  for (const f of ordered) counts[f.severity] += 1;
  const lines = [...ordered.map(annotation), summaryLine(report)];
  const notice = overflowNotice(counts);
  if (notice !== null) lines.push(notice);
  return `${lines.join('\n')}\n`;
};
