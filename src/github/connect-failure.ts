/**
 * A request that never reached an HTTP server, by what retrying can do about
 * it within one run (seconds). Retried with backoff (1 s, 4 s, 9 s), a refused
 * connection or an unknown host only delays the news, and a pre-rebase hook
 * makes the person at the terminal wait for it.
 *
 * - `unreachable`: nothing will answer at that address this run (no such
 *   host, connection refused, no route, a certificate
 *   that does not verify) — fail at once, no retry;
 * - `transient`: the network may come back in a second (the resolver said
 *   "try again", the connection attempt timed out) — one retry, then fail;
 * - null: anything else (a reset mid-answer, a 5xx) keeps the usual retries.
 */
export type ConnectFailure = 'unreachable' | 'transient';

const UNREACHABLE_CODES = new Set([
  'ENOTFOUND',
  'EAI_NONAME',
  'EAI_FAIL',
  'ECONNREFUSED',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'CERT_HAS_EXPIRED',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

// ETIMEDOUT: http-fetch.ts's connect timeout, or the system's own.
const TRANSIENT_CODES = new Set(['EAI_AGAIN', 'ETIMEDOUT', 'UND_ERR_CONNECT_TIMEOUT']);

/** What the transport threw (http-fetch.ts: TypeError "fetch failed"), classified by its cause's code. */
export function connectFailure(error: unknown): ConnectFailure | null {
  const cause = error instanceof Error ? error.cause : undefined;
  if (!(cause instanceof Error)) return null;
  // Several addresses tried (IPv6 then IPv4): an AggregateError of one failure each.
  const causes =
    cause instanceof AggregateError ? [cause, ...(cause.errors as unknown[])] : [cause];
  const codes = causes
    .map((c) => (c as { code?: unknown }).code)
    .filter((c) => typeof c === 'string');
  if (codes.some((c) => UNREACHABLE_CODES.has(c))) return 'unreachable';
  if (codes.some((c) => TRANSIENT_CODES.has(c))) return 'transient';
  return null;
}
