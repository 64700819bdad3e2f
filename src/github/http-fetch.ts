/**
 * The `fetch` Octokit is given (octokit.ts): one HTTP exchange over
 * `node:http`/`node:https`, answered once the whole body is read.
 *
 * Node 20's global fetch is undici, loaded on first use: its JavaScript and
 * its WebAssembly HTTP parser cost ~30 ms before the first request leaves
 * (measured: first answer from a 30 ms server 66 ms with fetch, 38 ms with
 * node:http), on every `check` and every pre-rebase hook. node:http uses the
 * HTTP parser compiled into Node. What Octokit reads of an answer is small
 * (status, url, headers, text), and that is what this gives, with what
 * fetch did for us:
 *
 * - compressed answers (gzip, deflate, br) are asked for and inflated;
 * - the body is counted as it is inflated and cut off past `maxBytes`
 *   (`onOverflow` is called once): an endless body or a gzip bomb ends the
 *   run instead of filling memory; a declared length past it is not read;
 * - redirects are followed (at most 20), as fetch's "follow" does: 303, and
 *   301/302 after a POST, become a GET without body; the token is not sent
 *   to another origin;
 * - `signal` aborts the exchange with an AbortError (Octokit passes those on
 *   without retrying);
 * - a failure to reach the server is a TypeError("fetch failed") whose
 *   `cause` is Node's error, the shape connect-failure.ts and Octokit read;
 *   a connection not made within 10 s fails with ETIMEDOUT (undici's bound).
 */
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import type { Readable } from 'node:stream';

export interface FetchInit {
  method?: string;
  headers?: Record<string, string>;
  body?: string | null;
  signal?: AbortSignal | null;
}

/** The part of a fetch Response that Octokit and the session read. */
export interface FetchedAnswer {
  status: number;
  statusText: string;
  url: string;
  headers: AnswerHeaders;
  /** Non-null, as fetch's is for an answer with a body; never read as a stream. */
  body: object | null;
  text(): Promise<string>;
  json(): Promise<unknown>;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** Lower-cased names; repeated headers joined with ", " as fetch's Headers does. */
export class AnswerHeaders {
  private readonly map = new Map<string, string>();
  constructor(raw: http.IncomingHttpHeaders) {
    for (const [name, value] of Object.entries(raw)) {
      if (value !== undefined) this.map.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
  }
  get(name: string): string | null {
    return this.map.get(name.toLowerCase()) ?? null;
  }
  [Symbol.iterator](): IterableIterator<[string, string]> {
    return this.map.entries();
  }
}

export interface BodyLimit {
  maxBytes: number;
  /** Called once, with the bytes seen (or declared), when an answer is larger. */
  onOverflow(bytes: number): void;
}

/**
 * What the session calls for each exchange: an object, so a test can watch
 * or replace it with `vi.spyOn(transport, 'exchange')` (test files share
 * one module cache, where `vi.mock` of this module would not hold).
 */
export const transport = { exchange: httpFetch };

const MAX_REDIRECTS = 20;
/** undici's connect timeout, kept: a connection not made by then is retried once (connect-failure.ts). */
const CONNECT_TIMEOUT_MS = 10_000;

export async function httpFetch(
  url: string,
  init: FetchInit,
  limit: BodyLimit,
): Promise<FetchedAnswer> {
  let target = new URL(url);
  let method = (init.method ?? 'GET').toUpperCase();
  let body = init.body ?? null;
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(init.headers ?? {}))
    headers[name.toLowerCase()] = value;
  headers['accept-encoding'] ??= 'gzip, deflate, br';
  for (let redirects = 0; ; redirects++) {
    const answer = await exchange(target, method, headers, body, init.signal ?? null, limit);
    const location = answer.headers.get('location');
    if (![301, 302, 303, 307, 308].includes(answer.status) || location === null) return answer;
    if (redirects >= MAX_REDIRECTS) throw fetchFailed(new Error('redirect count exceeded'));
    const next = new URL(location, target);
    if (next.origin !== target.origin) delete headers['authorization'];
    if (
      answer.status === 303 ||
      ((answer.status === 301 || answer.status === 302) && method === 'POST')
    ) {
      method = 'GET';
      body = null;
      delete headers['content-type'];
    }
    target = next;
  }
}

function exchange(
  target: URL,
  method: string,
  headers: Record<string, string>,
  body: string | null,
  signal: AbortSignal | null,
  limit: BodyLimit,
): Promise<FetchedAnswer> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError(signal));
      return;
    }
    const send = { ...headers };
    if (body !== null) send['content-length'] = String(Buffer.byteLength(body));
    const client = target.protocol === 'https:' ? https : http;
    let settled = false;
    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      reject(error);
    };
    const request = client.request(target, { method, headers: send });
    const onAbort = (): void => {
      const error = abortError(signal);
      request.destroy(error);
      fail(error);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', (error) => fail(signal?.aborted ? abortError(signal) : fetchFailed(error)));
    request.on('socket', (socket) => {
      if (!socket.connecting) return;
      const timer = setTimeout(() => {
        const where = `${target.hostname}:${target.port || (target.protocol === 'https:' ? 443 : 80)}`;
        request.destroy(
          Object.assign(new Error(`connect ETIMEDOUT ${where}`), { code: 'ETIMEDOUT' }),
        );
      }, CONNECT_TIMEOUT_MS);
      timer.unref();
      socket.once('connect', () => clearTimeout(timer));
      socket.once('close', () => clearTimeout(timer));
    });
    request.on('response', (response) => {
      const answer = (bytes: Buffer): FetchedAnswer =>
        answerOf(
          target,
          response.statusCode ?? 0,
          response.statusMessage ?? '',
          response.headers,
          bytes,
        );
      const declared = Number(response.headers['content-length']);
      if (Number.isFinite(declared) && declared > limit.maxBytes) {
        limit.onOverflow(declared);
        response.destroy();
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        resolve(answer(Buffer.alloc(0)));
        return;
      }
      const chunks: Buffer[] = [];
      let seen = 0;
      const stream = inflated(response);
      stream.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > limit.maxBytes) {
          limit.onOverflow(seen);
          stream.destroy();
          response.destroy();
          fail(new Error(`answer larger than ${limit.maxBytes} bytes`));
          return;
        }
        chunks.push(chunk);
      });
      stream.on('error', (error) =>
        fail(signal?.aborted ? abortError(signal) : fetchFailed(error)),
      );
      response.on('aborted', () =>
        fail(signal?.aborted ? abortError(signal) : fetchFailed(new Error('terminated'))),
      );
      stream.on('end', () => {
        if (settled) return;
        settled = true;
        signal?.removeEventListener('abort', onAbort);
        resolve(answer(Buffer.concat(chunks)));
      });
    });
    request.end(body ?? undefined);
  });
}

/** The body as sent, inflated when the server compressed it. */
function inflated(response: http.IncomingMessage): Readable {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const inflate =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : null;
  if (inflate === null) return response;
  response.on('error', (error) => inflate.destroy(error));
  return response.pipe(inflate);
}

function answerOf(
  target: URL,
  status: number,
  statusText: string,
  raw: http.IncomingHttpHeaders,
  bytes: Buffer,
): FetchedAnswer {
  return {
    status,
    statusText,
    url: target.href,
    headers: new AnswerHeaders(raw),
    body: bytes.length === 0 ? null : {},
    text: () => Promise.resolve(bytes.toString('utf8')),
    json: () => Promise.resolve(JSON.parse(bytes.toString('utf8')) as unknown),
    arrayBuffer: () => {
      const copy = new ArrayBuffer(bytes.length);
      new Uint8Array(copy).set(bytes);
      return Promise.resolve(copy);
    },
  };
}

/** What undici's fetch throws when the request fails: TypeError("fetch failed") with the cause. */
function fetchFailed(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

function abortError(signal: AbortSignal | null): Error {
  const reason: unknown = signal?.reason;
  if (reason instanceof Error && reason.name === 'AbortError') return reason;
  return new DOMException('This operation was aborted', 'AbortError');
}
