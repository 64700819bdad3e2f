/**
 * The project's own repository (src/own-repo.ts): read from the `origin`
 * remote of a plain checkout, else from GITHUB_REPOSITORY on Actions when
 * the workspace holds the root; never guessed otherwise.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { originUrl, ownRepository, repoOfRemote } from '../src/own-repo.js';

describe('originUrl', () => {
  it('reads the first url of [remote "origin"], whatever comes before it', () => {
    const config = [
      '[core]',
      '\trepositoryformatversion = 0',
      '[remote "upstream"]',
      '\turl = https://github.com/vllm-project/vllm.git',
      '[Remote "origin"] ; the checkout',
      '\t# url = https://github.com/old/name.git',
      '\tURL = "git@github.com:Acme-AI/Infera.git"',
      '\turl = https://github.com/second/url.git',
      '\tfetch = +refs/heads/*:refs/remotes/origin/*',
    ].join('\n');
    expect(originUrl(config)).toBe('git@github.com:Acme-AI/Infera.git');
  });

  it('is null without an origin remote, and for a remote whose name only differs in case', () => {
    expect(originUrl('[remote "upstream"]\n\turl = https://github.com/a/b\n')).toBeNull();
    expect(originUrl('[remote "Origin"]\n\turl = https://github.com/a/b\n')).toBeNull();
    expect(originUrl('')).toBeNull();
  });
});

describe('repoOfRemote', () => {
  it.each([
    ['https://github.com/Acme-AI/Infera.git', 'acme-ai/infera'],
    ['https://github.com/acme-ai/infera/', 'acme-ai/infera'],
    ['https://x-access-token:secret@github.com/acme-ai/infera', 'acme-ai/infera'],
    ['ssh://git@github.com:22/acme-ai/infera.git', 'acme-ai/infera'],
    ['git@github.com:acme-ai/infera.git', 'acme-ai/infera'],
    ['github.com:acme-ai/socket.io', 'acme-ai/socket.io'],
  ])('reads %s as %s', (url, repo) => {
    expect(repoOfRemote(url, 'github.com')).toBe(repo);
  });

  it.each([
    'https://gitlab.com/acme-ai/infera.git',
    'git@gitlab.com:acme-ai/infera.git',
    '/srv/git/infera.git',
    '../infera',
    'https://github.com/acme-ai',
    'https://github.com/acme-ai/infera/tree/main',
  ])('reads %s as no GitHub repository', (url) => {
    expect(repoOfRemote(url, 'github.com')).toBeNull();
  });

  it('takes a GitHub Enterprise host when that is the configured one', () => {
    expect(repoOfRemote('https://ghe.example.com/team/queue.git', 'ghe.example.com')).toBe(
      'team/queue',
    );
    expect(repoOfRemote('https://ghe.example.com/team/queue.git', 'github.com')).toBeNull();
  });
});

describe('ownRepository', () => {
  let base: string;
  const git = (cwd: string, ...args: string[]) =>
    execFileSync('git', args, { cwd, stdio: ['ignore', 'ignore', 'ignore'] });
  // No variable that steers git's search, as a plain shell has none.
  const plainEnv = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !k.startsWith('GIT_') && !k.startsWith('GITHUB_')),
  ) as NodeJS.ProcessEnv;

  beforeAll(() => {
    base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'us-own-')));
    for (const name of ['with-origin', 'local-origin', 'no-remote']) {
      mkdirSync(path.join(base, name, 'deploy', 'docker'), { recursive: true });
      git(path.join(base, name), 'init', '-q');
    }
    git(
      path.join(base, 'with-origin'),
      'remote',
      'add',
      'origin',
      'git@github.com:Acme-AI/Infera.git',
    );
    git(path.join(base, 'local-origin'), 'remote', 'add', 'origin', '/srv/git/infera.git');
    mkdirSync(path.join(base, 'download', 'deploy'), { recursive: true });
  });
  afterAll(() => rmSync(base, { recursive: true, force: true }));

  it("reads a checkout's origin, from any folder below its top", () => {
    const root = path.join(base, 'with-origin', 'deploy', 'docker');
    expect(ownRepository(root, plainEnv, 'github.com')).toBe('acme-ai/infera');
  });

  it('knows none from a remote elsewhere, no remote, or a tree outside any checkout', () => {
    for (const name of ['local-origin', 'no-remote', 'download'])
      expect(ownRepository(path.join(base, name), plainEnv, 'github.com')).toBeNull();
  });

  it("takes GITHUB_REPOSITORY on Actions, only for a root inside the job's workspace", () => {
    const actions = {
      ...plainEnv,
      GITHUB_ACTIONS: 'true',
      GITHUB_REPOSITORY: 'Acme-AI/Infera',
      GITHUB_WORKSPACE: path.join(base, 'download'),
    };
    const root = path.join(base, 'download', 'deploy');
    expect(ownRepository(root, actions, 'github.com')).toBe('acme-ai/infera');
    expect(ownRepository(path.join(base, 'no-remote'), actions, 'github.com')).toBeNull();
    expect(ownRepository(root, { ...actions, GITHUB_ACTIONS: undefined }, 'github.com')).toBeNull();
    expect(
      ownRepository(root, { ...actions, GITHUB_REPOSITORY: 'not a repo' }, 'github.com'),
    ).toBeNull();
  });

  it('reads the repository GIT_DIR names, as a hook in a linked work tree sees it', () => {
    const main = path.join(base, 'with-origin');
    git(
      main,
      '-c',
      'user.name=t',
      '-c',
      'user.email=t@t',
      'commit',
      '-q',
      '--allow-empty',
      '-m',
      'x',
    );
    const tree = path.join(base, 'linked');
    git(main, 'worktree', 'add', '-q', tree);
    // What git sets for a hook there: the work tree's own git dir, whose commondir is the main one.
    const gitDir = path.join(main, '.git', 'worktrees', 'linked');
    expect(ownRepository(tree, { ...plainEnv, GIT_DIR: gitDir }, 'github.com')).toBe(
      'acme-ai/infera',
    );
    // Another variable that steers git, and no GIT_DIR: git would have to be asked; it is not.
    expect(
      ownRepository(main, { ...plainEnv, GIT_CEILING_DIRECTORIES: base }, 'github.com'),
    ).toBeNull();
  });
});
