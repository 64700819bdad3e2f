/** The one order findings are shown in, shared by runRules and the reports. */
import type { Finding } from '../model.js';
import { compareText } from './support.js';

/** file, line, rule, ref (general findings first), then every other field as a tie-break. */
export function compareFindings(a: Finding, b: Finding): number {
  return (
    compareText(a.file, b.file) ||
    a.line - b.line ||
    compareText(a.rule, b.rule) ||
    compareText(a.ref ?? '', b.ref ?? '') ||
    compareText(a.severity, b.severity) ||
    compareText(a.patch ?? '', b.patch ?? '') ||
    compareText(a.recorded ?? '', b.recorded ?? '') ||
    compareText(a.live ?? '', b.live ?? '') ||
    compareText(a.message, b.message)
  );
}

/**
 * Drop findings identical in every field. A ref written twice on one line
 * (`[engine#1](…/pull/1)`) is two mentions but one thing to fix.
 */
export function dedupeFindings(findings: readonly Finding[]): Finding[] {
  const seen = new Set<string>();
  const out: Finding[] = [];
  for (const f of findings) {
    const key = JSON.stringify([
      f.rule,
      f.severity,
      f.ref,
      f.patch,
      f.file,
      f.line,
      f.recorded,
      f.live,
      f.message,
    ]);
    if (seen.has(key)) continue;
    seen.add(key);
    out.push(f);
  }
  return out;
}
