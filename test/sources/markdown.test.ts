/**
 * parseMarkdown (markdown-it tokens → mdast): the offsets of the nodes the
 * ledger reader uses, on the cases where markdown-it's inline content and
 * the source differ — escapes, entities, code spans, links, emphasis
 * markers, astral characters, CRLF, a BOM — and on GFM table rows.
 */
import fc from 'fast-check';
import type { Nodes, PhrasingContent, Root, TableCell } from 'mdast';
import { describe, expect, it } from 'vitest';
import { parseLedger } from '../../src/sources/ledger/index.js';
import {
  contentRange,
  flattenInline,
  parseMarkdown,
  type MarkdownDoc,
} from '../../src/sources/markdown/index.js';
import { ledgerText } from '../reliability/support/hostile.js';
import { ledgerParsesInChild, plainLedger } from '../support/cpu-in-child.js';

/** Every node of a tree, depth first. */
function nodes(tree: Root): Nodes[] {
  const out: Nodes[] = [];
  const visit = (n: Nodes): void => {
    out.push(n);
    if ('children' in n) for (const c of n.children) visit(c);
  };
  visit(tree);
  return out;
}

/** The source slice a node covers. */
const raw = (doc: MarkdownDoc, n: Nodes): string =>
  doc.text.slice(n.position?.start.offset ?? -1, n.position?.end.offset ?? -1);

/** [type, source slice, value] for each inline child. */
const inline = (doc: MarkdownDoc, parent: Nodes): [string, string, string | undefined][] =>
  ('children' in parent ? (parent.children as PhrasingContent[]) : []).map((n) => [
    n.type,
    raw(doc, n),
    'value' in n ? n.value : undefined,
  ]);

const cells = (doc: MarkdownDoc): TableCell[][] =>
  nodes(doc.tree).flatMap((n) => (n.type === 'tableRow' ? [n.children] : []));

const first = <T extends Nodes['type']>(doc: MarkdownDoc, type: T): Extract<Nodes, { type: T }> => {
  const found = nodes(doc.tree).find((n) => n.type === type);
  if (found === undefined) throw new Error(`no ${type}`);
  return found as Extract<Nodes, { type: T }>;
};

const TABLE = '| patch | PR | state |\n|---|---|---|\n';

describe('inline offsets', () => {
  it('`\\|` in a cell: one cell, text sliced with its backslash, value without', () => {
    const doc = parseMarkdown(`${TABLE}| a \\| b | c | d |\n`);
    const row = cells(doc)[1]!;
    expect(row).toHaveLength(3);
    expect(inline(doc, row[0]!)).toEqual([['text', 'a \\| b', 'a | b']]);
    expect(raw(doc, row[0]!)).toBe('| a \\| b ');
  });

  it('`\\*` is text, not emphasis, and keeps exact offsets', () => {
    const doc = parseMarkdown('a \\*b\\* c *d*\n');
    expect(inline(doc, first(doc, 'paragraph'))).toEqual([
      ['text', 'a \\*b\\* c ', 'a *b* c '],
      ['emphasis', '*d*', undefined],
    ]);
    expect(inline(doc, first(doc, 'emphasis'))).toEqual([['text', 'd', 'd']]);
  });

  it('entities: `&amp;`, `&#35;`, and an unknown one left as text', () => {
    const doc = parseMarkdown('x &amp; y &#35;1 &bogus; z\n');
    expect(inline(doc, first(doc, 'paragraph'))).toEqual([
      ['text', 'x &amp; y &#35;1 &bogus; z', 'x & y #1 &bogus; z'],
    ]);
  });

  it('a code span with a pipe in a cell is split at the pipe, as GFM does', () => {
    const doc = parseMarkdown(`${TABLE}| \`a|b\` | \`c\\|d\` |\n`);
    const row = cells(doc)[1]!;
    expect(row.map((c) => inline(doc, c))).toEqual([
      [['text', '`a', '`a']],
      [['text', 'b`', 'b`']],
      // An escaped pipe stays in the span; mdast-util-gfm-table unescapes it.
      [['inlineCode', '`c\\|d`', 'c|d']],
    ]);
  });

  it('code spans: value without the padding space, offsets of the backtick fences', () => {
    const doc = parseMarkdown('run `` a`b `` then `x`\n');
    expect(inline(doc, first(doc, 'paragraph'))).toEqual([
      ['text', 'run ', 'run '],
      ['inlineCode', '`` a`b ``', 'a`b'],
      ['text', ' then ', ' then '],
      ['inlineCode', '`x`', 'x'],
    ]);
  });

  it('a link with a title: the link spans it all, its text only the label', () => {
    const doc = parseMarkdown(
      'see [engine#41](https://github.com/o/engine/pull/41 "Fix \\"rows\\"") now\n',
    );
    const link = first(doc, 'link');
    expect(link.url).toBe('https://github.com/o/engine/pull/41');
    expect(link.title).toBe('Fix "rows"');
    expect(raw(doc, link)).toBe(
      '[engine#41](https://github.com/o/engine/pull/41 "Fix \\"rows\\"")',
    );
    expect(inline(doc, link)).toEqual([['text', 'engine#41', 'engine#41']]);
    expect(inline(doc, first(doc, 'paragraph')).map((n) => n[1])).toEqual([
      'see ',
      raw(doc, link),
      ' now',
    ]);
  });

  it('reference links: full, collapsed and shortcut, resolved through definitions', () => {
    const doc = parseMarkdown(
      '[#41][PR 41], [pr 41][] and [PR  41]; [nope]\n\n[pr 41]: https://github.com/o/engine/pull/41\n',
    );
    const refs = nodes(doc.tree).filter((n) => n.type === 'linkReference');
    expect(refs.map((r) => [raw(doc, r), r.identifier, r.referenceType])).toEqual([
      ['[#41][PR 41]', 'pr 41', 'full'],
      ['[pr 41][]', 'pr 41', 'collapsed'],
      ['[PR  41]', 'pr 41', 'shortcut'],
    ]);
    expect([...doc.definitions]).toEqual([['pr 41', 'https://github.com/o/engine/pull/41']]);
    expect(raw(doc, first(doc, 'definition'))).toBe('[pr 41]: https://github.com/o/engine/pull/41');
    // The reader sees the URL of a reference link, like that of an inline one.
    expect(flattenInline(doc, first(doc, 'paragraph')).text).toContain(
      'https://github.com/o/engine/pull/41',
    );
  });

  it('nested emphasis: `***a** b*`, `**MERGED** 2026-07-09`, `~~gone~~`', () => {
    const doc = parseMarkdown('***a** b* and **MERGED** 2026-07-09 ~~gone~~ ~x~\n');
    expect(
      nodes(doc.tree)
        .filter((n) => ['emphasis', 'strong', 'delete'].includes(n.type))
        .map((n) => [n.type, raw(doc, n)]),
    ).toEqual([
      ['emphasis', '***a** b*'],
      ['strong', '**a**'],
      ['strong', '**MERGED**'],
      ['delete', '~~gone~~'],
      ['delete', '~x~'],
    ]);
    expect(flattenInline(doc, first(doc, 'paragraph')).text).toBe(
      'a b and MERGED 2026-07-09 gone x',
    );
  });

  it('astral characters count two UTF-16 units', () => {
    const text = `${TABLE}| 😀 \`𝒳.py\` | [#7](https://github.com/o/r/pull/7) | **MERGED** 🎉 |\n`;
    const doc = parseMarkdown(text);
    const row = cells(doc)[1]!;
    expect(inline(doc, row[0]!)).toEqual([
      ['text', '😀 ', '😀 '],
      ['inlineCode', '`𝒳.py`', '𝒳.py'],
    ]);
    const link = first(doc, 'link');
    expect(link.position?.start.offset).toBe(text.indexOf('[#7]'));
    expect(link.position?.start.column).toBe(
      text.indexOf('[#7]') - text.lastIndexOf('\n', text.indexOf('[#7]')),
    );
    expect(raw(doc, row[2]!.children[0]!)).toBe('**MERGED**');
  });

  it('hard and soft line breaks, as remark positions them', () => {
    const doc = parseMarkdown('a  \nb\\\nc `d`\ne\n');
    expect(inline(doc, first(doc, 'paragraph'))).toEqual([
      ['text', 'a', 'a'],
      ['break', '  \n', undefined],
      ['text', 'b', 'b'],
      ['break', '\\\n', undefined],
      ['text', 'c ', 'c '],
      ['inlineCode', '`d`', 'd'],
      ['text', '\ne', '\ne'],
    ]);
  });
});

describe('line endings and BOM', () => {
  const lf = `# Engine\n\n${TABLE}| \`x.py\` | [#1](https://github.com/o/r/pull/1) | **MERGED** |\n\nend &amp; \`q\`\n`;

  it('CRLF: offsets index the CRLF text, lines and columns are the same', () => {
    const crlf = lf.replace(/\n/g, '\r\n');
    const a = parseMarkdown(lf);
    const b = parseMarkdown(crlf);
    const pa = nodes(a.tree).slice(1);
    const pb = nodes(b.tree).slice(1);
    expect(pb.map((n) => n.type)).toEqual(pa.map((n) => n.type));
    pb.forEach((n, i) => {
      const m = pa[i]!;
      expect([n.position?.start.line, n.position?.start.column]).toEqual([
        m.position?.start.line,
        m.position?.start.column,
      ]);
      expect(raw(b, n).replace(/\r\n/g, '\n')).toBe(raw(a, m));
    });
    const codes = nodes(b.tree).filter((n) => n.type === 'inlineCode');
    const last = codes[codes.length - 1]!;
    expect(crlf.slice(last.position!.start.offset!, last.position!.end.offset)).toBe('`q`');
  });

  it('a text node across a CRLF keeps it in its value', () => {
    const doc = parseMarkdown('one\r\ntwo\r\n');
    expect(inline(doc, first(doc, 'paragraph'))).toEqual([['text', 'one\r\ntwo', 'one\r\ntwo']]);
  });

  it('BOM: stripped, shift 1, offsets index the text without it', () => {
    const doc = parseMarkdown(`\uFEFF${lf}`);
    expect(doc.shift).toBe(1);
    expect(doc.text).toBe(lf);
    const code = first(doc, 'inlineCode');
    expect(raw(doc, code)).toBe('`x.py`');
    expect(code.position?.start.column).toBe(3);
  });

  it('parseLedger: a state span under BOM + CRLF slices the state word from the original', () => {
    const text = `\uFEFF${lf.replace(/\n/g, '\r\n')}`;
    const result = parseLedger({ path: 'l.md', text, patchesDir: 'p' });
    const [cell] = result.stateCells;
    expect(cell).toBeDefined();
    expect(text.slice(cell!.span.start, cell!.span.end)).toBe('**MERGED**');
    const mention = result.mentions.find((m) => m.stateSpan !== null)!;
    expect(text.slice(mention.stateSpan!.start, mention.stateSpan!.end)).toBe('MERGED');
  });
});

describe('GFM table rows', () => {
  it('empty cells start at their pipe; short rows have fewer cells; long rows keep theirs', () => {
    const text = `${TABLE}|  | x |\n| y |\n| a | b | c | extra |\nno pipes\n`;
    const doc = parseMarkdown(text);
    const rows = cells(doc);
    expect(rows.map((r) => r.length)).toEqual([3, 2, 1, 4, 1]);
    const empty = rows[1]![0]!;
    expect(raw(doc, empty)).toBe('|  ');
    expect(empty.children).toEqual([]);
    // The reader's insertion point in an empty cell: after the pipe and one space.
    const at = empty.position!.start.offset! + 2;
    expect(contentRange(doc, empty)).toEqual({ start: at, end: at });
    expect(raw(doc, rows[1]![1]!)).toBe('| x |');
    expect(raw(doc, rows[4]![0]!)).toBe('no pipes');
  });

  it('`\\\\|` is an escaped backslash and a divider; rows and cells keep trailing blanks', () => {
    const doc = parseMarkdown('a \\\\| b  \n--|--\n');
    const [row] = cells(doc);
    expect(row!.map((c) => raw(doc, c))).toEqual(['a \\\\', '| b  ']);
    expect(inline(doc, row![0]!)).toEqual([['text', 'a \\\\', 'a \\']]);
  });

  it('a list item or a heading before a delimiter row is no table header', () => {
    expect(nodes(parseMarkdown('- a | b\n|---|---|\n').tree).some((n) => n.type === 'table')).toBe(
      false,
    );
    expect(nodes(parseMarkdown('# a | b\n|---|---|\n').tree).some((n) => n.type === 'table')).toBe(
      false,
    );
  });

  it('a table inside a quote and a list', () => {
    const doc = parseMarkdown('> | a |\n> |---|\n> | `b` |\n\n- | c |\n  |---|\n  | d |\n');
    expect(cells(doc).map((r) => r.map((c) => raw(doc, c)))).toEqual([
      ['| a |'],
      ['| `b` |'],
      ['| c |'],
      ['| d |'],
    ]);
  });
});

describe('hostile input stays linear (CPU time against a plain ledger of the same size)', () => {
  // Each hostile text is parsed in a fresh process right after a plain
  // ledger of its size (test/support/cpu-in-child.ts). Linear, it costs a few
  // times the plain one (3–5× measured); the quadratic runs micromark had
  // cost hundreds of times. A ratio holds on a fast machine and a slow one.
  const RATIO = 20;
  const linear = (hostile: string): void => {
    const [plain, parsed] = ledgerParsesInChild([plainLedger(hostile.length), hostile]);
    expect(parsed?.gaveUp).toEqual([]);
    expect(parsed!.ms).toBeLessThan(RATIO * Math.max(plain!.ms, 20));
  };

  it("`'*a'.repeat(100_000)` in a cell", () => {
    linear(`${TABLE}| \`x.py\` | ${'*a'.repeat(100_000)} | OPEN |\n`);
  });

  it("`'_*~\\`['.repeat(40_000)` as a paragraph", () => {
    linear(`${'_*~`['.repeat(40_000)}\n`);
  });

  it('a long line with no line break (pending text grows) and tilde runs of both sizes', () => {
    linear(`${'a # ( '.repeat(40_000)}\n\n${'~a ~~b '.repeat(40_000)}${'c~ '.repeat(40_000)}\n`);
  });

  it('a both-flanking emphasis run per word and tilde runs', () => {
    linear(`${'a**b~'.repeat(40_000)}\n\n${'_a '.repeat(40_000)}${'*b* '.repeat(40_000)}\n`);
  });
});

describe('generated ledgers (fast-check, fixed seed, 200 runs)', () => {
  it('parseLedger never throws, and every span and node lies inside the text', () => {
    fc.assert(
      fc.property(ledgerText, (text) => {
        const result = parseLedger({ path: 'l.md', text, patchesDir: 'p' });
        expect(result.problems.filter((p) => p.message.startsWith('could not read'))).toEqual([]);
        const spans = [
          ...result.mentions.flatMap((m) => (m.stateSpan ? [m.stateSpan] : [])),
          ...result.stateCells.map((c) => c.span),
          ...(result.checkDateSpan ? [result.checkDateSpan] : []),
        ];
        for (const s of spans) {
          expect(s.start).toBeGreaterThanOrEqual(0);
          expect(s.end).toBeGreaterThanOrEqual(s.start);
          expect(s.end).toBeLessThanOrEqual(text.length);
        }
        for (const c of result.stateCells)
          expect(text.slice(c.span.start, c.span.end)).toBe(c.text);

        const doc = parseMarkdown(text);
        const check = (n: Nodes, lo: number, hi: number): void => {
          const s = n.position?.start.offset ?? -1;
          const e = n.position?.end.offset ?? -1;
          expect(s).toBeGreaterThanOrEqual(lo);
          expect(e).toBeGreaterThanOrEqual(s);
          expect(e).toBeLessThanOrEqual(hi);
          if ('children' in n) for (const c of n.children) check(c, s, e);
        };
        check(doc.tree, 0, doc.text.length);
      }),
      { seed: 4242, numRuns: 200, endOnFailure: true },
    );
  });
});
