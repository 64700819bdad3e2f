/**
 * The one rule every fault must obey: the run ends with exactly the findings
 * a fault-free run gives (possibly minus refs GitHub said do not exist), or
 * with exit 3, nothing on stdout and one line on stderr saying why. Exit 0
 * or 1 with a missing or wrong finding is the failure this suite hunts.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Report } from '../../../src/report/report.js';
import type { CliRun } from './cli.js';

export type Expectation =
  /** Retries absorbed the fault: the report equals the fault-free one. */
  | { kind: 'exact' }
  /** GitHub could not be asked: exit 3, one line; `reason` must match it. */
  | { kind: 'unavailable'; reason?: RegExp }
  /** GitHub said these refs do not exist: only they change (unresolved-ref, live null). */
  | { kind: 'unresolved'; refs: string[] }
  /** Either exact or unavailable is right (random fault mixes). */
  | { kind: 'exact-or-unavailable' };

export type Outcome = 'exact' | 'unavailable' | 'unresolved';

/** Everything of a report that must not depend on faults: not the time, not the request count. */
export function comparable(report: Report): unknown {
  const copy = structuredClone(report) as unknown as Record<string, unknown>;
  delete copy['checkedAt'];
  const summary = copy['summary'] as Record<string, unknown>;
  delete summary['requests'];
  return copy;
}

/** The report without any trace of `refs` (their entries and findings), for partial answers. */
function without(report: Report, refs: readonly string[]): unknown {
  const copy = structuredClone(report);
  copy.refs = copy.refs.filter((r) => !refs.includes(r.ref));
  copy.findings = copy.findings.filter((f) => f.ref === null || !refs.includes(f.ref));
  const c = comparable(copy) as Record<string, unknown>;
  delete c['summary'];
  return c;
}

const ONE_LINE = /^upstream-status: GitHub could not be asked: [^\n]+\n$/;

/** Problems with a run (empty when it met the expectation), and what it turned out to be. */
export function judge(
  run: CliRun,
  expectation: Expectation,
  baseline: { report: Report; code: number },
  secret: string,
): { outcome: Outcome | 'wrong'; problems: string[] } {
  const problems: string[] = [];
  if (run.stdout.includes(secret) || run.stderr.includes(secret))
    problems.push('the token appears in the output');
  if (run.signal !== null) problems.push(`killed by ${run.signal} (hung past the hard limit)`);

  if (run.code === 3) {
    if (run.stdout !== '') problems.push(`exit 3 with stdout: ${run.stdout.slice(0, 200)}`);
    if (!ONE_LINE.test(run.stderr))
      problems.push(`exit 3 without a one-line reason: ${run.stderr}`);
    if (
      expectation.kind === 'unavailable' &&
      expectation.reason &&
      !expectation.reason.test(run.stderr)
    )
      problems.push(
        `reason ${JSON.stringify(run.stderr)} does not match ${String(expectation.reason)}`,
      );
    if (expectation.kind === 'exact' || expectation.kind === 'unresolved')
      problems.push(`expected ${expectation.kind}, got exit 3: ${run.stderr.trim()}`);
    return { outcome: problems.length ? 'wrong' : 'unavailable', problems };
  }

  let report: Report | null = null;
  try {
    report = JSON.parse(run.stdout) as Report;
  } catch {
    problems.push(`exit ${String(run.code)} without a JSON report: ${run.stderr.slice(0, 300)}`);
    return { outcome: 'wrong', problems };
  }
  if (run.code !== baseline.code)
    problems.push(`exit ${String(run.code)}, the fault-free run exits ${baseline.code}`);
  if (expectation.kind === 'unavailable') problems.push('expected exit 3, got a report');

  if (expectation.kind === 'unresolved') {
    for (const ref of expectation.refs) {
      const entry = report.refs.find((r) => r.ref === ref);
      if (!entry || entry.live !== null) problems.push(`${ref} is not reported unresolved`);
      if (!report.findings.some((f) => f.rule === 'unresolved-ref' && f.ref === ref))
        problems.push(`no unresolved-ref finding for ${ref}`);
    }
    if (
      !isDeepStrictEqual(
        without(report, expectation.refs),
        without(baseline.report, expectation.refs),
      )
    )
      problems.push(
        'refs other than the missing ones are judged differently from the fault-free run',
      );
    return { outcome: problems.length ? 'wrong' : 'unresolved', problems };
  }

  if (!isDeepStrictEqual(comparable(report), comparable(baseline.report)))
    problems.push(
      `report differs from the fault-free run: ${describeDiff(report, baseline.report)}`,
    );
  return { outcome: problems.length ? 'wrong' : 'exact', problems };
}

function describeDiff(got: Report, want: Report): string {
  const key = (f: Report['findings'][number]): string =>
    `${f.rule} ${f.ref ?? '-'} ${f.file}:${f.line}`;
  const g = new Set(got.findings.map(key));
  const w = new Set(want.findings.map(key));
  const extra = [...g].filter((k) => !w.has(k));
  const missing = [...w].filter((k) => !g.has(k));
  return `extra [${extra.join(', ')}] missing [${missing.join(', ')}]`;
}
