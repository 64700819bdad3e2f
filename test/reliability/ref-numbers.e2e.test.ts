/**
 * DEFECT: a ref whose number is not a GraphQL Int (> 2^31-1, e.g. a typo
 * `vllm#99999999999`, or 22+ digits, which refs.ts turns into the key
 * `o/x#1e+21`) is put into the aliased query as is; GitHub rejects the whole
 * query, so the run exits 3 ("GitHub could not be asked") and no ref at all
 * is checked. An input error disguised as an outage, blinding the nightly job.
 */
import { appendFile } from 'node:fs/promises';
import path from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseHeader } from '../../src/sources/headers/index.js';
import { parseLedger } from '../../src/sources/ledger/index.js';
import type { Report } from '../../src/report/report.js';
import { QUEUE_REPOS } from '../e2e/queue-data.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { canaryToken, copyQueue, runCli, TODAY } from './support/cli.js';
import { badKeys, headerText, ledgerText } from './support/hostile.js';

const TOKEN = canaryToken(7);
let gh: FakeGitHub;
let work: Awaited<ReturnType<typeof copyQueue>>;
beforeAll(async () => {
  gh = await startFakeGitHub({ repos: QUEUE_REPOS, token: TOKEN });
  work = await copyQueue();
  await appendFile(
    path.join(work.root, 'deploy/docker/patch.upstream.status.md'),
    '\nAlso infer-org/vllm#99999999999 (OPEN), infer-org/vllm#999999999999999999999999 (OPEN) and infer-org/vllm#4000000000 (OPEN).\n',
  );
});
afterAll(async () => {
  await gh.close();
  await work.remove();
});

it('an impossible ref number is reported on its own; every other ref is still checked (exit 1, not 3)', async () => {
  const run = await runCli(['check', '--root', work.root, '--format', 'json', ...TODAY], {
    GH_TOKEN: TOKEN,
    GITHUB_API_URL: gh.url,
  });
  expect(run.stderr).toBe('');
  expect(run.code).toBe(1);
  const report = JSON.parse(run.stdout) as Report;
  expect(report.refs.filter((r) => r.live !== null).length).toBeGreaterThanOrEqual(35);
  expect(report.refs.map((r) => r.ref)).not.toContain('infer-org/vllm#1e+24');
  // More than ten digits: not a ref at all, reported as ambiguous, never asked about.
  const ambiguous = report.findings.filter((f) => f.rule === 'ambiguous-ref').map((f) => f.message);
  expect(ambiguous.filter((m) => m.includes('infer-org/vllm#99999999999'))).toHaveLength(2);
  // Ten digits over 2^31-1: answered not-found without asking, for that ref only.
  const over = 'infer-org/vllm#4000000000';
  expect(report.refs.find((r) => r.ref === over)?.live).toBeNull();
  const unresolved = report.findings.filter((f) => f.rule === 'unresolved-ref' && f.ref === over);
  expect(unresolved.map((f) => f.message)).toEqual([
    expect.stringContaining('no GitHub issue or pull request can have number 4000000000'),
  ]);
  expect(gh.requests.map((r) => r.body ?? '').join('\n')).not.toMatch(/4000000000|99999999999/);
});

it('readers never produce a key GitHub cannot be asked about (seed that found 1e+21)', () => {
  // A block body: vitest's toEqual returns its assertion object, which
  // fast-check would take for a failed property.
  fc.assert(
    fc.property(ledgerText, (text) => {
      expect(badKeys(parseLedger({ path: 'l.md', text, patchesDir: 'p' }))).toEqual([]);
    }),
    { seed: 7, numRuns: 2000 },
  );
  fc.assert(
    fc.property(headerText, (text) => {
      expect(badKeys(parseHeader({ path: 'a.py', text, defaultRepo: 'o/x' }))).toEqual([]);
    }),
    { seed: 7, numRuns: 2000 },
  );
});
