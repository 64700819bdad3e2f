/**
 * Which patches `rebase-check` looks at, which upstream each belongs to, and
 * which `--onto` targets apply to each. Pure over the collected sources.
 */
import path from 'node:path';
import type { Config } from '../config-types.js';
import { repoForPatch } from '../config.js';
import type { Collected } from '../collect.js';
import { UsageError } from '../errors.js';

/** `--onto [owner/repo@]REF`; repo null for a bare REF. */
export interface OntoTarget {
  repo: string | null;
  ref: string;
}

export interface PatchTarget {
  /** Root-relative patch path. */
  patch: string;
  /** `owner/repo`, lower-cased; null when nothing says. */
  repo: string | null;
  kind: 'diff' | 'script';
}

const ONTO = /^(?:([A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+)@)?(\S+)$/;

/** `owner/repo@REF` or `REF`; anything else is a usage error naming the value. */
export function parseOnto(text: string): OntoTarget {
  const match = ONTO.exec(text.trim());
  const ref = match?.[2];
  if (!match || ref === undefined || ref.startsWith('-') || ref.includes('..')) {
    throw new UsageError(`--onto ${JSON.stringify(text)} is not [owner/repo@]REF`);
  }
  return { repo: match[1]?.toLowerCase() ?? null, ref };
}

/**
 * Every live patch file: found on disk, retired by no source, and not listed
 * as "not a patch". Its repo: the record/ledger's, else `repos.defaults`.
 */
export function patchTargets(collected: Collected, config: Config): PatchTarget[] {
  const notPatches = new Set(collected.sources.flatMap((s) => s.notPatches));
  const out: PatchTarget[] = [];
  for (const patch of collected.patchFiles) {
    const entries = collected.indexed.get(patch) ?? [];
    if (notPatches.has(patch) || entries.some((e) => e.retired)) continue;
    const repo =
      entries.find((e) => e.repo !== null)?.repo ??
      repoForPatch(config, patch, patchesDirOf(collected, patch));
    const ext = path.posix.extname(patch).toLowerCase();
    out.push({ patch, repo, kind: ext === '.diff' || ext === '.patch' ? 'diff' : 'script' });
  }
  return out;
}

/** The deepest patches folder holding `patch` (as collect.ts picks it for headers). */
function patchesDirOf(collected: Collected, patch: string): string | null {
  let best: string | null = null;
  for (const { dir } of collected.discovery.patchDirs) {
    const holds = dir === '.' || dir === '' || patch.startsWith(`${dir}/`);
    if (holds && (best === null || dir.length > best.length)) best = dir;
  }
  return best;
}

/** `owner/repo@REF`, or just REF when the repo is not known. */
export function describeTarget(repo: string | null, ref: string): string {
  return repo === null ? ref : `${repo}@${ref}`;
}
