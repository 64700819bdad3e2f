/** Helpers for the path tests: what a report names, and a planted tree outside the root. */
import { mkdir, mkdtemp, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Report } from '../../../src/report/report.js';

/** A ref that exists only outside the root: seeing it means something outside was read. */
export const PLANTED = 'outside-org/planted#777';

/** Every path a report names. */
export function reportedPaths(report: Report): string[] {
  return [
    ...report.sources.map((s) => s.path),
    ...report.patches.map((p) => p.path),
    ...report.refs.flatMap((r) =>
      r.mentions.flatMap((m) => [m.source, ...(m.patch ? [m.patch] : [])]),
    ),
    ...report.findings.flatMap((f) => [f.file, ...(f.patch ? [f.patch] : [])]),
  ];
}

/** A folder outside the root with a ledger, a record and patches naming PLANTED. */
export async function plantOutside(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'us-outside-'));
  await mkdir(path.join(dir, 'patches'), { recursive: true });
  const header = `# UPSTREAM STATUS (re-queried 2026-08-11)\n#   own PR  ${PLANTED} (alice, OPEN)\n`;
  await writeFile(path.join(dir, 'evil.py'), header);
  await writeFile(path.join(dir, 'patches', 'evil.py'), header);
  await writeFile(
    path.join(dir, 'patch.upstream.status.md'),
    `| patch | upstream PR | PR state |\n|---|---|---|\n| \`evil.py\` | ${PLANTED} | OPEN |\n`,
  );
  await writeFile(
    path.join(dir, 'evil.upstream.status.yaml'),
    `schema_version: 1\nupstream_prs:\n  - { ref: ${PLANTED}, state: OPEN }\n`,
  );
  return dir;
}
