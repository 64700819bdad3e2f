/**
 * `footprint` output: text for people, JSON (schemaVersion 1) for tools.
 */
import { isComplete, type Footprint } from './types.js';

export function footprintJson(footprints: readonly Footprint[], version: string): string {
  return `${JSON.stringify(
    {
      schemaVersion: 1,
      tool: { name: 'upstream-status', version },
      patches: footprints.map((f) => ({ ...f, complete: isComplete(f) })),
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

export function footprintText(footprints: readonly Footprint[]): string {
  const out: string[] = [];
  for (const f of footprints) {
    out.push(
      `${f.patch}  [${f.kind}${f.repo ? `, ${f.repo}` : ''}]${isComplete(f) ? '' : '  — incomplete'}`,
    );
    for (const c of f.companions) out.push(`  applies ${c}`);
    for (const file of f.files) {
      const guess = file.guessed
        ? `  (package folder guessed; or ${file.candidates.slice(1).join(', ')})`
        : '';
      out.push(`  ${file.candidates[0] ?? file.written}${guess}`);
      for (const h of f.hunks.filter((h) => h.file === file.candidates[0]))
        out.push(`    hunk at old line ${h.oldStart} (${h.oldLines} lines), patch line ${h.line}`);
      for (const a of file.anchors) {
        const count = a.expected === null ? '' : ` ×${a.expected}`;
        const kind = `${a.regexFlags !== null ? 'pattern' : a.role}${a.optional ? ' (if there)' : ''}`;
        out.push(
          `    ${kind}${count} ${clip(a.old)}  (line ${a.line}${f.anchorsFrom === 'record' ? ' of the record' : ''})`,
        );
      }
    }
    for (const u of f.unreadable) out.push(`  not read: line ${u.line}: ${u.reason}`);
  }
  const s = summarise(footprints);
  out.push(
    '',
    `${s.complete} of ${s.patches} patches fully read; scripts: ${s.scriptsComplete} of ${s.scripts}.`,
  );
  return `${out.join('\n')}\n`;
}
