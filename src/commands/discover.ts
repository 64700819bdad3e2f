/** `discover`: open upstream PRs that would break a patch and that no record names. */
import path from 'node:path';
import { writeFile } from 'node:fs/promises';
import { runDiscover } from '../discover/run.js';
import { EXIT, UsageError } from '../errors.js';
import { exitCodeFor } from '../exit-code.js';
import { githubReporter } from '../report/github.js';
import { REPORTERS, buildReport, type ReporterName } from '../report/index.js';
import { githubSettings, prepare, VERSION, type GitHubFlags } from './shared.js';
import { graphqlUrlFor } from '../github/index.js';

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
  const result = await runDiscover({
    root: base.root,
    config: base.config,
    github: {
      token: gh.token,
      apiUrl: gh.apiUrl,
      graphqlUrl: gh.graphqlUrl ?? graphqlUrlFor(gh.apiUrl),
    },
    cacheDir: '.upstream-status/cache',
  });
  if (flags.addCollisions) {
    const { writeCollisions } = await import('../discover/write.js');
    const wrote = await writeCollisions(base.root, result.certain, base.config.github.webHost);
    result.notes.push(...wrote.notes, ...wrote.written.map((f) => `recorded collisions in ${f}`));
  }
  for (const note of result.notes) process.stderr.write(`note: ${note}\n`);
  const report = buildReport({
    ctx: {
      sources: result.collected.sources,
      mentionsByRef: result.collected.mentionsByRef,
      live: new Map(),
      patchFiles: result.collected.patchFiles,
      indexed: result.collected.indexed,
      today: base.today,
      config: base.config,
    },
    findings: result.findings,
    checkedAt: base.now.toISOString(),
    root: '.',
    version: VERSION,
    requests: result.graphqlRequests + result.restRequests,
  });
  const reporter =
    flags.format === 'github' && process.env.GITHUB_WORKSPACE
      ? githubReporter(
          path.relative(process.env.GITHUB_WORKSPACE, base.root).split(path.sep).join('/'),
        )
      : REPORTERS[flags.format];
  const out = reporter(report, { color: false });
  if (flags.output) await writeFile(flags.output, out);
  else process.stdout.write(out);
  return result.collected.unreadable.length > 0 ? EXIT.usage : exitCodeFor(result.findings);
}
