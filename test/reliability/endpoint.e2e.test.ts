/**
 * Issue 13 items 3 and 13 end to end: a bad GitHub URL is a configuration
 * error — exit 2, one line naming it, no request made, no secret printed —
 * not an outage retried for 14 s.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';

const TOKEN = 'ghp_CANARYendpoint0123456789abcdef';
const SECRET = 'ghp_CANARYinurl0123456789';

describe('GitHub URLs are configuration', () => {
  let gh: FakeGitHub;
  let root: string;
  beforeAll(async () => {
    gh = await startFakeGitHub({ repos: { 'o/r': { prs: [{ number: 1, state: 'OPEN' }] } } });
    root = await mkdtemp(path.join(os.tmpdir(), 'us-endpoint-'));
    await writeFile(
      path.join(root, 'patch.upstream.status.md'),
      '| patch | upstream PR | PR state |\n|---|---|---|\n| `a.patch` | o/r#1 | OPEN |\n',
    );
  });
  afterAll(async () => {
    await gh.close();
    await rm(root, { recursive: true, force: true });
  });

  const port = (): string => new URL(gh.url).port;
  it.each([
    [
      'credentials in the API URL',
      () => `http://x:${SECRET}@127.0.0.1:${port()}`,
      /has credentials in it/,
    ],
    [
      'a token as the user part',
      () => `http://${SECRET}@127.0.0.1:${port()}`,
      /has credentials in it/,
    ],
    ['another scheme', () => `ftp://127.0.0.1:${port()}`, /must be an http\(s\) URL, not ftp:/],
    [
      'plain http to a remote host',
      () => 'http://0.0.0.0:9/api/v3',
      /is plain http: the token would be sent unencrypted/,
    ],
  ])('%s: exit 2, no request, nothing secret printed', async (_what, url, message) => {
    gh.reset();
    for (const command of [
      ['check'],
      ['sync', '--dry-run'],
      ['rebase-check', '--onto', 'o/r=v2'],
    ]) {
      const r = await runCli([...command, '--root', root], {
        GH_TOKEN: TOKEN,
        GITHUB_API_URL: url(),
      });
      expect(r.code, command.join(' ')).toBe(2);
      expect(r.stderr.trim().split('\n')).toEqual([expect.stringMatching(message)]);
      expect(r.stdout + r.stderr).not.toContain(SECRET);
      expect(r.stdout + r.stderr).not.toContain(TOKEN);
    }
    expect(gh.requests).toEqual([]);
  });
});
