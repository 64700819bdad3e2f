/** Reporters by the name `--format` uses. */
import { reportJson } from './json.js';
import type { Reporter } from './reporter.js';
import { reportText } from './text.js';

export type { Reporter } from './reporter.js';
export { buildReport, type Report } from './report.js';

export type ReporterName = 'text' | 'json';

export const REPORTERS: Record<ReporterName, Reporter> = {
  text: reportText,
  json: reportJson,
};
