/**
 * Issue 14's "done when", as measurements: each target with the value this
 * run measured, its threshold, and PASS / FAIL (or n/a when the run could
 * not measure it). Never an assertion: the bench exits 0 either way.
 */
import { fmtMb, fmtMs } from './measure.js';

export type Verdict = 'PASS' | 'FAIL' | 'n/a';

export interface Target {
  id: string;
  target: string;
  measured: string;
  threshold: string;
  result: Verdict;
}

/** What the targets read from a run; every part may be missing when the run skipped it. */
export interface TargetInputs {
  yocto: {
    label: string;
    toolWallMs: number;
    /** The same, without the compile cache (a command's first run on a machine). */
    toolColdWallMs?: number;
    peerWallMs: number | null;
    /** Why the comparison is not valid (peer missing, patch counts differ), or null. */
    invalid: string | null;
  }[];
  /** Why the real openembedded-core tree was not measured, or null. */
  oeCoreSkipped: string | null;
  list: { patches: number; wallMs: number; coldWallMs?: number } | null;
  size500: {
    refs: number;
    latencyMs: number;
    toolWallMs: number;
    toolColdWallMs?: number;
    baselineWallMs: number;
    requests: number;
    identical: boolean;
  } | null;
  linearity: {
    from: number;
    to: number;
    wallRatio: number;
    cpuRatio: number | null;
  } | null;
  size2000: { patches: number; peakRssMb: number | null } | null;
}

const verdict = (ok: boolean): Verdict => (ok ? 'PASS' : 'FAIL');
/**
 * The verdicts read the warm runs (the warm-up filled the compile cache, as any
 * earlier run of the command on the machine does); the first run on a fresh
 * machine is shown beside them.
 */
const cold = (ms: number | undefined, show: (ms: number) => string): string =>
  ms === undefined ? '' : `; without the compile cache ${show(ms)}`;
const x = (n: number, d = 2): string => `${n.toFixed(d)}×`;

export function evaluateTargets(i: TargetInputs): Target[] {
  const out: Target[] = [];
  const YOCTO_MAX = 0.8;
  const yocto: (TargetInputs['yocto'][number] | string)[] = [...i.yocto];
  if (i.oeCoreSkipped) yocto.push(i.oeCoreSkipped);
  for (const [k, y] of yocto.entries()) {
    const id = yocto.length > 1 ? `1${String.fromCharCode(97 + k)}` : '1';
    if (typeof y === 'string') {
      out.push({
        id,
        target: 'openembedded-core: `list --format json` / patchreview.py wall',
        measured: `not measured: ${y}`,
        threshold: `≤ ${x(YOCTO_MAX, 1)}`,
        result: 'n/a',
      });
      continue;
    }
    const ratio = y.peerWallMs === null ? null : y.toolWallMs / y.peerWallMs;
    out.push({
      id,
      target: `${y.label}: \`list --format json\` / patchreview.py wall`,
      measured:
        ratio === null || y.invalid
          ? `${fmtMs(y.toolWallMs)}; ${y.invalid ?? 'peer not measured'}`
          : `${x(ratio)} (${fmtMs(y.toolWallMs)} vs ${fmtMs(y.peerWallMs)})${cold(y.toolColdWallMs, (ms) => x(ms / (y.peerWallMs ?? ms)))}`,
      threshold: `≤ ${x(YOCTO_MAX, 1)}`,
      result: ratio === null || y.invalid ? 'n/a' : verdict(ratio <= YOCTO_MAX),
    });
  }

  const LIST_MAX = 250;
  out.push({
    id: '2',
    target: `${(i.list?.patches ?? 1000).toLocaleString('en-US')}-patch ledger tree: \`list --offline\` wall`,
    measured: i.list
      ? `${fmtMs(i.list.wallMs)}${cold(i.list.coldWallMs, (ms) => fmtMs(ms))}`
      : 'not measured',
    threshold: `< ${LIST_MAX} ms`,
    result: i.list ? verdict(i.list.wallMs < LIST_MAX) : 'n/a',
  });

  const SPEEDUP_MIN = 12;
  const REQUESTS_MAX = 20;
  const s = i.size500;
  out.push({
    id: '3',
    target: s
      ? `500 patches / ${s.refs.toLocaleString('en-US')} refs at ${s.latencyMs} ms: \`check\` vs per-ref REST baseline`
      : '500 patches: `check` vs per-ref REST baseline',
    measured: s
      ? `${x(s.baselineWallMs / s.toolWallMs, 1)} (${fmtMs(s.toolWallMs)} vs ${fmtMs(s.baselineWallMs)}), ${s.requests} requests, results identical: ${s.identical ? 'yes' : 'NO'}${cold(s.toolColdWallMs, (ms) => `${x(s.baselineWallMs / ms, 1)} (${fmtMs(ms)})`)}`
      : 'not measured (BENCH_SIZES lacks 500)',
    threshold: `≥ ${SPEEDUP_MIN}×, ≤ ${REQUESTS_MAX} requests, identical`,
    result: s
      ? verdict(
          s.baselineWallMs / s.toolWallMs >= SPEEDUP_MIN &&
            s.requests <= REQUESTS_MAX &&
            s.identical,
        )
      : 'n/a',
  });

  const LINEAR_MAX = 1.0;
  const l = i.linearity;
  out.push({
    id: '4a',
    target: l
      ? `linear: per-patch \`check\` cost at ${l.to.toLocaleString('en-US')} / at ${l.from} patches`
      : 'linear: per-patch `check` cost at 2,000 / at 500 patches',
    measured: l
      ? `wall ${x(l.wallRatio)}, CPU ${l.cpuRatio === null ? '?' : x(l.cpuRatio)}`
      : 'not measured (BENCH_SIZES lacks 500 or 2000)',
    threshold: `≤ ${x(LINEAR_MAX)} (wall and CPU)`,
    result: l
      ? verdict(l.wallRatio <= LINEAR_MAX && (l.cpuRatio === null || l.cpuRatio <= LINEAR_MAX))
      : 'n/a',
  });
  const RSS_MAX = 200;
  const big = i.size2000;
  out.push({
    id: '4b',
    target: `${(big?.patches ?? 2000).toLocaleString('en-US')} patches: \`check\` peak RSS`,
    measured: big ? fmtMb(big.peakRssMb) : 'not measured (BENCH_SIZES lacks 2000)',
    threshold: `< ${RSS_MAX} MB`,
    result: big && big.peakRssMb !== null ? verdict(big.peakRssMb < RSS_MAX) : 'n/a',
  });
  return out;
}

export function targetsTable(targets: Target[]): string {
  return [
    '| # | target | measured (median) | threshold | result |',
    '|---|---|---|---|---|',
    ...targets.map(
      (t) => `| ${t.id} | ${t.target} | ${t.measured} | ${t.threshold} | ${t.result} |`,
    ),
  ].join('\n');
}
