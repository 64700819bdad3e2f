/**
 * Findings for a checked anchor script: a missing file, an anchor gone or
 * repeated (with the commits that changed the file since the pinned base),
 * a change already upstream. Wording lives here; verdicts in script-check.
 */
import type { Footprint } from '../footprint/types.js';
import type { AnchorResult } from '../footprint/verdict.js';
import { describeCulprits, type CulpritLookup } from './culprit-text.js';
import { REBASE_SEVERITY, rebaseFinding, type RebaseFinding } from './findings.js';
import type { Pair } from './pairs.js';
import type { ScriptOutcome } from './script-check.js';

/** Findings for the files checked, with the commits that changed a failing file. */
export function scriptFindings(
  pair: Pair,
  fp: Footprint,
  recordPath: string | null,
  outcome: ScriptOutcome,
  culprits: CulpritLookup,
): RebaseFinding[] {
  const patch = pair.target.patch;
  const where = (line: number) => ({
    patch,
    file: fp.anchorsFrom === 'record' ? (recordPath ?? patch) : patch,
    line,
  });
  const out = [...outcome.findings];
  for (const { file, path, verdict } of outcome.files) {
    const blame = describeCulprits(culprits(path));
    const firstLine = file.anchors[0]?.line ?? 1;
    if (verdict === 'missing-file' || verdict === 'binary') {
      const shown = file.candidates.length > 1 ? file.candidates.join(' nor ') : path;
      out.push(
        rebaseFinding('anchor-missing', REBASE_SEVERITY['anchor-missing'], {
          ...where(firstLine),
          message:
            verdict === 'binary'
              ? `${path} is binary at ${pair.label}: the anchors of ${patch} cannot be there.`
              : `${shown} does not exist at ${pair.label}: ${patch} has nothing to patch there${blame}.`,
        }),
      );
      continue;
    }
    if (verdict.status === 'already-applied') {
      const sign = verdict.results.find((r) => r.status === 'marker-present')
        ? `its marker ${show(verdict.results[0]?.anchor.old ?? '')} is there`
        : 'the new side of every edit is there';
      out.push(
        rebaseFinding('already-applied', REBASE_SEVERITY['already-applied'], {
          ...where(firstLine),
          message: `${pair.label} already carries the change ${patch} makes to ${path} (${sign}): drop it, or check the marker.`,
        }),
      );
      continue;
    }
    for (const r of verdict.results) out.push(...anchorFinding(r, path, pair, patch, where, blame));
  }
  return out;
}

function anchorFinding(
  r: AnchorResult,
  path: string,
  pair: Pair,
  patch: string,
  where: (line: number) => { patch: string; file: string; line: number },
  blame: string,
): RebaseFinding[] {
  const a = r.anchor;
  const what = a.regexFlags !== null ? `pattern ${show(a.old)}` : `anchor ${show(a.old)}`;
  if (r.status === 'missing' && r.found === 0)
    return [
      rebaseFinding('anchor-missing', REBASE_SEVERITY['anchor-missing'], {
        ...where(a.line),
        message: `${what} of ${patch} is gone from ${path} at ${pair.label}${blame}.`,
      }),
    ];
  if (r.status === 'missing' || r.status === 'ambiguous')
    return [
      rebaseFinding(
        r.status === 'missing' ? 'anchor-missing' : 'anchor-ambiguous',
        REBASE_SEVERITY[r.status === 'missing' ? 'anchor-missing' : 'anchor-ambiguous'],
        {
          ...where(a.line),
          message: `${what} of ${patch} occurs ${r.found} times in ${path} at ${pair.label}; the script demands exactly ${a.expected ?? 1}${blame}.`,
        },
      ),
    ];
  if (r.status === 'unreadable')
    return [
      rebaseFinding('anchor-not-checkable', REBASE_SEVERITY['anchor-not-checkable'], {
        ...where(a.line),
        message: `${what} of ${patch} cannot be counted: ${r.reason ?? ''}.`,
      }),
    ];
  return [];
}

function show(text: string): string {
  if (text.length <= 80) return JSON.stringify(text);
  const lines = text.split('\n');
  return `${JSON.stringify((lines[0] ?? '').slice(0, 70))}… (${lines.length} lines)`;
}
