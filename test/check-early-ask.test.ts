/**
 * `check` asks GitHub about the refs the ledgers and records name while the
 * patch headers are read (check.ts askEarly, collect.ts beforeHeaders): full
 * queries only, the rest after the headers. It must send as many queries as
 * a run that reads everything first, and get the same answers; and reading
 * must really let the answers in (it yields to the event loop).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateTree, type GeneratedTree } from '../bench/generate.js';
import { runCheck, type CheckOptions } from '../src/check.js';
import { collectSources } from '../src/collect.js';
import { cloneDefaults } from '../src/config.js';
import type { Config } from '../src/config-types.js';
import { startFakeGitHub, type FakeGitHub } from './support/fake-github.js';

const TOKEN = 'ghp_earlyask0000000000000000000000000000000';
let dir: string;
let tree: GeneratedTree;
let gh: FakeGitHub;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'us-early-'));
  tree = await generateTree(dir, { patches: 60, repos: 4, seed: 14 });
  // Refs only patch headers name (no ledger row, no record): asked after the headers.
  const [repo = ''] = Object.keys(tree.repos);
  for (const n of [1, 2, 3]) {
    await writeFile(
      path.join(dir, 'deploy', 'docker', 'patches', `extra_${n}.diff`),
      [
        `Work around a late-found bug ${n}.`,
        '',
        'UPSTREAM STATUS (re-queried 2026-08-11)',
        `  own PR         ${repo}#${90_000 + n} "Fix it" (alice, OPEN).`,
        '---',
        'diff --git a/x.py b/x.py',
        '',
      ].join('\n'),
    );
  }
  gh = await startFakeGitHub({ repos: tree.repos, token: TOKEN });
});
afterAll(async () => {
  await gh.close();
  await rm(dir, { recursive: true, force: true });
});

function config(chunkSize: number, budget: number | null, concurrency = 8): Config {
  const c = cloneDefaults();
  c.github.chunkSize = chunkSize;
  c.github.budget = budget;
  c.github.concurrency = concurrency;
  return c;
}

/**
 * Hold every answer until `count` requests have arrived, or `ms` have passed:
 * which of the two let them go says what the client sent while it waited.
 */
function holdAnswers(
  count: number,
  ms: number,
): Promise<{ by: 'count' | 'time'; arrived: number }> {
  let release: () => void = () => {};
  const until = new Promise<void>((resolve) => (release = resolve));
  gh.setFaults([{ kind: 'hold', until }]);
  return new Promise((resolve) => {
    const started = Date.now();
    const poll = setInterval(() => {
      const arrived = gh.arrivals.length;
      const by = arrived >= count ? 'count' : Date.now() - started >= ms ? 'time' : null;
      if (by === null) return;
      clearInterval(poll);
      release();
      resolve({ by, arrived });
    }, 5);
  });
}

function options(c: Config): CheckOptions {
  return {
    root: dir,
    config: c,
    github: { token: TOKEN, apiUrl: gh.url, graphqlUrl: null, replay: null, record: null },
    today: '2026-08-20',
    now: new Date('2026-08-20T00:00:00Z'),
    version: 'test',
  };
}

describe('asking while the headers are read', () => {
  it('sends as many queries as reading first does, and gets the same report', async () => {
    // A budget is planned against the whole list of refs, so it turns the early ask off.
    gh.reset();
    const first = await runCheck(options(config(7, 1_000_000)));
    const planned = gh.requests.filter((r) => r.path === '/graphql').length;
    gh.reset();
    const early = await runCheck(options(config(7, null)));
    const sent = gh.requests.filter((r) => r.path === '/graphql').length;
    const refs = [...early.live!.keys()].length;
    expect(refs).toBe(tree.refs.size + 3);
    expect(sent).toBe(Math.ceil(refs / 7));
    expect(sent).toBe(planned);
    expect(early.report.summary.requests).toBe(first.report.summary.requests);
    const strip = (r: typeof early.report) => JSON.stringify({ ...r, checkedAt: null });
    expect(strip(early.report)).toBe(strip(first.report));
  });

  it('asks full queries before reading any header, and takes answers in while reading', async () => {
    const c = config(7, null);
    let headersWhenCalled = -1;
    let early: ReadonlySet<string> = new Set();
    let tookTurn = false;
    let done = false;
    const collected = await collectSources(dir, c, {
      beforeHeaders: (sources) => {
        headersWhenCalled = sources.filter((s) => s.source.kind === 'patch-header').length;
        early = new Set(sources.flatMap((s) => s.mentions.map((m) => m.ref)));
        // Runs before collectSources resolves only if the header loop yields to the event loop.
        setImmediate(() => (tookTurn = !done));
      },
    }).finally(() => (done = true));
    expect(headersWhenCalled).toBe(0);
    expect(early.size).toBeGreaterThan(7);
    expect(collected.patchesRead).toBeGreaterThan(32);
    expect(tookTurn).toBe(true);
  });

  it('sends the late queries while early answers are still out', async () => {
    // Few enough queries for every one to be in flight at once (concurrency 8).
    const c = config(60, null);
    gh.reset();
    const total = Math.ceil((tree.refs.size + 3) / 60);
    expect(total).toBeGreaterThan(1);
    expect(total).toBeLessThanOrEqual(8);
    const held = holdAnswers(total, 3_000);
    const result = await runCheck(options(c));
    gh.setFaults([]);
    // Before, the late query waited for every early answer: only the early ones came in time.
    expect(await held).toEqual({ by: 'count', arrived: total });
    expect(result.live!.size).toBe(tree.refs.size + 3);
  });

  it('never has more than github.concurrency requests in flight, early and late together', async () => {
    const c = config(7, null, 2);
    gh.reset();
    const held = holdAnswers(3, 1_000);
    const result = await runCheck(options(c));
    gh.setFaults([]);
    expect(await held).toEqual({ by: 'time', arrived: 2 });
    expect(result.live!.size).toBe(tree.refs.size + 3);
  });
});
