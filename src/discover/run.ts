/**
 * `discover`: for each upstream repository of the queue, its open PRs (one
 * GraphQL query per 100), those touching a footprint file, their hunks (REST
 * `pulls/{n}/files`, cached by head commit), and a replay of each over each
 * patch at its pinned base. Findings for collisions no source records.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Config } from '../config-types.js';
import type { Collected } from '../collect.js';
import { collectFootprints } from '../footprint/collect.js';
import type { Footprint } from '../footprint/types.js';
import { createGitHubContents, fileKey, type FileRequest } from '../github/contents.js';
import { GitHubSession, mapLimited } from '../github/octokit.js';
import type { Finding } from '../model.js';
import { baseRevision, basesFor, collectPinnedBases } from '../rules/pinned.js';
import { loadCache, saveCache } from './cache.js';
import { collisionFinding, isRecorded, placeFor } from './findings.js';
import { listOpenPrs, pullFiles, type OpenPr } from './open-prs.js';
import { replayPr, type PrFile } from './replay.js';

export interface DiscoverOptions {
  root: string;
  config: Config;
  github: { token: string; apiUrl: string; graphqlUrl: string };
  /** Root-relative cache folder. */
  cacheDir: string;
  nearLines?: number;
}

export interface DiscoverResult {
  findings: Finding[];
  graphqlRequests: number;
  restRequests: number;
  /** PRs whose files were fetched this run (not served by the cache). */
  fetched: number;
  /** Certain collisions, with where to record them (for `--add-collisions`). */
  certain: { ref: string; url: string; title: string; file: string; line: number }[];
  notes: string[];
  collected: Collected;
}

export async function runDiscover(opts: DiscoverOptions): Promise<DiscoverResult> {
  const { footprints, collected } = await collectFootprints(opts.root, opts.config);
  const pinned = collectPinnedBases(collected.sources, opts.config);
  const transport = {
    token: opts.github.token,
    apiUrl: opts.github.apiUrl,
    timeoutSeconds: opts.config.github.timeoutSeconds,
  };
  const { concurrency } = opts.config.github;
  const result: DiscoverResult = {
    findings: [],
    graphqlRequests: 0,
    restRequests: 0,
    fetched: 0,
    certain: [],
    notes: [],
    collected,
  };
  const byRepo = new Map<string, { fp: Footprint; base: string }[]>();
  for (const fp of footprints) {
    const repo = fp.files.find((f) => f.repo !== null)?.repo ?? fp.repo;
    if (repo === null || fp.files.length === 0) continue;
    const base = basesFor(pinned, repo, fp.patch)[0];
    if (!base) {
      result.notes.push(
        `${fp.patch}: no pinned base for ${repo} (set bases in the config): not replayed`,
      );
      continue;
    }
    byRepo.set(repo, [...(byRepo.get(repo) ?? []), { fp, base: baseRevision(base) }]);
  }
  const cacheDir = path.join(opts.root, opts.cacheDir);
  for (const [repo, patches] of [...byRepo].sort(([a], [b]) => a.localeCompare(b))) {
    const listing = new GitHubSession(transport);
    const prs = await listing.run((o) => listOpenPrs(o, opts.github.graphqlUrl, repo));
    result.graphqlRequests += listing.requests;
    const paths = new Set(patches.flatMap(({ fp }) => fp.files.flatMap((f) => f.candidates)));
    const candidates = prs.filter((pr) => pr.morePaths || pr.paths.some((p) => paths.has(p)));
    const cache = await loadCache(cacheDir, repo);
    const stale = candidates.filter((pr) => cache.get(pr.number)?.head !== pr.headRefOid);
    const rest = new GitHubSession(transport);
    const fetched = await rest.run((o) =>
      mapLimited(stale, concurrency, (pr) => pullFiles(o, repo, pr.number)),
    );
    result.restRequests += rest.requests;
    result.fetched += stale.length;
    stale.forEach((pr, i) =>
      cache.set(pr.number, { head: pr.headRefOid, files: fetched[i] ?? [] }),
    );
    for (const n of [...cache.keys()]) if (!prs.some((pr) => pr.number === n)) cache.delete(n);
    await saveCache(cacheDir, repo, cache);
    const filesOf = (pr: OpenPr): PrFile[] => cache.get(pr.number)?.files ?? [];
    const base = await readBases(repo, patches, candidates, filesOf, {
      ...transport,
      concurrency,
      graphqlUrl: opts.github.graphqlUrl,
    });
    result.graphqlRequests += base.requests;
    for (const { fp, base: rev } of patches) {
      const patchText =
        fp.kind === 'diff' ? await readFile(path.join(opts.root, fp.patch), 'utf8') : null;
      const texts = new Map<string, string>();
      for (const f of fp.files)
        for (const c of f.candidates) {
          const got = base.files.get(fileKey({ repo, ref: rev, path: c }));
          if (got?.kind === 'text') texts.set(c, got.text);
        }
      for (const pr of candidates) {
        const ref = `${repo}#${pr.number}`;
        if (isRecorded(collected, ref, fp.patch)) continue;
        for (const c of replayPr(fp, patchText, texts, filesOf(pr), opts.nearLines ?? 3)) {
          const place = placeFor(collected, fp.patch);
          result.findings.push(collisionFinding(repo, pr, fp.patch, c, place));
          if (c.kind === 'certain')
            result.certain.push({ ref, url: pr.url, title: pr.title, ...place });
        }
      }
    }
  }
  return result;
}

/** Each footprint file a candidate PR touches, at its patch's pinned base. */
async function readBases(
  repo: string,
  patches: readonly { fp: Footprint; base: string }[],
  candidates: readonly OpenPr[],
  filesOf: (pr: OpenPr) => PrFile[],
  opts: Parameters<typeof createGitHubContents>[0],
) {
  const touched = new Set(candidates.flatMap((pr) => filesOf(pr).map((f) => f.path)));
  const wanted: FileRequest[] = patches.flatMap(({ fp, base }) =>
    fp.files.flatMap((f) =>
      f.candidates.filter((c) => touched.has(c)).map((c) => ({ repo, ref: base, path: c })),
    ),
  );
  if (wanted.length === 0) return { files: new Map(), requests: 0 };
  const read = await createGitHubContents(opts).readFiles(wanted);
  return { files: read.files, requests: read.requests };
}
