/** `discover`: open upstream PRs that would break a patch and that no record names. */
import { runDiscover } from '../discover/run.js';
import { emitFindings } from './emit-findings.js';
import { UsageError } from '../errors.js';
import type { ReporterName } from '../report/index.js';
import { githubSettings, prepare, type GitHubFlags } from './shared.js';
import { graphqlUrlFor } from '../github/index.js';
import { startProgress } from '../progress.js';
import { shownPath, shownPathsIn, treePaths } from '../report/paths.js';
import { stderrForProgress, writeErr } from '../stdio.js';

export interface DiscoverFlags extends GitHubFlags {
  root?: string;
  config?: string;
  today?: string;
  format: ReporterName;
  output?: string;
  /** Write each certain collision into the patch's record or ledger row. */
  addCollisions?: boolean;
}

export async function discoverCommand(flags: DiscoverFlags): Promise<number> {
  const base = await prepare(flags);
  const gh = githubSettings(flags);
  if (gh.token === null)
    throw new UsageError(
      'discover asks GitHub GraphQL, which needs a token: set GH_TOKEN or GITHUB_TOKEN',
    );
  const progress = startProgress({
    stream: stderrForProgress(),
    env: process.env,
    format: flags.format,
    label: 'upstream-status: reading open pull requests and upstream files',
  });
  const result = await runDiscover({
    root: base.root,
    config: base.config,
    github: {
      token: gh.token,
      apiUrl: gh.apiUrl,
      graphqlUrl: gh.graphqlUrl ?? graphqlUrlFor(gh.apiUrl),
    },
    cacheDir: '.upstream-status/cache',
  }).finally(() => progress.stop());
  if (flags.addCollisions) {
    const { writeCollisions } = await import('../discover/write.js');
    const wrote = await writeCollisions(base.root, result.certain, base.config.github.webHost);
    result.notes.push(
      ...wrote.notes,
      ...wrote.written.map((f) => `recorded collisions in ${shownPath(base.shownRoot, f)}`),
    );
  }
  const tree = treePaths(result.collected);
  for (const note of result.notes) writeErr(`note: ${shownPathsIn(note, base.shownRoot, tree)}\n`);
  return emitFindings({
    collected: result.collected,
    findings: result.findings,
    live: new Map(),
    requests: result.graphqlRequests + result.restRequests,
    base,
    flags,
  });
}
