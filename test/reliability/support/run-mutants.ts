/**
 * Remove one protection at a time from a copy of dist/ and check that the
 * reliability test guarding it goes red (docs/reliability.md, last column).
 *
 *   npm run build && npx tsx test/reliability/support/run-mutants.ts [name…]
 *
 * Each mutant is dist/ copied to .reliability-mutants/<name>/ (inside the
 * project, so node_modules still resolve), one exact text replaced in tsc's
 * modules (it must occur once), the copy's dist/cli.cjs bundle linked again from
 * them (scripts/build-cli.mjs, as `npm run build` does, so the spawned CLI
 * carries the mutation too), and the named test run with RELIABILITY_CLI
 * pointing at the copy. Expected: every mutant "red"; the unmutated copy "green".
 */
import { spawn, spawnSync } from 'node:child_process';
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
    name: 'rest-404-fails',
    protects: 'a REST 404 answers one ref, src/github/rest-client.ts orMissing',
    edits: [
      {
        file: 'github/rest-client.js',
        find: 'if (status === 404 || status === 410)\n            return null;',
        replace: '',
      },
    ],
    test: 'test/reliability/faults.e2e.test.ts',
    pattern: '404 repos: rest',
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
    name: 'impossible-numbers-asked',
    protects:
      'ref numbers over 2^31-1 answered locally, src/github/index.ts answeringImpossibleNumbers',
    edits: [
      {
        file: 'github/index.js',
        find: 'return answeringImpossibleNumbers(createNetworkClient(opts));',
        replace: 'return createNetworkClient(opts);',
      },
    ],
    test: 'test/reliability/ref-numbers.e2e.test.ts',
    pattern: 'impossible ref number',
  },
  {
    name: 'token-untrimmed',
    protects:
      'the token trimmed where read and where sent, src/commands/shared.ts tokenFromEnv + src/github/octokit.ts GitHubSession + src/github/index.ts',
    edits: [
      {
        file: 'commands/shared.js',
        find: 'const token = env[name]?.trim();',
        replace: 'const token = env[name];',
      },
      {
        file: 'github/octokit.js',
        find: 'this.token = opts.token?.trim() || null;',
        replace: 'this.token = opts.token || null;',
      },
      {
        file: 'github/index.js',
        find: 'const token = opts.token?.trim() || null;',
        replace: 'const token = opts.token || null;',
      },
    ],
    test: 'test/reliability/token-leaks.e2e.test.ts',
    pattern: 'whitespace',
  },
  {
    name: 'not-found-unscrubbed',
    protects: 'GraphQL error messages scrubbed as read, src/github/graphql-client.ts askChunk',
    edits: [
      {
        file: 'github/graphql-client.js',
        find: 'message: session.scrub(error.message),',
        replace: 'message: error.message,',
      },
      {
        file: 'github/graphql-client.js',
        find: 'answer.results.set(key, session.scrubResolution(resolution));',
        replace: 'answer.results.set(key, resolution);',
      },
    ],
    test: 'test/reliability/token-leaks.e2e.test.ts',
    pattern: 'NOT_FOUND',
  },
  {
    name: 'ledger-path-escapes',
    protects: 'ledger patch paths out of the root refused, src/sources/ledger/paths.ts joinDir',
    edits: [
      {
        file: 'sources/ledger/paths.js',
        find: "return joined === '.' || normaliseRelPath(joined) !== null ? joined : null;",
        replace: 'return joined;',
      },
      {
        file: 'sources/ledger/paths.js',
        find: 'if (isAbsolute(rel))\n        return null;',
        replace: '',
      },
    ],
    test: 'test/reliability/ledger-path-escape.e2e.test.ts',
    pattern: 'outside the root',
  },
  // `retry-past-bound` and `5xx-retry-past-bound` (retryWithinBudget's
  // budget.fits check taken out) were dropped on 2026-12-01: since the CLI
  // exits as soon as its answer is out (src/stdio.ts exitWhenDone), a retry
  // timer armed past the bound can no longer keep the process alive, which is
  // what those two made visible. The check still makes a run give up before
  // the bound when the next backoff cannot fit; no test asserts that, because
  // on a loaded machine the bound may legitimately come first.
  // test/e2e/exit-when-done.test.ts guards the exit itself.
  {
    name: 'retry-after-ignored',
    protects: 'retry-after on a 429 without GitHub wording, src/github/octokit.ts retryAfterWait',
    edits: [
      {
        file: 'github/octokit.js',
        find: 'if (status !== 429 && status !== 403)\n            return null;',
        replace: 'return null;',
      },
    ],
    test: 'test/reliability/retry-bounds.e2e.test.ts',
    pattern: 'retry-after',
  },
  {
    name: 'secondary-limit-final',
    protects:
      'secondary rate limits waited out, src/github/octokit.ts GitHubSession onSecondaryRateLimit',
    edits: [
      {
        file: 'github/octokit.js',
        find: 'onSecondaryRateLimit: onLimit,',
        replace: 'onSecondaryRateLimit: () => false,',
      },
    ],
    test: 'test/reliability/faults.e2e.test.ts',
    pattern: 'secondary rate limit',
  },
  {
    name: 'graphql-body-unchecked',
    protects: 'a GraphQL answer that is not a JSON object, src/github/graphql-client.ts askChunk',
    edits: [
      {
        file: 'github/graphql-client.js',
        find: "if (typeof body !== 'object' || body === null) {",
        replace: 'if (false) {',
      },
    ],
    test: 'test/reliability/faults.e2e.test.ts',
    pattern: 'invalid JSON: graphql',
  },
  {
    name: 'rest-body-unchecked',
    protects: 'a REST answer that is not an issue or pull, src/github/rest-client.ts found()',
    edits: [
      {
        file: 'github/rest-client.js',
        find: 'if (!live)\n        throw new GitHubUnavailableError(`GitHub sent an unreadable answer for ${key}`);',
        replace: '',
      },
    ],
    test: 'test/reliability/faults.e2e.test.ts',
    pattern: 'invalid JSON: rest',
  },
  {
    name: '401-retried',
    protects: '401 never retried, src/github/octokit.ts doNotRetry',
    edits: [
      {
        file: 'github/octokit.js',
        find: 'doNotRetry: [400, 401, 403,',
        replace: 'doNotRetry: [400, 403,',
      },
    ],
    test: 'test/reliability/faults.e2e.test.ts',
    pattern: '401 bad credentials',
  },
  {
    name: 'found-unscrubbed',
    protects:
      'every string of a found answer scrubbed, src/github/octokit.ts GitHubSession.scrubResolution',
    edits: [
      {
        file: 'github/octokit.js',
        find: "typeof value === 'string' ? this.scrub(value) : value,",
        replace: 'value,',
      },
    ],
    test: 'test/reliability/secrets.e2e.test.ts',
    pattern: 'output, --output and --record|annotations',
  },
  {
    name: 'ledger-uncaught',
    protects:
      'a reader failure becomes a parse-error, src/sources/ledger/index.ts parseLedger try/catch',
    edits: [
      {
        file: 'sources/ledger/index.js',
        find: 'catch (error) {\n        // A reader bug',
        replace: 'catch (error) {\n        throw error;\n        // A reader bug',
      },
    ],
    test: 'test/reliability/parsers.property.test.ts',
    pattern: 'reader failure in parseLedger',
  },
  {
    name: 'record-path-escapes',
    protects:
      'record and index paths kept inside the root, src/sources/records/paths.ts normaliseRelPath',
    edits: [
      {
        file: 'sources/records/paths.js',
        find: "if (slashed === '' || isAbsolute(slashed))",
        replace: "if (slashed === '')",
      },
      {
        file: 'sources/records/paths.js',
        find: "if (normal === '..' || normal.startsWith('../') || normal === '.')",
        replace: "if (normal === '.')",
      },
    ],
    test: 'test/reliability/parsers.property.test.ts',
    pattern: 'parseRecord',
  },
  {
    name: 'header-spans-unshifted',
    protects: 'state spans shifted past a BOM, src/sources/headers/index.ts (preamble startOffset)',
    edits: [
      {
        file: 'sources/headers/index.js',
        find: 'stateSpan: span && { start: span.start + this.startOffset, end: span.end + this.startOffset },',
        replace: 'stateSpan: span && { start: span.start, end: span.end },',
      },
    ],
    test: 'test/reliability/parsers.property.test.ts',
    pattern: 'parseHeader',
  },
  {
    name: 'trailer-spans-unshifted',
    protects: 'value spans shifted past a BOM, src/sources/trailers/index.ts (startOffset)',
    edits: [
      {
        file: 'sources/trailers/index.js',
        find: 'valueSpan: { start: field.valueStart + startOffset, end: field.valueEnd + startOffset },',
        replace: 'valueSpan: { start: field.valueStart, end: field.valueEnd },',
      },
    ],
    test: 'test/reliability/parsers.property.test.ts',
    pattern: 'parseTrailers',
  },
  {
    name: 'utf8-fatal',
    protects: 'invalid UTF-8 decoded leniently (U+FFFD), src/decode.ts decodeUtf8',
    edits: [
      {
        file: 'decode.js',
        find: 'return { text: lenient.decode(bytes),',
        replace: 'return { text: strict.decode(bytes),',
      },
    ],
    test: 'test/reliability/parsers.property.test.ts',
    pattern: 'non-UTF-8',
  },
  {
    // Deleting the option is no mutant: yaml's own default is also 100.
    name: 'aliases-unlimited',
    protects: 'alias expansion capped, src/sources/records/yaml.ts checkAliases maxAliasCount',
    edits: [
      {
        file: 'sources/records/yaml.js',
        find: 'this.doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });',
        replace: 'this.doc.toJS({ maxAliasCount: -1 });',
      },
    ],
    test: 'test/reliability/parsers.property.test.ts',
    pattern: 'billion laughs',
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
  // Issue 13 (hostile answers and oversized inputs).
  {
    name: 'server-strings-unvetted',
    protects:
      "every value from an answer checked against its place's grammar, src/sync/vet.ts vetLive (via src/sync/plan.ts)",
    edits: [
      {
        file: 'sync/plan.js',
        find: 'const vetted = vetLive(input.live);',
        replace: 'const vetted = { live: input.live, rejected: new Map() };',
      },
    ],
    test: 'test/reliability/server-strings.e2e.test.ts',
    pattern: 'hostile server strings',
  },
  {
    name: 'applied-upstream-url-unchecked',
    protects:
      "the Applied-Upstream URL must be the ref's own GitHub URL, src/sync/trailers.ts badRefUrl",
    edits: [
      {
        file: 'sync/trailers.js',
        find: 'const bad = badRefUrl(l.url, m.ref, ctx.webHost);',
        replace: 'const bad = null;',
      },
    ],
    test: 'test/reliability/server-strings.e2e.test.ts',
    pattern: 'hostile server strings',
  },
  {
    name: 'controls-raw',
    protects: 'control characters escaped in human formats, src/control-chars.ts escapeControls',
    edits: [
      {
        file: 'control-chars.js',
        find: 'if (!CONTROL.test(text))',
        replace: 'if (true)',
      },
    ],
    test: 'test/reliability/hostile-inputs.e2e.test.ts',
    pattern: 'hostile file name',
  },
  {
    name: 'config-prototype-lookup',
    protects: 'config sections looked up by own key only, src/config-parse.ts own()',
    edits: [
      {
        file: 'config-parse.js',
        find: 'return Object.hasOwn(table, key) ? table[key] : undefined;',
        replace: 'return table[key];',
      },
    ],
    test: 'test/reliability/hostile-inputs.e2e.test.ts',
    pattern: 'config key',
  },
  {
    name: 'endpoint-unchecked',
    protects: 'GitHub URLs checked as configuration, src/commands/shared.ts vetGitHubSettings',
    edits: [
      {
        file: 'commands/shared.js',
        find: 'if (gh.replay !== null)',
        replace: 'if (true)',
      },
    ],
    test: 'test/reliability/endpoint.e2e.test.ts',
    pattern: 'another scheme|plain http|credentials in the API',
  },
  {
    name: 'stated-limit-ignored',
    protects:
      "the server's own rate-limit instant, src/github/octokit.ts onLimit (statedLimitUntil)",
    edits: [
      {
        file: 'github/octokit.js',
        find: 'const until = this.statedUntil ?? Date.now() + retryAfter * 1000;',
        replace: 'const until = Date.now() + retryAfter * 1000;',
      },
    ],
    test: 'test/reliability/rate-wait.e2e.test.ts',
    pattern: 'x-ratelimit-reset',
  },
  {
    name: 'file-size-unchecked',
    protects: 'limits.maxFileMB, src/input-limits.ts ReadBudget.admit',
    edits: [{ file: 'input-limits.js', find: 'if (size > max) {', replace: 'if (false) {' }],
    test: 'test/reliability/input-limits.e2e.test.ts',
    pattern: '300k-key',
  },
  {
    name: 'file-count-unchecked',
    protects: 'limits.maxFiles, src/input-limits.ts ReadBudget.admit',
    edits: [
      {
        file: 'input-limits.js',
        find: 'if (this.read < this.limits.maxFiles) {',
        replace: 'if (true) {',
      },
    ],
    test: 'test/reliability/input-limits.e2e.test.ts',
    pattern: 'maxFiles',
  },
];

/** Whole vitest run for one mutant or control; past this it is killed and counts as red. */
const RUN_LIMIT_MS = 300_000;

async function runOne(m: Mutant | null, test: string, pattern: string): Promise<'red' | 'green'> {
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
  const linked = spawnSync(
    process.execPath,
    [path.join(PROJECT, 'scripts', 'build-cli.mjs'), path.join(dir, 'dist')],
    { stdio: 'inherit' },
  );
  if (linked.status !== 0) throw new Error(`${m?.name ?? 'unmutated'}: bundling the copy failed`);
  // Its own process group, so a hung run (a reader in an endless loop) is
  // killed with every vitest worker it started.
  const child = spawn(
    process.execPath,
    [path.join(PROJECT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', test, '-t', pattern],
    {
      cwd: PROJECT,
      env: { ...process.env, RELIABILITY_CLI: path.join(dir, 'dist', 'cli.cjs'), FAULT_RUNS: '0' },
      stdio: 'ignore',
      detached: true,
    },
  );
  const killer = setTimeout(() => {
    if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
  }, RUN_LIMIT_MS);
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  clearTimeout(killer);
  rmSync(dir, { recursive: true, force: true });
  return code === 0 ? 'green' : 'red';
}

const only = process.argv.slice(2);
const unknown = only.filter((name) => !MUTANTS.some((m) => m.name === name));
if (unknown.length > 0) throw new Error(`no such mutant: ${unknown.join(', ')}`);
/** One control per test and pattern: the unmutated copy must be green. */
const controls = new Map<string, 'red' | 'green'>();
for (const m of MUTANTS.filter((x) => only.length === 0 || only.includes(x.name))) {
  const key = `${m.test} -t "${m.pattern}"`;
  const control = controls.get(key) ?? (await runOne(null, m.test, m.pattern));
  controls.set(key, control);
  const mutated = await runOne(m, m.test, m.pattern);
  console.log(`${m.name} | ${m.protects} | ${key} | unmutated ${control}, mutated ${mutated}`);
}
rmSync(path.join(PROJECT, '.reliability-mutants'), { recursive: true, force: true });
