/**
 * Issue 13 item 10: one abort listener per request piled up on the
 * session's shared signal (~12,800 MaxListenersExceededWarning lines at 1M
 * refs), breaking the one-line stderr contract. Each request now listens
 * through its own linked signal, released when its body is done.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startFakeGitHub, type FakeGitHub, type FakePr } from '../support/fake-github.js';
import { canaryToken, runCli, TODAY } from './support/cli.js';

const TOKEN = canaryToken(47);
const REFS = 400;

let gh: FakeGitHub;
let root: string;
beforeAll(async () => {
  const prs: FakePr[] = Array.from({ length: REFS }, (_, i) => ({ number: i + 1, state: 'OPEN' }));
  gh = await startFakeGitHub({ repos: { 'o/r': { prs } }, token: TOKEN });
  root = await mkdtemp(path.join(os.tmpdir(), 'us-listeners-'));
  const rows = prs.map((p) => `| \`p${p.number}.patch\` | o/r#${p.number} | OPEN |`);
  await writeFile(
    path.join(root, 'patch.upstream.status.md'),
    ['| patch | upstream PR | PR state |', '|---|---|---|', ...rows, ''].join('\n'),
  );
  await writeFile(
    path.join(root, '.upstream-status.yml'),
    'github: { chunkSize: 1, concurrency: 16 }\nrules: { missing-patch: off }\n',
  );
});
afterAll(async () => {
  await gh.close();
  await rm(root, { recursive: true, force: true });
});

it(`${REFS} requests in one session: no listener warning, stderr empty`, async () => {
  const r = await runCli(['check', '--root', root, '--format', 'json', ...TODAY], {
    GH_TOKEN: TOKEN,
    GITHUB_API_URL: gh.url,
  });
  expect(gh.requests.length).toBeGreaterThanOrEqual(REFS);
  expect(r.stderr).not.toContain('MaxListenersExceededWarning');
  expect(r.stderr).toBe('');
  expect(r.code).toBe(0);
});
