/**
 * Remove one protection at a time from a copy of dist/ and check that the
 * reliability test guarding it goes red (docs/reliability.md, last column).
 *
 *   npm run build && npx tsx test/reliability/support/run-mutants.ts [name…]
 *
 * Each mutant is dist/ copied to .reliability-mutants/<name>/ (inside the
 * project, so node_modules still resolve), one exact text replaced (it must
 * occur once), and the named test run with RELIABILITY_CLI pointing at the
 * copy. Expected: every mutant "red"; the unmutated copy "green".
 */
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROJECT } from './cli.js';

interface Mutant {
  name: string;
  /** What the protection is (and where in src/). */
  protects: string;
  edits: { file: string; find: string; replace: string }[];
  test: string;
  pattern: string;
}

const MUTANTS: Mutant[] = [
  {
    name: 'no-scrub',
    protects: 'token scrubbing, src/github/octokit.ts GitHubSession.scrub',
    edits: [
      { file: 'github/octokit.js', find: "text.split(token).join('[REDACTED]')", replace: 'text' },
    ],
    test: 'test/reliability/secrets.e2e.test.ts',
    pattern: 'echoing the header',
  },
  {
    name: 'no-retry',
    protects:
      '5xx retry, src/github/octokit.ts Octokit.plugin(retryWithinBudget, retry, throttling)',
    edits: [
      {
        file: 'github/octokit.js',
        find: 'Octokit.plugin(retryWithinBudget, retry, throttling)',
        replace: 'Octokit.plugin(retryWithinBudget, throttling)',
      },
    ],
    test: 'test/reliability/faults.e2e.test.ts',
    pattern: '5xx burst',
  },
  {
    name: 'no-time-bound',
    protects: 'the whole-resolve timer, src/github/octokit.ts GitHubSession.run setTimeout(abort)',
    edits: [
      {
        file: 'github/octokit.js',
        find: 'const timer = setTimeout(() => this.abort(this.timeoutError()), Math.max(0, this.deadline - Date.now()));',
        replace: 'const timer = undefined;',
      },
    ],
    test: 'test/reliability/faults.e2e.test.ts',
    pattern: 'slow / timeout',
  },
  {
    name: 'no-rate-limited-check',
    protects: 'GraphQL RATE_LIMITED read as a rate limit, src/github/graphql-client.ts askChunk',
    edits: [
      {
        file: 'github/graphql-client.js',
        find: "errors.some((error) => error.type === 'RATE_LIMITED')",
        replace: 'false',
      },
    ],
    test: 'test/reliability/faults.e2e.test.ts',
    pattern: 'RATE_LIMITED on GitHub Enterprise',
  },
  {
    name: 'not-found-fails-batch',
    protects: 'one NOT_FOUND answers one ref, src/github/graphql.ts notFound',
    edits: [
      {
        file: 'github/graphql.js',
        find: "return error ? { status: 'not-found', message: error.message } : null;",
        replace: 'return null;',
      },
    ],
    test: 'test/reliability/faults.e2e.test.ts',
    pattern: '404 repos|NOT_FOUND',
  },
  {
    name: 'follow-links-outside',
    protects: 'symlinks resolving outside the root are skipped, src/sources/discover.ts isInside',
    edits: [
      {
        file: 'sources/discover.js',
        find: 'function isInside(rootReal, real) {\n    return (',
        replace: 'function isInside(rootReal, real) {\n    return true || (',
      },
    ],
    test: 'test/reliability/paths.e2e.test.ts',
    pattern: 'nothing outside',
  },
  {
    name: 'write-in-place',
    protects: 'temp file + rename, src/sync/atomic.ts writeAtomic',
    edits: [
      {
        file: 'sync/atomic.js',
        find: "const handle = await fs.open(name, 'wx', mode);",
        replace: "const handle = await fs.open(target, 'w', mode);",
      },
      { file: 'sync/atomic.js', find: 'await fs.chmod(tmp, mode);', replace: '' },
      { file: 'sync/atomic.js', find: 'await fs.rename(tmp, target);', replace: '' },
    ],
    test: 'test/reliability/write-safety.test.ts',
    pattern: 'SIGKILL|racing',
  },
];

function runOne(m: Mutant | null, test: string, pattern: string): 'red' | 'green' {
  const dir = path.join(PROJECT, '.reliability-mutants', m?.name ?? 'unmutated');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  cpSync(path.join(PROJECT, 'dist'), path.join(dir, 'dist'), { recursive: true });
  cpSync(path.join(PROJECT, 'package.json'), path.join(dir, 'package.json'));
  for (const e of m?.edits ?? []) {
    const file = path.join(dir, 'dist', e.file);
    const text = readFileSync(file, 'utf8');
    if (text.split(e.find).length !== 2)
      throw new Error(
        `${m?.name}: "${e.find}" is not in ${e.file} exactly once; update the mutant`,
      );
    writeFileSync(file, text.replace(e.find, e.replace));
  }
  const r = spawnSync('npx', ['vitest', 'run', test, '-t', pattern], {
    cwd: PROJECT,
    env: { ...process.env, RELIABILITY_CLI: path.join(dir, 'dist', 'cli.js'), FAULT_RUNS: '0' },
    encoding: 'utf8',
    timeout: 300_000,
  });
  rmSync(dir, { recursive: true, force: true });
  return r.status === 0 ? 'green' : 'red';
}

const only = process.argv.slice(2);
for (const m of MUTANTS.filter((x) => only.length === 0 || only.includes(x.name))) {
  const control = runOne(null, m.test, m.pattern);
  const mutated = runOne(m, m.test, m.pattern);
  console.log(
    `${m.name} | ${m.protects} | ${m.test} -t "${m.pattern}" | unmutated ${control}, mutated ${mutated}`,
  );
}
rmSync(path.join(PROJECT, '.reliability-mutants'), { recursive: true, force: true });
