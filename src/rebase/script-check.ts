/**
 * rebase-check for anchor scripts: each file of the script's footprint at REF
 * (the first candidate path that exists there), its anchors counted as the
 * script counts them. Findings land on the line that names the anchor — the
 * script's, or the record's when `target.anchors` declared it.
 */
import { fileKey, type FileContent } from '../github/contents.js';
import type { Footprint, TargetFile } from '../footprint/types.js';
import { checkFile, type FileVerdict } from '../footprint/verdict.js';
import { REBASE_SEVERITY, rebaseFinding, type RebaseFinding } from './findings.js';
import type { PairVerdict } from './options.js';
import { fileAt, type Pair } from './pairs.js';

export interface ScriptOutcome {
  verdict: PairVerdict;
  files: { file: TargetFile; path: string; verdict: FileVerdict | 'missing-file' | 'binary' }[];
  /** Findings that need no culprits (not checkable). */
  findings: RebaseFinding[];
  /** Paths at REF whose anchors failed: ask who changed them. */
  failing: string[];
}

/** The files of the footprint that live in the pair's repository. */
export function scriptFiles(pair: Pair, fp: Footprint): TargetFile[] {
  return fp.files.filter((f) => pair.repo === '' || f.repo === null || f.repo === pair.repo);
}

export function checkScript(
  pair: Pair,
  fp: Footprint,
  recordPath: string | null,
  files: ReadonlyMap<string, FileContent>,
): ScriptOutcome {
  const patch = pair.target.patch;
  const out: ScriptOutcome = { verdict: 'anchors-found', files: [], findings: [], failing: [] };
  const targets = scriptFiles(pair, fp);
  const notCheckable = (line: number, file: string, why: string) =>
    out.findings.push(
      rebaseFinding('anchor-not-checkable', REBASE_SEVERITY['anchor-not-checkable'], {
        patch,
        file,
        line,
        message: `${patch} cannot be checked against a new base: ${why}.`,
      }),
    );
  if (targets.length === 0 || targets.every((t) => t.anchors.length === 0)) {
    if (fp.companions.length > 0 && fp.unreadable.length === 0)
      return { ...out, verdict: 'companions' };
    const why =
      fp.unreadable.length > 0
        ? fp.unreadable
            .slice(0, 3)
            .map((u) => `line ${u.line}: ${u.reason}`)
            .join('; ')
        : 'no anchor was found in the script (no `.replace`/`.count`/`in` on the text of an upstream file), and its record declares no target.anchors';
    notCheckable(fp.unreadable[0]?.line ?? 1, recordPath ?? patch, why);
    return { ...out, verdict: 'not-checkable' };
  }
  for (const u of fp.unreadable)
    notCheckable(u.line, patch, `line ${u.line} is not read: ${u.reason}`);
  for (const file of targets) {
    const found = file.candidates
      .map((p) => ({ p, c: files.get(fileKey(fileAt(pair, p))) }))
      .find(({ c }) => c?.kind === 'text');
    const binary = file.candidates.some(
      (p) => files.get(fileKey(fileAt(pair, p)))?.kind === 'binary',
    );
    const path = found?.p ?? file.candidates[0] ?? file.written;
    if (found?.c?.kind !== 'text') {
      out.files.push({ file, path, verdict: binary ? 'binary' : 'missing-file' });
      if (!binary) out.failing.push(path);
      continue;
    }
    const verdict = checkFile(file, found.c.text);
    out.files.push({ file, path, verdict });
    if (verdict.status === 'fails') out.failing.push(path);
  }
  const statuses = out.files.map((f) =>
    typeof f.verdict === 'string' ? 'fails' : f.verdict.status,
  );
  out.verdict = statuses.includes('fails')
    ? 'fails'
    : statuses.every((s) => s === 'already-applied')
      ? 'already-applied'
      : 'anchors-found';
  return out;
}

export { scriptFindings } from './script-findings.js';
