/**
 * The CLI's standard output and error, written with `fs.writeSync` on file
 * descriptors 1 and 2 rather than through `process.stdout`/`process.stderr`.
 *
 * Why: for a pipe (CI logs, `| head`, the bench) the first touch of
 * `process.stdout` builds a `net.Socket` and loads Node's `net` and stream
 * modules, ~2 ms of a 160 ms `list` (docs/decisions.md, "Output with
 * writeSync"). On Linux Node writes to pipes, files and terminals
 * synchronously anyway, so the order and the completeness of the output are
 * the same: each call returns when the bytes are with the kernel, and the
 * process may exit right after (see `exitWhenDone`).
 *
 * A reader that closes the pipe early makes the next write fail with EPIPE:
 * that descriptor is marked closed, the rest of its output is dropped, and
 * the CLI ends with 141 (docs/decisions.md). A
 * descriptor someone made non-blocking can refuse a write with EAGAIN; from
 * then on that descriptor's output goes through Node's stream, which waits
 * for the reader, and the exit waits for the stream to drain. On Windows
 * everything goes through the streams, as before: a console there wants
 * UTF-16 (Node's tty stream converts), and pipes are asynchronous.
 */
import { writeSync } from 'node:fs';
import { isatty } from 'node:tty';
import type { ProgressStream } from './progress.js';

type Fd = 1 | 2;

/** What a shell reports for a process killed by SIGPIPE (128 + 13). */
export const EXIT_CLOSED_PIPE = 141;

const closed = { 1: false, 2: false };
const WINDOWS = process.platform === 'win32';
/** Descriptors whose output goes through Node's stream (Windows, or since an EAGAIN). */
const streamed = { 1: WINDOWS, 2: WINDOWS };
const watched = { 1: false, 2: false };

const streamOf = (fd: Fd): NodeJS.WriteStream => (fd === 1 ? process.stdout : process.stderr);

function write(fd: Fd, text: string): void {
  if (closed[fd] || text === '') return;
  if (streamed[fd]) {
    viaStream(fd, text);
    return;
  }
  const bytes = Buffer.from(text, 'utf8');
  let done = 0;
  while (done < bytes.length) {
    try {
      done += writeSync(fd, bytes, done, bytes.length - done);
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      if (code === 'EPIPE') {
        closed[fd] = true;
        return;
      }
      if (code !== 'EAGAIN') throw err;
      streamed[fd] = true;
      viaStream(fd, bytes.subarray(done));
      return;
    }
  }
}

function viaStream(fd: Fd, chunk: string | Uint8Array): void {
  const stream = streamOf(fd);
  if (!watched[fd]) {
    watched[fd] = true;
    stream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EPIPE') throw err;
      closed[fd] = true;
    });
  }
  stream.write(chunk);
}

export function writeOut(text: string): void {
  write(1, text);
}

export function writeErr(text: string): void {
  write(2, text);
}

/** Whether a reader closed stdout or stderr before the output ended. */
function pipeClosed(): boolean {
  return closed[1] || closed[2];
}

/** Whether stdout (1) or stderr (2) is a terminal, without building its stream. */
export function isTerminal(fd: Fd): boolean {
  return isatty(fd);
}

/**
 * stderr for the progress line. Whether it is a terminal is asked only when
 * the progress line would be shown (a human format, not CI): node:tty
 * brings node:net with it.
 */
export function stderrForProgress(): ProgressStream {
  return {
    get isTTY() {
      return isTerminal(2);
    },
    get columns() {
      return isTerminal(2) ? process.stderr.columns : undefined;
    },
    write: writeErr,
  };
}

/**
 * End the process with `code` (141 if a reader closed the pipe) once its
 * output is out, without waiting for timers or sockets that no longer
 * matter: a GitHub request abandoned when another failed can leave a retry
 * timer armed for seconds (plugin-retry's backoff), and the pre-rebase hook
 * would sit on it. Everything the CLI awaits (files written, the job
 * summary, the cache) is done by then.
 */
export function exitWhenDone(code: number): void {
  const pending = ([1, 2] as const).filter((fd) => watched[fd] && !closed[fd]);
  const exit = (): never => process.exit(pipeClosed() ? EXIT_CLOSED_PIPE : code);
  if (pending.length === 0) exit();
  let left = pending.length;
  for (const fd of pending) {
    streamOf(fd).write('', (err) => {
      if ((err as NodeJS.ErrnoException | null | undefined)?.code === 'EPIPE') closed[fd] = true;
      if (--left === 0) exit();
    });
  }
}
