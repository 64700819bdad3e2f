#!/usr/bin/env node
/**
 * The command line: flags → options → run → output and exit code. All
 * knowledge of the product lives elsewhere; this file only wires it up and is
 * the one place that maps errors to exit codes.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { existsSync, statSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Command, CommanderError, Option } from 'commander';
import { runCheck, type GitHubSettings } from './check.js';
import { loadConfig } from './config.js';
import { EXIT, UsageError } from './errors.js';
import { exitCodeFor } from './exit-code.js';
import { GitHubUnavailableError } from './github/client.js';
import { formatList } from './list-text.js';
import { githubReporter } from './report/github.js';
import { REPORTERS, type Report, type ReporterName } from './report/index.js';
import { appendStepSummary, reportMarkdown } from './report/markdown.js';

const require = createRequire(import.meta.url);
const VERSION = (require('../package.json') as { version: string }).version;

interface CommonFlags {
  root?: string;
  config?: string;
  format: ReporterName;
  /** True when --format was given (on Actions, its absence means annotations + summary). */
  formatGiven?: boolean;
  output?: string;
  today?: string;
  debug?: boolean;
}
interface CheckFlags extends CommonFlags {
  offline?: boolean;
  replay?: string;
  record?: string;
  apiUrl?: string;
  graphqlUrl?: string;
}

async function main(argv: string[]): Promise<number> {
  const program = new Command()
    .name('upstream-status')
    .description('Check the upstream PRs and issues your patch records name against live GitHub.')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  let exit: number = EXIT.ok;

  const common = (cmd: Command, formats: string[]): Command =>
    cmd
      .option(
        '--root <dir>',
        'root to search (default: the git top-level of the working directory)',
      )
      .option('--config <file>', 'configuration file (default: <root>/.upstream-status.yml)')
      .addOption(new Option('--format <format>', 'output format').choices(formats).default('text'))
      .option('--output <file>', 'write the report to a file instead of stdout')
      .option('--today <date>', 'the date to judge check dates against (YYYY-MM-DD)')
      .option('--debug', 'print stack traces for internal errors');

  common(
    program
      .command('check', { isDefault: true })
      .description('check every recorded state against GitHub (default)'),
    ['text', 'json', 'github', 'markdown'],
  )
    .option('--offline', 'no network: only the rules that need none')
    .option('--replay <file>', 'answer from a recorded snapshot instead of GitHub')
    .option('--record <file>', "write GitHub's answers to a snapshot (never the token)")
    .option(
      '--api-url <url>',
      'GitHub REST API URL (default: $GITHUB_API_URL or https://api.github.com)',
    )
    .option('--graphql-url <url>', 'GitHub GraphQL URL (default: $GITHUB_GRAPHQL_URL or derived)')
    .action(async (flags: CheckFlags, cmd: Command) => {
      flags.formatGiven = cmd.getOptionValueSource('format') !== 'default';
      exit = await check(flags, flags.offline ? null : githubSettings(flags));
    });

  common(
    program
      .command('list')
      .description('list every ref with its mentions and recorded states; no network'),
    ['text', 'json'],
  ).action(async (flags: CommonFlags) => {
    exit = await check({ ...flags, formatGiven: true }, null, true);
  });

  program
    .command('init')
    .description(
      'write .upstream-status.yml, a scheduled GitHub Actions workflow and a pre-rebase hook (only if absent)',
    )
    .option('--root <dir>', 'repository root (default: the git top-level of the working directory)')
    .option('--config <file>', 'configuration file to read while discovering')
    .action(async (flags: { root?: string; config?: string }) => {
      exit = await init(flags);
    });

  try {
    await program.parseAsync(argv);
  } catch (err) {
    if (err instanceof CommanderError) {
      return err.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    throw err;
  }
  return exit;
}

function githubSettings(flags: CheckFlags): GitHubSettings {
  const token = process.env.GH_TOKEN || process.env.GITHUB_TOKEN || null;
  return {
    token,
    apiUrl: flags.apiUrl ?? process.env.GITHUB_API_URL ?? 'https://api.github.com',
    graphqlUrl: flags.graphqlUrl ?? process.env.GITHUB_GRAPHQL_URL ?? null,
    replay: flags.replay ?? null,
    record: flags.record ?? null,
  };
}

async function check(
  flags: CommonFlags,
  github: GitHubSettings | null,
  listing = false,
): Promise<number> {
  const root = resolveRoot(flags.root);
  const loaded = await loadConfig(root, flags.config ?? null);
  if (loaded.errors.length > 0) {
    throw new UsageError(
      `configuration ${loaded.file ?? ''} has ${loaded.errors.length} error(s)`,
      loaded.errors.map((e) => `${e.file}:${e.line}: ${e.key ? `${e.key}: ` : ''}${e.message}`),
    );
  }
  const now = new Date();
  const result = await runCheck({
    root,
    config: loaded.config,
    github,
    today: parseToday(flags.today, now),
    now,
    version: VERSION,
  });
  for (const note of result.notes) process.stderr.write(`note: ${note}\n`);
  await emit(result.report, flags, root, listing);
  if (result.collected.unreadable.length > 0) {
    for (const u of result.collected.unreadable)
      process.stderr.write(`upstream-status: cannot read ${u}\n`);
    return EXIT.usage;
  }
  return listing ? EXIT.ok : exitCodeFor(result.findings);
}

/** Print (or write) the report in the chosen format; on Actions also annotate and summarise. */
async function emit(
  report: Report,
  flags: CommonFlags,
  root: string,
  listing: boolean,
): Promise<void> {
  const onActions = process.env.GITHUB_ACTIONS === 'true' && !flags.formatGiven;
  let out: string;
  if (onActions) {
    out = githubReporter(workspacePrefix(root))(report, { color: false });
    try {
      await appendStepSummary(reportMarkdown(report, { color: false }));
    } catch (err) {
      // A summary we cannot write must not hide the findings themselves.
      process.stderr.write(
        `upstream-status: cannot write the job summary: ${(err as Error).message}\n`,
      );
    }
  } else if (listing && flags.format === 'text') {
    out = formatList(report);
  } else {
    const color =
      !flags.output &&
      flags.format === 'text' &&
      !process.env.NO_COLOR &&
      process.stdout.isTTY === true;
    out = REPORTERS[flags.format](report, { color });
  }
  if (flags.output) await writeFile(flags.output, out);
  else process.stdout.write(out);
}

/** Annotations need paths relative to the workspace, not to --root. */
function workspacePrefix(root: string): string {
  const workspace = process.env.GITHUB_WORKSPACE;
  if (!workspace) return '';
  return path.relative(workspace, root).split(path.sep).join('/');
}

async function init(flags: { root?: string; config?: string }): Promise<number> {
  const root = resolveRoot(flags.root);
  const loaded = await loadConfig(root, flags.config ?? null);
  const { discover } = await import('./sources/discover.js');
  const { runInit } = await import('./init.js');
  const found = await discover(root, loaded.config);
  const result = await runInit({
    root,
    discovered: {
      ledgers: found.ledgers,
      records: found.records,
      patchDirs: found.patchDirs.map((d) => d.dir),
    },
  });
  for (const w of result.written) process.stdout.write(`wrote ${w}\n`);
  for (const k of result.kept) process.stdout.write(`left alone ${k}\n`);
  return EXIT.ok;
}

function resolveRoot(flag: string | undefined): string {
  if (flag) {
    const root = path.resolve(flag);
    if (!existsSync(root) || !statSync(root).isDirectory()) {
      throw new UsageError(`--root ${flag} is not a directory`);
    }
    return root;
  }
  try {
    return execFileSync('git', ['rev-parse', '--show-toplevel'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return process.cwd();
  }
}

function parseToday(flag: string | undefined, now: Date): string {
  if (flag === undefined) return now.toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(flag) || Number.isNaN(Date.parse(flag))) {
    throw new UsageError(`--today must be a date like 2026-08-10, not "${flag}"`);
  }
  return flag;
}

main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    const debug = process.argv.includes('--debug');
    if (err instanceof UsageError) {
      process.stderr.write(`upstream-status: ${err.message}\n`);
      for (const d of err.details) process.stderr.write(`  ${d}\n`);
      process.exitCode = EXIT.usage;
    } else if (err instanceof GitHubUnavailableError) {
      process.stderr.write(`upstream-status: GitHub could not be asked: ${err.message}\n`);
      process.exitCode = EXIT.githubUnavailable;
    } else {
      const msg = err instanceof Error ? err.message : String(err);
      process.stderr.write(
        `upstream-status: internal error: ${msg}\nThis is a bug; please report it (run with --debug for the stack).\n`,
      );
      if (debug && err instanceof Error) process.stderr.write(`${err.stack}\n`);
      process.exitCode = EXIT.usage;
    }
  },
);
