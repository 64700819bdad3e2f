/**
 * An independent count of GitHub PR/issue URLs in patch preambles, to compare
 * with the tool's mentions. Deliberately naive: a regex over the text before
 * the first diff line, nothing else.
 */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { flattenMentions, type Report } from './types.js';

const URL_RE = /github\.com\/([A-Za-z0-9_.-]+)\/([A-Za-z0-9_.-]+)\/(?:pull|issues)\/(\d+)/g;
const DIFF_START = /^(diff --git |--- |\+\+\+ |Index: )/;
const PATCH_EXT = /\.(patch|diff)$/;
const SKIP_DIRS = new Set(['.git', 'node_modules', 'dist']);

/** Text before the first `diff --git `, `--- `, `+++ ` or `Index: ` line (a bare `---` separator does not end it). */
export function preamble(text: string): string[] {
  const lines = text.split('\n');
  const end = lines.findIndex((l) => DIFF_START.test(l));
  return end === -1 ? lines : lines.slice(0, end);
}

export interface HeaderRef {
  file: string;
  ref: string;
  line: number;
}

export function headerRefs(file: string, text: string): HeaderRef[] {
  const out: HeaderRef[] = [];
  const seen = new Set<string>();
  preamble(text).forEach((l, i) => {
    for (const m of l.matchAll(URL_RE)) {
      const repo = `${m[1]}/${m[2]}`.replace(/\.git$/, '').toLowerCase();
      const ref = `${repo}#${m[3]}`;
      if (seen.has(ref)) continue;
      seen.add(ref);
      out.push({ file, ref, line: i + 1 });
    }
  });
  return out;
}

async function walkPatches(root: string, rel = '', out: string[] = []): Promise<string[]> {
  let entries;
  try {
    entries = await readdir(path.join(root, rel), { withFileTypes: true });
  } catch {
    return out;
  }
  for (const e of entries) {
    const p = rel ? `${rel}/${e.name}` : e.name;
    if (e.isDirectory()) {
      if (!SKIP_DIRS.has(e.name)) await walkPatches(root, p, out);
    } else if (e.isFile() && PATCH_EXT.test(e.name)) {
      out.push(p);
    }
  }
  return out;
}

export interface Yardstick {
  files: number;
  total: number;
  found: number;
  misses: HeaderRef[];
}

/** Patch files = every `*.patch`/`*.diff` in the tree plus the patches the report lists. */
export async function yardstick(root: string, report: Report): Promise<Yardstick> {
  const files = new Set(await walkPatches(root));
  for (const p of report.patches) files.add(p.path);
  const mentioned = new Set(flattenMentions(report).map((m) => `${m.source}\u0000${m.ref}`));
  const misses: HeaderRef[] = [];
  let total = 0;
  for (const f of [...files].sort()) {
    let text: string;
    try {
      text = await readFile(path.join(root, f), 'latin1');
    } catch {
      continue;
    }
    for (const h of headerRefs(f, text)) {
      total++;
      if (!mentioned.has(`${f}\u0000${h.ref}`)) misses.push(h);
    }
  }
  return { files: files.size, total, found: total - misses.length, misses };
}
