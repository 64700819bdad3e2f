/**
 * The tail every findings command shares (rebase-check, discover): a §6
 * report over what was collected (paths from the repository top), written in
 * the chosen format, and the exit code.
 */
import { writeFile } from 'node:fs/promises';
import type { Collected } from '../collect.js';
import type { Config } from '../config-types.js';
import { EXIT } from '../errors.js';
import { exitCodeFor } from '../exit-code.js';
import type { Finding, RefKey, Resolution } from '../model.js';
import { REPORTERS, buildReport, type ReporterName } from '../report/index.js';
import { VERSION } from './shared.js';
import { isTerminal, writeOut } from '../stdio.js';

export interface EmitFindings {
  collected: Collected;
  findings: Finding[];
  live: ReadonlyMap<RefKey, Resolution> | null;
  requests: number;
  base: { root: string; shownRoot: string; today: string; now: Date; config: Config };
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
    root: base.shownRoot,
    version: VERSION,
    requests: run.requests,
  });
  const reporter = REPORTERS[flags.format];
  const color = !flags.output && flags.format === 'text' && !process.env.NO_COLOR && isTerminal(1);
  const out = reporter(report, { color });
  if (flags.output) await writeFile(flags.output, out);
  else writeOut(out);
  return collected.unreadable.length > 0 ? EXIT.usage : exitCodeFor(run.findings);
}
