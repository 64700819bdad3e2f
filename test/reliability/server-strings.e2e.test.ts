/**
 * Issue 13 item 1: nothing GitHub says may become code. A compromised
 * server (the hostile fake's `tamper` fault) or a crafted `--replay`
 * snapshot sends a review decision that breaks out of a `.sh` header comment
 * and an `Applied-Upstream` URL that adds a hunk to a DEP-3 patch; `sync`
 * must write neither, say so naming the ref, file and line, and still write
 * what is sound.
 */
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile, mkdir } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './support/cli.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';

const TOKEN = 'ghp_CANARYhostile0123456789abcdef';
const TODAY = ['--today', '2026-08-20'];
const SH = 'patches/fix.sh';
const DEP3 = 'debian/patches/fix.patch';
const MARKER = 'pwned';
export const HOSTILE_DECISION = `APPROVED\ntouch ${MARKER} #`;
export const HOSTILE_URL = [
  'https://github.com/example-org/engine/pull/4102',
  '--- /dev/null',
  `+++ b/${MARKER}`,
  '@@ -0,0 +1 @@',
  '+owned',
].join('\n');

const SH_TEXT = [
  '#!/bin/sh',
  '# Fix rows.',
  '#',
  '# UPSTREAM STATUS (re-queried 2026-08-11)',
  '#   own PR   example-org/engine#4101 (alice, OPEN, REVIEW_REQUIRED).',
  'echo patched',
  '',
].join('\n');

const DEP3_TEXT = [
  'Description: fix rows',
  'Forwarded: https://github.com/example-org/engine/pull/4102',
  'Last-Update: 2026-08-01',
  '---',
  '--- a/x.py',
  '+++ b/x.py',
  '@@ -1 +1 @@',
  '-a',
  '+b',
  '',
].join('\n');

async function makeTree(): Promise<string> {
  const root = await mkdtemp(path.join(os.tmpdir(), 'us-hostile-'));
  await mkdir(path.join(root, 'patches'));
  await mkdir(path.join(root, 'debian', 'patches'), { recursive: true });
  await writeFile(path.join(root, SH), SH_TEXT);
  await writeFile(path.join(root, DEP3), DEP3_TEXT);
  await writeFile(path.join(root, 'x.py'), 'a\n');
  await writeFile(path.join(root, '.upstream-status.yml'), 'patches: { dir: patches }\n');
  return root;
}

/** Replace the strings of PR 4101's review decision and PR 4102's URL wherever the answer has them. */
function hostile(json: unknown): unknown {
  if (Array.isArray(json)) return json.map(hostile);
  if (typeof json !== 'object' || json === null) return json;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(json)) out[k] = hostile(v);
  if (out['number'] === 4101 && 'reviewDecision' in out) out['reviewDecision'] = HOSTILE_DECISION;
  if (out['number'] === 4102 && typeof out['url'] === 'string') out['url'] = HOSTILE_URL;
  return out;
}

/** What the two payloads would do if written: run the script, apply the patch. */
function effects(root: string): { ran: boolean; patchTouches: string[] } {
  execFileSync('sh', [SH], { cwd: root, stdio: 'ignore' });
  const numstat = execFileSync('git', ['apply', '--numstat', DEP3], {
    cwd: root,
    encoding: 'utf8',
  });
  return {
    ran: existsSync(path.join(root, MARKER)),
    patchTouches: numstat
      .trim()
      .split('\n')
      .map((l) => l.split('\t')[2] ?? ''),
  };
}

function expectRefused(r: { code: number | null; stdout: string; stderr: string }): void {
  expect(r.code).toBe(0);
  expect(r.stderr).toMatch(
    /note: patches\/fix\.sh: line 5: not writing GitHub's review decision for example-org\/engine#4101: "APPROVED\\ntouch pwned #" is not one of/,
  );
  expect(r.stderr).toMatch(
    /note: debian\/patches\/fix\.patch: line 2: not adding Applied-Upstream for example-org\/engine#4102: GitHub's URL "https:\/\/github\.com\/example-org\/engine\/pull\/4102\\n--- \/dev\/null/,
  );
  expect(r.stdout + r.stderr).not.toContain(TOKEN);
}

async function expectSafe(root: string): Promise<void> {
  expect(effects(root)).toEqual({ ran: false, patchTouches: ['x.py'] });
  const sh = await readFile(path.join(root, SH), 'utf8');
  // The sound part of the answer is still written: the block's date.
  expect(sh).toBe(SH_TEXT.replace('re-queried 2026-08-11', 're-queried 2026-08-20'));
  expect(await readFile(path.join(root, DEP3), 'utf8')).toBe(DEP3_TEXT);
}

describe('hostile server strings are never written by sync', () => {
  let gh: FakeGitHub;
  const roots: string[] = [];
  beforeAll(async () => {
    gh = await startFakeGitHub({
      repos: {
        'example-org/engine': {
          prs: [
            { number: 4101, state: 'OPEN', reviewDecision: 'REVIEW_REQUIRED' },
            { number: 4102, state: 'MERGED' },
          ],
        },
      },
      token: TOKEN,
      faults: [{ kind: 'tamper', match: 'graphql', edit: hostile }],
    });
  });
  afterAll(async () => {
    await gh.close();
    for (const root of roots) await rm(root, { recursive: true, force: true });
  });

  it('a tampered GraphQL answer: no shell line in the .sh header, no hunk in the DEP-3 patch', async () => {
    const root = await makeTree();
    roots.push(root);
    const r = await runCli(['sync', '--root', root, ...TODAY], {
      GH_TOKEN: TOKEN,
      GITHUB_API_URL: gh.url,
    });
    await expectSafe(root);
    expectRefused(r);
  });

  it('a crafted --replay snapshot: the same two payloads are refused', async () => {
    const root = await makeTree();
    roots.push(root);
    const live = (n: number, extra: Record<string, unknown>) => ({
      status: 'found',
      live: {
        kind: 'pr',
        title: `PR ${n}`,
        url: `https://github.com/example-org/engine/pull/${n}`,
        mergedAt: null,
        mergeCommit: null,
        closedAt: null,
        stateReason: null,
        reviewDecision: null,
        author: 'octocat',
        ...extra,
      },
    });
    const snapshot = {
      schemaVersion: 1,
      answers: {
        'example-org/engine#4101': live(4101, { state: 'OPEN', reviewDecision: HOSTILE_DECISION }),
        'example-org/engine#4102': live(4102, {
          state: 'MERGED',
          mergedAt: '2026-08-12T09:30:00Z',
          closedAt: '2026-08-12T09:30:00Z',
          url: HOSTILE_URL,
        }),
      },
    };
    const file = path.join(root, 'snapshot.json');
    await writeFile(file, JSON.stringify(snapshot));
    const r = await runCli(['sync', '--root', root, '--replay', file, ...TODAY]);
    await expectSafe(root);
    expectRefused(r);
  });
});
