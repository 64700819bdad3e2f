/**
 * Read a patch file only as far as its header reaches (issue 14): a
 * `.patch`/`.diff` file's header ends at its first file header (preamble.ts),
 * which is usually in the first few kilobytes of a file whose diff body
 * goes on for many more. The bytes are read in growing chunks, each cut at
 * its last line break (so no UTF-8 sequence and no line is cut), until the
 * decoded text holds the first file header; the rest is never read nor
 * decoded. Other files are read whole: their header's end depends on more
 * than one line.
 *
 * readPatchHeader gives the same result on this text as on the whole file:
 * it reads only the text before that first file header. The first invalid
 * UTF-8 line is the whole file's when it lies in the header; past it, the
 * caller ignores it anyway (SPEC §2.5). But the text is not the file's: a
 * caller that rewrites files (`sync`) must read them whole.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { decodeUtf8, type Decoded } from '../../decode.js';
import { diffPreambleEnd } from './preamble.js';

export interface PatchHead extends Decoded {
  /** Whether `text` is the whole file; false when the read stopped after the header. */
  whole: boolean;
}

const FIRST_CHUNK = 16 * 1024;
const DIFF_FILE = /\.(?:patch|diff)$/i;
const LINE_FEED = 0x0a;

/**
 * The first chunk of every file is read into this one buffer (the decoded
 * text is a copy): a fresh 16 kB buffer per patch was garbage the collector
 * had to sweep a thousand times over on a layer tree.
 */
let firstChunk: Buffer | null = null;

/**
 * The header part of the patch at `abs` (`rel` decides by its extension
 * whether a part will do). `admit` is asked with the file's size; when it
 * refuses, the result is null. Throws what `fs` throws (ENOENT, EACCES…).
 *
 * Most patch files end within the first chunk: that chunk is read first,
 * and a file that ends in it is sized by what was read, with no fstat (a
 * stat object per file cost ~3 µs, 3–4 ms over oe-core's 1,042 patches).
 * A larger file is sized from the open file, admitted, and only then read
 * on: a file past the limit costs one chunk.
 */
export function readPatchHead(
  abs: string,
  rel: string,
  admit: (size: number) => boolean = () => true,
): PatchHead | null {
  const fd = openSync(abs, 'r');
  try {
    const chunk = (firstChunk ??= Buffer.allocUnsafe(FIRST_CHUNK));
    let filled = 0;
    for (;;) {
      const got = readSync(fd, chunk, filled, FIRST_CHUNK - filled, null);
      if (got === 0)
        return admit(filled) ? withWhole(decodeUtf8(chunk.subarray(0, filled)), true) : null;
      filled += got;
      if (filled === FIRST_CHUNK) break;
    }
    const size = fstatSync(fd).size;
    if (!admit(size)) return null;
    const partial = DIFF_FILE.test(rel);
    if (partial) {
      const head = headOf(chunk.subarray(0, filled));
      if (head !== null) return head;
    }
    // Whole (or on to the header's end): one byte more than the size says, so
    // a file that grew since is read to its end.
    let capacity = partial ? FIRST_CHUNK * 4 : Math.max(size, filled) + 1;
    let buffer = Buffer.allocUnsafe(capacity);
    chunk.copy(buffer, 0, 0, filled);
    for (;;) {
      const got = readSync(fd, buffer, filled, capacity - filled, null);
      filled += got;
      const atEnd = got === 0;
      if (atEnd || filled === capacity) {
        const bytes = buffer.subarray(0, filled);
        if (atEnd) return withWhole(decodeUtf8(bytes), true);
        const head = partial ? headOf(bytes) : null;
        if (head !== null) return head;
        const grown = Buffer.allocUnsafe(capacity * 4);
        buffer.copy(grown, 0, 0, filled);
        buffer = grown;
        capacity = grown.length;
      }
    }
  } finally {
    closeSync(fd);
  }
}

/** The complete lines of `bytes`, decoded, when they hold a file header; else null. */
function headOf(bytes: Uint8Array): PatchHead | null {
  const cut = bytes.lastIndexOf(LINE_FEED);
  if (cut === -1) return null;
  const head = decodeUtf8(bytes.subarray(0, cut + 1));
  const start = head.text.startsWith('\uFEFF') ? 1 : 0;
  // A `--- ` line whose `+++ ` line is not read yet is not found here: read on.
  return diffPreambleEnd(head.text, start) < head.text.length ? withWhole(head, false) : null;
}

// Not `{ ...decoded, whole }`: a spread followed by a key is slow in Node 20.
function withWhole(decoded: Decoded, whole: boolean): PatchHead {
  return { text: decoded.text, invalidLine: decoded.invalidLine, whole };
}
