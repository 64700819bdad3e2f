import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../src/decode.js';
import { readPatchHead } from '../../src/sources/headers/read-head.js';
import { readPatchHeader } from '../../src/sources/headers/patch-header.js';

const FIXTURES = fileURLToPath(new URL('../fixtures', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'read-head-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

let n = 0;
function write(name: string, bytes: Uint8Array | string): string {
  const abs = path.join(dir, `${n++}-${name}`);
  writeFileSync(abs, bytes);
  return abs;
}

/**
 * What collect.ts makes of a file: readPatchHeader's result, and the
 * invalid-UTF-8 line it reports (one past the header is not reported).
 */
function reading(rel: string, text: string, invalidLine: number | null) {
  const aliases = new Map([['engine', 'o/engine']]);
  const header = readPatchHeader({ path: rel, text, defaultRepo: 'o/r', aliases });
  const reported = invalidLine !== null && invalidLine <= header.preambleEndLine;
  return { header, invalid: reported ? invalidLine : null };
}

/** The head gives the same reading as the whole file. */
function sameReading(abs: string, rel: string): boolean {
  const whole = decodeUtf8(readFileSync(abs));
  const head = readPatchHead(abs, rel);
  expect(head).not.toBeNull();
  if (head === null) return false;
  if (head.whole) expect(head.text).toBe(whole.text);
  else expect(whole.text.startsWith(head.text)).toBe(true);
  expect(reading(rel, head.text, head.invalidLine)).toEqual(
    reading(rel, whole.text, whole.invalidLine),
  );
  return head.whole;
}

const HEADER = [
  'From 1234 Mon Sep 17 00:00:00 2001',
  'Subject: [PATCH] fix the thing (#12)',
  '',
  'See https://github.com/o/r/pull/7 and engine#3.',
  'Upstream-Status: Submitted [https://github.com/o/r/pull/8]',
  'Signed-off-by: A <a@b>',
  '---',
  ' a.c | 2 +-',
  '',
].join('\n');
const BODY_LINE = '+ some code with #99 and https://github.com/o/r/issues/5 in it\n';

describe('readPatchHead', () => {
  it('reads every fixture as the whole file reads, under .patch and .diff', () => {
    const files = readdirSync(FIXTURES, { recursive: true, withFileTypes: true }).filter((e) =>
      e.isFile(),
    );
    for (const e of files) {
      const bytes = readFileSync(path.join(e.parentPath, e.name));
      for (const ext of ['patch', 'diff', 'py', '']) {
        const rel = `p/${e.name}.${ext}`;
        sameReading(write(`f.${ext}`, bytes), rel);
      }
    }
  });

  it('stops after the header of a large patch, and reads it as the whole file reads', () => {
    const body = BODY_LINE.repeat(4000);
    for (const fileHeader of ['diff --git a/a.c b/a.c\n', '--- a/a.c\n+++ b/a.c\n']) {
      const abs = write('big.patch', `${HEADER}${fileHeader}@@ -1 +1 @@\n${body}`);
      expect(sameReading(abs, 'p/big.patch')).toBe(false);
      expect(readPatchHead(abs, 'p/big.patch')!.text.length).toBeLessThan(body.length / 4);
    }
  });

  it('reads on past a chunk that ends between `--- ` and `+++ `, or has no line break', () => {
    for (let pad = 16 * 1024 - 40; pad < 16 * 1024 + 8; pad++) {
      const filler = `${'x'.repeat(pad)}\n`;
      const text = `${filler}--- a/a.c\n+++ b/a.c\n${BODY_LINE.repeat(3000)}`;
      sameReading(write('edge.patch', text), 'p/edge.patch');
    }
    const oneLine = `${'y'.repeat(70_000)}\n--- a\n+++ b\n${BODY_LINE.repeat(10)}`;
    sameReading(write('long.diff', oneLine), 'p/long.diff');
  });

  it('keeps invalid UTF-8 in the header, BOM and CRLF as the whole file has them', () => {
    const bad = Buffer.from([0xff, 0xfe, 0x0a]);
    const body = Buffer.from(`diff --git a/x b/x\n${BODY_LINE.repeat(2000)}`);
    const variants = [
      Buffer.concat([Buffer.from('Subject: x #1\n'), bad, body]),
      Buffer.concat([Buffer.from('Subject: x #1\n'), body, bad, body]),
      Buffer.concat([Buffer.from('\uFEFFdiff --git a/x b/x\n'), body]),
      Buffer.from(
        `${HEADER.replace(/\n/g, '\r\n')}diff --git a/x b/x\r\n${BODY_LINE.repeat(2000)}`,
      ),
      Buffer.from(`${HEADER}${BODY_LINE.repeat(2000)}`),
      Buffer.from(''),
    ];
    for (const bytes of variants) sameReading(write('v.patch', bytes), 'p/v.patch');
  });

  it('agrees with the whole file on generated patches', () => {
    const line = fc.constantFrom(
      'Subject: fix #4',
      'Upstream-Status: Backport [https://github.com/o/r/commit/abc123]',
      'Upstream: https://github.com/o/r/pull/9',
      '---',
      '--- a/x',
      '+++ b/x',
      'diff --git a/x b/x',
      '',
      '\r',
      'é😀',
      'x'.repeat(5000),
      BODY_LINE,
    );
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), fc.boolean(), (lines, crlf) => {
        const text = lines.join(crlf ? '\r\n' : '\n');
        sameReading(write('g.patch', text), 'p/g.patch');
      }),
      { numRuns: 150 },
    );
  });

  it('asks admit with the file size, small or past the first chunk, and gives nothing when refused', () => {
    const abs = write('a.patch', HEADER);
    const big = write('big.py', `# ${'x'.repeat(40_000)}\n${HEADER}`);
    const sizes: number[] = [];
    const refuse = (size: number): boolean => (sizes.push(size), false);
    expect(readPatchHead(abs, 'p/a.patch', refuse)).toBeNull();
    expect(readPatchHead(big, 'p/big.py', refuse)).toBeNull();
    expect(readPatchHead(big, 'p/big.patch', refuse)).toBeNull();
    const bigSize = Buffer.byteLength(`# ${'x'.repeat(40_000)}\n${HEADER}`);
    expect(sizes).toEqual([Buffer.byteLength(HEADER), bigSize, bigSize]);
    expect(() => readPatchHead(path.join(dir, 'missing.patch'), 'p/missing.patch')).toThrow(
      /ENOENT/,
    );
  });
});

describe('readPatchHead with one shared first-chunk buffer', () => {
  it('reads each file afresh though every first chunk shares one buffer', () => {
    const long = write('long.patch', `${'é'.repeat(9000)}\n${HEADER}`);
    const short = write('short.patch', 'Subject: x\n');
    const empty = write('empty.patch', '');
    for (let i = 0; i < 3; i++) {
      expect(readPatchHead(long, 'p/long.patch')!.text).toBe(readFileSync(long, 'utf8'));
      expect(readPatchHead(short, 'p/short.patch')).toEqual({
        text: 'Subject: x\n',
        invalidLine: null,
        whole: true,
      });
      expect(readPatchHead(empty, 'p/empty.patch')).toEqual({
        text: '',
        invalidLine: null,
        whole: true,
      });
    }
  });

  it('reads a small file whole, as decodeUtf8 reads it: BOM, CRLF, a U+FFFD written or made of a bad byte', () => {
    const bad = Buffer.from([0xff, 0x0a]);
    const small = [
      Buffer.from(`\uFEFF${HEADER}diff --git a/x b/x\n`),
      Buffer.from(`${HEADER.replace(/\n/g, '\r\n')}--- a/x\r\n+++ b/x\r\n`),
      Buffer.from(`Subject: \uFFFD is a character #1\n${HEADER}`),
      Buffer.concat([Buffer.from('Subject: x #1\n'), bad, Buffer.from(HEADER)]),
      Buffer.concat([Buffer.from(HEADER), Buffer.from('diff --git a/x b/x\n'), bad]),
      Buffer.from([0xc3]),
    ];
    for (const bytes of small) {
      for (const rel of ['p/s.patch', 'p/s.py']) {
        const abs = write('s.patch', bytes);
        expect(readPatchHead(abs, rel)).toEqual({ ...decodeUtf8(bytes), whole: true });
        sameReading(abs, rel);
      }
    }
  });
});
