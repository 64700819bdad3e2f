/** Plain-text rendering of survey results. */
import { pct, type ClassScore, type Pair, type Score } from './score.js';
import type { Run, TreeSummary } from './tree.js';
import type { ToolMention, TruthMention } from './types.js';
import type { Yardstick } from './yardstick.js';

function at(m: { source: string; line: number }): string {
  return `${m.source}:${m.line}`;
}

function tm(t: TruthMention): string {
  const state = t.state ? ` ${t.state}${t.stateLine ? `@${t.stateLine}` : ''}` : '';
  return `${at(t)} ${t.ref ?? '(ambiguous)'} [${t.role}${state}]`;
}

function tool(m: ToolMention): string {
  return `${at(m)} ${m.ref} [${m.role ?? '-'}${m.recordedState ? ` ${m.recordedState}` : ''}]`;
}

function pair(p: Pair): string {
  return `${tm(p.truth)}  ← tool ${p.tool.line}: [${p.tool.role ?? '-'}${
    p.tool.recordedState ? ` ${p.tool.recordedState}` : ''
  }]`;
}

export function printTree(
  dir: string,
  s: TreeSummary,
  list: Run,
  check: Run,
  y: Yardstick,
): string[] {
  const out: string[] = [`== ${dir}`];
  const kinds = Object.entries(s.sourcesByKind)
    .sort()
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  out.push(`sources            ${kinds || 'none'}`);
  out.push(
    `patches            ${s.patches.total} (indexed ${s.patches.indexed}, retired ${s.patches.retired})`,
  );
  out.push(`refs               ${s.refs}`);
  out.push(`mentions           ${s.mentions} (with a recorded state: ${s.mentionsWithState})`);
  out.push('findings (check --offline):');
  const rules = Object.keys(s.findings).sort();
  if (rules.length === 0) out.push('  none');
  for (const r of rules) {
    const sev = Object.entries(s.findings[r] ?? {})
      .sort()
      .map(([k, n]) => `${k} ${n}`)
      .join(', ');
    out.push(`  ${r.padEnd(26)} ${sev}`);
  }
  out.push(
    `time               list ${list.wallMs.toFixed(0)} ms (exit ${list.exitCode}), check --offline ${check.wallMs.toFixed(0)} ms (exit ${check.exitCode})`,
  );
  out.push(
    `GitHub refs in headers found: ${y.found} of ${y.total} (${pct({ hit: y.found, of: y.total })}) in ${y.files} patch files`,
  );
  for (const m of y.misses) out.push(`  miss ${m.file}:${m.line} ${m.ref}`);
  return out;
}

function cls(name: string, c: ClassScore): string {
  return `${name.padEnd(22)} precision ${pct(c.precision)} (${c.precision.hit}/${c.precision.of}), recall ${pct(c.recall)} (${c.recall.hit}/${c.recall.of})`;
}

export function printScore(s: Score): string[] {
  const out: string[] = ['-- scored against truth'];
  out.push(
    `(a) mentions at the right line   ${pct(s.foundAtLine)} (${s.foundAtLine.hit}/${s.foundAtLine.of}); found within ±3 lines or at the state line: ${pct(s.foundAnywhere)} (${s.foundAnywhere.hit}/${s.foundAnywhere.of})`,
  );
  if (s.ambiguousExpected.of > 0) {
    out.push(
      `    ambiguous-ref expected        ${s.ambiguousExpected.hit}/${s.ambiguousExpected.of}`,
    );
  }
  out.push(
    `(b) written states read           ${pct(s.states)} (${s.states.hit}/${s.states.of}); read WRONGLY: ${s.statesWrong.length}; states on unpaired tool mentions: ${s.extraWithState.length}`,
  );
  out.push(`(c) ${cls('decisive (both)', s.decisive)}`);
  out.push(`    ${cls('fix/own', s.fixOwn)}`);
  out.push(`    ${cls('anchor-collision', s.anchor)}`);
  out.push(`(d) dangerous (tool fix/own, truth never-drop): ${s.dangerous.length}`);
  const section = (title: string, lines: string[]): void => {
    out.push(`${title}: ${lines.length}`);
    for (const l of lines) out.push(`  ${l}`);
  };
  section('DANGEROUS', s.dangerous.map(pair));
  section('STATE WRONG', s.statesWrong.map(pair));
  section('STATE MISSED', s.stateMissed.map(pair));
  section('ROLE MISMATCH (decisive on either side)', s.roleMismatch.map(pair));
  section('MISSING (no tool mention of that ref near that line)', s.missing.map(tm));
  section('WRONG LINE (matched within ±3 lines / at the state line)', s.wrongLine.map(pair));
  section('EXTRA (tool mentions in scope with no truth counterpart)', s.extra.map(tool));
  return out;
}
