/**
 * The oracle: GNU patch's own verdict, per file, for a patch against a tree.
 *
 * Flags: `-p1 --fuzz=0 --dry-run --batch`. `--batch` answers every question
 * without a terminal; with it GNU takes a patch whose first hunk matches
 * reversed as "previously applied" and *checks every hunk reversed*, which
 * is exactly our `already-applied`. `-N` is not used: it would skip such a
 * file after its first hunk, hiding whether the rest is really there.
 * `--force` is not used either: it turns reversed-patch detection off.
 */
import { spawnSync } from 'node:child_process';

export type GnuVerdict = 'applies' | 'already-applied' | 'fails';

export interface GnuResult {
  /** One per file header GNU processed, in patch order. */
  files: GnuVerdict[];
  exitCode: number;
  output: string;
}

/** `forReal` writes the patched files into `dir` instead of `--dry-run`. */
export function runGnuPatch(dir: string, patchFile: string, forReal = false): GnuResult {
  const mode = forReal ? ['--no-backup-if-mismatch'] : ['--dry-run'];
  const args = ['-p1', '--fuzz=0', ...mode, '--batch', '-d', dir, '-i', patchFile];
  // Through a shell only to merge stderr into stdout in order.
  const run = spawnSync('sh', ['-c', 'exec /usr/bin/patch "$@" 2>&1', 'patch', ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LC_ALL: 'C' },
  });
  if (run.error) throw run.error;
  return { files: readVerdicts(run.stdout), exitCode: run.status ?? -1, output: run.stdout };
}

/**
 * GNU's messages → one verdict per file. A file's section starts at
 * "checking file" or "can't find file to patch"; the "would create/delete
 * … Assuming -R" question comes just before its section.
 */
export function readVerdicts(output: string): GnuVerdict[] {
  const sections: { reversed: boolean; failed: boolean }[] = [];
  let pendingReverse = false;
  for (const line of output.split('\n')) {
    if (line.startsWith('The next patch would ')) {
      pendingReverse = true;
    } else if (line.startsWith('checking file ') || line.startsWith("can't find file to patch")) {
      sections.push({ reversed: pendingReverse, failed: false });
      pendingReverse = false;
    }
    // The rest of that question ("which already exists!  Assuming -R.")
    // comes before the section it is about.
    if (pendingReverse) continue;
    const current = sections[sections.length - 1];
    if (!current) continue;
    if (/Assuming -R\./.test(line)) current.reversed = true;
    if (/FAILED|ignored|No file to patch|Not deleting file|misordered/.test(line)) {
      current.failed = true;
    }
  }
  return sections.map((s) => (s.failed ? 'fails' : s.reversed ? 'already-applied' : 'applies'));
}
