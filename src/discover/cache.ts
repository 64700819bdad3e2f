/**
 * The discover cache: each open PR's files and hunks, keyed by its head
 * commit, so a daily run fetches again only the PRs that were pushed to.
 * One JSON file per repository under the cache folder; written atomically.
 */
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PrFile } from './replay.js';

export interface CachedPr {
  head: string;
  files: PrFile[];
}

export type PrCache = Map<number, CachedPr>;

function fileFor(dir: string, repo: string): string {
  return path.join(dir, `discover-${repo.replace('/', '__')}.json`);
}

export async function loadCache(dir: string, repo: string): Promise<PrCache> {
  try {
    const json = JSON.parse(await readFile(fileFor(dir, repo), 'utf8')) as {
      version?: number;
      prs?: Record<string, CachedPr>;
    };
    if (json.version !== 1 || typeof json.prs !== 'object' || json.prs === null) return new Map();
    return new Map(Object.entries(json.prs).map(([n, pr]) => [Number(n), pr]));
  } catch {
    return new Map();
  }
}

export async function saveCache(dir: string, repo: string, cache: PrCache): Promise<void> {
  await mkdir(dir, { recursive: true });
  const target = fileFor(dir, repo);
  const temp = `${target}.${process.pid}.tmp`;
  const prs = Object.fromEntries(
    [...cache].sort(([a], [b]) => a - b).map(([n, pr]) => [String(n), pr]),
  );
  await writeFile(temp, `${JSON.stringify({ version: 1, prs })}\n`);
  await rename(temp, target);
}
