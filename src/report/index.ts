/** Reporters by the name `--format` uses. */
import { reportGithub } from './github.js';
import { reportJson } from './json.js';
import { reportMarkdown } from './markdown.js';
import type { Reporter } from './reporter.js';
import { reportText } from './text.js';

export type { Reporter } from './reporter.js';
export { buildReport, type Report } from './report.js';

export type ReporterName = 'text' | 'json' | 'github' | 'markdown';

export const REPORTERS: Record<ReporterName, Reporter> = {
  text: reportText,
  json: reportJson,
  github: reportGithub,
  markdown: reportMarkdown,
};
