/**
 * A fake GitHub for tests: a real HTTP server on 127.0.0.1 (random port)
 * answering REST and GraphQL like GitHub, with deterministic faults.
 *
 * Usage: `const gh = await startFakeGitHub({ repos: { 'o/r': { prs: [...] } } })`,
 * then point the client at `gh.url` / `gh.graphqlUrl`, and `await gh.close()`.
 * It also answers at GitHub Enterprise Server's paths (`/api/v3/…` for REST,
 * `/api/graphql`), so `${gh.url}/api/v3` works as an Enterprise API URL.
 */
import { createServer, STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createGzip } from 'node:zlib';
import { indexRepos, type FakeRepoData } from './fake-github-data.js';
import { answerGraphql } from './fake-github-graphql.js';
import { answerRest, type JsonReply } from './fake-github-rest.js';

export type { FakeCommit, FakeIssue, FakePr, FakeRepoData } from './fake-github-data.js';

/** Which requests a fault applies to; default all. */
export type FaultMatch = 'graphql' | 'rest';

interface FaultBase {
  /** Apply to the first N matching requests only; default every one. */
  count?: number;
  match?: FaultMatch;
}

/** To add a fault: a member here plus its entry in FAULTS below. */
export type Fault =
  | (FaultBase & {
      kind: 'status';
      status: 500 | 502 | 503 | 403 | 429 | 401 | 404;
      headers?: Record<string, string>;
      body?: string;
    })
  | (FaultBase & { kind: 'delay'; ms: number })
  | (FaultBase & { kind: 'invalid-json' })
  /** HTTP 200 with these errors and no data: a rejected query, or GitHub's "Something went wrong". */
  | (FaultBase & { kind: 'graphql-errors'; errors: { message: string; type?: string }[] })
  /** HTTP 200 with a RATE_LIMITED error, as GitHub's GraphQL does. */
  | (FaultBase & { kind: 'rate-limited-graphql'; resetInSeconds?: number })
  /**
   * An error whose body and status text echo the request's Authorization
   * header, as a misconfigured proxy or a verbose error page might.
   */
  | (FaultBase & { kind: 'echo-auth'; status: 401 | 403 | 500 | 502 })
  /** Any status, body and headers, sent as is (a proxy's HTML page, a 200 that is not JSON). */
  | (FaultBase & { kind: 'raw'; status: number; body: string; headers?: Record<string, string> })
  /** The status line, headers and half the body, then the connection is dropped. */
  | (FaultBase & { kind: 'cut' })
  /**
   * The i-th matching request gets `steps[i]` (null: answered normally);
   * requests past the end are answered normally. Steps' own count/match are ignored.
   */
  | (FaultBase & { kind: 'sequence'; steps: (Fault | null)[] })
  /**
   * The normal answer with its JSON passed through `edit` first: a
   * compromised server (or a man in the middle) sending well-formed JSON
   * with hostile strings in it.
   */
  | (FaultBase & { kind: 'tamper'; edit: (json: unknown) => unknown })
  /** HTTP 200, JSON content type, and a body that never ends (`[0,0,0,…`). */
  | (FaultBase & { kind: 'endless' })
  /**
   * HTTP 200, `content-encoding: gzip`: a few KB on the wire per hundreds of
   * MB inflated, without end (JSON whitespace), as a gzip bomb.
   */
  | (FaultBase & { kind: 'gzip-bomb' })
  /** The normal answer, sent once `until` settles: a test decides when answers come. */
  | (FaultBase & { kind: 'hold'; until: Promise<unknown> });

export interface FakeGitHubOptions {
  repos: Record<string, FakeRepoData>;
  /** If set, every request must carry it (`token X` or `bearer X`). GraphQL always needs some token. */
  token?: string;
  latencyMs?: number;
  faults?: Fault[];
}

export interface FakeRequest {
  method: string;
  path: string;
  status: number;
  /** Request body (GraphQL queries); never headers. */
  body?: string;
  /** performance.now() when the request arrived and when its answer was sent. */
  startedAt: number;
  endedAt: number;
}

export interface FakeGitHub {
  /** http://127.0.0.1:PORT, use as GITHUB_API_URL. */
  url: string;
  graphqlUrl: string;
  requests: FakeRequest[];
  /** performance.now() of every request's arrival, including those still unanswered (hangs). */
  arrivals: number[];
  close(): Promise<void>;
  /** Forget requests, fault counts and rate-limit use. */
  reset(): void;
  /** Replace the faults (and their counts). */
  setFaults(faults: Fault[]): void;
}

interface Reply extends JsonReply {
  headers?: Record<string, string>;
  /** Sent as is instead of `json`. */
  raw?: string;
  /** Reason phrase of the status line, instead of the standard one. */
  statusText?: string;
  /** Send the headers and half the body, then drop the connection. */
  cut?: boolean;
  /** Write the body itself (after the headers), until the client goes away. */
  stream?: (res: ServerResponse) => void;
}

const MIB_OF_ZEROS = Buffer.from('0,'.repeat(512 * 1024));
const MIB_OF_SPACES = Buffer.alloc(1024 * 1024, 0x20);

/** Write `chunk` again and again, honouring backpressure, until the socket closes. */
function writeForever(out: NodeJS.WritableStream, chunk: Buffer, closed: () => boolean): void {
  const pump = (): void => {
    while (!closed()) {
      if (!out.write(chunk)) {
        out.once('drain', pump);
        return;
      }
    }
  };
  pump();
}

function streamEndless(res: ServerResponse): void {
  let closed = false;
  res.on('close', () => (closed = true));
  res.write('[');
  writeForever(res, MIB_OF_ZEROS, () => closed);
}

function streamGzipBomb(res: ServerResponse): void {
  let closed = false;
  const gzip = createGzip({ level: 9 });
  gzip.pipe(res);
  res.on('close', () => {
    closed = true;
    gzip.destroy();
  });
  writeForever(gzip, MIB_OF_SPACES, () => closed);
}

interface FaultContext {
  isGraphql: boolean;
  sleep(ms: number): Promise<void>;
  /** The request's Authorization header as sent, for faults that echo it. */
  authorization: string | null;
  /** How many earlier requests this fault matched (0 for the first). */
  hit: number;
}

const SECONDARY_LIMIT_BODY = JSON.stringify({
  message:
    'You have exceeded a secondary rate limit. Please wait a few minutes before you try again. If you reach out to GitHub Support for help, please include the request ID 0000:0000.',
  documentation_url:
    'https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits',
});

/** Each fault either answers the request (a Reply) or lets it continue (null). */
const FAULTS: {
  [K in Fault['kind']]: (
    fault: Extract<Fault, { kind: K }>,
    ctx: FaultContext,
  ) => Promise<Reply | null>;
} = {
  hold: (fault) =>
    fault.until.then(
      () => null,
      () => null,
    ),
  status: (fault) => {
    const fallback =
      fault.status === 403 || fault.status === 429
        ? SECONDARY_LIMIT_BODY
        : JSON.stringify({ message: STATUS_CODES[fault.status] ?? 'Server Error' });
    return Promise.resolve({
      status: fault.status,
      json: null,
      raw: fault.body ?? fallback,
      headers: fault.headers ?? {},
    });
  },
  delay: async (fault, ctx) => {
    await ctx.sleep(fault.ms);
    return null;
  },
  'invalid-json': () => Promise.resolve({ status: 200, json: null, raw: '{"data": {"r0": ' }),
  'graphql-errors': (fault, ctx) =>
    Promise.resolve(ctx.isGraphql ? { status: 200, json: { errors: fault.errors } } : null),
  'rate-limited-graphql': (fault, ctx) => {
    if (!ctx.isGraphql) return Promise.resolve(null);
    const reset = Math.floor(Date.now() / 1000) + (fault.resetInSeconds ?? 3600);
    return Promise.resolve({
      status: 200,
      json: {
        errors: [
          { type: 'RATE_LIMITED', message: 'API rate limit already exceeded for user ID 1.' },
        ],
      },
      headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset) },
    });
  },
  'echo-auth': (fault, ctx) => {
    const echoed = `Authorization: ${ctx.authorization ?? '(none)'}`;
    return Promise.resolve({
      status: fault.status,
      json: {
        message: `Request rejected. ${echoed}`,
        request_headers: { authorization: ctx.authorization },
      },
      statusText: `Rejected (${echoed})`,
    });
  },
  raw: (fault) =>
    Promise.resolve({
      status: fault.status,
      json: null,
      raw: fault.body,
      headers: fault.headers ?? {},
    }),
  cut: () =>
    Promise.resolve({
      status: 200,
      json: null,
      raw: JSON.stringify({ data: { r0: null }, padding: 'x'.repeat(256) }),
      cut: true,
    }),
  // Applied to the normal answer in `answer()`, after the other faults.
  tamper: () => Promise.resolve(null),
  endless: () => Promise.resolve({ status: 200, json: null, stream: streamEndless }),
  'gzip-bomb': () =>
    Promise.resolve({
      status: 200,
      json: null,
      headers: { 'content-encoding': 'gzip' },
      stream: streamGzipBomb,
    }),
  sequence: (fault, ctx) => {
    const step = fault.steps[ctx.hit];
    if (!step) return Promise.resolve(null);
    const apply = FAULTS[step.kind] as (f: Fault, c: FaultContext) => Promise<Reply | null>;
    return apply(step, ctx);
  },
};

export async function startFakeGitHub(opts: FakeGitHubOptions): Promise<FakeGitHub> {
  const repos = indexRepos(opts.repos);
  const requests: FakeRequest[] = [];
  const arrivals: number[] = [];
  const timers = new Set<NodeJS.Timeout>();
  let faults: Fault[] = opts.faults ?? [];
  let faultHits = new Map<Fault, number>();
  let used = 0;
  const resetEpoch = Math.floor(Date.now() / 1000) + 3600;
  let url = '';

  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function answer(req: IncomingMessage, path: string, body: string): Promise<Reply> {
    const isGraphql = path === '/graphql' || path === '/api/graphql';
    if (opts.latencyMs) await sleep(opts.latencyMs);
    const auth = /^(?:token|bearer)\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? null;
    if ((opts.token !== undefined && auth !== opts.token) || (isGraphql && auth === null)) {
      return unauthorized(isGraphql && auth === null);
    }
    const tampers: ((json: unknown) => unknown)[] = [];
    for (const fault of faults) {
      if (fault.match && fault.match !== (isGraphql ? 'graphql' : 'rest')) continue;
      const hits = faultHits.get(fault) ?? 0;
      if (fault.count !== undefined && hits >= fault.count) continue;
      faultHits.set(fault, hits + 1);
      if (fault.kind === 'tamper') tampers.push(fault.edit);
      const apply = FAULTS[fault.kind] as (f: Fault, ctx: FaultContext) => Promise<Reply | null>;
      const reply = await apply(fault, {
        isGraphql,
        sleep,
        authorization: req.headers.authorization ?? null,
        hit: hits,
      });
      if (reply) return reply;
    }
    used += 1;
    const limit = auth === null ? 60 : 5000;
    const rate = {
      limit,
      remaining: Math.max(0, limit - used),
      resetAt: new Date(resetEpoch * 1000).toISOString(),
    };
    const reply =
      isGraphql && req.method === 'POST'
        ? answerGraphql(body, repos, rate)
        : answerRest(req.method ?? 'GET', path.replace(/^\/api\/v3(?=\/)/, ''), repos, url, {
            query: new URL(req.url ?? '/', 'http://127.0.0.1').searchParams,
            accept: req.headers.accept ?? '',
          });
    return tampers.reduce<Reply>((r, edit) => ({ ...r, json: edit(r.json) }), reply);
  }

  function rateHeaders(authenticated: boolean): Record<string, string> {
    const limit = authenticated ? 5000 : 60;
    return {
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - used)),
      'x-ratelimit-reset': String(resetEpoch),
      'x-ratelimit-used': String(used),
    };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const startedAt = performance.now();
    arrivals.push(startedAt);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = new URL(req.url ?? '/', 'http://127.0.0.1').pathname;
    const reply = await answer(req, path, body);
    const headers = {
      'content-type': 'application/json; charset=utf-8',
      ...rateHeaders(req.headers.authorization !== undefined),
      ...reply.headers,
    };
    requests.push({
      method: req.method ?? 'GET',
      path,
      status: reply.status,
      ...(body ? { body } : {}),
      startedAt,
      endedAt: performance.now(),
    });
    const payload = reply.raw ?? JSON.stringify(reply.json);
    if (reply.cut) {
      // Promise the whole body, send half, hang up: a connection lost mid-answer.
      res.writeHead(reply.status, {
        ...headers,
        'content-length': String(Buffer.byteLength(payload)),
      });
      res.write(payload.slice(0, Math.floor(payload.length / 2)), () => res.socket?.destroy());
      return;
    }
    if (reply.stream) {
      res.writeHead(reply.status, headers);
      reply.stream(res);
      return;
    }
    if (reply.statusText !== undefined) res.writeHead(reply.status, reply.statusText, headers);
    else res.writeHead(reply.status, headers);
    res.end(payload);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      // A bug in the fake must show up in the test, not hang it.
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(`fake GitHub failed: ${String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    graphqlUrl: `${url}/graphql`,
    requests,
    arrivals,
    close: () =>
      new Promise<void>((resolve, reject) => {
        for (const timer of timers) clearTimeout(timer);
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
    reset: () => {
      requests.length = 0;
      arrivals.length = 0;
      faultHits = new Map();
      used = 0;
    },
    setFaults: (next) => {
      faults = next;
      faultHits = new Map();
    },
  };
}

function unauthorized(missing: boolean): Reply {
  return {
    status: 401,
    json: missing
      ? {
          message: 'This endpoint requires you to be authenticated.',
          documentation_url:
            'https://docs.github.com/graphql/guides/forming-calls-with-graphql#authenticating-with-graphql',
        }
      : {
          message: 'Bad credentials',
          documentation_url: 'https://docs.github.com/rest',
          status: '401',
        },
  };
}
