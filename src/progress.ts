/**
 * A one-line "still working" indicator for people at a terminal: shown only
 * once a run has taken ~2 s, on stderr, only when stderr is a terminal, not on
 * CI (logs keep every carriage return) and not for machine formats. It is
 * erased before the report is printed, so it never ends up in output.
 *
 * Besides the elapsed time it shows the work done so far, from what the
 * GitHub layer reports as it goes (src/activity.ts): GraphQL batches and REST
 * requests asked and answered, upstream files fetched — so a slow run can be
 * told from a stuck one.
 */
import { onActivity, type Activity } from './activity.js';

export interface ProgressStream {
  isTTY?: boolean;
  /** The terminal's width: the line is cut to fit, or erasing it would leave a wrapped part. */
  columns?: number;
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
  // The stream is asked last: whether it is a terminal costs a module load.
  return (
    HUMAN_FORMATS.has(o.format) &&
    !ci &&
    o.env.GITHUB_ACTIONS !== 'true' &&
    o.env.TERM !== 'dumb' &&
    o.stream.isTTY === true
  );
}

/** Work done so far, as the run reports it. */
export interface WorkCounts {
  graphqlAsked: number;
  graphqlAnswered: number;
  restAsked: number;
  restAnswered: number;
  files: number;
}

export function emptyCounts(): WorkCounts {
  return { graphqlAsked: 0, graphqlAnswered: 0, restAsked: 0, restAnswered: 0, files: 0 };
}

export function countActivity(counts: WorkCounts, event: Activity): void {
  if (event.kind === 'files') counts.files += event.count;
  else if (event.kind === 'graphql') {
    if (event.phase === 'asked') counts.graphqlAsked += 1;
    else counts.graphqlAnswered += 1;
  } else if (event.phase === 'asked') counts.restAsked += 1;
  else counts.restAnswered += 1;
}

/** `asking GitHub… 5 s · 2 of 4 GraphQL batches answered · 40 files fetched`; nothing for work not begun. */
export function progressLine(label: string, seconds: number, c: WorkCounts): string {
  const parts = [`${label}… ${seconds} s`];
  if (c.graphqlAsked > 0)
    parts.push(
      `${c.graphqlAnswered} of ${plural(c.graphqlAsked, 'GraphQL batch', 'GraphQL batches')} answered`,
    );
  if (c.restAsked > 0)
    parts.push(`${c.restAnswered} of ${plural(c.restAsked, 'REST request')} answered`);
  if (c.files > 0) parts.push(`${plural(c.files, 'file')} fetched`);
  return parts.join(' · ');
}

function plural(n: number, word: string, many = `${word}s`): string {
  return `${n} ${n === 1 ? word : many}`;
}

/** Cut to the terminal's width (less one column: writing the last one wraps on some terminals). */
function fit(line: string, columns: number | undefined): string {
  if (columns === undefined || columns < 2 || line.length < columns) return line;
  return `${line.slice(0, columns - 2)}…`;
}

export function startProgress(o: ProgressOptions): Progress {
  if (!progressWanted(o)) return { stop: () => undefined };
  const started = Date.now();
  const counts = emptyCounts();
  const stopListening = onActivity((event) => countActivity(counts, event));
  let shown = false;
  let ticker: NodeJS.Timeout | undefined;
  const draw = (): void => {
    const seconds = Math.round((Date.now() - started) / 1000);
    o.stream.write(`\r\x1b[2K${fit(progressLine(o.label, seconds, counts), o.stream.columns)}`);
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
      stopListening();
      clearTimeout(delay);
      if (ticker) clearInterval(ticker);
      if (shown) o.stream.write('\r\x1b[2K');
      shown = false;
    },
  };
}
