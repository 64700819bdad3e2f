/**
 * Decode a file's bytes as UTF-8 without losing the rest of the run to one
 * bad file: invalid sequences become U+FFFD and the first one is located so
 * the caller can report `parse-error` with a line number.
 */
import { isUtf8 } from 'node:buffer';

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export interface Decoded {
  text: string;
  /** 1-based line of the first invalid byte sequence, or null if the file is valid UTF-8. */
  invalidLine: number | null;
}

export function decodeUtf8(bytes: Uint8Array): Decoded {
  // isUtf8 is native and throws nothing: the common valid file costs one scan
  // and one decode, and no exception is built for the rare invalid one.
  if (isUtf8(bytes)) return { text: strict.decode(bytes), invalidLine: null };
  return { text: lenient.decode(bytes), invalidLine: lineOfFirstInvalid(bytes) };
}

const LINE_FEED = 0x0a;
const BLOCK = 64 * 1024;

/**
 * The 1-based line of the first invalid UTF-8 sequence. A line feed is never
 * part of a multi-byte sequence, so text cut just after one is cut between
 * sequences: blocks of whole lines are checked natively, and only the first
 * invalid block line by line.
 */
function lineOfFirstInvalid(bytes: Uint8Array): number {
  let line = 1;
  let start = 0;
  while (start < bytes.length) {
    const end = lineEndAfter(bytes, Math.min(start + BLOCK, bytes.length));
    const block = bytes.subarray(start, end);
    if (!isUtf8(block)) {
      let from = 0;
      for (;;) {
        const feed = block.indexOf(LINE_FEED, from);
        const stop = feed === -1 ? block.length : feed + 1;
        if (!isUtf8(block.subarray(from, stop))) return line;
        if (feed === -1) return line;
        line++;
        from = stop;
      }
    }
    line += countLineFeeds(block);
    start = end;
  }
  return line;
}

/** The offset just past the first line feed at or after `at` (the end if none). */
function lineEndAfter(bytes: Uint8Array, at: number): number {
  if (at >= bytes.length) return bytes.length;
  const feed = bytes.indexOf(LINE_FEED, at);
  return feed === -1 ? bytes.length : feed + 1;
}

function countLineFeeds(block: Uint8Array): number {
  let n = 0;
  for (let i = block.indexOf(LINE_FEED); i !== -1; i = block.indexOf(LINE_FEED, i + 1)) n++;
  return n;
}
