/**
 * `rebase-check --onto [owner/repo@]REF`: before bumping the pinned base,
 * which patches are upstream now (drop), which collide with merged changes
 * (re-cut), and which no longer apply at fuzz 0.
 */
import { escapeControls } from '../control-chars.js';
import path from 'node:path';
import type { ReporterName } from '../report/index.js';
import { parseOnto } from '../rebase/targets.js';
import { runRebaseCheck } from '../rebase/check-command.js';
import { emitFindings } from './emit-findings.js';
import { snapshotServices } from './rebase-snapshot.js';
import { startProgress } from '../progress.js';
import { shownPathsIn, treePaths } from '../report/paths.js';
import { requireSources } from './require-sources.js';
import { prepare, githubSettings, vetGitHubSettings, warn, type GitHubFlags } from './shared.js';
import { stderrForProgress, writeErr } from '../stdio.js';

export interface RebaseFlags extends GitHubFlags {
  root?: string;
  config?: string;
  today?: string;
  onto: string[];
  upstreamDir?: string;
  offline?: boolean;
  format: ReporterName;
  output?: string;
}

export async function rebaseCheckCommand(flags: RebaseFlags): Promise<number> {
  const base = await prepare(flags);
  const gh = githubSettings(flags);
  if (!flags.offline) warn(vetGitHubSettings(gh, base.config));
  const upstreamDir = flags.upstreamDir ? path.resolve(flags.upstreamDir) : null;
  const services = flags.offline
    ? {}
    : await snapshotServices({ github: gh, upstreamDir, config: base.config });
  const progress = startProgress({
    stream: stderrForProgress(),
    env: process.env,
    format: flags.format,
    label: 'upstream-status: reading upstream files and history',
  });
  const result = await runRebaseCheck({
    root: base.root,
    config: base.config,
    onto: flags.onto.map(parseOnto),
    upstreamDir,
    // Under --replay nothing may be asked: the snapshot answers, --upstream-dir serves files.
    github:
      flags.offline || gh.replay !== null
        ? null
        : { token: gh.token, apiUrl: gh.apiUrl, graphqlUrl: gh.graphqlUrl },
    today: base.today,
    services,
  }).finally(() => progress.stop());
  requireSources(result.collected, base.root, base.config);
  // Paths of the run's own tree as every report names them: from the repository top.
  const tree = treePaths(result.collected);
  for (const note of result.notes)
    writeErr(`note: ${shownPathsIn(escapeControls(note), base.shownRoot, tree)}\n`);
  return emitFindings({
    collected: result.collected,
    findings: result.findings,
    live: result.live,
    requests: result.requests,
    base,
    flags,
  });
}
