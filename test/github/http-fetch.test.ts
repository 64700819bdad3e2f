/**
 * The transport under Octokit (src/github/http-fetch.ts) does what fetch did
 * for us: inflates compressed answers, caps bodies after inflating them,
 * follows redirects as fetch's "follow" does (without sending the token to
 * another origin), aborts on the signal, and fails to connect in fetch's
 * shape. Each case runs against a real local server.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpFetch, type BodyLimit } from '../../src/github/http-fetch.js';
import { connectFailure } from '../../src/github/connect-failure.js';

const JSON_TEXT = JSON.stringify({ data: { title: 'Fix the allocator — “quoted”', n: 7 } });
const seen: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let other: http.Server;
let otherUrl: string;
let server: http.Server;
let url: string;

function listen(handler: http.RequestListener): Promise<[http.Server, string]> {
  const s = http.createServer(handler);
  return new Promise((resolve) =>
    s.listen(0, '127.0.0.1', () =>
      resolve([s, `http://127.0.0.1:${(s.address() as AddressInfo).port}`]),
    ),
  );
}

beforeAll(async () => {
  [other, otherUrl] = await listen((req, res) => {
    seen.push({ method: req.method ?? '', url: `other${req.url}`, headers: req.headers, body: '' });
    res.end('elsewhere');
  });
  [server, url] = await listen((req, res) => {
    let body = '';
    req.on('data', (d: Buffer) => (body += d.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const path = req.url ?? '';
      const encoding = /^\/(gzip|deflate|br)$/.exec(path)?.[1];
      if (encoding) {
        const packed =
          encoding === 'gzip'
            ? zlib.gzipSync(JSON_TEXT)
            : encoding === 'deflate'
              ? zlib.deflateSync(JSON_TEXT)
              : zlib.brotliCompressSync(JSON_TEXT);
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding });
        res.end(packed);
      } else if (path === '/bomb') {
        // 64 KiB on the wire, 64 MiB inflated.
        res.writeHead(200, { 'content-encoding': 'gzip' });
        res.end(zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, 0x20)));
      } else if (path === '/declared') {
        res.writeHead(200, { 'content-length': String(10 * 1024 * 1024) });
        res.write('x');
      } else if (path === '/hang') {
        res.writeHead(200);
        res.write('{');
      } else if (path.startsWith('/moved/')) {
        const [, , code = '301', to = 'here'] = path.split('/');
        res.writeHead(Number(code), {
          location: to === 'other' ? `${otherUrl}/landed` : '/landed',
        });
        res.end();
      } else if (path === '/loop') {
        res.writeHead(302, { location: '/loop' });
        res.end();
      } else {
        res.writeHead(200, { 'content-type': 'application/json', 'x-twice': ['a', 'b'] });
        res.end(JSON_TEXT);
      }
    });
  });
});
afterAll(async () => {
  for (const s of [server, other]) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
});

const roomy: BodyLimit = { maxBytes: 1024 * 1024, onOverflow: () => {} };

describe('httpFetch', () => {
  it('answers status, url, headers and text, as Octokit reads them', async () => {
    const answer = await httpFetch(`${url}/plain`, {}, roomy);
    expect(answer.status).toBe(200);
    expect(answer.url).toBe(`${url}/plain`);
    expect(answer.headers.get('Content-Type')).toBe('application/json');
    expect(answer.headers.get('x-twice')).toBe('a, b');
    expect(new Map([...answer.headers]).get('content-type')).toBe('application/json');
    expect(await answer.text()).toBe(JSON_TEXT);
    expect(Buffer.from(await answer.arrayBuffer()).toString('utf8')).toBe(JSON_TEXT);
  });

  it('sends method, headers and body, and asks for compressed answers', async () => {
    seen.length = 0;
    await httpFetch(
      `${url}/graphql`,
      { method: 'POST', headers: { Authorization: 'token t0k', 'X-A': 'b' }, body: '{"q":"é"}' },
      roomy,
    );
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/graphql', body: '{"q":"é"}' });
    expect(seen[0]?.headers).toMatchObject({
      authorization: 'token t0k',
      'x-a': 'b',
      'accept-encoding': 'gzip, deflate, br',
      'content-length': String(Buffer.byteLength('{"q":"é"}')),
    });
  });

  it.each(['gzip', 'deflate', 'br'])('inflates %s', async (encoding) => {
    expect(await (await httpFetch(`${url}/${encoding}`, {}, roomy)).text()).toBe(JSON_TEXT);
  });

  it('cuts a body off past the cap counted after inflating, and says so once', async () => {
    const overflows: number[] = [];
    const limit = { maxBytes: 1024 * 1024, onOverflow: (n: number) => overflows.push(n) };
    await expect(httpFetch(`${url}/bomb`, {}, limit)).rejects.toThrow(/larger than 1048576/);
    expect(overflows).toHaveLength(1);
    expect(overflows[0]).toBeGreaterThan(1024 * 1024);
    expect(overflows[0]).toBeLessThan(2 * 1024 * 1024);
  });

  it('does not read a body whose declared length is past the cap', async () => {
    const overflows: number[] = [];
    const limit = { maxBytes: 1024 * 1024, onOverflow: (n: number) => overflows.push(n) };
    const answer = await httpFetch(`${url}/declared`, {}, limit);
    expect(overflows).toEqual([10 * 1024 * 1024]);
    expect(await answer.text()).toBe('');
  });

  it.each([
    [301, 'GET', 'GET'],
    [302, 'GET', 'GET'],
    [307, 'POST', 'POST'],
    [308, 'POST', 'POST'],
    [301, 'POST', 'GET'],
    [303, 'POST', 'GET'],
  ])('follows a %i after a %s with a %s', async (code, method, then) => {
    seen.length = 0;
    const answer = await httpFetch(
      `${url}/moved/${code}/here`,
      { method, headers: { authorization: 'token t0k' }, body: method === 'POST' ? '{}' : null },
      roomy,
    );
    expect(answer.url).toBe(`${url}/landed`);
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual([
      `${method} /moved/${code}/here`,
      `${then} /landed`,
    ]);
    expect(seen[1]?.body).toBe(then === 'POST' ? '{}' : '');
    expect(seen[1]?.headers.authorization).toBe('token t0k');
  });

  it('does not send the token to another origin it is redirected to', async () => {
    seen.length = 0;
    const answer = await httpFetch(
      `${url}/moved/302/other`,
      { headers: { authorization: 'token t0k' } },
      roomy,
    );
    expect(await answer.text()).toBe('elsewhere');
    expect(seen[1]?.url).toBe('other/landed');
    expect(seen[1]?.headers.authorization).toBeUndefined();
  });

  it('gives up after 20 redirects', async () => {
    await expect(httpFetch(`${url}/loop`, {}, roomy)).rejects.toMatchObject({
      name: 'TypeError',
      message: 'fetch failed',
    });
  });

  it('aborts on the signal, mid-answer, with an AbortError', async () => {
    const controller = new AbortController();
    const pending = httpFetch(`${url}/hang`, { signal: controller.signal }, roomy);
    setTimeout(() => controller.abort(), 50);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const already = AbortSignal.abort();
    await expect(httpFetch(`${url}/plain`, { signal: already }, roomy)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('fails to connect the way fetch does, so a refused port is not retried', async () => {
    const error: unknown = await httpFetch('http://127.0.0.1:1/graphql', {}, roomy).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(TypeError);
    expect((error as TypeError).message).toBe('fetch failed');
    expect(((error as TypeError).cause as { code?: string }).code).toBe('ECONNREFUSED');
    expect(connectFailure(error)).toBe('unreachable');
  });
});
