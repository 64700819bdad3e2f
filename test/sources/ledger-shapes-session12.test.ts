/**
 * Ledger shapes from the queues written in session 12 by colleagues who
 * never ran the tool (each in our own words here): a patch bullet whose path
 * is in bold, and a sentence that says whose a bare `#N` is.
 */
import { describe, expect, it } from 'vitest';
import { parseLedger } from '../../src/sources/ledger/index.js';

function read(text: string) {
  return parseLedger({
    path: 'patch.upstream.status.md',
    patchesDir: 'patches',
    text,
    defaultRepo: null,
  });
}

const mentions = (text: string) =>
  read(text).mentions.map((m) => [m.line, m.ref, m.patch, m.recordedState]);

describe('patch bullets with the path in bold', () => {
  it('indexes `**0003-x.patch** — …` and gives it the refs of its bullet', () => {
    const r = read(
      [
        '# carried',
        '',
        '## Waiting',
        '',
        '- **0003-ring-wrap.patch** — the ring index wraps at 2^31.',
        '  - ours: [slate#812](https://github.com/slate-db/slate/pull/812) (OPEN)',
        '- *0004-tz.patch* — time zones. [slate#820](https://github.com/slate-db/slate/pull/820)',
        '- **not a patch** — words in bold. [slate#830](https://github.com/slate-db/slate/pull/830)',
      ].join('\n'),
    );
    expect(r.patches.map((p) => p.path)).toEqual([
      'patches/0003-ring-wrap.patch',
      'patches/0004-tz.patch',
    ]);
    expect(r.mentions.map((m) => [m.ref, m.patch])).toEqual([
      ['slate-db/slate#812', 'patches/0003-ring-wrap.patch'],
      ['slate-db/slate#820', 'patches/0004-tz.patch'],
      ['slate-db/slate#830', null],
    ]);
  });
});

describe('a sentence that says whose a bare #N is', () => {
  const lead = [
    '# what we carry',
    '',
    'Fork of [slate-db/slate](https://github.com/slate-db/slate); wheels live in',
    '[slate-db/slate-wheels](https://github.com/slate-db/slate-wheels), written `wheels#N`.',
    '',
  ];

  it('gives the whole file the repo the lead declares, where two repos meet', () => {
    const text = [
      ...lead,
      'Bare `#N` in this file = a slate PR or issue.',
      '',
      '## Waiting',
      '',
      '- `0005-ssl.patch` — bump openssl. [slate#900](https://github.com/slate-db/slate/pull/900) (OPEN).',
      '  - reported in [wheels#12](https://github.com/slate-db/slate-wheels/issues/12).',
      '  - #905 (OPEN) moves the builder; collides.',
    ].join('\n');
    expect(mentions(text).find((m) => m[0] === 12)).toEqual([
      12,
      'slate-db/slate#905',
      'patches/0005-ssl.patch',
      'OPEN',
    ]);
  });

  it('leaves the bare ref without a repo when nothing declares one', () => {
    const text = [
      ...lead,
      '## Waiting',
      '',
      '- `0005-ssl.patch` — bump openssl. [slate#900](https://github.com/slate-db/slate/pull/900) (OPEN).',
      '  - reported in [wheels#12](https://github.com/slate-db/slate-wheels/issues/12).',
      '  - #905 (OPEN) moves the builder; collides.',
    ].join('\n');
    const r = read(text);
    expect(r.mentions.map((m) => m.ref)).not.toContain('slate-db/slate#905');
    expect(r.ambiguous.map((a) => a.text)).toEqual(['#905']);
  });

  it('scopes "bare numbers in this table are …" to its section', () => {
    const text = [
      '# carried',
      '',
      '## engine',
      '',
      'Bare numbers in this table are slate-db/slate-wheels. Its tracker: [wheels#5](https://github.com/slate-db/slate-wheels/issues/5).',
      '',
      '| patch | PR | state |',
      '|---|---|---|',
      '| `a.py` | #31 | OPEN |',
      '| `b.py` | [slate#40](https://github.com/slate-db/slate/pull/40) | OPEN |',
      '',
      '## other',
      '',
      '| patch | PR | state |',
      '|---|---|---|',
      '| `c.py` | #32 | OPEN |',
      '| `d.py` | [slate#41](https://github.com/slate-db/slate/pull/41) | OPEN |',
    ].join('\n');
    const r = read(text);
    expect(r.mentions.map((m) => m.ref)).toEqual([
      'slate-db/slate-wheels#5',
      'slate-db/slate-wheels#31',
      'slate-db/slate#40',
      'slate-db/slate#32',
      'slate-db/slate#41',
    ]);
  });

  it('reads no repo from a sentence that names two, wrapped over lines', () => {
    const text = [
      ...lead,
      'bare `#1234` = the upstream of the folder (`slate/` -> slate-db/slate,',
      '`wheels/` -> slate-db/slate-wheels) unless the line says otherwise.',
      '',
      '## Waiting',
      '',
      '- `0005-ssl.patch` — bump openssl. [slate#900](https://github.com/slate-db/slate/pull/900) (OPEN).',
      '  - reported in [wheels#12](https://github.com/slate-db/slate-wheels/issues/12).',
      '  - #905 (OPEN) moves the builder; collides.',
    ].join('\n');
    expect(read(text).ambiguous.map((a) => a.text)).toEqual(['#1234', '#905']);
  });
});

describe('a state cell and an ours cell with one answer per PR', () => {
  const rows = (cells: string[]) =>
    mentions(
      ['## engine', '', '| patch | PR | ours? | state |', '|---|---|---|---|', ...cells].join('\n'),
    );
  const pr = (n: number) => `[slate#${n}](https://github.com/slate-db/slate/pull/${n})`;

  it('reads `yes / no` and `DRAFT / open` in the PR cell order', () => {
    const r = read(
      [
        '## engine',
        '',
        '| patch | PR | ours? | state |',
        '|---|---|---|---|',
        `| \`a.py\` | ${pr(1)}; ${pr(2)} only adds a knob | yes / no | DRAFT / open |`,
        `| \`b.py\` | ${pr(3)} (ours, auto-closed); maintainer's ${pr(4)} | ours / not ours | CLOSED / OPEN |`,
      ].join('\n'),
    );
    expect(r.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      ['slate-db/slate#1', 'own', 'DRAFT'],
      // "only adds a knob": a partial repair, not the fix (prose-shapes-session12).
      ['slate-db/slate#2', 'third-party', 'OPEN'],
      ['slate-db/slate#3', 'own', 'CLOSED'],
      ['slate-db/slate#4', 'fix', 'OPEN'],
    ]);
  });

  it('reads a shared state when the parts do not match the PRs, or are prose', () => {
    expect(rows([`| \`a.py\` | ${pr(1)}, ${pr(2)} | yes | both OPEN |`]).map((m) => m[3])).toEqual([
      'OPEN',
      'OPEN',
    ]);
    expect(
      rows([`| \`a.py\` | ${pr(1)}, ${pr(2)} | yes | OPEN, changes requested / nudged |`]).map(
        (m) => m[3],
      ),
    ).toEqual(['OPEN', 'OPEN']);
  });
});
