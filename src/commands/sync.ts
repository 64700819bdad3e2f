/**
 * `sync`: ask GitHub, then write the live states back into every record that
 * names them. `--dry-run` prints the unified diff instead of writing.
 */
import { runCheck, type GitHubSettings } from '../check.js';
import { escapeControls as shown } from '../control-chars.js';
import { EXIT } from '../errors.js';
import type { Finding } from '../model.js';
import { pinnedBaseKey, planSync } from '../sync/plan.js';
import { applySyncPlan } from '../sync/write.js';
import { startProgress } from '../progress.js';
import { shownPath } from '../report/paths.js';
import { requireSources } from './require-sources.js';
import { prepare, VERSION, vetGitHubSettings, warn } from './shared.js';
import { stderrForProgress, writeErr, writeOut } from '../stdio.js';

export interface SyncFlags {
  budget?: string;
  root?: string;
  config?: string;
  today?: string;
  dryRun?: boolean;
  /** After writing the states, record discover's certain collisions in each patch's record or row. */
  addCollisions?: boolean;
}

/** The in-pinned-base-drift findings as what each record's value should be. */
function pinnedBaseVerdicts(findings: readonly Finding[]): Map<string, boolean> {
  const out = new Map<string, boolean>();
  for (const f of findings) {
    const value = /^in_pinned_base: (true|false)$/.exec(f.live ?? '')?.[1];
    if (f.rule !== 'in-pinned-base-drift' || !f.file || !f.ref || value === undefined) continue;
    out.set(pinnedBaseKey(f.file, f.ref), value === 'true');
  }
  return out;
}

export async function syncCommand(flags: SyncFlags, github: GitHubSettings): Promise<number> {
  const base = await prepare(flags);
  warn(vetGitHubSettings(github, base.config));
  const progress = startProgress({
    stream: stderrForProgress(),
    env: process.env,
    format: 'text',
    label: 'upstream-status: asking GitHub',
  });
  const result = await runCheck({ ...base, github, version: VERSION, wholeFiles: true }).finally(
    () => progress.stop(),
  );
  requireSources(result.collected, base.root, base.config);
  for (const note of result.notes) writeErr(`note: ${shown(note)}\n`);
  const overBudget = result.findings.filter((f) => f.rule === 'budget-exceeded');
  for (const f of overBudget) writeErr(`upstream-status: ${f.message}\n`);
  if (overBudget.some((f) => f.severity === 'error')) return EXIT.findings;
  const plan = planSync({
    sources: result.collected.sources,
    texts: result.collected.texts,
    live: result.live ?? new Map(),
    today: base.today,
    webHost: base.config.github.webHost,
    inPinnedBase: pinnedBaseVerdicts(result.findings),
  });
  // Paths as every report names them: from the repository top.
  const at = (rel: string): string => shownPath(base.shownRoot, rel);
  for (const n of plan.notes) writeErr(`note: ${shown(`${at(n.path)}: ${n.message}`)}\n`);
  const applied = await applySyncPlan(base.root, plan, {
    dryRun: flags.dryRun === true,
    shownPath: at,
  });
  if (flags.dryRun) {
    writeOut(applied.diff === '' ? 'sync: nothing to change\n' : applied.diff);
  } else {
    for (const file of plan.files) {
      if (!applied.written.includes(file.path)) continue;
      writeOut(`updated ${shown(at(file.path))}\n`);
      for (const c of file.changes) {
        const what = c.ref ? `${c.ref} ${c.field}` : c.field;
        writeOut(shown(`  ${at(file.path)}:${c.line}  ${what}: ${c.from} → ${c.to}`) + '\n');
      }
    }
    if (applied.written.length === 0 && applied.failed.length === 0) {
      writeOut('sync: every record already matches GitHub\n');
    }
  }
  for (const f of applied.failed) writeErr(`upstream-status: ${shown(f.message)}\n`);
  if (flags.addCollisions === true && !flags.dryRun) {
    const { discoverAlongside } = await import('./discover-run.js');
    const found = await discoverAlongside(base.root, base.config, github);
    if ('skipped' in found) writeErr(`note: ${shown(found.skipped)}\n`);
    else {
      const { writeCollisions } = await import('../discover/write.js');
      const wrote = await writeCollisions(base.root, found.certain, base.config.github.webHost);
      for (const n of [...found.notes, ...wrote.notes]) writeErr(`note: ${shown(n)}\n`);
      for (const f of wrote.written) writeOut(`recorded collisions in ${shown(at(f))}\n`);
    }
  }
  return applied.failed.length > 0 ? EXIT.usage : EXIT.ok;
}
