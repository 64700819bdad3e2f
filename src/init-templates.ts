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

/** Daily check on Actions; the tool sees GITHUB_ACTIONS and annotates and summarises by itself. */
export function workflowTemplate(): string {
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
      - uses: actions/setup-node@v4
        with:
          node-version: 20
      - name: Check upstream states
        run: npx --yes upstream-status check
        env:
          GH_TOKEN: \${{ github.token }}
      # To write the live states back and propose them as a pull request, uncomment
      # these two steps and change the permissions above to
      # \`contents: write\` and \`pull-requests: write\`.
      # - name: Sync live states into the records
      #   if: failure()
      #   run: npx --yes upstream-status sync
      #   env:
      #     GH_TOKEN: \${{ github.token }}
      # - uses: peter-evans/create-pull-request@v7
      #   if: failure()
      #   with:
      #     branch: upstream-status/sync
      #     title: 'upstream-status: record live upstream states'
      #     commit-message: 'upstream-status sync'
      #     body: Written by \`npx upstream-status sync\` from the scheduled check.
`;
}

/** Git runs pre-rebase from the top of the work tree, which is the tool's default root. */
export function hookTemplate(): string {
  return `#!/bin/sh
# Written by \`upstream-status init\`: refuse to rebase onto a new base while the
# patch records have drifted from GitHub. Skip once with \`git rebase --no-verify\`.
npx --no-install upstream-status check
status=$?
if [ "$status" -ne 0 ]; then
  echo "pre-rebase: upstream-status check exited $status; rebase refused." >&2
fi
exit "$status"
`;
}
