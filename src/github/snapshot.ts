/**
 * Record / replay: a JSON file of GitHub's answers, so a check can run again
 * without the network (CI fixtures, bug reports). It holds only resolutions:
 * never the token, never headers.
 *
 * Format: `{ "schemaVersion": 1, "answers": { "<refKey>": Resolution } }`,
 * keys sorted, 2-space JSON, newline at end.
 */
import { readFile, rename, writeFile } from 'node:fs/promises';
import { STATES, type LiveState, type RefKey, type Resolution } from '../model.js';
import {
  GitHubUnavailableError,
  type GitHubClient,
  type RefRequest,
  type ResolveExtras,
  type ResolveResult,
} from './client.js';

export const SNAPSHOT_SCHEMA_VERSION = 1;

/** Wraps a client; after every resolve, writes everything answered so far in this run. */
export function recordingClient(inner: GitHubClient, file: string): GitHubClient {
  const answers = new Map<RefKey, Resolution>();
  // Resolves may overlap (the ledger's refs are asked while the rest are
  // read): writes go one after another, each with every answer so far.
  let writing: Promise<void> = Promise.resolve();
  return {
    async resolve(refs: readonly RefRequest[], extras?: ResolveExtras): Promise<ResolveResult> {
      const result = await inner.resolve(refs, extras);
      for (const [key, resolution] of result.results) answers.set(key, resolution);
      writing = writing.then(() => writeSnapshot(file, answers));
      await writing;
      return result;
    },
  };
}

/** A client that answers from a snapshot file and never touches the network. */
export async function replayClient(file: string): Promise<GitHubClient> {
  const answers = await readSnapshot(file);
  return {
    resolve(refs: readonly RefRequest[]): Promise<ResolveResult> {
      const results = new Map<RefKey, Resolution>();
      for (const { key } of refs) {
        const answer = answers.get(key);
        if (!answer) {
          return Promise.reject(
            new GitHubUnavailableError(
              `snapshot ${file} has no answer for ${key}; record it again`,
            ),
          );
        }
        results.set(key, answer);
      }
      return Promise.resolve({ results, requests: 0, cost: 0, notes: [] });
    },
  };
}

export function formatSnapshot(answers: ReadonlyMap<RefKey, Resolution>): string {
  const sorted: Record<RefKey, Resolution> = {};
  for (const key of [...answers.keys()].sort()) sorted[key] = answers.get(key) as Resolution;
  return `${JSON.stringify({ schemaVersion: SNAPSHOT_SCHEMA_VERSION, answers: sorted }, null, 2)}\n`;
}

async function writeSnapshot(
  file: string,
  answers: ReadonlyMap<RefKey, Resolution>,
): Promise<void> {
  await writeSnapshotText(file, formatSnapshot(answers));
}

/** Temp file + rename: an interrupted run never leaves half a snapshot. */
export async function writeSnapshotText(file: string, text: string): Promise<void> {
  const temp = `${file}.${process.pid}.tmp`;
  await writeFile(temp, text, 'utf8');
  await rename(temp, file);
}

/** A snapshot file's JSON; a missing or malformed file is an Error naming it. */
export async function readSnapshotJson(file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new Error(`cannot read GitHub snapshot ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new Error(`GitHub snapshot ${file} is not valid JSON: ${(error as Error).message}`, {
      cause: error,
    });
  }
}

/** Read and check a snapshot; any problem is an Error naming the file. */
export async function readSnapshot(file: string): Promise<Map<RefKey, Resolution>> {
  const parsed = await readSnapshotJson(file);
  const problem = (what: string): Error => new Error(`GitHub snapshot ${file}: ${what}`);
  if (!isObject(parsed) || parsed['schemaVersion'] !== SNAPSHOT_SCHEMA_VERSION) {
    throw problem(`expected "schemaVersion": ${SNAPSHOT_SCHEMA_VERSION}`);
  }
  const raw = parsed['answers'];
  if (!isObject(raw)) throw problem('expected an "answers" object');
  const answers = new Map<RefKey, Resolution>();
  for (const [key, value] of Object.entries(raw)) {
    if (!/^[^/#\s]+\/[^/#\s]+#\d+$/.test(key)) throw problem(`"${key}" is not an owner/repo#N key`);
    const resolution = readResolution(value);
    if (!resolution) throw problem(`the answer for ${key} is not a resolution`);
    answers.set(key, resolution);
  }
  return answers;
}

function readResolution(value: unknown): Resolution | null {
  if (!isObject(value)) return null;
  if (value['status'] === 'not-found') {
    return typeof value['message'] === 'string'
      ? { status: 'not-found', message: value['message'] }
      : null;
  }
  if (value['status'] !== 'found') return null;
  const live = readLive(value['live']);
  return live ? { status: 'found', live } : null;
}

const NULLABLE_TEXT = [
  'mergedAt',
  'mergeCommit',
  'closedAt',
  'stateReason',
  'reviewDecision',
  'author',
] as const;

function readLive(value: unknown): LiveState | null {
  if (!isObject(value)) return null;
  const { kind, state, title, url } = value;
  if (kind !== 'pr' && kind !== 'issue') return null;
  if (!STATES.some((s) => s === state) || typeof title !== 'string' || typeof url !== 'string')
    return null;
  if (!NULLABLE_TEXT.every((field) => value[field] === null || typeof value[field] === 'string'))
    return null;
  // Rebuilt field by field so unknown keys in the file never leak through.
  const nullable = Object.fromEntries(NULLABLE_TEXT.map((field) => [field, value[field]])) as Pick<
    LiveState,
    (typeof NULLABLE_TEXT)[number]
  >;
  return { kind, state: state as LiveState['state'], title, url, ...nullable };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
