/**
 * One HTTP answer, bounded and detachable:
 * - its body is counted as it is read, after decompression, and cut off
 *   past the cap (http-fetch.ts does it): an endless body or a gzip bomb ends
 *   the run with exit 3 instead of filling memory;
 * - the request listens to the session's abort signal through its own
 *   controller, whose link is removed when the exchange is done, so a run of
 *   thousands of requests leaves no listeners behind on the shared signal
 *   (Node warns past ten: MaxListenersExceededWarning).
 */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

/** A signal that follows `parent` until `release()` is called. */
export function linkedSignal(parent: AbortSignal): { signal: AbortSignal; release(): void } {
  const child = new AbortController();
  const forward = (): void => child.abort(parent.reason);
  if (parent.aborted) forward();
  else parent.addEventListener('abort', forward, { once: true });
  return {
    signal: child.signal,
    release: () => parent.removeEventListener('abort', forward),
  };
}
