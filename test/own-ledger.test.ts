/**
 * The project tracks its own workarounds in patch.upstream.status.md (issue
 * 15): a source file that says `upstream-workaround:` must have a row there,
 * and every row must name an upstream ref or say plainly that none is filed.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parseLedger } from '../src/sources/ledger/index.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const LEDGER = 'patch.upstream.status.md';
const TAG = /\bupstream-workaround:/;

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(path.join(ROOT, dir))) {
    const rel = `${dir}/${name}`;
    if (statSync(path.join(ROOT, rel)).isDirectory()) out.push(...sourceFiles(rel));
    else if (rel.endsWith('.ts')) out.push(rel);
  }
  return out;
}

const text = readFileSync(path.join(ROOT, LEDGER), 'utf8');
const ledger = parseLedger({ path: LEDGER, text, patchesDir: '.' });

describe('our own ledger', () => {
  it('reads without a problem or an ambiguous ref', () => {
    expect(ledger.problems).toEqual([]);
    expect(ledger.ambiguous).toEqual([]);
  });

  it('has a row for every source file tagged as a workaround', () => {
    const tagged = sourceFiles('src').filter((f) =>
      TAG.test(readFileSync(path.join(ROOT, f), 'utf8')),
    );
    expect(tagged.length).toBeGreaterThan(0);
    const indexed = new Set(ledger.patches.map((p) => p.path));
    expect(tagged.filter((f) => !indexed.has(f))).toEqual([]);
  });

  it('names an upstream ref, or says none is filed, in every row', () => {
    const lines = text.split('\n');
    for (const patch of ledger.patches) {
      const refs = ledger.mentions.filter((m) => m.line === patch.line);
      const row = lines[patch.line - 1] ?? '';
      expect({ patch: patch.path, ok: refs.length > 0 || /none filed/i.test(row) }).toEqual({
        patch: patch.path,
        ok: true,
      });
    }
    // Ditto rows (a second workaround in the same file) must say it too.
    for (const row of lines.filter((l) => /^\|\s*″/.test(l))) {
      expect(/none filed|\]\(https:\/\/github\.com\//.test(row)).toBe(true);
    }
  });
});
