/**
 * A one-line "still working" indicator for people at a terminal: shown only
 * once a run has taken ~2 s, on stderr, only when stderr is a terminal, not on
 * CI (logs keep every carriage return) and not for machine formats. It is
 * erased before the report is printed, so it never ends up in output.
 */

export interface ProgressStream {
  isTTY?: boolean;
  write(text: string): unknown;
}

export interface ProgressOptions {
  stream: ProgressStream;
  env: NodeJS.ProcessEnv;
  format: string;
  /** What the run is doing, e.g. "checking 35 refs against GitHub". */
  label: string;
  delayMs?: number;
  everyMs?: number;
}

export interface Progress {
  /** Erase the line (if shown) and stop. */
  stop(): void;
}

const HUMAN_FORMATS = new Set(['text']);

export function progressWanted(o: Pick<ProgressOptions, 'stream' | 'env' | 'format'>): boolean {
  const ci = o.env.CI !== undefined && o.env.CI !== '' && o.env.CI !== 'false';
  return (
    o.stream.isTTY === true &&
    !ci &&
    o.env.GITHUB_ACTIONS !== 'true' &&
    o.env.TERM !== 'dumb' &&
    HUMAN_FORMATS.has(o.format)
  );
}

export function startProgress(o: ProgressOptions): Progress {
  if (!progressWanted(o)) return { stop: () => undefined };
  const started = Date.now();
  let shown = false;
  let ticker: NodeJS.Timeout | undefined;
  const draw = (): void => {
    const seconds = Math.round((Date.now() - started) / 1000);
    o.stream.write(`\r\x1b[2K${o.label}… ${seconds} s`);
    shown = true;
  };
  const delay = setTimeout(() => {
    draw();
    ticker = setInterval(draw, o.everyMs ?? 1000);
    ticker.unref();
  }, o.delayMs ?? 2000);
  delay.unref();
  return {
    stop() {
      clearTimeout(delay);
      if (ticker) clearInterval(ticker);
      if (shown) o.stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}
