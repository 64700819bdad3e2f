/**
 * Decode a file's bytes as UTF-8 without losing the rest of the run to one
 * bad file: invalid sequences become U+FFFD and the first one is located so
 * the caller can report `parse-error` with a line number.
 */
const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { fatal: false, ignoreBOM: true });

export interface Decoded {
  text: string;
  /** 1-based line of the first invalid byte sequence, or null if the file is valid UTF-8. */
  invalidLine: number | null;
}

export function decodeUtf8(bytes: Uint8Array): Decoded {
  try {
    return { text: strict.decode(bytes), invalidLine: null };
  } catch {
    return { text: lenient.decode(bytes), invalidLine: lineOfFirstInvalid(bytes) };
  }
}

/** Walk UTF-8 sequences; return the line of the first malformed one. */
function lineOfFirstInvalid(bytes: Uint8Array): number {
  let line = 1;
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b === 0x0a) line++;
    let extra: number;
    if (b < 0x80) extra = 0;
    else if (b >= 0xc2 && b <= 0xdf) extra = 1;
    else if (b >= 0xe0 && b <= 0xef) extra = 2;
    else if (b >= 0xf0 && b <= 0xf4) extra = 3;
    else return line;
    for (let k = 1; k <= extra; k++) {
      const c = bytes[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return line;
    }
    i += extra + 1;
  }
  return line;
}
