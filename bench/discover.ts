/**
 * discover's request cost against the fake GitHub: 1,500 open PRs, a first
 * run (empty cache) and a second after 20 PRs were pushed to. Reported by
 * `npm run bench`; runnable alone with `tsx bench/discover.ts`.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../src/config.js';
import { runDiscover } from '../src/discover/run.js';
import { QUEUE, repoData } from '../test/support/discover-data.js';
import { startFakeGitHub } from '../test/support/fake-github.js';

export interface DiscoverBench {
  openPrs: number;
  runs: { graphql: number; rest: number; fetched: number; findings: number; wallMs: number }[];
}

export async function measureDiscover(): Promise<DiscoverBench> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'bench-discover-'));
  try {
    for (const [rel, text] of Object.entries(QUEUE)) {
      await mkdir(path.dirname(path.join(root, rel)), { recursive: true });
      await writeFile(path.join(root, rel), text);
    }
    const { config } = await loadConfig(root, null);
    const pushed = new Set([101, 102, ...Array.from({ length: 18 }, (_, i) => 500 + i)]);
    const runs: DiscoverBench['runs'] = [];
    for (const set of [new Set<number>(), pushed]) {
      const gh = await startFakeGitHub({ repos: { 'up/engine': repoData(set) } });
      try {
        const started = performance.now();
        const r = await runDiscover({
          root,
          config,
          github: {
            token: 'ghp_BENCHdiscover0123456789abcdefABCDE',
            apiUrl: gh.url,
            graphqlUrl: gh.graphqlUrl,
          },
          cacheDir: '.upstream-status/cache',
        });
        runs.push({
          graphql: r.graphqlRequests,
          rest: r.restRequests,
          fetched: r.fetched,
          findings: r.findings.length,
          wallMs: Math.round(performance.now() - started),
        });
      } finally {
        await gh.close();
      }
    }
    return { openPrs: 1500, runs };
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

export function describeDiscover(b: DiscoverBench): string {
  const [first, second] = b.runs;
  const line = (name: string, r: DiscoverBench['runs'][number] | undefined) =>
    r
      ? `  ${name}: ${r.graphql} GraphQL + ${r.rest} REST requests (${r.fetched} PRs fetched), ${r.findings} findings, ${r.wallMs} ms`
      : '';
  return [
    `discover over ${b.openPrs} open PRs (fake GitHub, no latency):`,
    line('first run', first),
    line('after 20 pushes', second),
  ].join('\n');
}

if (process.argv[1]?.endsWith('discover.ts'))
  console.log(describeDiscover(await measureDiscover()));
