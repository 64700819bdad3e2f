/**
 * Issue 14: records in the plain subset are read by plain-yaml.ts instead of
 * the `yaml` package. The two readers must agree exactly — same values,
 * scalar styles, offsets and lines — on every YAML fixture and on generated
 * records in the real shape, and the plain reader must give up (so `yaml`
 * reads the file, with its messages and limits) on anything else.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  parseArchivedRecord,
  parseRecord,
  parseRecordIndex,
} from '../../src/sources/records/index.js';
import { readPlainYaml, typePlain } from '../../src/sources/records/plain-yaml.js';
import { YamlFile, yamlReaders } from '../../src/sources/records/yaml.js';
import { yamlText } from '../reliability/support/hostile.js';

const RUNS = Number(process.env.FC_RUNS ?? 200);
const SEED = Number(process.env.FC_SEED ?? 20261201);
const FIXTURES = fileURLToPath(new URL('../fixtures', import.meta.url));

function yamlFixtures(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return yamlFixtures(full);
    return /\.ya?ml$/.test(e.name) ? [full] : [];
  });
}

/** A `{` or `[` value left open at the end of its line: a multi-line flow collection. */
/** A `{ … }` on one line with an entry that has no `key:` (`, filed by us }`). */
const KEYLESS_FLOW_ENTRY = /\{[^{}\n]*,\s*[^{}\n:,]+\s*[,}]/;
const MULTI_LINE_FLOW = /^[ \t]*(?:- )?(?:[\w-]+:[ \t]*)?[{[][^}\]\n]*$/m;

/** `fn` with only the `yaml` package reading (the plain reader off). */
function fullOnly<T>(fn: () => T): T {
  yamlReaders.plain = false;
  try {
    return fn();
  } finally {
    yamlReaders.plain = true;
  }
}

const fullRead = (text: string) => fullOnly(() => new YamlFile('f.yaml', text));

const aliases = new Map([
  ['engine', 'example-org/engine'],
  ['x', 'o/x'],
]);
const libraryRepos = new Map([['engine', 'example-org/engine']]);

/** Every reader of this module on `text`, as one comparable value. */
function readAll(text: string) {
  return [
    parseRecord({ path: 'r.upstream.status.yaml', text, patchPath: null, aliases }),
    parseRecord({ path: 'r.upstream.status.yaml', text, patchPath: 'p/a.py', aliases }),
    parseRecordIndex({ path: 'd/patch.upstream.status.yaml', text, patchesDir: 'd/p', aliases }),
    parseArchivedRecord({ path: 'd/p.archived.yaml', text, aliases, libraryRepos }),
  ];
}

/**
 * Whatever the text: the plain reader gives up, or the `yaml` package reads
 * it without a problem to the very same tree.
 */
function agrees(text: string): boolean {
  const plain = readPlainYaml(text);
  if (plain === null) return false;
  const full = fullRead(text);
  expect(full.problems, JSON.stringify(text)).toEqual([]);
  expect(plain, JSON.stringify(text)).toStrictEqual(full.root);
  return true;
}

describe('the plain YAML reader against the yaml package, on every YAML fixture', () => {
  const files = yamlFixtures(FIXTURES);

  it('finds the fixtures', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it.each(files.map((f) => [path.relative(FIXTURES, f), f]))(
    '%s: same tree, or left to yaml',
    (_name, file) => {
      const text = readFileSync(file, 'utf8');
      const accepted = agrees(text);
      // A clean fixture without anchors, aliases or tags is in the subset real records use;
      // a flow collection continued over lines is outside it by design (plain-yaml.ts), as
      // a held-out queue's records wrote it (session 11): `yaml` reads those.
      // So is a flow mapping whose plain value runs on past a comma (`{ note:
      // feature request, filed by us }`: YAML makes "filed by us" a key of its
      // own; session 14's q37 wrote one), which the plain reader leaves to `yaml`.
      const clean =
        fullRead(text).problems.length === 0 &&
        !/(^|[\s[{,])[&*!]\S/m.test(text) &&
        !MULTI_LINE_FLOW.test(text) &&
        !KEYLESS_FLOW_ENTRY.test(text.replace(/"[^"\n]*"|'[^'\n]*'/g, '""'));
      if (clean) expect(accepted, 'a clean fixture is read by the plain reader').toBe(true);
    },
  );

  it.each(files.map((f) => [path.relative(FIXTURES, f), f]))(
    '%s: every record reader gives the same result with either YAML reader',
    (_name, file) => {
      const text = readFileSync(file, 'utf8');
      expect(readAll(text)).toStrictEqual(fullOnly(() => readAll(text)));
    },
  );
});

// ---- generated records in the real shape -----------------------------------

/** Scalars records hold, some of which YAML types or must be quoted. */
const WORDS = [
  'OPEN',
  'MERGED',
  'CLOSED',
  'DRAFT',
  'not-submitted',
  'pr',
  'issue',
  'anchor-collision',
  'same defect',
  'background',
  'true',
  'false',
  'yes',
  'no',
  'null',
  '~',
  '1',
  '1.10',
  '0x1f',
  '0o17',
  '1e3',
  '-1',
  '.inf',
  '2026-08-05',
  '2026-07-09T21:30:00Z',
  'v0.5.15.post1',
  '0b3bb0cbe318',
  'o/x#12',
  'example-org/engine#4101',
  '#1773',
  'internal#88',
  'https://github.com/o/x/pull/1',
  'deploy/docker/patches/engine/fix.py',
  './engine/fix.py',
  'a note, with commas',
  'see #123 later',
  'x: y',
  'ends with:',
  "it's",
  'say "hi"',
  '[not a list]',
  '{not a map}',
  '- not a list',
  '& not an anchor',
  'tab\there',
  'back\\slash',
  'é ünïcødé 😀',
  '\u00a0nbsp',
  '',
  ' padded ',
];
const word = fc.constantFrom(...WORDS);
const prose = fc
  .array(fc.constantFrom('the', 'base', 'moves', 'past', 'o/x#4101', 'MERGED', '1.10', 'a:b'), {
    minLength: 1,
    maxLength: 12,
  })
  .map((w) => w.join(' '));

type Value = { s: string; prose?: boolean } | { map: [string, Value][] } | { seq: Value[] };
const s = (v: fc.Arbitrary<string>) => v.map((x): Value => ({ s: x }));
const map = (fields: [string, fc.Arbitrary<Value>][]) =>
  fc
    .tuple(...fields.map(([k, v]) => fc.option(v.map((x) => [k, x] as [string, Value]))))
    .map((pairs): Value => ({ map: pairs.filter((p): p is [string, Value] => p !== null) }))
    .filter((v) => 'map' in v && v.map.length > 0);
const seq = (item: fc.Arbitrary<Value>) =>
  fc.array(item, { minLength: 1, maxLength: 4 }).map((items): Value => ({ seq: items }));
const text = fc.oneof(
  s(word),
  prose.map((p): Value => ({ s: p, prose: true })),
);

const refItem = map([
  ['ref', s(word)],
  ['url', s(word)],
  ['kind', s(word)],
  ['state', s(word)],
  ['merged_at', s(word)],
  ['ours', s(word)],
  ['in_pinned_base', s(word)],
  ['relevance', s(word)],
  ['note', text],
]);
const record = map([
  ['schema_version', s(word)],
  ['status_updated', s(word)],
  [
    'patch',
    fc.oneof(
      s(word),
      map([
        ['path', s(word)],
        ['kind', s(word)],
        ['extra_files', seq(s(word))],
      ]),
    ),
  ],
  [
    'target',
    map([
      ['repo', s(word)],
      ['library', s(word)],
      ['files', seq(s(word))],
      [
        'versions',
        seq(
          map([
            ['ref', s(word)],
            ['commit', s(word)],
          ]),
        ),
      ],
    ]),
  ],
  [
    'alive_because',
    fc.oneof(
      text,
      map([
        ['reason', s(word)],
        ['drop_when', text],
      ]),
    ),
  ],
  ['upstream_issues', fc.oneof(s(fc.constant('null')), seq(refItem))],
  ['upstream_prs', fc.oneof(s(fc.constant('null')), seq(refItem))],
  ['related_refs', seq(refItem)],
]);

/** A plain scalar YAML reads back as this very text (typing aside). */
function plainSafe(v: string, flow: boolean): boolean {
  if (v === '' || /^[\s\-?:,[\]{}#&*!|>'"%@`]|\s$|: | #|:$|[\t\u00a0]/.test(v)) return false;
  return !flow || !/[,[\]{}]|:[\s,[\]{}]/.test(v);
}

/** One way of writing `value` as YAML, steered by the choices in `pick`. */
function render(root: Value, pick: () => number): string {
  const out: string[] = [];
  const comment = () => (pick() % 6 === 0 ? '  # note' : '');
  const scalar = (v: string, flow: boolean): string => {
    const how = pick() % 4;
    if (how < 2 && plainSafe(v, flow)) return v;
    if (how === 2 && !/[\t]/.test(v)) return `'${v.replace(/'/g, "''")}'`;
    return JSON.stringify(v);
  };
  const flowOf = (v: Value): string => {
    if ('s' in v) return scalar(v.s, true);
    if ('seq' in v) return `[${v.seq.map(flowOf).join(', ')}]`;
    return `{ ${v.map.map(([k, x]) => `${k}: ${flowOf(x)}`).join(', ')} }`;
  };
  /** `head` is `key:` or `-` at column `col`; the value follows on this line or below. */
  const write = (head: string, v: Value, col: number) => {
    const pad = ' '.repeat(col);
    if ('s' in v) {
      const how = pick() % 3;
      if (v.prose === true && how < 2) {
        // Folded (`>-`) or plain text wrapped over several lines.
        const words = v.s.split(' ');
        const inner = ' '.repeat(col + 1 + (pick() % 3));
        if (how === 0) out.push(`${pad}${head} ${pick() % 2 === 0 ? '>-' : '>'}${comment()}`);
        else out.push(`${pad}${head} ${words.shift() ?? ''}`);
        for (const line of words) out.push(`${inner}${line}`);
        if (pick() % 3 === 0) out.push('');
      } else out.push(`${pad}${head} ${scalar(v.s, false)}${comment()}`);
      return;
    }
    if (pick() % 4 === 0) {
      out.push(`${pad}${head} ${flowOf(v)}${comment()}`);
      return;
    }
    out.push(`${pad}${head}${comment()}`);
    if (pick() % 8 === 0) out.push(`${' '.repeat(pick() % 6)}# a comment line`);
    if (pick() % 8 === 0) out.push('');
    const indentless = head !== '-' && 'seq' in v && pick() % 3 === 0;
    block(v, indentless ? col : col + 2 + (pick() % 3));
  };
  const block = (v: Value, col: number) => {
    if ('map' in v) {
      for (const [k, x] of v.map) write(`${k}:`, x, col);
      return;
    }
    if (!('seq' in v)) return;
    for (const item of v.seq) {
      if ('map' in item && pick() % 2 === 0) {
        // `- key: value` with the rest of the mapping under the first key
        const [[k0, x0], ...rest] = item.map as [[string, Value], ...[string, Value][]];
        const at = col + 2;
        const first = out.length;
        write(`${k0}:`, x0, at);
        out[first] = `${' '.repeat(col)}- ${(out[first] ?? '').slice(at)}`;
        for (const [k, x] of rest) write(`${k}:`, x, at);
      } else write('-', item, col);
    }
  };
  if (pick() % 2 === 0) out.push('# Record for fix.py: keep in step with the ledger row.');
  block(root, 0);
  return `${out.join('\n')}${pick() % 4 === 0 ? '' : '\n'}`;
}

const choices = fc.array(fc.nat({ max: 1_000 }), { minLength: 16, maxLength: 64 });
const realShape = fc.tuple(record, choices).map(([r, c]) => {
  let i = 0;
  return render(r, () => c[i++ % c.length] ?? 0);
});

describe('generated records', () => {
  it('in the real shape: read by the plain reader, to the tree and results yaml gives', () => {
    fc.assert(
      fc.property(realShape, (t) => {
        expect(agrees(t), `left to yaml: ${JSON.stringify(t)}`).toBe(true);
        expect(readAll(t)).toStrictEqual(fullOnly(() => readAll(t)));
      }),
      { seed: SEED, numRuns: RUNS },
    );
  });

  it('hostile and odd YAML: left to yaml, or read to the same tree', () => {
    const atoms = [
      ...WORDS,
      ': ',
      ':',
      ' #',
      '#',
      '- ',
      '"',
      "'",
      '\\',
      '\\x41',
      '\\u00e9',
      '\\q',
      '{',
      '}',
      '[',
      ']',
      ', ',
      '&a ',
      '*a',
      '!',
      '|',
      '>-',
      '|+',
      '>2',
      '? ',
      '---',
      '\r',
      '\t',
      '  ',
    ];
    const line = fc
      .tuple(fc.nat({ max: 6 }), fc.array(fc.constantFrom(...atoms), { maxLength: 6 }))
      .map(([indent, parts]) => ' '.repeat(indent) + parts.join(''));
    const lines = fc.array(line, { maxLength: 12 }).map((l) => l.join('\n'));
    fc.assert(
      fc.property(fc.oneof(lines, yamlText, realShape.map(mutate)), (t) => {
        agrees(t);
      }),
      { seed: SEED, numRuns: RUNS * 3 },
    );
  });
});

/** A real-shape record with one line's indentation or one character disturbed. */
function mutate(t: string): string {
  const at = t.length === 0 ? 0 : (t.charCodeAt(t.length >> 1) * 7919) % t.length;
  const edits = [' ', '', ':', '#', '-', '"', '\n', '  ', '{'];
  return t.slice(0, at) + (edits[at % edits.length] ?? '') + t.slice(at + 1);
}

describe('what the plain reader leaves to yaml', () => {
  it.each([
    ['a duplicate key', 'a: 1\nb: 2\na: 3\n'],
    ['a duplicate key in a one-line flow mapping', 'a: { ref: x, state: OPEN, ref: y }\n'],
    ['an anchor and alias', 'a: &x 1\nb: *x\n'],
    ['a tag', 'a: !!str 1\n'],
    ['a tab', 'a:\t1\n'],
    ['CRLF', 'a: 1\r\nb: 2\r\n'],
    ['a BOM', '\uFEFFa: 1\n'],
    ['a comment inside a multi-line plain scalar', 'a: one # c\n  two\n'],
    ['a multi-line plain scalar going on with a list', 'a: one\n  - two\n'],
    ['a multi-line quoted scalar', 'a: "one\n  two"\n'],
    ['a multi-line flow list', 'a: [1,\n  2]\n'],
    ['a document marker', '---\na: 1\n'],
    ['a document end marker', 'a: 1\n...\n'],
    ['a directive', '%YAML 1.2\n---\na: 1\n'],
    ['an explicit key', '? a\n: 1\n'],
    ['keep chomping', 'a: |+\n  x\n'],
    ['an indentation indicator', 'a: |2\n  x\n'],
    ['a quoted key', '"a": 1\n'],
    ['a non-string key', '1: x\n'],
    ['a list at the root', '- a\n'],
    ['an empty document', '# nothing\n'],
    ['a syntax error', 'a: [1\nb: 2\n'],
    ['`a: b: c`', 'a: b: c\n'],
    ['a comment inside a one-line flow list', 'a: [x #c]\n'],
    ['a comment inside a one-line flow mapping', 'a: {b: x #c}\n'],
    ['a comment touching a quoted value', 'a: "q"#c\n'],
    ['a block scalar with its text not indented', 'a: >-\nx\n'],
    ['a key over 1024 characters', `${'k'.repeat(1030)}: 1\n`],
    ['deep nesting', Array.from({ length: 100 }, (_, i) => `${' '.repeat(i)}k${i}:`).join('\n')],
  ])('%s', (_what, text) => {
    expect(readPlainYaml(text)).toBeNull();
  });

  it('a duplicate key is still yaml’s error on its line', () => {
    const r = parseRecord({
      path: 'r.upstream.status.yaml',
      text: 'a: 1\nb: 2\na: 3\n',
      patchPath: 'p.py',
    });
    expect(r.problems).toEqual([
      {
        file: 'r.upstream.status.yaml',
        line: 3,
        message: 'YAML syntax error: Map keys must be unique',
      },
    ]);
  });
});

describe('core-schema typing of plain scalars', () => {
  it('types what yaml types, and leaves the rest text', () => {
    expect(
      ['~', 'null', 'Null', 'NULL', 'nul', 'true', 'True', 'TRUE', 'tRUE', 'yes', 'false'].map(
        typePlain,
      ),
    ).toEqual([null, null, null, null, 'nul', true, true, true, 'tRUE', 'yes', false]);
    expect(
      ['1', '-1', '+5', '0o17', '0x1F', '0x', '1.10', '1e3', '.5', '1.', '2026-08-05'].map(
        typePlain,
      ),
    ).toEqual([1, -1, 5, 15, 31, '0x', 1.1, 1000, 0.5, 1, '2026-08-05']);
    expect(typePlain('.nan')).toBeNaN();
    expect(typePlain('-.Inf')).toBe(Number.NEGATIVE_INFINITY);
  });
});
