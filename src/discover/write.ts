/**
 * `discover --add-collisions`: each certain collision written into the
 * patch's record (a `related_refs` item) or ledger (a ditto row), each file
 * once, atomically. A patch with neither is reported, not guessed at.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { writeAtomic } from '../sync/atomic.js';
import { addCollisionToLedger, addCollisionToRecord } from './record-collision.js';
import type { DiscoverResult } from './run.js';

export async function writeCollisions(
  root: string,
  certain: DiscoverResult['certain'],
): Promise<{ written: string[]; notes: string[] }> {
  const byFile = new Map<string, DiscoverResult['certain']>();
  for (const c of certain) byFile.set(c.file, [...(byFile.get(c.file) ?? []), c]);
  const written: string[] = [];
  const notes: string[] = [];
  for (const [file, list] of [...byFile].sort(([a], [b]) => a.localeCompare(b))) {
    const isRecord = file.endsWith('.upstream.status.yaml');
    if (!isRecord && !file.endsWith('.md')) {
      notes.push(
        `${list.map((c) => c.ref).join(', ')}: ${file} has no record or ledger row to write into`,
      );
      continue;
    }
    let text: string | null = await readFile(path.join(root, file), 'utf8');
    // Ledger rows from the bottom up, so an inserted row never moves the next place.
    for (const c of [...list].sort((a, b) => b.line - a.line)) {
      const next: string | null =
        text === null
          ? null
          : isRecord
            ? addCollisionToRecord(text, c)
            : addCollisionToLedger(text, c.line, c);
      if (next === null) notes.push(`${c.ref}: could not find where to write it in ${file}`);
      else text = next;
    }
    if (text === null) continue;
    await writeAtomic(path.join(root, file), text);
    written.push(file);
  }
  return { written, notes };
}
