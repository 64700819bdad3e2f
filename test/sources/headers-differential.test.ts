/**
 * Patch headers are read faster since issue 14, with results unchanged. The
 * parts that were rewritten are held to what they replaced:
 * - extractPreamble finds a diff's first file header by offsets instead of
 *   line strings, and splitFields runs its field-name regex in place instead
 *   of on a cut-out line: both against verbatim copies of the code before
 *   (test/support/reference/);
 * - maskLine keeps a line that has no comment marker as it is: against
 *   maskChars, the full masking it skips;
 * - parseHeader runs no ref regex over a text mayHoldRefs rules out: that
 *   text must hold no ref and teach no alias.
 * Inputs: every fixture file and generated text built from the pieces these
 * readers look for.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { learnAliases, scanRefs } from '../../src/refs.js';
import { findStatusBlocks } from '../../src/sources/headers/block.js';
import {
  mayHoldHeading,
  mayHoldRefs,
  mayTeach,
  parseHeader,
  proseAddsNothing,
  withTaught,
} from '../../src/sources/headers/index.js';
import { extractPreamble } from '../../src/sources/headers/preamble.js';
import { maskChars, maskLine, maskPreamble } from '../../src/sources/headers/text.js';
import { splitFields } from '../../src/sources/trailers/fields.js';
import { parseTrailers } from '../../src/sources/trailers/index.js';
import { extractPreamble as referencePreamble } from '../support/reference/preamble.js';
import { splitFields as referenceFields } from '../support/reference/fields.js';

const FIXTURES = fileURLToPath(new URL('../fixtures', import.meta.url));

function fixtureFiles(dir: string): { rel: string; text: string }[] {
  const out: { rel: string; text: string }[] = [];
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const abs = path.join(e.parentPath, e.name);
    out.push({ rel: path.relative(dir, abs), text: readFileSync(abs, 'utf8') });
  }
  return out;
}

const fixtures = fixtureFiles(FIXTURES);
const EXTENSIONS = ['patch', 'diff', 'PATCH', 'py', 'sh', 'txt', ''];

/** Lines these readers react to, and some they must not. */
const LINE = fc.constantFrom(
  '',
  ' ',
  '\r',
  'diff --git a/x b/x',
  'diff --git',
  '--- a/x.c',
  '---',
  '--- ',
  '+++ b/x.c',
  '+++',
  '@@ -1 +1 @@',
  'Subject: [PATCH] fix #12',
  'Upstream-Status: Submitted [https://github.com/o/r/pull/3]',
  'Upstream-Status: Backport [',
  'https://github.com/o/r/commit/abc1]',
  'Upstream: https://github.com/o/r/pull/4',
  'Upstream:',
  '# Forwarded: no',
  '#',
  '\tcontinued',
  ' continued',
  'http://x.org/y',
  'Signed-off-by: A <a@b>',
  'UPSTREAM STATUS (2026-01-02):',
  '  own PR  o/r#5 (OPEN)',
  '#!/bin/sh',
  '"""Doc.',
  "r'''",
  'x = 1 """',
  '/* c */',
  ' * star',
  '// slashes',
  '#3500 at the start',
  '## heading',
  'prose */',
  'a\rb',
  '\uFEFFbom',
);
const TEXT = fc
  .tuple(fc.array(fc.oneof(LINE, fc.string({ maxLength: 12 })), { maxLength: 30 }), fc.boolean())
  .map(([lines, crlf]) => lines.join(crlf ? '\r\n' : '\n'));

describe('extractPreamble against the reference', () => {
  it('agrees on every fixture file, under every extension', () => {
    for (const { rel, text } of fixtures) {
      for (const ext of EXTENSIONS) {
        const p = `${rel}.${ext}`;
        expect(extractPreamble(p, text), p).toEqual(referencePreamble(p, text));
      }
    }
  });

  it('agrees on generated text', () => {
    fc.assert(
      fc.property(TEXT, fc.constantFrom(...EXTENSIONS), fc.boolean(), (text, ext, bom) => {
        const t = bom ? `\uFEFF${text}` : text;
        expect(extractPreamble(`p/a.${ext}`, t)).toEqual(referencePreamble(`p/a.${ext}`, t));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('splitFields against the reference', () => {
  it('agrees on every fixture preamble and whole file', () => {
    for (const { rel, text } of fixtures) {
      const preamble = extractPreamble(`${rel}.patch`, text).text;
      expect(splitFields(preamble), rel).toEqual(referenceFields(preamble));
      expect(splitFields(text), rel).toEqual(referenceFields(text));
    }
  });

  it('agrees on generated text', () => {
    const fieldish = fc
      .tuple(
        fc.constantFrom('', '# ', '#', '#  ', ' ', '\t', 'x\r', '\u2028', '# \t'),
        fc.stringMatching(/^[A-Za-z0-9-]{0,6}$/),
        fc.constantFrom(':', ' :', '\t:', '://', ':/', ': //', ''),
        fc.constantFrom('', ' v', ' [a', ']', ' \t', '\r', ' x\r'),
      )
      .map((parts) => parts.join(''));
    const text = fc
      .array(fc.oneof(LINE, fieldish), { maxLength: 25 })
      .map((lines) => lines.join('\n'));
    fc.assert(
      fc.property(text, (t) => {
        expect(splitFields(t)).toEqual(referenceFields(t));
      }),
      { numRuns: 3000 },
    );
  });
});

describe('maskLine keeps unmarked lines as they are', () => {
  it('agrees with the full masking on every fixture line', () => {
    for (const { text } of fixtures) {
      text.split('\n').forEach((line, i) => {
        if (!(i === 0 && line.startsWith('#!')))
          expect(maskLine(line, i === 0)).toBe(maskChars(line));
      });
    }
  });

  it('agrees with the full masking on generated lines', () => {
    const piece = fc.constantFrom(
      ' ',
      '\t',
      '\r',
      '#',
      '/',
      '*',
      '"',
      "'",
      'r',
      'R',
      'u',
      'U',
      'x',
      '0',
      '3',
      '9',
      '.',
      '"""',
      "'''",
    );
    const line = fc.array(piece, { maxLength: 10 }).map((ps) => ps.join(''));
    fc.assert(
      fc.property(fc.oneof(line, fc.string({ maxLength: 10 })), (l) => {
        expect(maskLine(l, false)).toBe(maskChars(l));
      }),
      { numRuns: 5000 },
    );
  });

  it('gives a view whose text is its lines, and the preamble itself when nothing is masked', () => {
    fc.assert(
      fc.property(TEXT, (t) => {
        const masked = maskPreamble(t);
        expect(masked.text).toBe(masked.lines.map((l) => l.text).join('\n'));
        expect(masked.text.length).toBe(t.length);
      }),
      { numRuns: 1000 },
    );
    expect(maskPreamble('plain\nprose').text).toBe('plain\nprose');
  });
});

describe('mayHoldRefs', () => {
  const ctx = { aliases: new Map([['engine', 'o/engine']]), defaultRepo: 'o/r' };

  it('rules out only text with no ref and no alias to learn', () => {
    const piece = fc.constantFrom(
      '#',
      '1',
      '/',
      'pull',
      'pulls',
      'issues',
      'github.com',
      'https://',
      'o/r',
      'engine',
      '[',
      '](',
      ' ',
      '\n',
      'x',
    );
    const text = fc.array(piece, { maxLength: 16 }).map((ps) => ps.join(''));
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 20 })), (t) => {
        if (mayHoldRefs(t)) return;
        expect(scanRefs(t, ctx)).toEqual([]);
        expect(learnAliases(t).size).toBe(0);
      }),
      { numRuns: 5000 },
    );
    for (const { text } of fixtures) {
      if (mayHoldRefs(text)) continue;
      expect(scanRefs(text, ctx)).toEqual([]);
      expect(learnAliases(text).size).toBe(0);
    }
  });

  it('lets every written form of a ref through', () => {
    for (const t of [
      '#1',
      'o/r#2',
      'engine#3',
      'https://github.com/o/r/pull/4',
      '/pulls/5',
      '/issues/6',
    ])
      expect(mayHoldRefs(`see ${t}.`)).toBe(true);
    expect(mayHoldRefs('Signed-off-by: A <a@b>\n# comment\n/pull/x')).toBe(false);
  });
});

describe('mayTeach and withTaught', () => {
  const piece = fc.constantFrom(
    '#',
    '1',
    '/',
    'pull',
    'pulls',
    'issues',
    'github.com/',
    'https://github.com/',
    'https://x.org/',
    'o/r',
    'o/engine',
    'o/R',
    'o/r2',
    'o/r-',
    'o/r_',
    'o/r.',
    'engine',
    'x.y',
    '-',
    '_',
    '`',
    '[',
    ']',
    '](',
    '(',
    ')',
    ' ',
    '\n',
  );
  const text = fc.array(piece, { maxLength: 18 }).map((ps) => ps.join(''));

  it('rules out only text that teaches no alias', () => {
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 20 })), (t) => {
        if (!mayTeach(t)) expect(learnAliases(t).size).toBe(0);
      }),
      { numRuns: 8000 },
    );
    for (const { text: t } of fixtures) if (!mayTeach(t)) expect(learnAliases(t).size).toBe(0);
    expect(mayTeach('see o/r#3')).toBe(true);
    expect(mayTeach('[engine#3](https://github.com/o/engine/pull/3)')).toBe(true);
    expect(mayTeach('fixes #3 (see #4)')).toBe(false);
  });

  it('gives the aliases learnAliases adds to a copy of the known ones, in order', () => {
    const known = fc.constantFrom<ReadonlyMap<string, string> | undefined>(
      undefined,
      new Map(),
      new Map([['engine', 'other/engine']]),
      new Map([
        ['r', 'k/r'],
        ['x', 'k/x'],
      ]),
    );
    fc.assert(
      fc.property(fc.oneof(text, fc.string({ maxLength: 20 })), known, (t, k) => {
        const expected = learnAliases(t, new Map(k ?? []));
        expect([...withTaught(t, k)]).toEqual([...expected]);
      }),
      { numRuns: 8000 },
    );
    for (const { text: t } of fixtures) {
      const k = new Map([['engine', 'other/engine']]);
      expect([...withTaught(t, k)]).toEqual([...learnAliases(t, new Map(k))]);
    }
  });
});

describe('mayHoldHeading', () => {
  it('rules out only text whose masked view has no UPSTREAM STATUS block', () => {
    const piece = fc.constantFrom(
      'upstream',
      'UPSTREAM',
      'Status',
      'status',
      ' ',
      '\t',
      '\r',
      '#',
      '//',
      '*',
      '"""',
      "r'''",
      '\n',
      '-',
      '**',
    );
    const text = fc.array(piece, { maxLength: 12 }).map((ps) => ps.join(''));
    fc.assert(
      fc.property(text, (t) => {
        if (!mayHoldHeading(t)) expect(findStatusBlocks(maskPreamble(t))).toEqual([]);
      }),
      { numRuns: 5000 },
    );
    expect(mayHoldHeading('# UPSTREAM STATUS (2026-01-02)')).toBe(true);
    expect(mayHoldHeading('upstream\r status')).toBe(true);
  });
});

describe('proseAddsNothing', () => {
  // Lines a Yocto, DEP-3 or Buildroot header holds, with the characters that
  // make the prose reader read on after a ref: a title, a parenthetical, a
  // markdown link, gaps that carry it to the next line, comment markers.
  const line = fc.constantFrom(
    '',
    ' ',
    'Upstream-Status: Submitted [https://github.com/o/r/pull/3]',
    'Upstream-Status: Backport [https://github.com/o/r/pull/3 (part)]',
    'Upstream-Status: Backport [https://github.com/o/r/pull/3] (',
    'Upstream-Status: Submitted https://github.com/o/r/pull/4',
    'Upstream-Status: Submitted https://github.com/o/r/pull/4 "',
    'Upstream-Status: Submitted [[#5](https://github.com/o/r/pull/5)]',
    'Upstream-Status: Submitted [#5](https://github.com/o/r/pull/5) (',
    'Upstream-Status: Backport [',
    'https://github.com/o/r/pull/6]',
    'Upstream: https://github.com/o/r/pull/7',
    'Upstream:',
    'Bug: https://github.com/o/r/issues/8',
    'Forwarded: https://github.com/o/r/pull/9`',
    'Applied-Upstream: https://github.com/o/r/pull/10 *',
    'Origin: o/r#11',
    '  (continued',
    '\t"quoted',
    '\u201cquoted\u201d',
    '(',
    ')',
    ': _ *',
    '# (',
    '#',
    '"""',
    '*/',
    '\r',
    'fixes #12 (see #13)',
    'See https://github.com/o/r/pull/14',
    'UPSTREAM STATUS (2026-01-02):',
    'Signed-off-by: A <a@b>',
    '---',
    ' 1 file changed, 1 insertion(+)',
  );
  const header = fc
    .tuple(fc.array(line, { maxLength: 12 }), fc.boolean())
    .map(([lines, crlf]) => lines.join(crlf ? '\r\n' : '\n'));

  /** What readPatchHeader keeps of a full prose parse when the trailers own `owned`. */
  function kept(text: string, path: string, owned: readonly number[]) {
    const full = parseHeader({ path, text, defaultRepo: null });
    return {
      mentions: full.mentions.filter((m) => !owned.includes(m.line)),
      ambiguous: full.ambiguous.filter((a) => !owned.includes(a.line)),
      problems: full.problems,
      hasStatusBlock: full.hasStatusBlock,
      checkedOn: full.source.checkedOn,
    };
  }
  const nothing = {
    mentions: [],
    ambiguous: [],
    problems: [],
    hasStatusBlock: false,
    checkedOn: null,
  };

  function check(text: string, path: string): boolean {
    const preamble = extractPreamble(path, text);
    const trailers = parseTrailers({
      path,
      preamble: preamble.text,
      startOffset: preamble.startOffset,
      startLine: preamble.startLine,
      layout: null,
    });
    if (!proseAddsNothing(preamble, trailers.claimedLines)) return false;
    expect(kept(text, path, trailers.claimedLines), text).toEqual(nothing);
    return true;
  }

  it('skips the prose reader only where all it reads is dropped', () => {
    let skipped = 0;
    fc.assert(
      fc.property(header, (t) => {
        if (check(t, 'p/a.patch')) skipped++;
      }),
      { numRuns: 6000 },
    );
    // The generator reaches the skip, not only the fallbacks.
    expect(skipped).toBeGreaterThan(300);
    for (const { rel, text } of fixtures) check(text, `${rel}.patch`);
  });

  it('skips a plain Yocto header, and reads on where a title or parenthetical may follow', () => {
    const yocto =
      'Subject: fix\n\nUpstream-Status: Submitted [https://github.com/o/r/pull/3]\nSigned-off-by: A <a@b>\n---\n 1 file changed, 1 insertion(+)\n';
    expect(check(yocto, 'p/a.patch')).toBe(true);
    for (const after of [' (MERGED)', ' "Title"', '\n  (unclosed', ' \u201cTitle\u201d'])
      expect(
        check(`Upstream-Status: Submitted https://github.com/o/r/pull/3${after}\n`, 'p/a.patch'),
      ).toBe(false);
    expect(
      check('Upstream-Status: Submitted [#3](https://github.com/o/r/pull/3) (x\n', 'p/a.patch'),
    ).toBe(false);
    // A ref outside a field, or a heading, is the prose reader's.
    expect(check(`${yocto}\nSee #4.\n`.replace('---', ''), 'p/a.patch')).toBe(false);
    expect(check(`UPSTREAM STATUS:\n${yocto}`, 'p/a.patch')).toBe(false);
  });
});
