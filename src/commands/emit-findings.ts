/**
 * The tail every findings command shares (rebase-check, discover): a §6
 * report over what was collected, written in the chosen format (on Actions
 * `github` paths are made relative to the workspace), and the exit code.
 */
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Collected } from '../collect.js';
import type { Config } from '../config-types.js';
import { EXIT } from '../errors.js';
import { exitCodeFor } from '../exit-code.js';
import type { Finding, RefKey, Resolution } from '../model.js';
import { githubReporter } from '../report/github.js';
import { REPORTERS, buildReport, type ReporterName } from '../report/index.js';
import { VERSION } from './shared.js';

export interface EmitFindings {
  collected: Collected;
  findings: Finding[];
  live: ReadonlyMap<RefKey, Resolution> | null;
  requests: number;
  base: { root: string; today: string; now: Date; config: Config };
  flags: { format: ReporterName; output?: string };
}

export async function emitFindings(run: EmitFindings): Promise<number> {
  const { collected, base, flags } = run;
  const report = buildReport({
    ctx: {
      sources: collected.sources,
      mentionsByRef: collected.mentionsByRef,
      live: run.live,
      patchFiles: collected.patchFiles,
      indexed: collected.indexed,
      today: base.today,
      config: base.config,
    },
    findings: run.findings,
    checkedAt: base.now.toISOString(),
    root: '.',
    version: VERSION,
    requests: run.requests,
  });
  const reporter =
    flags.format === 'github' && process.env.GITHUB_WORKSPACE
      ? githubReporter(
          path.relative(process.env.GITHUB_WORKSPACE, base.root).split(path.sep).join('/'),
        )
      : REPORTERS[flags.format];
  const color =
    !flags.output &&
    flags.format === 'text' &&
    !process.env.NO_COLOR &&
    process.stdout.isTTY === true;
  const out = reporter(report, { color });
  if (flags.output) await writeFile(flags.output, out);
  else process.stdout.write(out);
  return collected.unreadable.length > 0 ? EXIT.usage : exitCodeFor(run.findings);
}
