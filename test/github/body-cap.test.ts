/**
 * Issue 13 item 10: each request's abort link is released when its exchange
 * is done, so listeners never pile up on the session's signal. (The cap on
 * bodies, item 2, is http-fetch.ts's: test/github/http-fetch.test.ts.)
 */
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linkedSignal } from '../../src/github/body-cap.js';
import { GitHubSession } from '../../src/github/octokit.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';

describe('abort links', () => {
  it('linkedSignal follows its parent until released', () => {
    const parent = new AbortController();
    const a = linkedSignal(parent.signal);
    const b = linkedSignal(parent.signal);
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(2);
    a.release();
    expect(getEventListeners(parent.signal, 'abort')).toHaveLength(1);
    parent.abort(new Error('stop'));
    expect([a.signal.aborted, b.signal.aborted]).toEqual([false, true]);
  });

  let gh: FakeGitHub;
  beforeAll(async () => {
    gh = await startFakeGitHub({ repos: { 'o/r': { prs: [{ number: 1, state: 'OPEN' }] } } });
  });
  afterAll(() => gh.close());

  it('300 requests in one session leave no listener behind on its signal', async () => {
    const session = new GitHubSession({ token: null, apiUrl: gh.url, timeoutSeconds: 60 });
    const defaults = session.octokit.request.endpoint.DEFAULTS as {
      request?: { signal?: AbortSignal };
    };
    const signal = defaults.request?.signal;
    if (signal === undefined) throw new Error('the session passes no signal');
    const counts = await session.run(async (octokit) => {
      const seen: number[] = [];
      for (let i = 0; i < 300; i++) {
        await octokit.request('GET /repos/{owner}/{repo}/pulls/{n}', {
          owner: 'o',
          repo: 'r',
          n: 1,
        });
        seen.push(getEventListeners(signal, 'abort').length);
      }
      return seen;
    });
    // Only run()'s own listener stays while the session is running.
    expect(Math.max(...counts)).toBe(1);
  });
});
