/**
 * `npm run bench`: every target of issue 14 in one run, peers alongside.
 *
 * - `check` against the per-ref REST baseline on synthetic queues of several
 *   sizes, both talking to the project's fake GitHub on loopback with a fixed
 *   per-request latency; `check --offline` on the same trees; per-patch cost
 *   by size (linearity) and peak RSS.
 * - `list --offline` over a 1,000-patch ledger tree (bare `node -e 0` beside it).
 * - `list --format json` against openembedded-core's patchreview.py on the
 *   same Yocto trees: a generated ~1,000-patch layer, and the real
 *   openembedded-core (both committed to git, which patchreview.py needs).
 * - the targets, each with its measured value, threshold and PASS/FAIL.
 *
 * Every timed row is a median of BENCH_RUNS (default 5) fresh processes,
 * wall and CPU; the runs are kept in bench/out/results.json.
 * Env: BENCH_SIZES (default 100,500,2000), BENCH_LATENCY_MS (default 30),
 * BENCH_RUNS (default 5), BENCH_BASELINE_RUNS (default: BENCH_RUNS below
 * 1,000 patches, 1 from there: the baseline is latency-bound), BENCH_WARMUP
 * (untimed runs first, default 1), BENCH_YOCTO_PATCHES (default 1000),
 * BENCH_OE_CORE (openembedded-core git dir or checkout), BENCH_PYTHON
 * (default python3), BENCH_PROFILE=DIR (one extra, untimed `--cpu-prof` run
 * of every timed tool command, written to DIR).
 * Not a test: nothing here asserts timings; it exits 0 whatever it measured.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startFakeGitHub, type FakeGitHub } from '../test/support/fake-github.js';
import { runBaseline } from './baseline.js';
import { describeDiscover, measureDiscover } from './discover.js';
import { generateTree, type LiveState } from './generate.js';
import { generateYoctoTree } from './generate-yocto.js';
import {
  fmtMb,
  fmtMs,
  interleaved,
  median,
  Meter,
  spawnRaw,
  summarize,
  type RunResult,
  type Series,
} from './measure.js';
import {
  commitTree,
  describeHead,
  expectedYoctoPatches,
  exportOeCore,
  patchreviewCount,
  preparePeer,
  type Peer,
  type Unavailable,
} from './peer.js';
import { evaluateTargets, targetsTable, type TargetInputs } from './targets.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const PROJECT = path.resolve(HERE, '..');
const CLI = path.join(PROJECT, 'dist', 'cli.cjs');
const OUT = path.join(HERE, 'out');
const TOKEN = 'ghp_BENCHtoken0123456789abcdefABCDEF';
const TODAY = '2026-08-20';

const int = (name: string, fallback: number, min = 1): number => {
  const v = Number(process.env[name] ?? fallback);
  return Number.isInteger(v) && v >= min ? v : fallback;
};
const sizes = (process.env['BENCH_SIZES'] ?? '100,500,2000')
  .split(',')
  .map((s) => Number(s.trim()))
  .filter((n) => Number.isInteger(n) && n > 0);
const latencyMs = Number(process.env['BENCH_LATENCY_MS'] ?? 30);
const runs = int('BENCH_RUNS', 5);
const warmup = int('BENCH_WARMUP', 1, 0);
const baselineRunsOverride = process.env['BENCH_BASELINE_RUNS']
  ? int('BENCH_BASELINE_RUNS', 1)
  : null;
const baselineRunsFor = (patches: number): number =>
  baselineRunsOverride ?? (patches < 1000 ? runs : 1);
const yoctoPatches = int('BENCH_YOCTO_PATCHES', 1000);
const profileDir = process.env['BENCH_PROFILE'] ? path.resolve(process.env['BENCH_PROFILE']) : null;
const LIST_PATCHES = 1000;

let tmpRoot = '';
let meter: Meter;

/**
 * `node dist/cli.cjs …` as a user runs it: a fresh process, timed. Its compile
 * cache lives in the bench's own folder, so each row starts from what its own
 * warm-up wrote, not from whatever the test suite or earlier runs left.
 */
const runCli = (args: string[], env: Record<string, string> = {}): Promise<RunResult> =>
  meter.run(CLI, args, {
    node: true,
    env: { XDG_CACHE_HOME: path.join(tmpRoot, 'cache'), ...env },
    cwd: PROJECT,
  });
/**
 * The same runs without the compile cache (scripts/cli-launcher.cjs): what the
 * first run of a command on a fresh machine (a CI runner) pays. Every other
 * tool row runs warm: the warm-up run fills the cache.
 */
const NO_COMPILE_CACHE = { NODE_DISABLE_COMPILE_CACHE: '1' };

/** One extra, untimed run under `--cpu-prof` when BENCH_PROFILE is set. */
async function profile(label: string, args: string[], env: Record<string, string> = {}) {
  if (!profileDir) return;
  await mkdir(profileDir, { recursive: true });
  await spawnRaw(
    process.execPath,
    [
      '--cpu-prof',
      '--cpu-prof-dir',
      profileDir,
      '--cpu-prof-name',
      `${label}.cpuprofile`,
      CLI,
      ...args,
    ],
    { env, cwd: PROJECT },
  );
}

const shown = (args: string[], dir: string): string =>
  `node dist/cli.cjs ${args.join(' ').split(dir).join('<tree>')}`;

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
  read?: { files?: number; patches?: number };
  sources?: { path: string; kind: string }[];
}

interface SizeResult {
  patches: number;
  refs: number;
  drifted: number;
  tool: Series & {
    requests: number;
    graphqlRequests: number;
    restRequests: number;
    points: number;
    reportedRequests: number | null;
    exitCode: number | null;
    refsReported: number | null;
    errors: number | null;
    stateDriftRefs: number | null;
    stderr: string;
    /** Request start/end relative to the first request of the last run, ms. */
    requestTimeline: { start: number; end: number; path: string }[];
    /** First request start to last answer, from the fake's log (last run). */
    networkSpanMs: number;
  };
  /** `check --offline` on the same tree: process start, discovery, parsing, rules, report. */
  offline: Series;
  /** `check` again, without the compile cache. */
  noCompileCache: Series;
  baseline: { wallMs: number; runsMs: number[]; requests: number; failures: number };
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
    const offArgs = [...args, '--offline'];
    // check, check --offline and check without the compile cache take turns; the fake's log
    // is cleared before each (warm) check and kept once it is done: the last one's requests.
    let logged: FakeGitHub['requests'] = [];
    const [online = [], offline = [], cold = []] = await interleaved(
      runs,
      warmup,
      [
        () => runCli(args, env),
        () => runCli(offArgs, env),
        () => runCli(args, { ...env, ...NO_COMPILE_CACHE }),
      ],
      (job) => {
        if (job === 0) fake.reset();
        if (job === 1) logged = [...fake.requests];
      },
    );
    const tool = online[online.length - 1] as RunResult;
    const reqs = logged;
    const graphql = reqs.filter((q) => q.path.endsWith('/graphql'));
    // The fake answers every successful query with rateLimit { cost: 1 } (GitHub's cost for
    // a query with no connections), so points = answered GraphQL queries.
    const points = graphql.filter((q) => q.status === 200).length;
    const t0 = Math.min(...reqs.map((q) => q.startedAt));
    const networkSpanMs = reqs.length ? Math.max(...reqs.map((q) => q.endedAt)) - t0 : 0;
    const timeline = reqs.map((q) => ({
      start: Math.round(q.startedAt - t0),
      end: Math.round(q.endedAt - t0),
      path: q.path,
    }));
    await profile(`check-${patches}`, args, env);
    await profile(`check-offline-${patches}`, offArgs, env);

    let report: ReportLike | null = null;
    try {
      report = JSON.parse(tool.stdout) as ReportLike;
    } catch {
      report = null;
    }
    const toolStates = new Map<string, LiveState>();
    for (const r of report?.refs ?? [])
      if (r.live) toolStates.set(r.ref.toLowerCase(), r.live.state);

    const baselineRuns: Awaited<ReturnType<typeof runBaseline>>[] = [];
    for (let i = 0; i < baselineRunsFor(patches); i++) {
      fake.reset();
      baselineRuns.push(await runBaseline(fake.url, TOKEN, [...tree.refs.keys()], 8));
    }
    const baseline = baselineRuns[baselineRuns.length - 1] as (typeof baselineRuns)[number];
    const baselineWall = median(baselineRuns.map((b) => b.wallMs));

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
      baselineRuns.every((b) => b.failures.length === 0);

    const series = summarize(shown(args, dir), online);
    return {
      patches,
      refs: tree.refs.size,
      drifted: tree.drifted.length,
      tool: {
        ...series,
        requests: reqs.length,
        graphqlRequests: graphql.length,
        restRequests: reqs.length - graphql.length,
        points,
        reportedRequests: report?.summary.requests ?? null,
        exitCode: tool.code,
        refsReported: report?.summary.refs ?? null,
        errors: report?.summary.errors ?? null,
        stateDriftRefs: report ? driftRefs.size : null,
        stderr: tool.stderr.slice(0, 2000),
        requestTimeline: timeline,
        networkSpanMs,
      },
      offline: summarize(shown(offArgs, dir), offline),
      noCompileCache: summarize(`NODE_DISABLE_COMPILE_CACHE=1 ${shown(args, dir)}`, cold),
      baseline: {
        wallMs: baselineWall,
        runsMs: baselineRuns.map((b) => Math.round(b.wallMs)),
        requests: baseline.requests,
        failures: baseline.failures.length,
      },
      speedup: baselineWall / series.wallMs,
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
  list: Series;
  exitCode: number | null;
  /** Bare `node -e 0`, same runs interleaved. */
  nodeStart: Series;
  /** The same `list` without the compile cache. */
  noCompileCache: Series;
  stderr: string;
}

async function measureList(): Promise<ListResult> {
  const dir = await mkdtemp(path.join(tmpRoot, 'list-'));
  await generateTree(dir, { patches: LIST_PATCHES, repos: 5, seed: 7 });
  let args = ['list', '--offline', '--root', dir, '--today', TODAY];
  const probe = await runCli(args);
  if (probe.code === 2 && /unknown option/i.test(probe.stderr)) {
    // `list` is offline by definition; older builds reject the flag.
    args = ['list', '--root', dir, '--today', TODAY];
  }
  const [list = [], bare = [], cold = []] = await interleaved(runs, warmup, [
    () => runCli(args),
    () => meter.run(process.execPath, ['-e', '0'], { node: false, cwd: PROJECT }),
    () => runCli(args, NO_COMPILE_CACHE),
  ]);
  await profile(`list-offline-${LIST_PATCHES}`, args);
  const last = list[list.length - 1] as RunResult;
  return {
    patches: LIST_PATCHES,
    list: summarize(shown(args, dir), list),
    exitCode: last.code,
    nodeStart: summarize('node -e 0', bare),
    noCompileCache: summarize(`NODE_DISABLE_COMPILE_CACHE=1 ${shown(args, dir)}`, cold),
    stderr: last.stderr.slice(0, 2000),
  };
}

interface YoctoRow {
  label: string;
  /** Patches in the tree as patchreview.py's pathspecs select them, counted by the bench. */
  expectedPatches: number;
  tool: Series & {
    /** The same runs without the compile cache. */
    noCompileCache: Series;
    /** `read.patches` of the JSON report. */
    patchesRead: number | null;
    refsFound: number | null;
    exitCode: number | null;
  };
  /** GitHub refs the generated tree's headers name (null for the real tree). */
  refsWritten: number | null;
  peer:
    | (Series & { patchesFound: number | null; exitCode: number | null; stderr: string })
    | Unavailable;
  /** Why tool and peer are not comparable on this tree, or null. */
  invalid: string | null;
}

const isUnavailable = (p: unknown): p is Unavailable =>
  typeof p === 'object' && p !== null && 'unavailable' in p;

/** `list --format json` and patchreview.py, interleaved, on one committed Yocto tree. */
async function measureYocto(
  label: string,
  dir: string,
  peer: Peer | Unavailable,
  refsWritten: number | null,
  profileLabel: string,
): Promise<YoctoRow> {
  const expectedPatches = await expectedYoctoPatches(dir);
  const args = ['list', '--root', dir, '--format', 'json'];
  const jobs = [() => runCli(args), () => runCli(args, NO_COMPILE_CACHE)];
  if (!isUnavailable(peer))
    jobs.push(() => meter.run(peer.python, [peer.script, dir], { cwd: dir }));
  const [tool = [], cold = [], review = []] = await interleaved(runs, warmup, jobs);
  await profile(profileLabel, args);
  const last = tool[tool.length - 1] as RunResult;
  let patchesRead: number | null = null;
  let refsFound: number | null = null;
  try {
    const report = JSON.parse(last.stdout) as ReportLike;
    patchesRead =
      report.read?.patches ??
      report.sources?.filter((x) => x.kind === 'patch-header').length ??
      null;
    refsFound = report.refs.length;
  } catch {
    // not JSON: counts stay unknown
  }
  let peerRow: YoctoRow['peer'];
  if (isUnavailable(peer)) peerRow = peer;
  else {
    const lastPeer = review[review.length - 1] as RunResult;
    peerRow = {
      ...summarize(`${path.basename(peer.python)} patchreview.py <tree>`, review),
      patchesFound: patchreviewCount(lastPeer.stdout),
      exitCode: lastPeer.code,
      stderr: lastPeer.stderr.slice(0, 2000),
    };
  }
  let invalid: string | null = null;
  if (expectedPatches === 0) invalid = 'the tree has no patches where patchreview.py looks';
  else if (patchesRead === null)
    invalid = `no JSON report from the tool (exit ${last.code}: ${last.stderr.trim().split('\n').pop() ?? ''})`;
  else if (isUnavailable(peerRow)) invalid = `peer not available (${peerRow.unavailable})`;
  else if (peerRow.exitCode !== 0)
    invalid = `patchreview.py exited ${peerRow.exitCode}: ${peerRow.stderr.trim().split('\n').pop() ?? ''}`;
  else if (peerRow.patchesFound !== expectedPatches)
    invalid = `patchreview.py found ${peerRow.patchesFound ?? '?'} of ${expectedPatches} patches`;
  else if (patchesRead !== expectedPatches)
    invalid = `tool read ${patchesRead} of ${expectedPatches} patches`;
  return {
    label,
    expectedPatches,
    tool: {
      ...summarize(shown(args, dir), tool),
      noCompileCache: summarize(`NODE_DISABLE_COMPILE_CACHE=1 ${shown(args, dir)}`, cold),
      patchesRead,
      refsFound,
      exitCode: last.code,
    },
    refsWritten,
    peer: peerRow,
    invalid,
  };
}

/** The Yocto rows, and why the real openembedded-core tree was not measured (or null). */
async function measureYoctoTrees(
  peer: Peer | Unavailable,
): Promise<{ rows: YoctoRow[]; oeCoreSkipped: string | null }> {
  const rows: YoctoRow[] = [];
  const synthetic = await mkdtemp(path.join(tmpRoot, 'yocto-'));
  const tree = await generateYoctoTree(synthetic, yoctoPatches);
  await commitTree(synthetic);
  rows.push(
    await measureYocto(
      `generated layer (generate-yocto.ts, ${tree.patches.toLocaleString('en-US')} patches)`,
      synthetic,
      peer,
      tree.refs.length,
      `yocto-generated-${tree.patches}`,
    ),
  );
  if (isUnavailable(peer))
    return { rows, oeCoreSkipped: `peer not available (${peer.unavailable})` };
  const real = await mkdtemp(path.join(tmpRoot, 'oe-core-'));
  try {
    await exportOeCore(peer.source, real);
    await commitTree(real);
  } catch (e) {
    return { rows, oeCoreSkipped: `cannot export it from ${peer.source.describe}: ${String(e)}` };
  }
  const head = await describeHead(peer.source).catch(() => null);
  rows.push(
    await measureYocto(
      `openembedded-core${head ? ` ${head}` : ''}`,
      real,
      peer,
      null,
      'yocto-oe-core',
    ),
  );
  await rm(real, { recursive: true, force: true });
  return { rows, oeCoreSkipped: null };
}

function checkTable(results: SizeResult[]): string {
  const head = [
    'patches',
    'refs',
    'tool wall',
    'tool CPU',
    'wall without compile cache',
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
    fmtMs(r.tool.cpuMs),
    fmtMs(r.noCompileCache.wallMs),
    `${fmtMs(r.offline.wallMs)} / ${fmtMs(r.tool.networkSpanMs)}`,
    `${fmtMs(r.baseline.wallMs)}${r.baseline.runsMs.length === runs ? '' : ` (${r.baseline.runsMs.length} run${r.baseline.runsMs.length === 1 ? '' : 's'})`}`,
    `${r.speedup.toFixed(1)}×`,
    `${r.tool.requests} / ${r.baseline.requests}`,
    String(r.tool.points),
    fmtMb(r.tool.peakRssMb),
    String(r.tool.exitCode),
    r.identical ? 'yes' : 'NO',
  ]);
  return mdTable(head, rows);
}

function mdTable(head: string[], rows: string[][]): string {
  return [
    `| ${head.join(' | ')} |`,
    `|${head.map(() => '---').join('|')}|`,
    ...rows.map((r) => `| ${r.join(' | ')} |`),
  ].join('\n');
}

function yoctoTable(rows: YoctoRow[]): string {
  const head = [
    'tree',
    'patches: tool / patchreview.py / expected',
    '`list --format json` wall',
    'CPU',
    'wall without compile cache',
    'patchreview.py wall',
    'CPU',
    'wall ratio',
    'CPU ratio',
    'peak RSS tool / patchreview.py',
  ];
  return mdTable(
    head,
    rows.map((r) => {
      const p = isUnavailable(r.peer) ? null : r.peer;
      const ratio = (a: number | null, b: number | null | undefined): string =>
        a === null || b === null || b === undefined || r.invalid ? '—' : `${(a / b).toFixed(2)}×`;
      return [
        r.label,
        `${r.tool.patchesRead ?? '?'} / ${p ? (p.patchesFound ?? '?') : '—'} / ${r.expectedPatches}`,
        fmtMs(r.tool.wallMs),
        fmtMs(r.tool.cpuMs),
        fmtMs(r.tool.noCompileCache.wallMs),
        p ? fmtMs(p.wallMs) : 'peer not available',
        p ? fmtMs(p.cpuMs) : '—',
        ratio(r.tool.wallMs, p?.wallMs),
        ratio(r.tool.cpuMs, p?.cpuMs),
        `${fmtMb(r.tool.peakRssMb)} / ${p ? fmtMb(p.peakRssMb) : '—'}`,
      ];
    }),
  );
}

interface Linearity {
  perPatch: {
    patches: number;
    wallMs: number;
    cpuMs: number | null;
    offlineWallMs: number;
    offlineCpuMs: number | null;
    /**
     * `check` CPU per patch added since the previous size, ms: the start-up
     * cost cancels out, so growth here (not in CPU / patch) shows a cost
     * that rises with size.
     */
    marginalCpuMs: number | null;
    peakRssMb: number | null;
  }[];
  /** Per-patch cost at the largest size (2,000 by default) over that at 500. */
  ratio: {
    from: number;
    to: number;
    wall: number;
    cpu: number | null;
    offlineWall: number;
    offlineCpu: number | null;
  } | null;
}

function linearity(results: SizeResult[]): Linearity {
  const per = (v: number | null, n: number) => (v === null ? null : v / n);
  const perPatch = results.map((r) => ({
    patches: r.patches,
    wallMs: r.tool.wallMs / r.patches,
    cpuMs: per(r.tool.cpuMs, r.patches),
    offlineWallMs: r.offline.wallMs / r.patches,
    offlineCpuMs: per(r.offline.cpuMs, r.patches),
    marginalCpuMs: null as number | null,
    peakRssMb: r.tool.peakRssMb,
  }));
  for (let k = 1; k < results.length; k++) {
    const [prev, cur, row] = [results[k - 1], results[k], perPatch[k]];
    if (prev && cur && row && prev.tool.cpuMs !== null && cur.tool.cpuMs !== null)
      row.marginalCpuMs = (cur.tool.cpuMs - prev.tool.cpuMs) / (cur.patches - prev.patches);
  }
  const a = perPatch.find((p) => p.patches === 500);
  const b = perPatch.find((p) => p.patches === 2000);
  const div = (x: number | null, y: number | null) => (x === null || y === null ? null : x / y);
  return {
    perPatch,
    ratio:
      a && b
        ? {
            from: a.patches,
            to: b.patches,
            wall: b.wallMs / a.wallMs,
            cpu: div(b.cpuMs, a.cpuMs),
            offlineWall: b.offlineWallMs / a.offlineWallMs,
            offlineCpu: div(b.offlineCpuMs, a.offlineCpuMs),
          }
        : null,
  };
}

function linearityTable(l: Linearity): string {
  const us = (ms: number | null) => (ms === null ? '?' : `${ms.toFixed(2)} ms`);
  const lines = [
    mdTable(
      [
        'patches',
        '`check` wall / patch',
        'CPU / patch',
        '`check --offline` wall / patch',
        'CPU / patch',
        '`check` CPU / patch added since previous size',
        'peak RSS',
      ],
      l.perPatch.map((p) => [
        String(p.patches),
        us(p.wallMs),
        us(p.cpuMs),
        us(p.offlineWallMs),
        us(p.offlineCpuMs),
        p.marginalCpuMs === null ? '—' : us(p.marginalCpuMs),
        fmtMb(p.peakRssMb),
      ]),
    ),
  ];
  const r = l.ratio;
  const x = (v: number | null) => (v === null ? '?' : `×${v.toFixed(2)}`);
  if (r)
    lines.push(
      '',
      `Per-patch cost at ${r.to.toLocaleString('en-US')} / at ${r.from} patches: \`check\` wall ${x(r.wall)}, CPU ${x(r.cpu)}; \`check --offline\` wall ${x(r.offlineWall)}, CPU ${x(r.offlineCpu)} (≤ ×1.00: no worse than linear; below 1 the fixed start cost is spread thinner).`,
    );
  return lines.join('\n');
}

/** The command line that reproduces this run: `npm run bench` with the BENCH_* variables set. */
function commandLine(): string {
  const vars = Object.entries(process.env)
    .filter(([k, v]) => k.startsWith('BENCH_') && k !== 'BENCH_RSS_FILE' && v !== undefined)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([k, v]) => `${k}=${v}`);
  return [...vars, 'npm run bench'].join(' ');
}

async function main(): Promise<void> {
  if (!existsSync(CLI)) throw new Error(`${CLI} not found: run npm run build first`);
  tmpRoot = await mkdtemp(path.join(os.tmpdir(), 'upstream-status-bench-'));
  try {
    meter = await Meter.create(tmpRoot);
    const peer = await preparePeer(tmpRoot);
    const cpu = os.cpus()[0];
    const machine = {
      cpu: cpu?.model ?? 'unknown',
      cores: os.cpus().length,
      memoryGb: Math.round(os.totalmem() / 2 ** 30),
      /** 1-minute load average at start and end: other work on the machine inflates wall times. */
      loadAverage: { start: os.loadavg()[0] ?? 0, end: 0 },
      os: `${os.type()} ${os.release()} ${os.arch()}`,
      node: process.version,
      python: isUnavailable(peer) ? null : peer.pythonVersion,
      date: new Date().toISOString(),
    };
    console.log(
      `upstream-status bench — ${machine.cpu}, ${machine.cores} cores, Node ${machine.node}, latency ${latencyMs} ms, sizes ${sizes.join(', ')}, ${runs} timed runs per row (median) after ${warmup} warm-up, CPU and RSS via ${meter.describe()}`,
    );
    console.log(
      isUnavailable(peer)
        ? `  patchreview.py: peer not available (${peer.unavailable})`
        : `  patchreview.py: from ${peer.source.describe}, run with ${peer.python} (${peer.pythonVersion})`,
    );
    if (profileDir)
      console.log(`  --cpu-prof profiles (one extra untimed run each) → ${profileDir}`);

    const results: SizeResult[] = [];
    for (const size of sizes) {
      const r = await measureSize(size);
      results.push(r);
      console.log(
        `  check, ${size} patches / ${r.refs} refs: tool ${fmtMs(r.tool.wallMs)} (runs ${r.tool.runs.map((x) => x.wallMs).join(', ')} ms; ${r.tool.graphqlRequests} GraphQL + ${r.tool.restRequests} REST, report says ${r.tool.reportedRequests}), baseline ${fmtMs(r.baseline.wallMs)} (runs ${r.baseline.runsMs.join(', ')} ms; ${r.baseline.requests} requests), identical: ${r.identical ? 'yes' : 'NO'}; drifted ${r.drifted}, state-drift refs reported ${r.tool.stateDriftRefs}`,
      );
      if (!r.identical) console.log(`    mismatches: ${JSON.stringify(r.mismatches)}`);
      if (r.tool.stderr)
        console.log(`    tool stderr: ${r.tool.stderr.split('\n').slice(0, 5).join(' | ')}`);
    }
    const list = await measureList();
    console.log(
      `  list --offline, ${list.patches} patches: runs ${list.list.runs.map((x) => x.wallMs).join(', ')} ms`,
    );
    if (list.stderr)
      console.log(`    list stderr: ${list.stderr.split('\n').slice(0, 5).join(' | ')}`);
    const { rows: yocto, oeCoreSkipped } = await measureYoctoTrees(peer);
    for (const y of yocto) {
      const p = isUnavailable(y.peer) ? null : y.peer;
      console.log(
        `  Yocto, ${y.label}: list runs ${y.tool.runs.map((x) => x.wallMs).join(', ')} ms; patchreview.py ${p ? `runs ${p.runs.map((x) => x.wallMs).join(', ')} ms, "Total patches found: ${p.patchesFound ?? '?'}"` : 'not run'}${y.refsWritten !== null ? `; GitHub refs found ${y.tool.refsFound ?? '?'} of ${y.refsWritten}` : ''}${y.invalid ? `; NOT COMPARABLE: ${y.invalid}` : ''}`,
      );
    }
    const discover = await measureDiscover();
    const lin = linearity(results);

    const find = (n: number) => results.find((r) => r.patches === n);
    const r500 = find(500);
    const r2000 = find(2000);
    const inputs: TargetInputs = {
      yocto: yocto.map((y) => ({
        label: y.label,
        toolWallMs: y.tool.wallMs,
        toolColdWallMs: y.tool.noCompileCache.wallMs,
        peerWallMs: isUnavailable(y.peer) ? null : y.peer.wallMs,
        invalid: y.invalid,
      })),
      oeCoreSkipped,
      list: {
        patches: list.patches,
        wallMs: list.list.wallMs,
        coldWallMs: list.noCompileCache.wallMs,
      },
      size500: r500
        ? {
            refs: r500.refs,
            latencyMs,
            toolWallMs: r500.tool.wallMs,
            toolColdWallMs: r500.noCompileCache.wallMs,
            baselineWallMs: r500.baseline.wallMs,
            requests: r500.tool.requests,
            identical: r500.identical,
          }
        : null,
      linearity: lin.ratio
        ? {
            from: lin.ratio.from,
            to: lin.ratio.to,
            wallRatio: lin.ratio.wall,
            cpuRatio: lin.ratio.cpu,
          }
        : null,
      size2000: r2000 ? { patches: r2000.patches, peakRssMb: r2000.tool.peakRssMb } : null,
    };
    const targets = evaluateTargets(inputs);
    machine.loadAverage.end = os.loadavg()[0] ?? 0;

    const out: string[] = [
      '',
      `Command: \`${commandLine()}\` — ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGb} GB, Node ${machine.node}${machine.python ? `, ${machine.python}` : ''}; ${runs === 1 ? 'one run' : `medians of ${runs} runs`}; 1-minute load ${machine.loadAverage.start.toFixed(1)} at start, ${machine.loadAverage.end.toFixed(1)} at end.`,
      '',
      `### \`check\` against the per-ref REST baseline (${latencyMs} ms per request)`,
      '',
      checkTable(results),
      '',
      '### Yocto: `list --format json` and patchreview.py on the same git tree',
      '',
      yoctoTable(yocto),
      ...yocto.filter((y) => y.invalid).map((y) => `\n${y.label}: ${y.invalid}`),
      ...(oeCoreSkipped ? [`\nopenembedded-core: not measured — ${oeCoreSkipped}`] : []),
      '',
      `### \`list --offline\`, ${list.patches.toLocaleString('en-US')}-patch ledger tree`,
      '',
      `\`${list.list.command}\`: ${fmtMs(list.list.wallMs)} wall, ${fmtMs(list.list.cpuMs)} CPU (process start included; bare \`node -e 0\` ${fmtMs(list.nodeStart.wallMs)}), peak RSS ${fmtMb(list.list.peakRssMb)}, exit ${list.exitCode}; without the compile cache ${fmtMs(list.noCompileCache.wallMs)} wall, ${fmtMs(list.noCompileCache.cpuMs)} CPU`,
      '',
      '### Linearity',
      '',
      linearityTable(lin),
      '',
      '### Issue 14 targets',
      '',
      targetsTable(targets),
      '',
      describeDiscover(discover),
    ];
    console.log(out.join('\n'));

    await mkdir(OUT, { recursive: true });
    const file = path.join(OUT, 'results.json');
    await writeFile(
      file,
      `${JSON.stringify(
        {
          command: commandLine(),
          machine,
          latencyMs,
          runs,
          warmup,
          sizes: results,
          linearity: lin,
          list,
          yocto,
          oeCoreSkipped,
          targets,
          discover,
        },
        null,
        2,
      )}\n`,
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
