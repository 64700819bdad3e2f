/**
 * Timing a child process as a user would run it: wall clock from spawn to
 * exit, user+system CPU and peak RSS of the child (its waited-for children
 * included) from GNU time (`/usr/bin/time -f '%M %U %S'`), or — for Node
 * only — from a preload that writes `process.resourceUsage()` at exit.
 * Medians over several runs, every run kept.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

const TIME = '/usr/bin/time';

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
  wallMs: number;
  /** User + system CPU time of the child, ms (null if it could not be read). */
  cpuMs: number | null;
  /** Peak resident set size of the child, KiB (null if it could not be read). */
  maxRssKb: number | null;
}

/** One timed row: every run, and the medians. */
export interface Series {
  command: string;
  runs: { wallMs: number; cpuMs: number | null; rssMb: number | null; code: number | null }[];
  /** Median wall, ms. */
  wallMs: number;
  /** Median CPU, ms (null when the probe could not read it). */
  cpuMs: number | null;
  /** Highest peak RSS over the runs, MB. */
  peakRssMb: number | null;
}

export const median = (xs: number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

/** Environment for children: no ambient GitHub credentials, CI flags or colour. */
export function cleanEnv(extra: Record<string, string>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v === undefined) continue;
    if (/^(GH_|GITHUB_)/.test(k) || k === 'CI' || k === 'FORCE_COLOR') continue;
    env[k] = v;
  }
  return { ...env, NO_COLOR: '1', ...extra };
}

export interface SpawnOptions {
  env?: Record<string, string>;
  cwd?: string;
}

/** Spawn and collect; wall clock from spawn to close. */
export function spawnRaw(
  cmd: string,
  args: string[],
  opts: SpawnOptions = {},
): Promise<Omit<RunResult, 'maxRssKb' | 'cpuMs'>> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, {
      cwd: opts.cwd,
      env: cleanEnv(opts.env ?? {}),
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

export class Meter {
  private counter = 0;
  private constructor(
    private readonly tmp: string,
    /** 'time': GNU time for any command; 'preload': Node children only. */
    readonly probe: 'time' | 'preload',
    private readonly preload: string,
  ) {}

  static async create(tmp: string): Promise<Meter> {
    const preload = path.join(tmp, 'rss-preload.mjs');
    await writeFile(
      preload,
      "import { writeFileSync } from 'node:fs';\n" +
        "process.on('exit', () => { const u = process.resourceUsage(); if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, `${u.maxRSS} ${u.userCPUTime / 1e6} ${u.systemCPUTime / 1e6}`); });\n",
    );
    if (existsSync(TIME)) {
      const r = await spawnRaw(TIME, [
        '-f',
        '%M %U %S',
        '-o',
        path.join(tmp, 'probe.rss'),
        process.execPath,
        '-e',
        '0',
      ]);
      if (r.code === 0) return new Meter(tmp, 'time', preload);
    }
    return new Meter(tmp, 'preload', preload);
  }

  describe(): string {
    return this.probe === 'time'
      ? `${TIME} -f '%M %U %S'`
      : 'process.resourceUsage() preload (Node children only)';
  }

  /**
   * Run `cmd args` timed. `node: true` means cmd is a Node entry point run
   * with this Node (`process.execPath`), which the preload can measure.
   */
  async run(
    cmd: string,
    args: string[],
    opts: SpawnOptions & { node?: boolean; nodeFlags?: string[] } = {},
  ): Promise<RunResult> {
    const file = path.join(this.tmp, `usage-${this.counter++}`);
    const argv = opts.node ? [...(opts.nodeFlags ?? []), cmd, ...args] : args;
    const exe = opts.node ? process.execPath : cmd;
    let r: Omit<RunResult, 'maxRssKb' | 'cpuMs'>;
    if (this.probe === 'time') {
      r = await spawnRaw(TIME, ['-f', '%M %U %S', '-o', file, exe, ...argv], opts);
    } else if (opts.node) {
      r = await spawnRaw(exe, ['--import', this.preload, ...argv], {
        ...opts,
        env: { ...opts.env, BENCH_RSS_FILE: file },
      });
    } else {
      r = await spawnRaw(exe, argv, opts);
    }
    let maxRssKb: number | null = null;
    let cpuMs: number | null = null;
    try {
      // GNU time writes "Command exited with non-zero status N" first when the exit code is not 0.
      const last = (await readFile(file, 'utf8')).trim().split('\n').pop() ?? '';
      const [rss, user, sys] = last.split(' ').map(Number);
      if (rss !== undefined && Number.isFinite(rss) && rss > 0) maxRssKb = rss;
      if (user !== undefined && sys !== undefined && Number.isFinite(user + sys))
        cpuMs = (user + sys) * 1000;
    } catch {
      // no probe output
    }
    return { ...r, maxRssKb, cpuMs };
  }
}

export function summarize(command: string, results: RunResult[]): Series {
  const cpus = results.map((r) => r.cpuMs).filter((c): c is number => c !== null);
  const rss = results.map((r) => r.maxRssKb).filter((c): c is number => c !== null);
  return {
    command,
    runs: results.map((r) => ({
      wallMs: Math.round(r.wallMs),
      cpuMs: r.cpuMs === null ? null : Math.round(r.cpuMs),
      rssMb: r.maxRssKb === null ? null : Math.round(r.maxRssKb / 102.4) / 10,
      code: r.code,
    })),
    wallMs: median(results.map((r) => r.wallMs)),
    cpuMs: cpus.length === results.length && cpus.length ? median(cpus) : null,
    peakRssMb: rss.length ? Math.max(...rss) / 1024 : null,
  };
}

/**
 * `warmup` untimed rounds, then `runs` timed rounds of every job, the jobs
 * interleaved within a round (A B A B …) so that load which comes and goes
 * during the bench falls on peers alike. `before` runs ahead of each timed
 * job (e.g. resetting the fake's request log), outside the timing.
 */
export async function interleaved(
  runs: number,
  warmup: number,
  jobs: (() => Promise<RunResult>)[],
  before?: (job: number) => void,
): Promise<RunResult[][]> {
  for (let w = 0; w < warmup; w++) for (const job of jobs) await job();
  const out: RunResult[][] = jobs.map(() => []);
  for (let i = 0; i < runs; i++) {
    for (const [j, job] of jobs.entries()) {
      before?.(j);
      out[j]?.push(await job());
    }
  }
  return out;
}

export const fmtMs = (ms: number | null): string =>
  ms === null ? '?' : ms >= 10000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms)} ms`;

export const fmtMb = (mb: number | null): string => (mb === null ? '?' : `${mb.toFixed(0)} MB`);
