/**
 * `npm run bench`: the tool's `check` against the per-ref REST baseline on
 * synthetic queues of several sizes, both talking to the project's fake
 * GitHub on loopback with a fixed per-request latency; and `list --offline`
 * start-to-exit time over 1,000 patches.
 *
 * Env: BENCH_SIZES (default 100,500,2000), BENCH_LATENCY_MS (default 30),
 * BENCH_RUNS (tool runs per size, median reported; default 3).
 * Writes bench/out/results.json. Not a test: nothing here asserts timings.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeGitHub, type FakeGitHub } from '../test/support/fake-github.js';
import { runBaseline } from './baseline.js';
import { describeDiscover, measureDiscover } from './discover.js';
import { generateTree, type LiveState } from './generate.js';
import { generateYoctoTree } from './generate-yocto.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PROJECT = path.resolve(HERE, '..');
const CLI = path.join(PROJECT, 'dist', 'cli.js');
const OUT = path.join(HERE, 'out');
const TOKEN = 'ghp_BENCHtoken0123456789abcdefABCDEF';
const TODAY = '2026-08-20';
const TIME = '/usr/bin/time';

const sizes = (process.env.BENCH_SIZES ?? '100,500,2000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 30);
const runs = Math.max(1, Number(process.env.BENCH_RUNS ?? 3));
const LIST_PATCHES = 1000;
const LIST_RUNS = 5;

interface Spawned {
  code: number | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  /** Peak resident set size of the CLI process, in KiB (null if it could not be read). */
  maxRssKb: number | null;
  /** User + system CPU time of the CLI process, ms (null if it could not be read). */
  cpuMs: number | null;
}

let tmpRoot = '';
let rssProbe: { kind: 'time' } | { kind: 'preload'; file: string } | null = null;

/** Prefer GNU time's %M; otherwise a preload that writes process.resourceUsage().maxRSS at exit. */
async function setupRssProbe(): Promise<void> {
  if (existsSync(TIME)) {
    const r = await spawnRaw(
      TIME,
      ['-f', '%M', '-o', path.join(tmpRoot, 'probe.rss'), process.execPath, '-e', '0'],
      {},
    );
    if (r.code === 0) {
      rssProbe = { kind: 'time' };
      return;
    }
  }
  const file = path.join(tmpRoot, 'rss-preload.mjs');
  await writeFile(
    file,
    "import { writeFileSync } from 'node:fs';\n" +
      "process.on('exit', () => { const u = process.resourceUsage(); if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, `${u.maxRSS} ${u.userCPUTime / 1e6} ${u.systemCPUTime / 1e6}`); });\n",
  );
  rssProbe = { kind: 'preload', file };
}

function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined) continue;
    if (/^(GH_|GITHUB_)/.test(k) || k === 'CI' || k === 'FORCE_COLOR') continue;
    env[k] = v;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

function spawnRaw(
  cmd: string,
  args: string[],
  env: Record<string, string>,
): Promise<Omit<Spawned, 'maxRssKb' | 'cpuMs'>> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: PROJECT,
      env: cleanEnv(env),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (d: Buffer) => out.push(d));
    child.stderr.on('data', (d: Buffer) => err.push(d));
    child.on('error', reject);
    child.on('close', (code) =>
      resolve({
        code,
        stdout: Buffer.concat(out).toString('utf8'),
        stderr: Buffer.concat(err).toString('utf8'),
        wallMs: performance.now() - started,
      }),
    );
  });
}

let rssCounter = 0;
/** Run dist/cli.js as a user would (fresh process), measuring wall and peak RSS. */
async function runCli(args: string[], env: Record<string, string>): Promise<Spawned> {
  const rssFile = path.join(tmpRoot, `rss-${rssCounter++}`);
  let r: Omit<Spawned, 'maxRssKb' | 'cpuMs'>;
  if (rssProbe?.kind === 'time') {
    r = await spawnRaw(
      TIME,
      ['-f', '%M %U %S', '-o', rssFile, process.execPath, CLI, ...args],
      env,
    );
  } else if (rssProbe?.kind === 'preload') {
    r = await spawnRaw(process.execPath, ['--import', rssProbe.file, CLI, ...args], {
      ...env,
      BENCH_RSS_FILE: rssFile,
    });
  } else {
    r = await spawnRaw(process.execPath, [CLI, ...args], env);
  }
  let maxRssKb: number | null = null;
  let cpuMs: number | null = null;
  try {
    // GNU time writes "Command exited with non-zero status N" first when the exit code is not 0.
    const last = (await readFile(rssFile, 'utf8')).trim().split('\n').pop() ?? '';
    const [rss, user, sys] = last.split(' ').map(Number);
    if (rss !== undefined && Number.isFinite(rss) && rss > 0) maxRssKb = rss;
    if (user !== undefined && sys !== undefined && Number.isFinite(user + sys))
      cpuMs = (user + sys) * 1000;
  } catch {
    // no probe output
  }
  return { ...r, maxRssKb, cpuMs };
}

const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

interface ReportLike {
  refs: { ref: string; live: { state: LiveState } | null }[];
  findings: { rule: string; severity: string; ref?: string | null }[];
  summary: {
    refs: number;
    patches: number;
    requests: number;
    errors: number;
    warnings: number;
    notices: number;
  };
}

interface SizeResult {
  patches: number;
  refs: number;
  drifted: number;
  tool: {
    wallMs: number;
    wallRunsMs: number[];
    /** Median user+system CPU of the CLI process: less sensitive to a busy machine than wall. */
    cpuMs: number | null;
    requests: number;
    graphqlRequests: number;
    restRequests: number;
    points: number;
    reportedRequests: number | null;
    peakRssMb: number | null;
    exitCode: number | null;
    refsReported: number | null;
    errors: number | null;
    stateDriftRefs: number | null;
    stderr: string;
    /** Request start/end relative to the first request of the last run, ms. */
    requestTimeline: { start: number; end: number; path: string }[];
    /** First request start to last answer, from the fake's log (last run). */
    networkSpanMs: number;
    /** `check --offline` on the same tree: process start, discovery, parsing, rules, report. */
    offlineWallMs: number;
    offlineCpuMs: number | null;
  };
  baseline: { wallMs: number; requests: number; failures: number };
  speedup: number;
  identical: boolean;
  mismatches: {
    /** Live states that differ between tool and baseline. */
    differ: string[];
    /** Refs the baseline fetched that the tool did not resolve (or did not find). */
    missingInTool: string[];
    /** Refs the tool resolved that the generated tree does not name. */
    extraInTool: string[];
  };
}

async function measureSize(patches: number): Promise<SizeResult> {
  const dir = await mkdtemp(path.join(tmpRoot, `tree-${patches}-`));
  const tree = await generateTree(dir, { patches, repos: 5, seed: 20260820 + patches });
  const fake: FakeGitHub = await startFakeGitHub({ repos: tree.repos, token: TOKEN, latencyMs });
  try {
    const env = { GH_TOKEN: TOKEN, GITHUB_API_URL: fake.url };
    const args = ['check', '--root', dir, '--format', 'json', '--today', TODAY];
    const walls: number[] = [];
    const cpus: number[] = [];
    let last: Spawned | null = null;
    let peak: number | null = null;
    for (let i = 0; i < runs; i++) {
      fake.reset();
      last = await runCli(args, env);
      walls.push(last.wallMs);
      if (last.cpuMs !== null) cpus.push(last.cpuMs);
      if (last.maxRssKb !== null) peak = Math.max(peak ?? 0, last.maxRssKb);
    }
    const tool = last as Spawned;
    const reqs = [...fake.requests];
    const graphql = reqs.filter((q) => q.path.endsWith('/graphql'));
    // The fake answers every successful query with rateLimit { cost: 1 } (GitHub's cost for
    // a query with no connections), so points = answered GraphQL queries.
    const points = graphql.filter((q) => q.status === 200).length;
    const t0 = Math.min(...reqs.map((q) => q.startedAt));
    const networkSpanMs = reqs.length ? Math.max(...reqs.map((q) => q.endedAt)) - t0 : 0;
    const offWalls: number[] = [];
    const offCpus: number[] = [];
    for (let i = 0; i < runs; i++) {
      const off = await runCli([...args, '--offline'], env);
      offWalls.push(off.wallMs);
      if (off.cpuMs !== null) offCpus.push(off.cpuMs);
    }
    const timeline = reqs.map((q) => ({
      start: Math.round(q.startedAt - t0),
      end: Math.round(q.endedAt - t0),
      path: q.path,
    }));

    let report: ReportLike | null = null;
    try {
      report = JSON.parse(tool.stdout) as ReportLike;
    } catch {
      report = null;
    }
    const toolStates = new Map<string, LiveState>();
    for (const r of report?.refs ?? [])
      if (r.live) toolStates.set(r.ref.toLowerCase(), r.live.state);

    fake.reset();
    const baseline = await runBaseline(fake.url, TOKEN, [...tree.refs.keys()], 8);

    const differ: string[] = [];
    const missingInTool: string[] = [];
    for (const [ref, state] of baseline.states) {
      const t = toolStates.get(ref);
      if (t === undefined) missingInTool.push(ref);
      else if (t !== state) differ.push(`${ref}: tool ${t}, baseline ${state}`);
    }
    const extraInTool = [...toolStates.keys()].filter((k) => !tree.refs.has(k));
    const driftRefs = new Set(
      (report?.findings ?? [])
        .filter((f) => f.rule === 'state-drift' && f.ref)
        .map((f) => f.ref as string),
    );
    const identical =
      report !== null &&
      differ.length === 0 &&
      missingInTool.length === 0 &&
      extraInTool.length === 0 &&
      baseline.failures.length === 0;

    const wallMs = median(walls);
    return {
      patches,
      refs: tree.refs.size,
      drifted: tree.drifted.length,
      tool: {
        wallMs,
        wallRunsMs: walls.map((w) => Math.round(w)),
        cpuMs: cpus.length ? median(cpus) : null,
        requests: reqs.length,
        graphqlRequests: graphql.length,
        restRequests: reqs.length - graphql.length,
        points,
        reportedRequests: report?.summary.requests ?? null,
        peakRssMb: peak === null ? null : peak / 1024,
        exitCode: tool.code,
        refsReported: report?.summary.refs ?? null,
        errors: report?.summary.errors ?? null,
        stateDriftRefs: report ? driftRefs.size : null,
        stderr: tool.stderr.slice(0, 2000),
        requestTimeline: timeline,
        networkSpanMs,
        offlineWallMs: median(offWalls),
        offlineCpuMs: offCpus.length ? median(offCpus) : null,
      },
      baseline: {
        wallMs: baseline.wallMs,
        requests: baseline.requests,
        failures: baseline.failures.length,
      },
      speedup: baseline.wallMs / wallMs,
      identical,
      mismatches: {
        differ: differ.slice(0, 20),
        missingInTool: missingInTool.sort().slice(0, 50),
        extraInTool: extraInTool.sort().slice(0, 20),
      },
    };
  } finally {
    await fake.close();
  }
}

interface ListResult {
  patches: number;
  command: string;
  wallMs: number;
  runsMs: number[];
  cpuMs: number | null;
  peakRssMb: number | null;
  exitCode: number | null;
  nodeStartMs: number;
  stderr: string;
}

async function measureList(): Promise<ListResult> {
  const dir = await mkdtemp(path.join(tmpRoot, 'list-'));
  await generateTree(dir, { patches: LIST_PATCHES, repos: 5, seed: 7 });
  let args = ['list', '--offline', '--root', dir, '--today', TODAY];
  const probe = await runCli(args, {});
  if (probe.code === 2 && /unknown option/i.test(probe.stderr)) {
    // `list` is offline by definition; older builds reject the flag.
    args = ['list', '--root', dir, '--today', TODAY];
  }
  const walls: number[] = [];
  const cpus: number[] = [];
  let peak: number | null = null;
  let last: Spawned = probe;
  for (let i = 0; i < LIST_RUNS; i++) {
    last = await runCli(args, {});
    walls.push(last.wallMs);
    if (last.cpuMs !== null) cpus.push(last.cpuMs);
    if (last.maxRssKb !== null) peak = Math.max(peak ?? 0, last.maxRssKb);
  }
  const bare: number[] = [];
  for (let i = 0; i < LIST_RUNS; i++)
    bare.push((await spawnRaw(process.execPath, ['-e', '0'], {})).wallMs);
  return {
    patches: LIST_PATCHES,
    command: `node dist/cli.js ${args.join(' ').replace(dir, '<tree>')}`,
    wallMs: median(walls),
    runsMs: walls.map((w) => Math.round(w)),
    cpuMs: cpus.length ? median(cpus) : null,
    peakRssMb: peak === null ? null : peak / 1024,
    exitCode: last.code,
    nodeStartMs: median(bare),
    stderr: last.stderr.slice(0, 2000),
  };
}

/** `list --format json` over a 1,000-patch Yocto layer (issue 7: patchreview.py takes ~0.2 s for 1,028). */
async function measureYoctoList(): Promise<{
  patches: number;
  refs: number;
  found: number;
  wallMs: number;
  runsMs: number[];
  peakRssMb: number | null;
}> {
  const dir = await mkdtemp(path.join(tmpRoot, 'yocto-'));
  const tree = await generateYoctoTree(dir, 1000);
  const args = ['list', '--root', dir, '--format', 'json'];
  const walls: number[] = [];
  let peak: number | null = null;
  let found = 0;
  for (let i = 0; i < LIST_RUNS; i++) {
    const r = await runCli(args, {});
    walls.push(r.wallMs);
    if (r.maxRssKb !== null) peak = Math.max(peak ?? 0, r.maxRssKb);
    found = (JSON.parse(r.stdout) as { refs: unknown[] }).refs.length;
  }
  return {
    patches: tree.patches,
    refs: tree.refs.length,
    found,
    wallMs: median(walls),
    runsMs: walls.map((w) => Math.round(w)),
    peakRssMb: peak === null ? null : peak / 1024,
  };
}

const fmtMs = (ms: number): string =>
  ms >= 10000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;

function table(results: SizeResult[], list: ListResult | null): string {
  const head = [
    'patches',
    'refs',
    'tool wall',
    'tool CPU',
    'of which: offline check / network span',
    'baseline wall',
    'speed-up',
    'requests tool / baseline',
    'GraphQL points',
    'tool peak RSS',
    'exit',
    'results identical',
  ];
  const rows = results.map((r) => [
    String(r.patches),
    String(r.refs),
    fmtMs(r.tool.wallMs),
    r.tool.cpuMs === null ? '?' : fmtMs(r.tool.cpuMs),
    `${fmtMs(r.tool.offlineWallMs)} / ${fmtMs(r.tool.networkSpanMs)}`,
    fmtMs(r.baseline.wallMs),
    `${r.speedup.toFixed(1)}×`,
    `${r.tool.requests} / ${r.baseline.requests}`,
    String(r.tool.points),
    r.tool.peakRssMb === null ? '?' : `${r.tool.peakRssMb.toFixed(0)} MB`,
    String(r.tool.exitCode),
    r.identical ? 'yes' : 'NO',
  ]);
  const lines = [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ];
  if (list) {
    lines.push(
      '',
      `\`${list.command}\` over ${list.patches} patches: ${fmtMs(list.wallMs)} wall, ${list.cpuMs === null ? '?' : fmtMs(list.cpuMs)} CPU (median of ${LIST_RUNS}, process start included; bare \`node -e 0\` ${fmtMs(list.nodeStartMs)}), peak RSS ${list.peakRssMb === null ? '?' : `${list.peakRssMb.toFixed(0)} MB`}, exit ${list.exitCode}`,
    );
  }
  return lines.join('\n');
}

async function main(): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${CLI} not found: run npm run build first`);
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'upstream-status-bench-'));
  try {
    await setupRssProbe();
    const cpu = os.cpus()[0];
    const machine = {
      cpu: cpu?.model ?? 'unknown',
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      /** 1-minute load average at start and end: other work on the machine inflates wall times. */
      loadAverage: { start: os.loadavg()[0] ?? 0, end: 0 },
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      date: new Date().toISOString(),
    };
    console.log(
      `upstream-status bench — ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, latency ${latencyMs} ms, sizes ${sizes.join(', ')}, tool runs ${runs} (median), RSS via ${rssProbe?.kind === 'time' ? '/usr/bin/time %M' : 'resourceUsage().maxRSS'}`,
    );
    const results: SizeResult[] = [];
    for (const size of sizes) {
      const r = await measureSize(size);
      results.push(r);
      console.log(
        `  ${size} patches / ${r.refs} refs: tool ${fmtMs(r.tool.wallMs)} (runs ${r.tool.wallRunsMs.join(', ')} ms; ${r.tool.graphqlRequests} GraphQL + ${r.tool.restRequests} REST, report says ${r.tool.reportedRequests}), baseline ${fmtMs(r.baseline.wallMs)} (${r.baseline.requests} requests), identical: ${r.identical ? 'yes' : 'NO'}; drifted ${r.drifted}, state-drift refs reported ${r.tool.stateDriftRefs}`,
      );
      if (!r.identical) console.log(`    mismatches: ${JSON.stringify(r.mismatches)}`);
      if (r.tool.stderr)
        console.log(`    tool stderr: ${r.tool.stderr.split('\n').slice(0, 5).join(' | ')}`);
    }
    const list = await measureList();
    if (list.stderr)
      console.log(`  list stderr: ${list.stderr.split('\n').slice(0, 5).join(' | ')}`);
    const yocto = await measureYoctoList();

    // Growth: wall per patch relative to the smallest size measured.
    const growth = results.map((r) => ({
      patches: r.patches,
      toolMsPerPatch: r.tool.wallMs / r.patches,
      wallRatioVsPrevious: null as number | null,
      sizeRatioVsPrevious: null as number | null,
    }));
    for (let i = 1; i < growth.length; i++) {
      const a = results[i - 1] as SizeResult;
      const b = results[i] as SizeResult;
      const g = growth[i];
      if (g) {
        g.wallRatioVsPrevious = b.tool.wallMs / a.tool.wallMs;
        g.sizeRatioVsPrevious = b.patches / a.patches;
      }
    }

    console.log('');
    console.log(table(results, list));
    console.log(
      `\n\`list --format json\` over ${yocto.patches} Yocto patches: ${fmtMs(yocto.wallMs)} wall (median of ${LIST_RUNS}; runs ${yocto.runsMs.join(', ')} ms), found ${yocto.found} of ${yocto.refs} GitHub refs, peak RSS ${yocto.peakRssMb === null ? '?' : `${yocto.peakRssMb.toFixed(0)} MB`}`,
    );
    console.log('');
    for (const g of growth.slice(1)) {
      console.log(
        `  growth to ${g.patches}: size ×${g.sizeRatioVsPrevious?.toFixed(1)}, tool wall ×${g.wallRatioVsPrevious?.toFixed(2)}`,
      );
    }

    const discover = await measureDiscover();
    console.log(`\n${describeDiscover(discover)}`);

    machine.loadAverage.end = os.loadavg()[0] ?? 0;
    console.log(
      `  load average (1 min) ${machine.loadAverage.start.toFixed(1)} at start, ${machine.loadAverage.end.toFixed(1)} at end on ${machine.cores} cores`,
    );
    await mkdir(OUT, { recursive: true });
    const file = path.join(OUT, 'results.json');
    await writeFile(
      file,
      `${JSON.stringify({ machine, latencyMs, toolRuns: runs, sizes: results, growth, list, yocto, discover }, null, 2)}\n`,
    );
    console.log(`\nwrote ${path.relative(PROJECT, file)}`);
  } finally {
    await rm(tmpRoot, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
