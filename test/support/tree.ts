/** A tree of files for a test: each `rel → text` written under `root`, folders made. */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function writeFiles(root: string, files: Record<string, string>): string {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  return root;
}
