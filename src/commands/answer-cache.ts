/**
 * `check --cache FILE`: GitHub's answers kept between runs, for the pre-rebase
 * hook. While FILE is younger than the time-to-live, the run replays it (no
 * request at all); once it is older, or lacks an answer the run needs (a new
 * ref), the run asks GitHub and records the answers into it again. The file is
 * a --record snapshot: answers only, never the token.
 */
import { mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import type { CheckResult, GitHubSettings } from '../check.js';
import { UsageError } from '../errors.js';
import { GitHubUnavailableError } from '../github/client.js';

export interface AnswerCache {
  file: string;
  ttlMinutes: number;
}

export const DEFAULT_CACHE_TTL_MINUTES = 60;

export function parseCacheFlags(flags: { cache?: string; cacheTtl?: string }): AnswerCache | null {
  if (flags.cache === undefined) {
    if (flags.cacheTtl !== undefined) throw new UsageError('--cache-ttl needs --cache FILE');
    return null;
  }
  const ttl = flags.cacheTtl === undefined ? DEFAULT_CACHE_TTL_MINUTES : Number(flags.cacheTtl);
  if (!Number.isInteger(ttl) || ttl < 0) {
    throw new UsageError(`--cache-ttl must be a whole number of minutes, not "${flags.cacheTtl}"`);
  }
  return { file: flags.cache, ttlMinutes: ttl };
}

async function ageMinutes(file: string, now: Date): Promise<number | null> {
  try {
    return (now.getTime() - (await stat(file)).mtimeMs) / 60_000;
  } catch {
    return null;
  }
}

/** Run with the cache: replay it while fresh and complete, else ask GitHub and record. */
export async function runWithCache(
  run: (github: GitHubSettings) => Promise<CheckResult>,
  github: GitHubSettings,
  cache: AnswerCache,
  now: Date,
): Promise<CheckResult> {
  const age = await ageMinutes(cache.file, now);
  if (age !== null && age >= 0 && age < cache.ttlMinutes) {
    try {
      return await run({ ...github, replay: cache.file, record: null });
    } catch (err) {
      // A new ref, or a cache file that is not a snapshot: ask GitHub afresh.
      if (!(err instanceof GitHubUnavailableError) && !(err instanceof UsageError)) throw err;
    }
  }
  await mkdir(path.dirname(path.resolve(cache.file)), { recursive: true });
  return run({ ...github, replay: null, record: cache.file });
}
