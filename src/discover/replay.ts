/**
 * Does an open upstream PR break a patch? Decided by replay, not by file
 * overlap: the PR's change is applied to each footprint file at the patch's
 * base (fuzz 0, offsets allowed) and the patch's own check runs on the
 * result. A patch that holds at the base and not after the PR is a certain
 * collision; a PR hunk that touches or sits within `nearLines` of a patch
 * hunk or anchor without breaking it is a near one; anything else (the same
 * file only) is nothing to report. Pure.
 */
import { checkFile } from '../footprint/verdict.js';
import type { Footprint, TargetFile } from '../footprint/types.js';
import { checkPatch } from '../rebase/apply.js';
import { applyFile } from '../rebase/apply-file.js';
import { parseDiff, type FilePatch } from '../rebase/diff-parse.js';

export interface PrFile {
  path: string;
  /** Hunks only, as REST `pulls/{n}/files` gives them; null when GitHub leaves it out. */
  patch: string | null;
}

export interface Collision {
  kind: 'certain' | 'near';
  file: string;
  /** What it breaks or comes near: `hunk 2 (old lines 40-46)`, `anchor "…"`. */
  subject: string;
  /** The line of the patch (diff hunk header, script anchor) it concerns. */
  line: number;
}

type Range = { from: number; to: number; subject: string; line: number };

export function replayPr(
  fp: Footprint,
  patchText: string | null,
  base: ReadonlyMap<string, string>,
  prFiles: readonly PrFile[],
  nearLines = 3,
): Collision[] {
  const out: Collision[] = [];
  for (const pr of prFiles) {
    const file = fp.files.find((f) => f.candidates.includes(pr.path));
    const before = base.get(pr.path);
    if (!file || before === undefined || pr.patch === null) continue;
    const change = prChange(pr);
    if (!change) continue;
    const applied = applyFile(before, change);
    if (applied.verdict.status === 'applies' && typeof applied.after === 'string') {
      const broken = breaks(fp, patchText, file, pr.path, base, applied.after);
      if (broken) {
        out.push({ kind: 'certain', file: pr.path, ...broken });
        continue;
      }
    }
    const ranges = fp.kind === 'diff' ? hunkRanges(fp, pr.path) : anchorRanges(file, before);
    const near = ranges.find((r) =>
      change.hunks.some(
        (h) =>
          h.oldStart - nearLines <= r.to &&
          h.oldStart + Math.max(h.oldLines, 1) - 1 + nearLines >= r.from,
      ),
    );
    if (near) out.push({ kind: 'near', file: pr.path, subject: near.subject, line: near.line });
  }
  return out;
}

function prChange(pr: PrFile): FilePatch | null {
  const parsed = parseDiff(`--- a/${pr.path}\n+++ b/${pr.path}\n${pr.patch ?? ''}\n`);
  return parsed.files[0] ?? null;
}

/** The first thing of the patch that holds at the base and no longer after the PR. */
function breaks(
  fp: Footprint,
  patchText: string | null,
  file: TargetFile,
  path: string,
  base: ReadonlyMap<string, string>,
  after: string,
): { subject: string; line: number } | null {
  if (fp.kind === 'diff' && patchText !== null) {
    const read = (p: string) => base.get(p) ?? null;
    if (!checkPatch(patchText, read).applies) return null;
    const now = checkPatch(patchText, (p) => (p === path ? after : read(p)));
    if (now.applies) return null;
    const failing = now.files.flatMap((f) => f.hunks).find((h) => h.status === 'fails');
    const hunk = fp.hunks.filter((h) => h.file === path)[(failing?.hunk ?? 1) - 1];
    return {
      subject:
        failing?.status === 'fails'
          ? `hunk ${failing.hunk} (old lines ${failing.oldRange[0]}-${failing.oldRange[1]})`
          : 'the patch',
      line: hunk?.line ?? 1,
    };
  }
  const was = checkFile(file, base.get(path) ?? '');
  if (was.status === 'fails') return null;
  const now = checkFile(file, after);
  const bad = now.results.find((r) => r.status === 'missing' || r.status === 'ambiguous');
  if (now.status !== 'fails' || !bad) return null;
  return {
    subject: `anchor ${JSON.stringify(bad.anchor.old.split('\n')[0] ?? '')}${bad.status === 'ambiguous' ? ' (now repeated)' : ''}`,
    line: bad.anchor.line,
  };
}

function hunkRanges(fp: Footprint, path: string): Range[] {
  return fp.hunks
    .filter((h) => h.file === path)
    .map((h, i) => ({
      from: h.oldStart,
      to: h.oldStart + Math.max(h.oldLines, 1) - 1,
      subject: `hunk ${i + 1}`,
      line: h.line,
    }));
}

/** Where each literal anchor sits in the base text, as 1-based lines. */
function anchorRanges(file: TargetFile, text: string): Range[] {
  const out: Range[] = [];
  for (const a of file.anchors) {
    if (a.regexFlags !== null || a.role === 'marker') continue;
    const at = text.indexOf(a.old);
    if (at < 0) continue;
    const from = text.slice(0, at).split('\n').length;
    const to = from + a.old.replace(/\n$/, '').split('\n').length - 1;
    out.push({
      from,
      to,
      subject: `anchor ${JSON.stringify(a.old.split('\n')[0] ?? '')}`,
      line: a.line,
    });
  }
  return out;
}
