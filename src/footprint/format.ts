/**
 * `footprint` output: text for people, JSON (schemaVersion 1) for tools.
 */
import { shownPath } from '../report/paths.js';
import type { FileAtBase } from './at-base.js';
import { isComplete, type Footprint } from './types.js';

/**
 * The patch and the diffs it applies as reports show paths: from the
 * repository top (`shownRoot`, see report/paths.ts). Upstream paths stay.
 */
function shown(f: Footprint, shownRoot: string): Footprint {
  if (shownRoot === '.') return f;
  return {
    ...f,
    patch: shownPath(shownRoot, f.patch),
    companions: f.companions.map((c) => shownPath(shownRoot, c)),
  };
}

export function footprintJson(
  footprints: readonly Footprint[],
  version: string,
  bases: ReadonlyMap<string, FileAtBase[]> = new Map(),
  shownRoot = '.',
): string {
  return `${JSON.stringify(
    {
      schemaVersion: 1,
      tool: { name: 'upstream-status', version },
      root: shownRoot,
      patches: footprints.map((f) => ({
        ...shown(f, shownRoot),
        complete: isComplete(f),
        ...(bases.has(f.patch) ? { atBase: bases.get(f.patch) } : {}),
      })),
      summary: summarise(footprints),
    },
    null,
    2,
  )}\n`;
}

export function summarise(footprints: readonly Footprint[]) {
  const scripts = footprints.filter((f) => f.kind === 'python' || f.kind === 'shell');
  return {
    patches: footprints.length,
    complete: footprints.filter(isComplete).length,
    scripts: scripts.length,
    scriptsComplete: scripts.filter(isComplete).length,
  };
}

const clip = (s: string) => {
  const first = s.split('\n').find((l) => l.trim() !== '') ?? '';
  const more = s.split('\n').length > 1 ? ` (+${s.split('\n').length - 1} lines)` : '';
  return `${JSON.stringify(first.length > 70 ? `${first.slice(0, 70)}…` : first)}${more}`;
};

export function footprintText(
  footprints: readonly Footprint[],
  bases: ReadonlyMap<string, FileAtBase[]> = new Map(),
  shownRoot = '.',
): string {
  const out: string[] = [];
  for (const f of footprints) {
    out.push(
      `${shownPath(shownRoot, f.patch)}  [${f.kind}${f.repo ? `, ${f.repo}` : ''}]${isComplete(f) ? '' : '  — incomplete'}`,
    );
    for (const c of f.companions) out.push(`  applies ${shownPath(shownRoot, c)}`);
    f.files.forEach((file, fileIndex) => {
      const at = bases.get(f.patch)?.[fileIndex];
      const guess = file.guessed
        ? `  (package folder guessed; or ${file.candidates.slice(1).join(', ')})`
        : '';
      const where = at ? (at.path === null ? `  — not at ${at.base}` : `  — at ${at.base}`) : '';
      out.push(
        `  ${at?.path ?? file.candidates[0] ?? file.written}${at?.path ? '' : guess}${where}`,
      );
      for (const h of f.hunks.filter((h) => h.file === file.candidates[0]))
        out.push(`    hunk at old line ${h.oldStart} (${h.oldLines} lines), patch line ${h.line}`);
      file.anchors.forEach((a, i) => {
        const b = at?.anchors[i];
        const base = !b
          ? ''
          : b.lines === null
            ? `; ${b.count === 0 ? 'absent' : `${b.count}×`}`
            : `; ${b.lines[0] === b.lines[1] ? `line ${b.lines[0]}` : `lines ${b.lines[0]}-${b.lines[1]}`}${b.count > 1 ? `, ${b.count}×` : ''}`;
        const count = a.expected === null ? '' : ` ×${a.expected}`;
        const kind = `${a.regexFlags !== null ? 'pattern' : a.role}${a.optional ? ' (if there)' : ''}`;
        out.push(
          `    ${kind}${count} ${clip(a.old)}  (line ${a.line}${f.anchorsFrom === 'record' ? ' of the record' : ''}${base})`,
        );
      });
    });
    for (const u of f.unreadable) out.push(`  not read: line ${u.line}: ${u.reason}`);
  }
  const s = summarise(footprints);
  out.push(
    '',
    `${s.complete} of ${s.patches} patches fully read; scripts: ${s.scriptsComplete} of ${s.scripts}.`,
  );
  return `${out.join('\n')}\n`;
}
