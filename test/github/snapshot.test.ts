import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { GitHubUnavailableError } from '../../src/github/client.js';
import { createGitHubClient, recordingClient, replayClient } from '../../src/github/index.js';
import { formatSnapshot } from '../../src/github/snapshot.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { optionsFor, SAMPLE_REFS, SAMPLE_REPOS, TEST_TOKEN } from './sample-repos.js';

let gh: FakeGitHub;
let dir: string;
beforeAll(async () => {
  gh = await startFakeGitHub({ repos: SAMPLE_REPOS });
  dir = await mkdtemp(join(tmpdir(), 'upstream-status-snapshot-'));
});
afterAll(async () => {
  await gh.close();
  await rm(dir, { recursive: true, force: true });
});
beforeEach(() => gh.reset());

describe('record and replay', () => {
  it('keeps every answer when two resolves overlap', async () => {
    const file = join(dir, 'overlap.json');
    const client = recordingClient(createGitHubClient(optionsFor(gh)), file);
    const half = Math.ceil(SAMPLE_REFS.length / 2);
    const [a, b] = await Promise.all([
      client.resolve(SAMPLE_REFS.slice(0, half)),
      client.resolve(SAMPLE_REFS.slice(half)),
    ]);
    const all = new Map([...a.results, ...b.results]);
    expect(await readFile(file, 'utf8')).toBe(formatSnapshot(all));
  });

  it('replays what was recorded, with no requests, and the file holds no token', async () => {
    const file = join(dir, 'round-trip.json');
    const refs = [...SAMPLE_REFS, { key: 'acme/engine#999', kindHint: null }];
    const recorded = await recordingClient(createGitHubClient(optionsFor(gh)), file).resolve(refs);
    const text = await readFile(file, 'utf8');
    expect(text).not.toContain(TEST_TOKEN);
    expect(text).not.toMatch(/authorization|x-ratelimit/i);
    expect(text.endsWith('}\n')).toBe(true);
    expect(text).toBe(formatSnapshot(recorded.results));

    gh.reset();
    const replayed = await (await replayClient(file)).resolve(refs);
    expect(replayed.results).toEqual(recorded.results);
    expect(replayed.requests).toBe(0);
    expect(gh.requests).toHaveLength(0);
  });

  it('writes keys sorted, 2-space JSON, schemaVersion 1, and merges the resolves of one run', async () => {
    const file = join(dir, 'merged.json');
    const client = recordingClient(createGitHubClient(optionsFor(gh)), file);
    await client.resolve([{ key: 'acme/transport#1', kindHint: null }]);
    await client.resolve([{ key: 'acme/engine#15', kindHint: null }]);
    const parsed = JSON.parse(await readFile(file, 'utf8')) as {
      schemaVersion: number;
      answers: object;
    };
    expect(parsed.schemaVersion).toBe(1);
    expect(Object.keys(parsed.answers)).toEqual(['acme/engine#15', 'acme/transport#1']);
    expect(await readFile(file, 'utf8')).toMatch(
      /^\{\n {2}"schemaVersion": 1,\n {2}"answers": \{\n {4}"acme\/engine#15": \{/,
    );
  });

  it('fails a replay of a ref the snapshot lacks, naming it', async () => {
    const file = join(dir, 'partial.json');
    await recordingClient(createGitHubClient(optionsFor(gh)), file).resolve(
      SAMPLE_REFS.slice(0, 1),
    );
    const replay = await replayClient(file);
    await expect(replay.resolve([{ key: 'acme/engine#7', kindHint: null }])).rejects.toThrow(
      new GitHubUnavailableError(
        `snapshot ${file} has no answer for acme/engine#7; record it again`,
      ),
    );
  });
});

describe('bad snapshot files', () => {
  const cases: [string, string, RegExp][] = [
    ['not JSON', '{"schemaVersion": 1,', /is not valid JSON/],
    ['another version', '{"schemaVersion": 2, "answers": {}}', /expected "schemaVersion": 1/],
    ['no answers', '{"schemaVersion": 1}', /expected an "answers" object/],
    [
      'a bad key',
      '{"schemaVersion": 1, "answers": {"nope": {"status": "not-found", "message": "x"}}}',
      /"nope" is not an owner\/repo#N key/,
    ],
    [
      'a bad state',
      '{"schemaVersion": 1, "answers": {"a/b#1": {"status": "found", "live": {"kind": "pr", "state": "GONE", "title": "t", "url": "u", "mergedAt": null, "mergeCommit": null, "closedAt": null, "stateReason": null, "reviewDecision": null, "author": null}}}}',
      /the answer for a\/b#1 is not a resolution/,
    ],
  ];

  it.each(cases)('rejects %s with an error naming the file', async (_name, content, message) => {
    const file = join(dir, 'bad.json');
    await writeFile(file, content);
    const error: unknown = await replayClient(file).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect(error).not.toBeInstanceOf(GitHubUnavailableError);
    expect((error as Error).message).toContain(file);
    expect((error as Error).message).toMatch(message);
  });

  it('rejects a missing file with an error naming it', async () => {
    const file = join(dir, 'absent.json');
    await expect(replayClient(file)).rejects.toThrow(`cannot read GitHub snapshot ${file}`);
  });
});
