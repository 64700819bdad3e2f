/**
 * One upstream history, two ways: a real git repository in a temp folder
 * (for --upstream-dir) and the same commits, refs and trees as fake GitHub
 * data, so a test can ask both and compare verdicts.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FakeCommit, FakeRepoData } from '../../support/fake-github-data.js';

export interface UpstreamCommit {
  message: string;
  /** Files written (text) or deleted (null) by this commit, on top of the previous tree. */
  files: Record<string, string | null>;
  /** Tags pointing at this commit. */
  tags?: string[];
}

export interface Upstream {
  dir: string;
  /** One per commit, in order. */
  shas: string[];
  /** The same history as fake GitHub data (no PRs: add them with the shas). */
  fake: FakeRepoData;
  cleanup(): void;
}

export function makeUpstream(commits: readonly UpstreamCommit[]): Upstream {
  const dir = mkdtempSync(path.join(tmpdir(), 'upstream-'));
  const run = (args: string[], env: Record<string, string> = {}) =>
    execFileSync('git', args, {
      cwd: dir,
      encoding: 'utf8',
      env: { ...process.env, ...env, GIT_CONFIG_NOSYSTEM: '1', HOME: dir },
    }).trim();
  run(['init', '-q', '-b', 'main']);
  const shas: string[] = [];
  const trees: Record<string, string>[] = [];
  const fakeCommits: FakeCommit[] = [];
  const refs: Record<string, string> = {};
  let tree: Record<string, string> = {};
  commits.forEach((c, i) => {
    tree = { ...tree };
    for (const [file, text] of Object.entries(c.files)) {
      const abs = path.join(dir, file);
      if (text === null) {
        rmSync(abs, { force: true });
        delete tree[file];
      } else {
        mkdirSync(path.dirname(abs), { recursive: true });
        writeFileSync(abs, text);
        tree[file] = text;
      }
    }
    run(['add', '-A']);
    const date = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
    run(
      [
        '-c',
        'user.name=Up Stream',
        '-c',
        'user.email=up@example.com',
        'commit',
        '-q',
        '--allow-empty',
        '-m',
        c.message,
      ],
      { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date },
    );
    const sha = run(['rev-parse', 'HEAD']);
    for (const tag of c.tags ?? []) {
      run(['tag', tag]);
      refs[tag] = sha;
    }
    fakeCommits.push({
      sha,
      parents: i === 0 ? [] : [shas[i - 1] as string],
      message: c.message,
      date,
    });
    shas.push(sha);
    trees.push(tree);
  });
  const last = shas[shas.length - 1];
  if (last !== undefined) refs['main'] = last;
  const files: Record<string, Record<string, string>> = {};
  shas.forEach((sha, i) => (files[sha] = trees[i] ?? {}));
  return {
    dir,
    shas,
    fake: { commits: fakeCommits, refs, files },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}
