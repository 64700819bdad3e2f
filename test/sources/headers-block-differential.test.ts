/**
 * findStatusBlocks tests only the lines that hold "upstream status" for a
 * heading, and readLabel asks one alternation of the known labels instead
 * of each in turn (issue 14, session 4). Held here to the code they
 * replaced (test/support/reference/block.ts): the same blocks, entries,
 * roles and dates for every fixture file and for generated headers built
 * from headings, labels, prose, rules and blank lines.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { findStatusBlocks, readLabel } from '../../src/sources/headers/block.js';
import { maskPreamble } from '../../src/sources/headers/text.js';
import {
  findStatusBlocks as referenceBlocks,
  readLabel as referenceLabel,
} from '../support/reference/block.js';

const FIXTURES = fileURLToPath(new URL('../fixtures', import.meta.url));

const LINE = fc.constantFrom(
  'UPSTREAM STATUS (2026-01-02):',
  'Upstream Status',
  '# UPSTREAM STATUS (queried 2026-01-01;',
  '  re-queried 2026-02-03)',
  '**Upstream status**: see below',
  'see the upstream status ledger',
  'upstream\tstatus',
  'upstream-status: x',
  '  own PR  o/r#5 (OPEN)',
  '  our upstream PR: o/r#6',
  '  issue          o/r#1 "title" (OPEN).',
  '  Issues: #3',
  '  third-party PR o/r#2 (MERGED)',
  '  third party PRs  #4',
  '  anchor risk  o/r#7',
  '  also touches: o/r#10',
  '  related?  #11 is not this bug',
  '  anchor collisions: o/r#8',
  '  fix  o/r#9',
  '  upstream fixes: #10',
  '  background  #11',
  '  Notes: something',
  '  rather than rejected: prose',
  '                 continued line',
  '  continued',
  '',
  '   ',
  '---',
  '====',
  'prose after',
  'Signed-off-by: A <a@b>',
  '  issuex  #12',
  '  fix:#13',
  '  ownPR #14',
  '  - own PR: o/r#15 (OPEN)',
  '  * anchor risk: #16',
  '  * #17 (MERGED)',
  '  - #18',
  '      - #19 nested',
  ' * C comment line',
  '  • issue: #20',
);

const TEXT = fc
  .tuple(fc.array(fc.oneof(LINE, fc.string({ maxLength: 10 })), { maxLength: 24 }), fc.boolean())
  .map(([lines, crlf]) => lines.join(crlf ? '\r\n' : '\n'));

describe('findStatusBlocks against the reference', () => {
  it('agrees on every fixture file', () => {
    let blocks = 0;
    for (const e of readdirSync(FIXTURES, { withFileTypes: true, recursive: true })) {
      if (!e.isFile()) continue;
      const text = readFileSync(path.join(e.parentPath, e.name), 'utf8');
      const masked = maskPreamble(text);
      const found = findStatusBlocks(masked, false, text);
      blocks += found.length;
      expect(found, e.name).toEqual(referenceBlocks(masked, text));
    }
    expect(blocks).toBeGreaterThan(10);
  });

  it('agrees on generated headers', () => {
    fc.assert(
      fc.property(TEXT, (t) => {
        const masked = maskPreamble(t);
        expect(findStatusBlocks(masked, false, t)).toEqual(referenceBlocks(masked, t));
      }),
      { numRuns: 4000 },
    );
  });
});

describe('readLabel against the reference', () => {
  it('agrees on label-like content, with and without generic labels', () => {
    const word = fc.constantFrom(
      'upstream',
      'Upstream',
      'issue',
      'issues',
      'third-party',
      'third party',
      'Third-Party',
      'own',
      'our',
      'OUR',
      'PR',
      'PRs',
      'prs',
      'anchor',
      'risk',
      'risks',
      'collision',
      'fix',
      'fixes',
      'FIX',
      'background',
      'notes',
      '1x',
      '#3',
      'é',
    );
    const gap = fc.constantFrom(' ', '\t', '  ', ':', ': ', '', '\n', '-', '_');
    const content = fc
      .array(fc.tuple(word, gap), { maxLength: 4 })
      .map((parts) => parts.map(([w, g]) => w + g).join(''));
    fc.assert(
      fc.property(fc.oneof(content, fc.string({ maxLength: 12 })), fc.boolean(), (c, generic) => {
        expect(readLabel(c, generic)).toBe(referenceLabel(c, generic));
      }),
      { numRuns: 10000 },
    );
  });
});
