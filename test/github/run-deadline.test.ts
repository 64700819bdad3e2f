/**
 * Issue 13 item 5: the time bound is per run, not per phase. Every session of
 * one run gets the run's deadline (github/limits.ts); a later phase has only
 * what is left of it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_CONFIG } from '../../src/config-types.js';
import { transportLimits } from '../../src/github/limits.js';
import { GitHubSession } from '../../src/github/octokit.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';

const ask = (session: GitHubSession) =>
  session.run((o) =>
    o.request('GET /repos/{owner}/{repo}/pulls/{n}', { owner: 'o', repo: 'r', n: 1 }),
  );

describe('one deadline per run', () => {
  let gh: FakeGitHub;
  beforeAll(async () => {
    gh = await startFakeGitHub({ repos: { 'o/r': { prs: [{ number: 1, state: 'OPEN' }] } } });
  });
  afterAll(() => gh.close());

  it('transportLimits: the deadline is the start plus timeoutSeconds, for every phase', () => {
    const limits = transportLimits(
      {
        ...DEFAULT_CONFIG,
        github: { ...DEFAULT_CONFIG.github, timeoutSeconds: 3, maxResponseMB: 2 },
      },
      1_000,
    );
    expect(limits.deadline).toBe(4_000);
    expect(limits.maxResponseBytes).toBe(2 * 1024 * 1024);
  });

  it('a session started after the run deadline asks nothing and times out at once', async () => {
    gh.reset();
    const session = new GitHubSession({
      token: null,
      apiUrl: gh.url,
      timeoutSeconds: 60,
      deadline: Date.now() - 1,
    });
    await expect(ask(session)).rejects.toThrow(/did not answer within 60 s/);
    expect(gh.requests).toEqual([]);
  });

  it('a later phase ends at the shared deadline, not its own timeoutSeconds', async () => {
    gh.reset();
    const deadline = Date.now() + 1500;
    const first = new GitHubSession({ token: null, apiUrl: gh.url, timeoutSeconds: 60, deadline });
    await ask(first);
    gh.setFaults([{ kind: 'delay', ms: 30_000 }]);
    const second = new GitHubSession({ token: null, apiUrl: gh.url, timeoutSeconds: 60, deadline });
    // Without the shared deadline this waits 30 s for the answer: the test's own timeout fails it.
    await expect(ask(second)).rejects.toThrow(/did not answer/);
    gh.setFaults([]);
  }, 10_000);
});
