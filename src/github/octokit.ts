/**
 * The transport shared by the GraphQL and REST clients: one Octokit per
 * resolve, with throttling (honours `retry-after` and `x-ratelimit-reset`)
 * and retry (5xx with backoff), a time bound over the whole resolve, a count
 * of every HTTP request including retries, and one-line errors that never
 * contain the token.
 */
import { setMaxListeners } from 'node:events';
import { Octokit } from '@octokit/core';
import { throttling } from '@octokit/plugin-throttling';
import { retry } from '@octokit/plugin-retry';
import { reportActivity } from '../activity.js';
import type { LiveState, Resolution } from '../model.js';
import { GitHubUnavailableError } from './client.js';
import { connectFailure } from './connect-failure.js';
import { DEFAULT_MAX_RESPONSE_BYTES, linkedSignal } from './body-cap.js';
import { transport, type FetchedAnswer, type FetchInit } from './http-fetch.js';
import { clampUntil, describeUntil, statedLimitUntil, untilAfter } from './rate-wait.js';
import type { Slots } from './slots.js';

type OctokitPlugin = Parameters<typeof Octokit.plugin>[0];

/** What `retryWithinBudget` asks its session; passed in the Octokit options as `budget`. */
interface RetryBudget {
  /** Could a retry after `waitMs` still be answered before the time bound? */
  fits(waitMs: number): boolean;
  /**
   * How long to wait before asking again after `error`, when the answer was
   * a rate limit that names its own wait (`retry-after`) that plugin-throttling
   * does not honour; null to let the error through. `waited` counts the
   * waits already made for this request.
   */
  retryAfterWait(error: unknown, waited: number): number | null;
  /** A wait that ends early (rejecting) when the resolve is abandoned. */
  sleep(ms: number): Promise<void>;
}

/**
 * Registered before plugin-retry and plugin-throttling, so its wrap is the
 * innermost: it sees every attempt (retries included) before either plugin
 * decides anything about it.
 *
 * - After every attempt, whatever its outcome, plugin-retry's next backoff
 *   ((retryCount + 1)² s) is checked against the time bound, and when it
 *   would end after the bound, `retries` is set to 0. plugin-retry reads it
 *   on both of its paths (its error hook, and the GraphQL "Something went
 *   wrong" check in its wrap, which calls its error handler directly), so a
 *   run gives up as soon as no retry fits, and no retry timer is armed past
 *   the bound (the CLI exits when its answer is out anyway: src/stdio.ts).
 * - A 429 (or 403) with `retry-after` but without GitHub's "secondary rate"
 *   wording (a proxy, a load balancer) is waited out here when the wait fits;
 *   plugin-throttling would give up on it at once.
 */
const retryWithinBudget: OctokitPlugin = (octokit, options) => {
  const budget = options['budget'] as RetryBudget | undefined;
  if (!budget) return {};
  octokit.hook.wrap('request', async (request, requestOptions) => {
    for (let waited = 0; ; waited += 1) {
      try {
        return await request(requestOptions);
      } catch (error) {
        const waitMs = budget.retryAfterWait(error, waited);
        if (waitMs === null) throw error;
        await budget.sleep(waitMs);
      } finally {
        const state = requestOptions.request;
        if (state !== undefined) {
          const retryCount = Number(state.retryCount ?? 0);
          if (!budget.fits((retryCount + 1) ** 2 * 1000)) state.retries = 0;
        }
      }
    }
  });
  return {};
};

// Retry inside throttling, as in the `octokit` package. The other way round,
// throttling resets the retry count on every GraphQL failure and the 5xx
// backoff never grows past 1 s.
export const GitHubOctokit = Octokit.plugin(retryWithinBudget, retry, throttling);
export type GitHubOctokit = InstanceType<typeof GitHubOctokit>;
type OctokitOptions = NonNullable<ConstructorParameters<typeof GitHubOctokit>[0]>;
type ThrottleOptions = NonNullable<OctokitOptions['throttle']>;

export interface TransportOptions {
  token: string | null;
  apiUrl: string;
  timeoutSeconds: number;
  userAgent?: string;
  /**
   * The run's deadline (epoch ms), shared by every session of one run: a
   * session ends at it even when its own timeoutSeconds would go on.
   */
  deadline?: number;
  /** Most bytes one answer may have, decompressed (default 8 MiB). */
  maxResponseBytes?: number;
  /** Requests in flight across the run's sessions (limits.ts); unbounded here when absent. */
  slots?: Slots;
  /** The run gave up (another ask failed): this session ends at once (limits.ts). */
  abandoned?: AbortSignal;
}

const MIN_SCRUBBED_TOKEN = 6;

const SIGNAL_LISTENER_BOUND = 64;

/** Rate-limit waits beyond this many in one request are not worth it. */
const MAX_RATE_LIMIT_RETRIES = 3;

// Octokit logs every 4xx through this; the CLI reports errors itself.
const QUIET_LOG = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/**
 * plugin-throttling sends every request to `/graphql` through its "write"
 * group (one at a time, 1 s apart), which is right for mutations but turns
 * our read-only batches into one per second. This group lets every job
 * through at once; concurrency stays bounded by the caller's limiter and the
 * plugin's global group (10 in flight).
 * upstream-workaround: plugin-throttling paces GraphQL reads as writes (patch.upstream.status.md)
 */
const UNPACED_GROUP = {
  key: () => ({
    schedule: (...args: unknown[]): Promise<unknown> => {
      const at = args.findIndex((arg) => typeof arg === 'function');
      const job = args[at] as (...jobArgs: unknown[]) => unknown;
      return Promise.resolve(job(...args.slice(at + 1)));
    },
  }),
} as unknown as ThrottleOptions['write'];

/** Everything one resolve needs: its Octokit, its budget and its counters. */
export class GitHubSession {
  requests = 0;
  readonly octokit: GitHubOctokit;
  private readonly started = Date.now();
  private readonly deadline: number;
  private readonly controller = new AbortController();
  private readonly attempts = new Map<string, number>();
  private lastFailure: Failure | null = null;
  private rateLimitedUntil: number | null = null;
  /** When the last rate-limited answer said to come back (ms, unclamped). */
  private statedUntil: number | null = null;
  private inFlight = 0;
  /**
   * The token as sent: without the newline or CR a secret file leaves. The
   * scrubber looks for this form, which also covers the untrimmed one.
   */
  private readonly token: string | null;

  constructor(private readonly opts: TransportOptions) {
    this.token = opts.token?.trim() || null;
    // Listeners on the session's signal: one per request in flight (released
    // when its body is done, body-cap.ts), one per retry wait, one for run().
    // In-flight requests are bounded (concurrency ≤ 16), so this bound is only
    // passed by a real leak, which Node should then report.
    setMaxListeners(SIGNAL_LISTENER_BOUND, this.controller.signal);
    this.deadline = Math.min(
      this.started + opts.timeoutSeconds * 1000,
      opts.deadline ?? Number.POSITIVE_INFINITY,
    );
    const onLimit = (
      retryAfter: number,
      _options: unknown,
      _octokit: unknown,
      retryCount: number,
    ): boolean => {
      // The server's own words when it gave any (see statedLimitUntil), kept
      // unclamped for the message; the decision uses the clamped instant.
      const until = this.statedUntil ?? Date.now() + retryAfter * 1000;
      if (retryCount < MAX_RATE_LIMIT_RETRIES && clampUntil(until) < this.deadline) return true;
      this.rateLimitedUntil = until;
      return false;
    };
    const options: OctokitOptions = {
      baseUrl: opts.apiUrl.replace(/\/+$/, ''),
      userAgent: opts.userAgent ?? 'upstream-status',
      log: QUIET_LOG,
      // Not undici's fetch: see http-fetch.ts. Octokit reads only what FetchedAnswer has.
      request: {
        fetch: this.countingFetch as unknown as typeof fetch,
        signal: this.controller.signal,
      },
      throttle: { onRateLimit: onLimit, onSecondaryRateLimit: onLimit, write: UNPACED_GROUP },
      // 403/429 are rate limits: plugin-throttling handles them with the
      // server's own wait; plugin-retry would ignore `retry-after`.
      retry: { doNotRetry: [400, 401, 403, 404, 410, 422, 429, 451] },
      budget: {
        fits: (waitMs) => !this.controller.signal.aborted && Date.now() + waitMs < this.deadline,
        retryAfterWait: (error, waited) => this.retryAfterWait(error, waited),
        sleep: (ms) => this.sleep(ms),
      } satisfies RetryBudget,
    };
    if (this.token !== null) options.auth = this.token;
    this.octokit = new GitHubOctokit(options);
  }

  /**
   * Run `work` within the time budget. Whatever GitHub does wrong comes out
   * as a GitHubUnavailableError; other errors (bugs) pass through.
   */
  async run<T>(work: (octokit: GitHubOctokit) => Promise<T>): Promise<T> {
    const { signal } = this.controller;
    const timer = setTimeout(
      () => this.abort(this.timeoutError()),
      Math.max(0, this.deadline - Date.now()),
    );
    const aborted = new Promise<never>((_, reject) => {
      signal.addEventListener('abort', () => reject(signal.reason as unknown), { once: true });
    });
    const abandoned = this.opts.abandoned;
    const abandon = (): void =>
      this.abort(new GitHubUnavailableError('abandoned: another request of this run failed'));
    if (abandoned?.aborted === true) abandon();
    else abandoned?.addEventListener('abort', abandon, { once: true });
    try {
      return await Promise.race([work(this.octokit), aborted]);
    } catch (error) {
      throw this.translate(error);
    } finally {
      abandoned?.removeEventListener('abort', abandon);
      clearTimeout(timer);
      // Cancels whatever is still in flight or waiting to retry.
      this.abort(new GitHubUnavailableError('resolve finished'));
    }
  }

  /** Message for a rate limit that resets at `resetEpochSeconds`. */
  rateLimitError(resetEpochSeconds: number | null): GitHubUnavailableError {
    return new GitHubUnavailableError(
      describeRateLimit(
        resetEpochSeconds === null ? null : resetEpochSeconds * 1000,
        this.token !== null,
      ),
      429,
    );
  }

  private abort(reason: GitHubUnavailableError): void {
    if (!this.controller.signal.aborted) this.controller.abort(reason);
  }

  private timeoutError(): GitHubUnavailableError {
    const seconds = Math.round((Date.now() - this.started) / 1000);
    const last = this.lastFailure;
    // Between retries, the last failure is the news; while a request hangs, the hang is.
    const message =
      last && this.inFlight === 0
        ? `GitHub did not answer: ${last.what} from ${last.route} after ${plural(last.attempts, 'attempt')} (${seconds} s)`
        : `GitHub did not answer within ${this.opts.timeoutSeconds} s (${plural(this.requests, 'request')} sent${last ? `; before that ${last.what} from ${last.route}` : ''})`;
    return new GitHubUnavailableError(this.scrub(message));
  }

  private translate(error: unknown): unknown {
    if (error instanceof GitHubUnavailableError) {
      return new GitHubUnavailableError(this.scrub(error.message), error.status);
    }
    if (this.rateLimitedUntil !== null)
      return this.rateLimitError(Math.ceil(this.rateLimitedUntil / 1000));
    const described = describeFailure(
      error,
      this.token !== null,
      this.lastFailure,
      Date.now() - this.started,
    );
    return described
      ? new GitHubUnavailableError(this.scrub(described.message), described.status)
      : error;
  }

  /**
   * GitHub errors can echo request headers: never let the token through.
   * Every message built from an answer passes here.
   */
  scrub(text: string): string {
    const token = this.token;
    // A real token is 40+ characters; cutting every "t" out of a message
    // because someone passed GH_TOKEN=t would protect nothing.
    return token && token.length >= MIN_SCRUBBED_TOKEN
      ? text.split(token).join('[REDACTED]')
      : text;
  }

  /** A resolution read from an answer, with every string in it scrubbed. */
  scrubResolution(resolution: Resolution): Resolution {
    if (resolution.status === 'not-found') {
      return { status: 'not-found', message: this.scrub(resolution.message) };
    }
    const live = Object.fromEntries(
      Object.entries(resolution.live).map(([field, value]) => [
        field,
        typeof value === 'string' ? this.scrub(value) : value,
      ]),
    ) as unknown as LiveState;
    return { status: 'found', live };
  }

  /**
   * SPEC §8 "honour retry-after": plugin-throttling honours it only when the
   * body has GitHub's "secondary rate" wording (or the primary limit is
   * spent). A 429, or a 403 with `retry-after`, from anything else (a proxy,
   * a GHES load balancer) is waited out here when the wait ends before the
   * time bound; otherwise the run ends as rate limited, saying until when.
   * upstream-workaround: plugin-retry ignores retry-after (patch.upstream.status.md)
   */
  private retryAfterWait(error: unknown, waited: number): number | null {
    const { status, message, response } = error as {
      status?: unknown;
      message?: unknown;
      response?: { headers?: Record<string, unknown> };
    };
    if (status !== 429 && status !== 403) return null;
    const headers = response?.headers ?? {};
    const seconds = retryAfterSeconds(headers['retry-after']);
    if (seconds === null) return null;
    // GitHub's own secondary and primary limits are plugin-throttling's.
    if (typeof message === 'string' && /\bsecondary rate\b/i.test(message)) return null;
    if (headers['x-ratelimit-remaining'] === '0') return null;
    const until = untilAfter(seconds);
    if (waited < MAX_RATE_LIMIT_RETRIES && until < this.deadline) return until - Date.now();
    this.rateLimitedUntil = Date.now() + seconds * 1000;
    return null;
  }

  /** setTimeout that the end of the resolve cancels, so no timer outlives it. */
  private sleep(ms: number): Promise<void> {
    const { signal } = this.controller;
    return new Promise((resolve, reject) => {
      const abandoned = (): void => {
        clearTimeout(timer);
        reject(Object.assign(new DOMException('resolve abandoned', 'AbortError'), { status: 500 }));
      };
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', abandoned);
        resolve();
      }, ms);
      if (signal.aborted) abandoned();
      else signal.addEventListener('abort', abandoned, { once: true });
    });
  }

  /** Every HTTP request, retries included, passes here exactly once. */
  private readonly countingFetch = async (
    input: string | URL,
    init?: FetchInit,
  ): Promise<FetchedAnswer> => {
    const slots = this.opts.slots;
    if (slots !== undefined) await slots.take();
    try {
      return await this.send(input, init);
    } finally {
      slots?.give();
    }
  };

  private async send(input: string | URL, init?: FetchInit): Promise<FetchedAnswer> {
    const { signal } = this.controller;
    // An AbortError is the one failure both plugins pass on without retrying.
    if (signal.aborted) throw new DOMException('resolve abandoned', 'AbortError');
    this.requests += 1;
    const route = `${init?.method ?? 'GET'} ${pathOf(input)}`;
    const kind = /\/graphql$/.test(pathOf(input)) ? 'graphql' : 'rest';
    reportActivity({ kind, phase: 'asked' });
    const identity = `${route}\n${typeof init?.body === 'string' ? init.body : ''}`;
    const attempt = (this.attempts.get(identity) ?? 0) + 1;
    this.attempts.set(identity, attempt);
    this.inFlight += 1;
    try {
      const link = linkedSignal(signal);
      const max = this.opts.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
      let response: FetchedAnswer;
      try {
        response = await transport.exchange(
          String(input),
          { ...init, signal: link.signal },
          {
            maxBytes: max,
            onOverflow: (bytes) =>
              this.abort(
                new GitHubUnavailableError(
                  `GitHub's answer to ${route} was larger than ${mib(max)} (${bytes} bytes read; github.maxResponseMB); not read further`,
                ),
              ),
          },
        );
      } finally {
        link.release();
      }
      reportActivity({ kind, phase: 'answered' });
      const stated = statedLimitUntil(response.headers);
      if (stated !== null) this.statedUntil = stated;
      if (response.status >= 500) {
        this.lastFailure = {
          what: `${response.status} ${response.statusText}`.trim(),
          route,
          attempts: attempt,
        };
      }
      return response;
    } catch (error) {
      if (signal.aborted) throw new DOMException('resolve abandoned', 'AbortError');
      const what = networkReason(error);
      this.lastFailure = { what, route, attempts: attempt };
      // Nobody answers there: retrying with backoff only delays the news (connect-failure.ts).
      const failure = connectFailure(error);
      if (failure === 'unreachable' || (failure === 'transient' && attempt >= 2)) {
        const attempts = attempt > 1 ? ` after ${plural(attempt, 'attempt')}` : '';
        this.abort(
          new GitHubUnavailableError(
            this.scrub(`GitHub could not be reached: ${what} (${route})${attempts}`),
          ),
        );
      }
      throw error;
    } finally {
      this.inFlight -= 1;
    }
  }
}

/**
 * Run `fn` over `items` with at most `limit` in flight. After a failure the
 * session aborts, so the remaining items fail at once without a request.
 */
export async function mapLimited<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}

interface Failure {
  /** `502 Bad Gateway`, `connect ECONNREFUSED 127.0.0.1:9`, … */
  what: string;
  /** `POST /graphql` */
  route: string;
  attempts: number;
}

/** The one-line message for an exhausted rate limit. */
function describeRateLimit(resetMs: number | null, authenticated: boolean): string {
  const until = resetMs === null ? 'for now' : describeUntil(resetMs);
  const hint = authenticated
    ? ''
    : ' (unauthenticated requests get 60 an hour; set GH_TOKEN for 5,000)';
  return `GitHub rate limit exhausted ${until}${hint}`;
}

/**
 * Describe an error that came out of Octokit, or null when it is not a
 * GitHub failure (then it is a bug and must not be disguised as an outage).
 */
function describeFailure(
  error: unknown,
  authenticated: boolean,
  last: Failure | null,
  elapsedMs: number,
): { message: string; status: number | null } | null {
  if (!(error instanceof Error)) return null;
  const { status, response, request } = error as {
    status?: unknown;
    response?: { data?: unknown };
    request?: { method?: unknown; url?: unknown };
  };
  if (typeof status !== 'number') return null;
  const data = response?.data;
  const said =
    typeof data === 'object' &&
    data !== null &&
    typeof (data as { message?: unknown }).message === 'string'
      ? (data as { message: string }).message
      : error.message;
  if (status === 401) {
    return {
      message: authenticated
        ? `GitHub rejected the token (401 ${said}); check GH_TOKEN`
        : `GitHub wants authentication (401 ${said}); set GH_TOKEN`,
      status,
    };
  }
  const route =
    typeof request?.method === 'string' && typeof request.url === 'string'
      ? `${request.method} ${pathOf(request.url)}`
      : 'GitHub';
  if (status >= 500 || response === undefined) {
    const what = last?.what ?? `${status} ${said}`;
    const attempts = last ? ` after ${plural(last.attempts, 'attempt')}` : '';
    return {
      message: `GitHub did not answer: ${what} from ${last?.route ?? route}${attempts} (${Math.round(elapsedMs / 1000)} s)`,
      status: status >= 500 ? status : null,
    };
  }
  return { message: `GitHub refused ${route}: ${status} ${firstLine(said)}`, status };
}

/** `retry-after` in seconds (delta-seconds or an HTTP date), or null when absent or unreadable. */
export function retryAfterSeconds(value: unknown, now = Date.now()): number | null {
  const text = Array.isArray(value) ? value[0] : value;
  if (typeof text !== 'string' && typeof text !== 'number') return null;
  const written = String(text).trim();
  if (/^\d+$/.test(written)) return Number(written);
  const at = Date.parse(written);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - now) / 1000));
}

function firstLine(text: string): string {
  return text.split(/\r?\n/, 1)[0] ?? '';
}

function pathOf(input: string | URL | Request): string {
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  try {
    return new URL(url).pathname;
  } catch {
    return url;
  }
}

function networkReason(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause: unknown = error.cause;
  if (cause instanceof Error) {
    const code = (cause as { code?: unknown }).code;
    return typeof code === 'string' && !cause.message.includes(code)
      ? `${code} ${cause.message}`
      : cause.message;
  }
  return error.message;
}

function mib(bytes: number): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`;
}

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}
