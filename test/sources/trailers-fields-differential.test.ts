/**
 * parseTrailers finds only the fields a convention defines (conventionFields)
 * instead of every field (splitFields) and then dropping the rest in
 * readField. Held here to what it replaced: conventionFields must return
 * exactly splitFields's fields with a convention's name, and no field with
 * another name may be one readField reads. Inputs: every fixture file, the
 * fixtures' preambles, and generated text built from field lines (names in
 * every case, near-misses such as `Upstream-Status-X` and `Bug-`),
 * continuation lines and the lines that end them.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { extractPreamble } from '../../src/sources/headers/preamble.js';
import {
  conventionFields,
  isConventionName,
  splitFields,
  type RawField,
} from '../../src/sources/trailers/fields.js';
import { readField } from '../../src/sources/trailers/meaning.js';
import type { PatchLayout } from '../../src/sources/trailers/types.js';

const FIXTURES = fileURLToPath(new URL('../fixtures', import.meta.url));

function fixtureTexts(): { rel: string; text: string }[] {
  const out: { rel: string; text: string }[] = [];
  for (const e of readdirSync(FIXTURES, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const abs = path.join(e.parentPath, e.name);
    out.push({ rel: path.relative(FIXTURES, abs), text: readFileSync(abs, 'utf8') });
  }
  return out;
}

/** What parseTrailers read before: every field, then those a convention names. */
function expected(text: string): RawField[] {
  return splitFields(text).filter((f) => isConventionName(f.name));
}

const NAMES = [
  'Upstream-Status',
  'upstream-status',
  'UPSTREAM-STATUS',
  'Upstream',
  'UPSTREAM',
  'Forwarded',
  'forwarded',
  'Applied-Upstream',
  'applied-UPSTREAM',
  'Origin',
  'Bug',
  'BUG',
  'Bug-Debian',
  'bug-ubuntu',
  'Bug-',
  'Bug--',
  'Bug-x-',
  'Bugs',
  'Upstream-Status-X',
  'XUpstream',
  'Upstreams',
  'Origin2',
  'Signed-off-by',
  'Subject',
  'From',
  'Date',
  'CVE',
  'Index',
  'Forwarde',
  'upstream-statu',
  'Upſtream',
  'Bug-Ⅰ',
  'İndex',
];

const LAYOUTS: (PatchLayout | null)[] = [null, 'yocto', 'buildroot', 'debian'];

const fieldLine = fc
  .tuple(
    fc.constantFrom('', '# ', '#', '#  ', ' ', '\t', '## '),
    fc.oneof(fc.constantFrom(...NAMES), fc.stringMatching(/^[A-Za-z0-9-]{0,6}$/)),
    fc.constantFrom(':', ' :', '\t:', '://', ':/', ': //', '', ' ', '-x:'),
    fc.constantFrom('', ' v', ' [a', ']', ' \t', '\r', ' x\r', ' Pending', ' https://x/y'),
  )
  .map((parts) => parts.join(''));
const otherLine = fc.constantFrom(
  '',
  ' ',
  '\r',
  '\tcontinued',
  ' continued [',
  'plain prose',
  'url]',
  '---',
  '--- a/x',
  '#',
  '# prose',
  '#\tUpstream: x',
  'https://github.com/o/r/pull/3',
);
const TEXT = fc
  .array(fc.oneof(fieldLine, otherLine), { maxLength: 30 })
  .map((lines) => lines.join('\n'));

describe('conventionFields against splitFields', () => {
  it('agrees on every fixture file and preamble', () => {
    for (const { rel, text } of fixtureTexts()) {
      const preamble = extractPreamble(`${rel}.patch`, text).text;
      expect(conventionFields(preamble), rel).toEqual(expected(preamble));
      expect(conventionFields(text), rel).toEqual(expected(text));
    }
  });

  it('agrees on generated text', () => {
    fc.assert(
      fc.property(TEXT, fc.boolean(), (text, crlf) => {
        const t = crlf ? text.replace(/\n/g, '\r\n') : text;
        expect(conventionFields(t)).toEqual(expected(t));
      }),
      { numRuns: 4000 },
    );
  });

  it('finds the fields of a typical header, and skips the others', () => {
    const text = [
      'From: A <a@b>',
      'Date: Mon, 1 Jan 2024',
      'Subject: [PATCH] fix',
      ' the thing',
      '',
      'Upstream-Status: Submitted [https://github.com/o/r/pull/8,',
      'https://github.com/o/r/pull/9]',
      'upstream: https://x',
      '# Bug-Debian: https://bugs.debian.org/1',
      'Signed-off-by: A <a@b>',
    ].join('\n');
    expect(
      conventionFields(text).map((f) => [
        f.name,
        f.lineIndex,
        text.slice(f.valueStart, f.valueEnd),
      ]),
    ).toEqual([
      [
        'Upstream-Status',
        5,
        'Submitted [https://github.com/o/r/pull/8,\nhttps://github.com/o/r/pull/9]',
      ],
      ['upstream', 7, 'https://x'],
      ['Bug-Debian', 8, 'https://bugs.debian.org/1'],
    ]);
  });
});

describe('isConventionName', () => {
  it('holds every field readField reads, under every layout', () => {
    const values = ['', 'x', 'Pending', 'https://github.com/o/r/pull/1', 'upstream, https://x'];
    for (const text of fixtureTexts().map((f) => f.text)) {
      for (const field of splitFields(text)) {
        if (isConventionName(field.name)) continue;
        for (const layout of LAYOUTS) {
          expect(readField(field, text, { appliedUpstream: false, layout }), field.name).toBeNull();
        }
      }
    }
    fc.assert(
      fc.property(
        fc.oneof(fc.constantFrom(...NAMES), fc.stringMatching(/^[A-Za-z][A-Za-z0-9-]{0,8}$/)),
        fc.constantFrom(...values),
        fc.constantFrom(...LAYOUTS),
        fc.boolean(),
        (name, value, layout, appliedUpstream) => {
          const text = `${name}: ${value}`;
          const [field] = splitFields(text);
          if (field === undefined || isConventionName(field.name)) return;
          expect(readField(field, text, { appliedUpstream, layout })).toBeNull();
        },
      ),
      { numRuns: 3000 },
    );
  });
});
