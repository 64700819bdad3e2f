#!/usr/bin/env node
/**
 * The command line: flags → options → command → exit code. Commands live in
 * src/commands/; this file only declares them and is the one place that maps
 * errors to exit codes (SPEC §5).
 */
import { escapeControls } from './control-chars.js';
import { Command, CommanderError, Option } from 'commander';
import type { ReportFlags } from './commands/check.js';
import { githubSettings, VERSION, type GitHubFlags } from './commands/shared.js';
import type { RebaseFlags } from './commands/rebase-check.js';
import type { SyncFlags } from './commands/sync.js';
import { unknownCommand } from './commands/flag-rules.js';
import { EXIT, UsageError } from './errors.js';
import { GitHubUnavailableError } from './github/client.js';
import { exitWhenDone, writeErr, writeOut } from './stdio.js';

type CheckFlags = ReportFlags & GitHubFlags & { offline?: boolean };

function withRoot(cmd: Command): Command {
  return cmd
    .option('--root <dir>', 'root to search (default: the git top-level of the working directory)')
    .option('--config <file>', 'configuration file (default: <root>/.upstream-status.yml)')
    .option('--today <date>', 'the date to judge check dates against (YYYY-MM-DD)')
    .option('--debug', 'print stack traces for internal errors');
}

function withReport(cmd: Command, formats: string[]): Command {
  return withRoot(cmd)
    .addOption(new Option('--format <format>', 'output format').choices(formats).default('text'))
    .option('--output <file>', 'write the report to a file instead of stdout');
}

function withGitHub(cmd: Command): Command {
  return cmd
    .option(
      '--budget <requests>',
      'most GitHub requests this run may make (default: github.budget or no cap)',
    )
    .option('--replay <file>', 'answer from a recorded snapshot instead of GitHub')
    .option('--record <file>', "write GitHub's answers to a snapshot (never the token)")
    .option(
      '--api-url <url>',
      'GitHub REST API URL (default: $GITHUB_API_URL or https://api.github.com)',
    )
    .option('--graphql-url <url>', 'GitHub GraphQL URL (default: $GITHUB_GRAPHQL_URL or derived)');
}

async function main(argv: string[]): Promise<number> {
  const program = new Command()
    .name('upstream-status')
    .description('Check the upstream PRs and issues your patch records name against live GitHub.')
    .version(VERSION)
    .exitOverride()
    .configureOutput({ writeOut, writeErr });
  let exit: number = EXIT.ok;

  withGitHub(
    withReport(
      program
        .command('check', { isDefault: true })
        .description('check every recorded state against GitHub (default)'),
      ['text', 'json', 'github', 'markdown'],
    ),
  )
    .option('--offline', 'no network: only the rules that need none')
    .option(
      '--cache <file>',
      "keep GitHub's answers in FILE and reuse them while fresh (the pre-rebase hook's cache)",
    )
    .option('--cache-ttl <minutes>', 'how long --cache answers stay fresh (default 60)')
    .option(
      '--discover',
      'also report open upstream PRs that would break a patch and that no record names (needs a token)',
    )
    .action(async (flags: CheckFlags, cmd: Command) => {
      flags.formatGiven = cmd.getOptionValueSource('format') !== 'default';
      // Commands load on demand so `--help`, `list` and `init` start fast.
      const { checkCommand } = await import('./commands/check.js');
      exit = await checkCommand(flags, flags.offline ? null : githubSettings(flags));
    });

  withReport(
    program
      .command('list')
      .description('list every ref with its mentions and recorded states; no network'),
    ['text', 'json'],
  )
    // list never asks GitHub; --offline is accepted so scripts can say so explicitly.
    .option('--offline', 'accepted for symmetry with check; list never uses the network')
    .action(async (flags: ReportFlags) => {
      const { checkCommand } = await import('./commands/check.js');
      exit = await checkCommand({ ...flags, formatGiven: true }, null, true);
    });

  withGitHub(
    withRoot(
      program
        .command('sync')
        .description('write the live states back into the ledger, records and headers'),
    ),
  )
    .option('--dry-run', 'print a unified diff and write nothing')
    .option(
      '--add-collisions',
      'then record the open upstream PRs that would break a patch (as discover finds them) as anchor collisions',
    )
    .action(async (flags: SyncFlags & GitHubFlags) => {
      const { syncCommand } = await import('./commands/sync.js');
      exit = await syncCommand(flags, githubSettings(flags));
    });

  withGitHub(
    withReport(
      program
        .command('rebase-check')
        .description(
          'before a base bump: which patches are upstream in REF, which collide with it, which no longer apply',
        ),
      ['text', 'json', 'github', 'markdown'],
    ),
  )
    .requiredOption(
      '--onto <[owner/repo@]REF>',
      'the new base (repeatable; a bare REF applies to every patch whose repo has it)',
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option('--upstream-dir <dir>', 'read files and history from a local upstream checkout')
    .option('--offline', 'no network: only --upstream-dir serves files')
    .action(async (flags: RebaseFlags) => {
      const { rebaseCheckCommand } = await import('./commands/rebase-check.js');
      exit = await rebaseCheckCommand(flags);
    });

  withReport(
    program
      .command('footprint')
      .description('what each patch touches upstream: files, hunks, script anchors; no network'),
    ['text', 'json'],
  )
    .option(
      '--upstream-dir <dir>',
      "show where each anchor sits at the patch's pinned base in this checkout",
    )
    .action(async (flags: import('./commands/footprint.js').FootprintFlags) => {
      const { footprintCommand } = await import('./commands/footprint.js');
      exit = await footprintCommand(flags);
    });

  withGitHub(
    withReport(
      program
        .command('discover')
        .description(
          'open upstream PRs that would break a patch (by replay) and that no record names',
        ),
      ['text', 'json', 'github', 'markdown'],
    ),
  )
    .option(
      '--add-collisions',
      "write each certain collision into the patch's record or ledger row",
    )
    .action(async (flags: import('./commands/discover.js').DiscoverFlags) => {
      const { discoverCommand } = await import('./commands/discover.js');
      exit = await discoverCommand(flags);
    });

  program
    .command('init')
    .description(
      'write .upstream-status.yml, a scheduled GitHub Actions workflow and a pre-rebase hook (only if absent)',
    )
    .option('--root <dir>', 'repository root (default: the git top-level of the working directory)')
    .option('--config <file>', 'configuration file to read while discovering')
    .action(async (flags: { root?: string; config?: string }) => {
      const { initCommand } = await import('./commands/init.js');
      exit = await initCommand(flags);
    });

  const unknown = unknownCommand(
    argv.slice(2),
    program.commands.map((c) => c.name()),
  );
  if (unknown !== null) {
    const hint =
      unknown.suggestions.length > 0
        ? ` Did you mean ${unknown.suggestions.map((s) => `'${s}'`).join(' or ')}?`
        : '';
    throw new UsageError(`unknown command '${unknown.word}'.${hint}`, [
      `commands: ${program.commands.map((c) => c.name()).join(', ')} (see --help)`,
    ]);
  }
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

// A reader that stops early (`| head`) closes the pipe, and the next write to
// it fails with EPIPE. git and ls die of SIGPIPE there, which a shell reports
// as 141; Node ignores SIGPIPE, so the CLI ends with 141 itself, quietly: the
// rest of its output is dropped, the work under way still finishes (no sync
// stops between two files), and no stack trace (docs/decisions.md; stdio.ts).
main(process.argv).then(exitWhenDone, (err: unknown) => exitWhenDone(reportFailure(err)));

/** Says on stderr why the run failed; returns the exit code (SPEC §5). */
function reportFailure(err: unknown): number {
  if (err instanceof UsageError) {
    writeErr(`upstream-status: ${escapeControls(err.message)}\n`);
    for (const d of err.details) writeErr(`  ${escapeControls(d)}\n`);
    return EXIT.usage;
  }
  if (err instanceof GitHubUnavailableError) {
    writeErr(`upstream-status: GitHub could not be asked: ${escapeControls(err.message)}\n`);
    return EXIT.githubUnavailable;
  }
  const msg = escapeControls(err instanceof Error ? err.message : String(err));
  writeErr(
    `upstream-status: internal error: ${msg}\nThis is a bug; please report it (run with --debug for the stack).\n`,
  );
  if (process.argv.includes('--debug') && err instanceof Error) writeErr(`${err.stack ?? ''}\n`);
  return EXIT.usage;
}
