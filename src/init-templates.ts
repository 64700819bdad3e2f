/**
 * What `upstream-status init` writes, as functions of what discovery found.
 * Every option in the config is commented out: the tool needs no config, and
 * an active key would pin today's discovery where it should keep discovering.
 */
import { DEFAULT_CONFIG } from './config-types.js';

export interface Discovered {
  /** Root-relative paths with `/`. */
  ledgers: string[];
  records: string[];
  patchDirs: string[];
}

/** JSON strings are valid YAML and quote whatever YAML would misread (`#`, `: `, `,`). */
const flow = (items: readonly string[]): string =>
  `[${items.map((i) => JSON.stringify(i)).join(', ')}]`;

/** Record globs: one per patches folder that holds records, else the record paths themselves. */
function recordGlobs(d: Discovered): string[] {
  const globs = d.records.map((r) => {
    const dir = d.patchDirs.find((p) => r.startsWith(`${p}/`));
    return dir === undefined ? r : `${dir}/**/*.upstream.status.yaml`;
  });
  return [...new Set(globs)];
}

function foundLines(label: string, paths: readonly string[]): string[] {
  if (paths.length === 0) return [`#   ${label}: none`];
  // A line break in a file name would end the comment and make the rest an active key.
  return [`#   ${label}:`, ...paths.map((p) => `#     - ${p.replace(/[\r\n]/g, '?')}`)];
}

/**
 * `#key: value` lines (no space after `#`) are options: delete the `#` to
 * set one. `# ` lines are prose.
 */
export function configTemplate(d: Discovered): string {
  const example = (found: string[], fallback: string[]): string[] =>
    found.length > 0 ? found : fallback;
  const ledgers = example(d.ledgers, ['deploy/docker/patch.upstream.status.md']);
  const records = example(recordGlobs(d), ['deploy/docker/patches/**/*.upstream.status.yaml']);
  const dir = d.patchDirs[0] ?? 'deploy/docker/patches';
  const gh = DEFAULT_CONFIG.github;
  return [
    '# upstream-status configuration (written by `upstream-status init`).',
    '# Everything is optional: without this file the tool discovers its inputs.',
    '# To set an option, delete the `#` at the start of its line.',
    '#',
    '# What discovery found in this tree when init ran:',
    ...foundLines('ledgers', d.ledgers),
    ...foundLines('records', d.records),
    ...foundLines('patches folders', d.patchDirs),
    '',
    '# Ledgers to read. Default: every patch.upstream.status.md under the root.',
    `#ledgers: ${flow(ledgers)}`,
    '# Per-patch record globs. Default: every *.upstream.status.yaml under the root.',
    `#records: ${flow(records)}`,
    '# The patches folder (default: patches/ beside each ledger); `exclude` adds to the',
    `# built-in ${flow(DEFAULT_CONFIG.patches.exclude)}.`,
    `#patches: { dir: ${JSON.stringify(dir)}, exclude: [], extensions: ${flow(DEFAULT_CONFIG.patches.extensions)} }`,
    '# Aliases for `alias#N`, and the repo of bare `#N` by patch folder. Default: none.',
    '#repos: { aliases: { engine: example-org/engine }, defaults: { "transport/": example-org/transport } }',
    '# Pinned upstream base per repo, for in-pinned-base-drift and drop-candidate. Default: none.',
    '#bases: { example-org/engine: v0.5.17 }',
    '# Refs never to query: owner/repo#*, owner/repo#123, internal#*. Default: none.',
    '#ignore: ["example-org/platform#*"]',
    '# Severity (error | warning | notice | off) and options per rule. Default shown.',
    '#rules: { stale-check: { severity: warning, maxAgeDays: 30 } }',
    '# Refs per GraphQL query, queries in flight, and the bound on all of it. Default shown.',
    `#github: { chunkSize: ${gh.chunkSize}, concurrency: ${gh.concurrency}, timeoutSeconds: ${gh.timeoutSeconds} }`,
    '',
  ].join('\n');
}

/**
 * How the scheduled workflow runs the tool. Never an unpinned package name: a
 * name anyone can publish would run in CI with the token.
 * - `devDependency`: the repository pins the package in its lockfile;
 *   `npm ci` installs exactly that, `npx --no-install` never fetches.
 * - `action`: this project's GitHub Action at the version that wrote it.
 */
export type WorkflowRunner =
  { kind: 'devDependency' } | { kind: 'action'; repository: string; version: string };

/** The package name users install; the bin inside it is `upstream-status`. */
export const PACKAGE_NAME = '@upstream-status/cli';

const SYNC_STEPS_NOTE = `      # To write the live states back and propose them as a pull request, uncomment
      # these two steps and change the permissions above to
      # \`contents: write\` and \`pull-requests: write\`.`;

const CREATE_PR_STEP = `      # - uses: peter-evans/create-pull-request@v7
      #   if: failure()
      #   with:
      #     branch: upstream-status/sync
      #     title: 'upstream-status: record live upstream states'
      #     commit-message: 'upstream-status sync'
      #     body: Written by \`upstream-status sync\` from the scheduled check.`;

function checkSteps(runner: WorkflowRunner): string {
  if (runner.kind === 'devDependency') {
    return `      - uses: actions/setup-node@v4
        with:
          node-version: 20
      # Installs the version your package-lock.json pins; npx --no-install never fetches another.
      - run: npm ci
      - name: Check upstream states
        run: npx --no-install upstream-status check
        env:
          GH_TOKEN: \${{ github.token }}
${SYNC_STEPS_NOTE}
      # - name: Sync live states into the records
      #   if: failure()
      #   run: npx --no-install upstream-status sync
      #   env:
      #     GH_TOKEN: \${{ github.token }}
${CREATE_PR_STEP}`;
  }
  const uses = `${runner.repository}@v${runner.version}`;
  return `      # Pinned to the release that wrote this file. For a tag that cannot move, pin the
      # commit instead: uses: ${runner.repository}@<full commit sha> # v${runner.version}
      - name: Check upstream states
        id: upstream
        uses: ${uses}
        with:
          token: \${{ github.token }}
      # To also write the live states back (\`upstream-status sync\`), add
      # ${PACKAGE_NAME} as a devDependency and run \`upstream-status init\` again
      # after removing this file: that workflow has the sync steps.`;
}

/** Daily check on Actions; the tool sees GITHUB_ACTIONS and annotates and summarises by itself. */
export function workflowTemplate(runner: WorkflowRunner): string {
  return `# Written by \`upstream-status init\`: checks every upstream PR and issue the patch
# records name against GitHub once a day, and fails when a recorded state has drifted.
# Exit code 3 means GitHub could not be asked (outage, token, rate limit), not drift.
name: upstream-status
on:
  schedule:
    - cron: '17 5 * * *'
  workflow_dispatch:
permissions:
  contents: read
jobs:
  check:
    runs-on: ubuntu-latest
    steps:
      - uses: actions/checkout@v4
${checkSteps(runner)}
`;
}

/**
 * Git runs pre-rebase from the top of the work tree, which is the tool's
 * default root. GitHub's answers are cached in the git directory, so rebases
 * in a row cost no requests; an unreachable GitHub warns and lets the rebase
 * go on unless `git config upstream-status.unreachable refuse`.
 */
export function hookTemplate(): string {
  return `#!/bin/sh
# Written by \`upstream-status init\`: refuse to rebase onto a new base while the
# patch records have drifted from GitHub. Skip once with \`git rebase --no-verify\`.
# GitHub's answers are reused for an hour (git config upstream-status.cacheTtl
# MINUTES to change it), so rebases in a row cost no requests. When GitHub cannot
# be asked (offline, rate limit), the rebase goes on with a warning; to refuse it:
#   git config upstream-status.unreachable refuse
git_dir=$(git rev-parse --git-dir) || exit 1
ttl=$(git config --get upstream-status.cacheTtl || echo 60)
npx --no-install upstream-status check --cache "$git_dir/upstream-status/answers.json" --cache-ttl "$ttl"
status=$?
if [ "$status" -eq 3 ] && [ "$(git config --get upstream-status.unreachable)" != refuse ]; then
  echo "pre-rebase: warning: GitHub could not be asked, so the patch records were not checked; rebase allowed." >&2
  exit 0
fi
if [ "$status" -ne 0 ]; then
  echo "pre-rebase: upstream-status check exited $status; rebase refused." >&2
fi
exit "$status"
`;
}
