/**
 * Issue 13 items 2 and 10: an answer's body is counted after decompression
 * and cut past the cap; each request's abort link is released when its body
 * is done, so listeners never pile up on the session's signal.
 */
import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cappedResponse, linkedSignal } from '../../src/github/body-cap.js';
import { GitHubSession } from '../../src/github/octokit.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';

function streamOf(chunks: number, size: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(c) {
      if (sent++ >= chunks) c.close();
      else c.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
}

describe('cappedResponse', () => {
  it('passes a body within the cap through, and says when it is done', async () => {
    let done = 0;
    const r = cappedResponse(
      new Response(streamOf(4, 1000)),
      4000,
      () => {},
      () => done++,
    );
    expect((await r.text()).length).toBe(4000);
    expect(done).toBe(1);
  });

  it('cuts a body past the cap, whatever its declared length', async () => {
    const over: number[] = [];
    let done = 0;
    const r = cappedResponse(
      new Response(streamOf(1000, 1000)),
      4000,
      (n) => over.push(n),
      () => done++,
    );
    await expect(r.text()).rejects.toThrow(/larger than 4000 bytes/);
    expect(over).toEqual([5000]);
    expect(done).toBe(1);
  });

  it('refuses a declared content-length past the cap without reading', async () => {
    const over: number[] = [];
    const big = new Response(streamOf(1, 10), { headers: { 'content-length': '999999' } });
    const r = cappedResponse(
      big,
      4000,
      (n) => over.push(n),
      () => {},
    );
    expect(over).toEqual([999999]);
    expect(await r.text()).toBe('');
  });

  it('keeps status, headers and url (Octokit reads them)', () => {
    const original = new Response('{}', { status: 201, headers: { 'x-a': 'b' } });
    Object.defineProperty(original, 'url', { value: 'http://127.0.0.1/x' });
    const r = cappedResponse(
      original,
      10,
      () => {},
      () => {},
    );
    expect([r.status, r.headers.get('x-a'), r.url]).toEqual([201, 'b', 'http://127.0.0.1/x']);
  });
});

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
