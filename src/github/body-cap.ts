/**
 * One HTTP answer, bounded and detachable:
 * - its body is counted as it is read, after decompression (Node's fetch
 *   inflates gzip/br itself), and cut off past `maxBytes`: an endless body
 *   or a gzip bomb ends the run with exit 3 instead of filling memory
 *   (undici buffers a whole body, decompressed, before `text()`);
 * - the request listens to the session's abort signal through its own
 *   controller, whose link is removed when the body is done, so a run of
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

/**
 * `response` with its body counted: past `maxBytes` the stream errors and
 * `onOverflow` is called once. `done` runs once when the body has ended,
 * failed or been cancelled (or at once when there is no body).
 */
export function cappedResponse(
  response: Response,
  maxBytes: number,
  onOverflow: (bytes: number) => void,
  done: () => void,
): Response {
  const declared = Number(response.headers.get('content-length'));
  if (response.body === null) {
    done();
    return response;
  }
  let finished = false;
  const finish = (): void => {
    if (!finished) {
      finished = true;
      done();
    }
  };
  if (Number.isFinite(declared) && declared > maxBytes) {
    onOverflow(declared);
    finish();
    void response.body.cancel().catch(() => {});
    return withUrl(new Response('', statusOf(response)), response.url);
  }
  let seen = 0;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: ended, value } = await reader.read();
        if (ended) {
          finish();
          controller.close();
          return;
        }
        seen += value.byteLength;
        if (seen > maxBytes) {
          onOverflow(seen);
          finish();
          controller.error(new Error(`answer larger than ${maxBytes} bytes`));
          await reader.cancel().catch(() => {});
          return;
        }
        controller.enqueue(value);
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    async cancel(reason) {
      finish();
      await reader.cancel(reason).catch(() => {});
    },
  });
  return withUrl(new Response(body, statusOf(response)), response.url);
}

function statusOf(response: Response): ResponseInit {
  return { status: response.status, statusText: response.statusText, headers: response.headers };
}

/** Octokit reads `response.url`, which a constructed Response leaves empty. */
function withUrl(response: Response, url: string): Response {
  Object.defineProperty(response, 'url', { value: url });
  return response;
}
