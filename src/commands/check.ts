/** `check` and `list`: run the check, print the report, and turn it into an exit code. */
import { escapeControls } from '../control-chars.js';
import { writeFile } from 'node:fs/promises';
import { writeStepOutputs } from '../action-outputs.js';
import { runCheck, type CheckResult, type GitHubSettings } from '../check.js';
import { EXIT } from '../errors.js';
import { exitCodeFor } from '../exit-code.js';
import { formatList } from '../list-text.js';
import { REPORTERS, type Report, type ReporterName } from '../report/index.js';
import { appendStepSummary, reportMarkdown } from '../report/markdown.js';
import { shownPath, shownPathsIn, treePaths } from '../report/paths.js';
import { parseCacheFlags, runWithCache } from './answer-cache.js';
import { startProgress } from '../progress.js';
import { requireSources } from './require-sources.js';
import { prepare, VERSION, vetGitHubSettings, warn } from './shared.js';
import { isTerminal, stderrForProgress, writeErr, writeOut } from '../stdio.js';

export interface ReportFlags {
  root?: string;
  config?: string;
  format: ReporterName;
  /** True when --format was given (on Actions, its absence means annotations + summary). */
  formatGiven?: boolean;
  output?: string;
  today?: string;
  /** --cache FILE / --cache-ttl MINUTES: answers kept between runs (the pre-rebase hook). */
  cache?: string;
  /** --discover: also open upstream PRs that break a patch and no record names. */
  discover?: boolean;
  cacheTtl?: string;
}

export async function checkCommand(
  flags: ReportFlags,
  github: GitHubSettings | null,
  listing = false,
): Promise<number> {
  const base = await prepare(flags);
  if (github !== null) warn(vetGitHubSettings(github, base.config));
  const cache = github === null ? null : parseCacheFlags(flags);
  // `list` in text prints no findings: its rules need not run.
  const rules = !(listing && flags.format === 'text');
  const run = (settings: GitHubSettings | null): Promise<CheckResult> =>
    runCheck({
      ...base,
      github: settings,
      version: VERSION,
      discover: flags.discover === true,
      rules,
    });
  const progress = startProgress({
    stream: stderrForProgress(),
    env: process.env,
    format: listing || github === null ? 'none' : flags.format,
    label: 'upstream-status: asking GitHub',
  });
  const result = await (
    cache !== null && github !== null ? runWithCache(run, github, cache, base.now) : run(github)
  ).finally(() => progress.stop());
  requireSources(result.collected, base.root, base.config);
  const tree = treePaths(result.collected);
  for (const note of result.notes)
    writeErr(`note: ${escapeControls(shownPathsIn(note, base.shownRoot, tree))}\n`);
  await emit(result.report, flags, listing);
  if (!listing) await writeStepOutputs(result.report.summary);
  if (result.collected.unreadable.length > 0) {
    for (const u of result.collected.unreadable)
      writeErr(`upstream-status: cannot read ${escapeControls(shownPath(base.shownRoot, u))}\n`);
    return EXIT.usage;
  }
  return listing ? EXIT.ok : exitCodeFor(result.findings);
}

/** Print (or write) the report in the chosen format; on Actions also annotate and summarise. */
async function emit(report: Report, flags: ReportFlags, listing: boolean): Promise<void> {
  const onActions = process.env.GITHUB_ACTIONS === 'true' && !flags.formatGiven;
  let out: string;
  if (onActions) {
    // Report paths start at the repository top, which is where GitHub places annotations.
    out = REPORTERS.github(report, { color: false });
    try {
      await appendStepSummary(reportMarkdown(report, { color: false }));
    } catch (err) {
      // A summary we cannot write must not hide the findings themselves.
      writeErr(`upstream-status: cannot write the job summary: ${(err as Error).message}\n`);
    }
  } else if (listing && flags.format === 'text') {
    out = formatList(report);
  } else {
    const color =
      !flags.output && flags.format === 'text' && !process.env.NO_COLOR && isTerminal(1);
    out = REPORTERS[flags.format](report, { color });
  }
  if (flags.output) await writeFile(flags.output, out);
  else writeOut(out);
}
