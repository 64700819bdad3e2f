/**
 * A queue written in the style of real ones (test/fixtures/shapes: a ledger,
 * prose headers, READMEs; written and labelled by a colleague who never ran
 * the tool on it), read by the built CLI and scored against its labels with
 * the survey's own scoring (survey/score.ts). Every shape of SPEC §2.4 that
 * the readers learned shows up here; a reader change that reads one of them
 * wrong moves a score.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { score } from '../../survey/score.js';
import type { Report, Truth } from '../../survey/types.js';
import { FIXTURES, runCli } from './cli.js';

const SHAPES = path.join(FIXTURES, 'shapes');
const truth = JSON.parse(readFileSync(path.join(SHAPES, 'truth.json'), 'utf8')) as Truth;

describe('a queue in the real style, scored against its labels', () => {
  it('reads nearly every mention at its line, no state wrongly, and never advises dropping for a cause', async () => {
    const r = await runCli(['list', '--format', 'json', '--root', path.join(SHAPES, 'queue')]);
    expect(r.stderr).toBe('');
    const s = score(truth, JSON.parse(r.stdout) as Report);
    const ratio = (x: { hit: number; of: number }): number => x.hit / x.of;
    expect(s.dangerous.map((p) => `${p.truth.source}:${p.truth.line}`)).toEqual([]);
    expect(s.statesWrong).toEqual([]);
    expect(ratio(s.foundAtLine)).toBeGreaterThanOrEqual(0.97);
    expect(ratio(s.states)).toBeGreaterThanOrEqual(0.95);
    expect(ratio(s.decisive.precision)).toBeGreaterThanOrEqual(0.95);
    expect(ratio(s.decisive.recall)).toBeGreaterThanOrEqual(0.95);
  });

  it('reports the one deliberately unindexed patch and nothing else at error severity', async () => {
    const r = await runCli([
      'check',
      '--offline',
      '--format',
      'json',
      '--root',
      path.join(SHAPES, 'queue'),
    ]);
    const report = JSON.parse(r.stdout) as Report;
    expect(
      report.findings.filter((f) => f.severity === 'error').map((f) => `${f.rule} ${f.file}`),
    ).toEqual(['unindexed-patch deploy/patches/inferno_rocm/patch_hip_graph_warmup.py']);
  });
});
