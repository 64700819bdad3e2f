/**
 * The time a rate limit lasts, as a server states it (`retry-after`,
 * `x-ratelimit-reset`), made safe to compute with and to print. A hostile
 * or broken server can say 1e14 seconds, the year 3000, or a negative
 * number: the instant is clamped to [now, now + MAX_WAIT_MS], so it is always
 * a valid Date; a message gives the date when the wait is longer than a day.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
/** Longer than any real rate limit (GitHub's reset within the hour). */
export const MAX_WAIT_MS = 366 * DAY_MS;

/** `untilMs` within [now, now + MAX_WAIT_MS]; a non-number is `now`. */
export function clampUntil(untilMs: number, now = Date.now()): number {
  if (!Number.isFinite(untilMs) || untilMs < now) return now;
  return Math.min(untilMs, now + MAX_WAIT_MS);
}

/** `now + seconds`, clamped (seconds may be anything a header said). */
export function untilAfter(seconds: number, now = Date.now()): number {
  return clampUntil(now + seconds * 1000, now);
}

/** The largest instant a Date can hold (ECMAScript: ±8.64e15 ms). */
const LAST_DATE_MS = 8.64e15;

/**
 * `until 14:05 UTC`; `until 3000-01-01 00:00 UTC` when that is more than a
 * day away; `for more than a year` when no Date can hold the instant.
 */
export function describeUntil(untilMs: number, now = Date.now()): string {
  if (!Number.isFinite(untilMs) || untilMs > LAST_DATE_MS) return 'for more than a year';
  const at = Math.max(untilMs, now);
  const iso = new Date(at).toISOString();
  const time = `${iso.slice(11, 16)} UTC`;
  return at - now <= DAY_MS ? `until ${time}` : `until ${iso.slice(0, 10)} ${time}`;
}

/**
 * The instant a rate-limited answer says to come back, in ms (unclamped: it
 * may be past what a Date holds), or null when it says nothing readable.
 * `retry-after` (seconds or an HTTP date) wins; `x-ratelimit-reset` (epoch
 * seconds) counts when the limit is spent. plugin-throttling reads the
 * reset with `~~`, a 32-bit truncation that turns the year 3000 into
 * garbage, so the session asks this instead.
 */
export function statedLimitUntil(headers: Pick<Headers, 'get'>, now = Date.now()): number | null {
  const after = headers.get('retry-after')?.trim();
  if (after) {
    if (/^\d+$/.test(after)) return now + Number(after) * 1000;
    const at = Date.parse(after);
    if (!Number.isNaN(at)) return at;
  }
  const reset = headers.get('x-ratelimit-reset')?.trim();
  if (headers.get('x-ratelimit-remaining')?.trim() === '0' && reset && /^\d+$/.test(reset))
    return Number(reset) * 1000;
  return null;
}
