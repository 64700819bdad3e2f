/**
 * Reading one source file for collect.ts: whole (ledgers, records, READMEs),
 * into one reused buffer when it is small, decoded as UTF-8 with the first
 * bad byte's line kept for a problem.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { decodeUtf8 } from '../decode.js';
import type { SourceResult } from '../model.js';

export interface FileText {
  text: string;
  invalidLine: number | null;
}

export async function readAll(
  paths: readonly string[],
  read: (rel: string) => Promise<FileText | null>,
): Promise<Map<string, FileText>> {
  const out = new Map<string, FileText>();
  const texts = await Promise.all(paths.map(read));
  paths.forEach((p, i) => {
    const t = texts[i];
    if (t) out.set(p, t);
  });
  return out;
}

/** Ledgers, records and READMEs up to this size are read without asking for their size first. */

const SCRATCH_BYTES = 64 * 1024;

let scratch: Buffer | null = null;

/**
 * A whole file; null when `admit` refuses its size. Non-UTF-8 input is a
 * parse-error at the first bad byte; what decoded is still read.
 *
 * Most sources are small: a file that ends within SCRATCH_BYTES is read into
 * one reused buffer, and its size is what was read, with no fstat (a stat
 * object per file, 257 of them on a 1,000-patch tree). A larger file is
 * sized from the open file (fstat), admitted, and read on to its end.
 */
export function readWhole(abs: string, admit: (size: number) => boolean): FileText | null {
  const fd = openSync(abs, 'r');
  try {
    scratch ??= Buffer.allocUnsafe(SCRATCH_BYTES);
    let filled = 0;
    for (;;) {
      const got = readSync(fd, scratch, filled, scratch.length - filled, null);
      if (got === 0) return admit(filled) ? decodeUtf8(scratch.subarray(0, filled)) : null;
      filled += got;
      if (filled === scratch.length) break;
    }
    const size = fstatSync(fd).size;
    if (!admit(size)) return null;
    // One byte more than the size says, so a file that grew since is read to its end.
    let buffer = Buffer.allocUnsafe(Math.max(size, filled) + 1);
    scratch.copy(buffer, 0, 0, filled);
    for (;;) {
      const got = readSync(fd, buffer, filled, buffer.length - filled, null);
      if (got === 0) return decodeUtf8(buffer.subarray(0, filled));
      filled += got;
      if (filled === buffer.length) {
        const grown = Buffer.allocUnsafe(buffer.length * 2);
        buffer.copy(grown, 0, 0, filled);
        buffer = grown;
      }
    }
  } finally {
    closeSync(fd);
  }
}

export function withEncoding<T extends SourceResult>(result: T, file: FileText): T {
  if (file.invalidLine !== null) {
    result.problems.unshift({
      file: result.source.path,
      line: file.invalidLine,
      message: 'file is not valid UTF-8; invalid bytes were read as U+FFFD',
    });
  }
  return result;
}
