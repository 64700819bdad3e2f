/** `list` in text form: every ref, then where it is mentioned and what each place records. */
import type { Report } from './report/report.js';

export function formatList(report: Report): string {
  const lines: string[] = [];
  for (const ref of report.refs) {
    lines.push(`${ref.ref}`);
    for (const m of ref.mentions) {
      const state = m.recordedState ?? '—';
      lines.push(`  ${m.source}:${m.line}  ${m.role}  ${state}${m.patch ? `  (${m.patch})` : ''}`);
    }
  }
  const s = report.summary;
  lines.push('');
  // Ecosystem-layout patches are read but not indexed: say how many were read.
  const read = report.read === undefined ? '' : ` (${report.read.patches} patch headers read)`;
  lines.push(`${s.refs} refs in ${report.sources.length} sources, ${s.patches} patches${read}.`);
  return `${lines.join('\n')}\n`;
}
