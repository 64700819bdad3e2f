/**
 * A canary token (`ghp_` + 36 seeded characters) through every path the CLI
 * has: each output format, --output, the --record snapshot, the GitHub
 * Actions annotations and job summary, --debug, and stderr for every kind
 * of failure — including answers that echo the Authorization header back.
 * It must never appear anywhere.
 */
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUEUE_REPOS } from '../e2e/queue-data.js';
import { startFakeGitHub, type Fault } from '../support/fake-github.js';
import { canaryToken, copyQueue, runCli, TODAY } from './support/cli.js';
import { createTally } from './support/tally.js';

const TOKEN = canaryToken(42);
const tally = createTally('secrets');
/** Runs that must succeed use the default 40 s bound: a busy machine must not turn them into exit 3. */
let work: Awaited<ReturnType<typeof copyQueue>>;
/** Runs that must fail use a 3 s bound, so a hang gives up quickly. */
let quick: Awaited<ReturnType<typeof copyQueue>>;

beforeAll(async () => {
  work = await copyQueue();
  quick = await copyQueue('github: { timeoutSeconds: 3 }\n');
});
afterAll(async () => {
  await work.remove();
  await quick.remove();
  tally.flush();
});

/**
 * The queue's answers, with one PR title quoting the token (someone pasted it
 * into GitHub): every answer read passes the scrubber before it reaches a
 * report, an annotation or the --record snapshot.
 */
function quotingRepos(): typeof QUEUE_REPOS {
  const repos = structuredClone(QUEUE_REPOS);
  const pr = repos['infer-org/sglang']?.prs?.find((p) => p.number === 4101);
  if (!pr) throw new Error('infer-org/sglang#4101 is not in QUEUE_REPOS any more');
  pr.title = `Fix rows mismatch (ran with GH_TOKEN=${TOKEN})`;
  pr.author = `bot-${TOKEN}`;
  return repos;
}

/**
 * Every file under the work tree (outputs, snapshots, summaries) that contains
 * the canary. The cases run side by side in one tree: a file another case's
 * run renames away (a snapshot's `.tmp`) between the listing and the read is
 * skipped; its final name is that case's own to check.
 */
async function filesWithCanary(dir: string): Promise<string[]> {
  const hits: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const text = await readFile(file, 'utf8').catch((e: NodeJS.ErrnoException) => {
      if (e.code === 'ENOENT') return '';
      throw e;
    });
    if (text.includes(TOKEN)) hits.push(file);
  }
  return hits;
}

async function runWithCanary(
  cls: string,
  args: string[],
  faults: Fault[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  // Each run has its own fake, so the cases (most of them waiting on a 3 s
  // give-up) run side by side.
  const gh = await startFakeGitHub({ repos: quotingRepos(), token: TOKEN, faults });
  const root = faults.length === 0 ? work.root : quick.root;
  const run = await runCli(['check', '--root', root, ...TODAY, ...args], {
    GH_TOKEN: TOKEN,
    GITHUB_API_URL: gh.url,
    ...env,
  }).finally(() => gh.close());
  const leaks = [
    ...(run.stdout.includes(TOKEN) ? ['stdout'] : []),
    ...(run.stderr.includes(TOKEN) ? ['stderr'] : []),
    ...(await filesWithCanary(work.root)),
    ...(await filesWithCanary(quick.root)),
  ];
  tally.record(cls, leaks.length === 0, run.ms);
  expect(leaks, `canary found in ${leaks.join(', ')}`).toEqual([]);
  return run;
}

describe.concurrent('the token never appears', () => {
  it.each(['text', 'json', 'github', 'markdown'])(
    'in %s output, --output and --record',
    async (format) => {
      const out = path.join(work.root, `out.${format}`);
      const snap = path.join(work.root, `snap.${format}.json`);
      const run = await runWithCanary(
        'output formats',
        ['--format', format, '--output', out, '--record', snap],
        [],
      );
      expect(run.code).toBe(1);
      expect((await readFile(out, 'utf8')).length).toBeGreaterThan(100);
      const snapshot = await readFile(snap, 'utf8');
      expect(snapshot).toContain('"schemaVersion": 1');
      expect(snapshot).toContain('GH_TOKEN=[REDACTED]');
    },
  );

  it('in GitHub Actions annotations and the job summary, with --debug', async () => {
    const summary = path.join(work.root, 'step-summary.md');
    const run = await runWithCanary('Actions summary / --debug', ['--debug'], [], {
      GITHUB_ACTIONS: 'true',
      GITHUB_STEP_SUMMARY: summary,
      GITHUB_WORKSPACE: work.root,
    });
    expect(run.stdout).toMatch(/^::error /m);
    expect((await readFile(summary, 'utf8')).length).toBeGreaterThan(100);
  });

  it('when the token is given as GITHUB_TOKEN', async () => {
    const gh = await startFakeGitHub({
      repos: quotingRepos(),
      token: TOKEN,
      faults: [{ kind: 'echo-auth', status: 403 }],
    });
    const run = await runCli(['check', '--root', quick.root, ...TODAY], {
      GITHUB_TOKEN: TOKEN,
      GITHUB_API_URL: gh.url,
    }).finally(() => gh.close());
    tally.record('stderr on failure', !(run.stdout + run.stderr).includes(TOKEN), run.ms);
    expect(run.code).toBe(3);
    expect(run.stderr).toContain('[REDACTED]');
    expect(run.stdout + run.stderr).not.toContain(TOKEN);
  });

  const failures: [string, Fault[], RegExp][] = [
    ['401 echoing the header', [{ kind: 'echo-auth', status: 401 }], /401.*\[REDACTED\]/],
    ['403 echoing the header', [{ kind: 'echo-auth', status: 403 }], /403.*\[REDACTED\]/],
    [
      '5xx whose status line echoes the header',
      [{ kind: 'echo-auth', status: 502 }],
      /502 Rejected \(Authorization: token \[REDACTED\]\)/,
    ],
    [
      '5xx then a hang (timeout)',
      [
        { kind: 'echo-auth', status: 502, count: 1 },
        { kind: 'delay', ms: 10_000 },
      ],
      // The 3 s bound, or on a busy machine the 502 itself when the bound
      // passes during its retry wait: either way the echoed header is redacted.
      /(within 3 s|502).*\[REDACTED\]/,
    ],
    ['a timeout', [{ kind: 'delay', ms: 10_000 }], /within 3 s/],
    ['invalid JSON', [{ kind: 'invalid-json' }], /unreadable/],
    [
      'GraphQL errors quoting the token',
      [{ kind: 'graphql-errors', errors: [{ message: `Bad credentials for token ${TOKEN}` }] }],
      /\[REDACTED\]/,
    ],
    [
      'a 429 whose body echoes it',
      [
        {
          kind: 'status',
          status: 429,
          body: JSON.stringify({ message: `slow down, token ${TOKEN}` }),
        },
      ],
      /429 slow down, token \[REDACTED\]/,
    ],
    [
      'a secondary limit beyond the bound',
      [{ kind: 'status', status: 403, headers: { 'retry-after': '60' } }],
      /rate limit exhausted/,
    ],
  ];
  for (const [name, faults, reason] of failures) {
    for (const debug of [false, true]) {
      it(`in stderr for ${name}${debug ? ' (--debug, on Actions)' : ''}`, async () => {
        const summary = path.join(quick.root, 'failure-summary.md');
        const run = await runWithCanary(
          'stderr on failure',
          debug ? ['--debug'] : ['--format', 'json'],
          faults,
          debug ? { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } : {},
        );
        expect(run.code).toBe(3);
        expect(run.stdout).toBe('');
        expect(run.stderr).toMatch(reason);
      });
    }
  }
});
