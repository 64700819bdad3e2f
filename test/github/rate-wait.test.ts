/** Issue 13 item 6: absurd retry-after / reset times give clamped waits and readable messages. */
import { describe, expect, it } from 'vitest';
import { MAX_WAIT_MS, clampUntil, describeUntil, untilAfter } from '../../src/github/rate-wait.js';
import { retryAfterSeconds } from '../../src/github/octokit.js';

const NOW = Date.parse('2026-12-01T02:00:00Z');

describe('rate-limit waits', () => {
  it('clamps any instant into [now, now + a year]', () => {
    expect(untilAfter(60, NOW)).toBe(NOW + 60_000);
    expect(untilAfter(1e14, NOW)).toBe(NOW + MAX_WAIT_MS);
    expect(untilAfter(-5, NOW)).toBe(NOW);
    expect(clampUntil(Number.NaN, NOW)).toBe(NOW);
    expect(clampUntil(Infinity, NOW)).toBe(NOW);
    expect(() => new Date(untilAfter(1e14, NOW)).toISOString()).not.toThrow();
  });

  it('says the time, with the date when the wait is longer than a day, and never throws', () => {
    expect(describeUntil(NOW + 3_600_000, NOW)).toBe('until 03:00 UTC');
    expect(describeUntil(NOW + 2 * 86_400_000, NOW)).toBe('until 2026-12-03 02:00 UTC');
    expect(describeUntil(Date.parse('3000-01-01T00:00:00Z'), NOW)).toBe(
      'until 3000-01-01 00:00 UTC',
    );
    expect(describeUntil(1e14 * 1000, NOW)).toBe('for more than a year');
    expect(describeUntil(Number.NaN, NOW)).toBe('for more than a year');
    expect(describeUntil(NOW - 10_000, NOW)).toBe('until 02:00 UTC');
  });

  it('reads retry-after as seconds or an HTTP date, whatever its size', () => {
    expect(retryAfterSeconds('100000000000000', NOW)).toBe(1e14);
    expect(retryAfterSeconds('Wed, 01 Jan 3000 00:00:00 GMT', NOW)).toBeGreaterThan(3e10);
    expect(retryAfterSeconds('soon', NOW)).toBeNull();
  });
});
