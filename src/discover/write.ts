/**
 * `discover --add-collisions`: each certain collision written into the
 * patch's record (a `related_refs` item) or ledger (a ditto row), each file
 * once, atomically. A patch with neither is reported, not guessed at.
 *
 * The URL and title come from GitHub: a URL that is not the ref's own
 * `https://<webHost>/<owner>/<repo>/pull/<n>` is not written (a note says
 * why), and the title's control characters are written escaped, so no answer
 * can add lines to a ledger or a record (issue 13 item 1).
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { escapeControls } from '../control-chars.js';
import { writeAtomic } from '../sync/atomic.js';
import { badRefUrl, shown } from '../sync/server-strings.js';
import { addCollisionToLedger, addCollisionToRecord } from './record-collision.js';
import type { DiscoverResult } from './run.js';

export async function writeCollisions(
  root: string,
  certain: DiscoverResult['certain'],
  webHost = 'github.com',
): Promise<{ written: string[]; notes: string[] }> {
  const byFile = new Map<string, DiscoverResult['certain']>();
  const written: string[] = [];
  const notes: string[] = [];
  for (const c of certain) {
    const bad = badRefUrl(c.url, c.ref.toLowerCase(), webHost);
    if (bad !== null) {
      notes.push(`${c.ref}: not recorded in ${c.file}: GitHub's URL ${shown(c.url)} is ${bad}`);
      continue;
    }
    const safe = { ...c, title: escapeControls(c.title) };
    byFile.set(c.file, [...(byFile.get(c.file) ?? []), safe]);
  }
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
