/**
 * Building blocks for hostile input: fragments that mean something to one of
 * the readers (refs, states, table pipes, emphasis, YAML anchors, header
 * labels, trailer fields) mixed with noise, and the invariants every reader
 * result must satisfy whatever the input.
 */
import fc from 'fast-check';
import type { SourceResult, Span } from '../../../src/model.js';
import { cpuNow } from '../../support/cpu-time.js';

/** Cases per property: modest by default so the suite stays fast; FC_RUNS=5000 locally. */
export const RUNS = Number(process.env.FC_RUNS ?? 150);
export const SEED = Number(process.env.FC_SEED ?? 20260806);
/** Any single generated case (a few KB) must be read within this. */
export const CASE_BOUND_MS = 2000;

const REFS = [
  'o/x#12',
  '#7',
  'x#5',
  'Org/Repo#0',
  'o/x#99999999999999999999',
  '[x#3](https://github.com/o/x/pull/3)',
  '[#9](https://github.com/o/y/issues/9)',
  'https://github.com/o/x/pull/44',
  'https://github.com/o/x/pull/44/files#diff',
  '[x#](https://github.com/o/x/pull/)',
  'internal#178',
  '[ref][d]',
  '\n[d]: https://github.com/o/z/pull/8\n',
];
const STATES = [
  'OPEN',
  '**MERGED** 2026-07-09',
  'both OPEN',
  '(MERGED)',
  '—',
  '_CLOSED_',
  'DRAFT',
  'n/a',
  'none',
  '*OPEN',
  'MERGED**',
  '(OPEN, REVIEW_REQUIRED)',
];
const NOISE = [
  '|',
  '\\|',
  '`',
  '``',
  '`a|b`',
  '**',
  '__',
  '_',
  '*',
  '~~',
  '[',
  ']',
  '(',
  ')',
  '> ',
  '- ',
  '1. ',
  '#',
  '## ',
  '```',
  '<!--',
  '-->',
  '<b>',
  '″',
  '〃',
  'ditto',
  '"',
  "'",
  '\t',
  ' ',
  '  ',
  '\n',
  '\r\n',
  '\r',
  '\u2028',
  '\u0000',
  '\ud800',
  '\uFEFF',
  'é',
  '😀',
  ':',
  ',',
  '/',
  '..',
  '@',
  'x',
];
const PATHS = [
  '`a/b.py`',
  '`../../etc/evil.py`',
  '`/etc/evil.py`',
  '`C:\\\\evil.py`',
  '`..`',
  '(+ `c.sh`, `d.py`)',
  '+ `.diff`',
  '`./x/../../y.patch`',
  '`a b.py`',
];
const LEDGER_LINES = [
  '| patch | fixes | upstream issue | upstream PR | ours? | PR state |\n|---|---|---|---|---|---|\n',
  '| patch | upstream PR | PR state |\n|---|---|---|\n',
  '| patch | fixed | superseded by | dropped at |\n|---|---|---|---|\n',
  '|---|---|\n',
  '## Retired\n',
  '## Not patches\n',
  '## sglang — `patches/sglang/`\n',
  '_PR states re-verified against the GitHub API on 2026-08-10._\n',
  're-verified on 2026-13-45\n',
];

const pick = (items: readonly string[]): fc.Arbitrary<string> => fc.constantFrom(...items);
const noise = fc.oneof(
  pick(NOISE),
  fc.string({ maxLength: 8 }),
  fc.string({ unit: 'binary', maxLength: 4 }),
);

function joined(parts: fc.Arbitrary<string>, maxLength: number): fc.Arbitrary<string> {
  return fc.array(parts, { maxLength }).map((xs) => xs.join(''));
}

/** Line endings and BOM applied to a whole document. */
function dressed(text: fc.Arbitrary<string>): fc.Arbitrary<string> {
  return fc
    .tuple(text, fc.constantFrom('lf', 'crlf', 'cr', 'mixed'), fc.boolean())
    .map(([t, eol, bom]) => {
      const body =
        eol === 'crlf' ? t.replace(/\n/g, '\r\n') : eol === 'cr' ? t.replace(/\n/g, '\r') : t;
      return (bom ? '\uFEFF' : '') + body;
    });
}

const cell = joined(fc.oneof(pick(REFS), pick(STATES), pick(PATHS), noise), 6);
/** A table row with any number of cells (ragged), sometimes without the outer pipes. */
const row = fc
  .tuple(fc.array(cell, { maxLength: 9 }), fc.boolean())
  .map(([cells, outer]) => (outer ? `|${cells.join('|')}|\n` : `${cells.join(' | ')}\n`));

export const ledgerText = dressed(
  joined(
    fc.oneof({ weight: 3, arbitrary: row }, pick(LEDGER_LINES), pick(REFS), pick(STATES), noise),
    60,
  ),
);

const YAML_LINES = [
  'schema_version: 1',
  'schema_version: "one"',
  'status_updated: 2026-08-05',
  'status_updated: 2026-02-30',
  'patch: { path: ../../etc/evil.py, kind: python-anchor-script }',
  'patch: /etc/evil.py',
  'patch: { path: a/b.py }',
  'target:',
  '  repo: o/x',
  '  versions: [{ ref: v1, commit: 0b3bb0cbe318 }]',
  'upstream_prs:',
  'upstream_issues: null',
  'related_refs:',
  '  - ref: o/x#1',
  '  - { ref: "#2", state: MERGED, merged_at: 2026-07-09T00:00:00Z, in_pinned_base: maybe }',
  '  - &a { ref: o/x#3, state: OPEN }',
  '  - *a',
  '  - *undefined',
  'related_refs: *a',
  '    state: OPEN',
  '    state: [MERGED',
  '    relevance: anchor-collision',
  '    note: see #123 and o/y#4',
  'patches:',
  '  - path: ../../../outside.py',
  '  - path: /abs/evil.py',
  '  - a.py',
  '  ../up.py: {}',
  'retired: [b.py, ../../c.py]',
  'repo: o/x',
  '? complex',
  ': value',
  '- top level list',
  '---',
  '...',
  '%YAML 1.2',
  '!!binary aGVsbG8=',
  'key: !custom tag',
  '"unterminated',
  "'single'",
  '{',
  '}',
  '[',
  ']',
  '\t- tab',
  '<<: *a',
  'x: &b [*a, *a, *a]',
];
export const yamlText = dressed(
  fc
    .array(
      fc.tuple(fc.nat({ max: 6 }), fc.oneof({ weight: 4, arbitrary: pick(YAML_LINES) }, noise)),
      { maxLength: 40 },
    )
    .map((lines) =>
      lines.map(([indent, l]) => ' '.repeat(indent % 3 === 0 ? 0 : indent) + l).join('\n'),
    ),
);

const HEADER_PARTS = [
  'UPSTREAM STATUS (re-queried 2026-08-11)\n',
  'UPSTREAM STATUS\n',
  '  issue          ',
  '  third-party PR ',
  '  own PR         ',
  '  anchor risk    ',
  '  anchor collision ',
  '  related ',
  '"Rows mismatch under DP"',
  '"unterminated title',
  '(dave, OPEN)',
  '(alice, OPEN, REVIEW_REQUIRED, against main)',
  '(both MERGED, in both bases)',
  '(CLOSED',
  ' / ',
  '#3001 / #3002',
  '"""',
  "'''",
  '# ',
  '#!/bin/sh\n',
  '// ',
  '/* ',
  ' */',
  'diff --git a/x b/x\n',
  '--- a/x\n+++ b/x\n',
  '---\n',
  '@@ -1 +1 @@\n',
  'Upstream-Status: Submitted [https://github.com/o/x/pull/1]\n',
];
export const headerText = dressed(joined(fc.oneof(pick(HEADER_PARTS), pick(REFS), noise), 60));
export const headerPath = pick(['p/a.py', 'p/a.diff', 'p/a.patch', 'p/a.sh', 'p/a.txt', 'p/a']);

const TRAILER_PARTS = [
  'Upstream-Status: Submitted [https://github.com/o/x/pull/1]',
  'Upstream-Status: Backport [https://github.com/o/x/commit/abc1234]',
  'Upstream-Status: Inappropriate [oe specific]',
  'Upstream-Status: Pending',
  'Upstream-Status: ',
  'Upstream-status: submitted [',
  'Upstream: https://github.com/o/x/pull/2',
  'Forwarded: https://github.com/o/x/pull/3',
  'Forwarded: not-needed',
  'Bug: https://github.com/o/x/issues/4',
  'Bug-Debian: https://bugs.debian.org/1',
  'Applied-Upstream: 1.2, https://github.com/o/x/commit/0123456789abcdef',
  'Origin: upstream, https://github.com/o/x/pull/5',
  ' continued https://github.com/o/x/pull/6',
  '\t',
  '# ',
  'Name:',
  ':',
];
export const trailerText = dressed(
  fc
    .array(fc.oneof({ weight: 3, arbitrary: pick(TRAILER_PARTS) }, pick(REFS), noise), {
      maxLength: 40,
    })
    .map((xs) => xs.join('\n')),
);

/** Number of lines by the most generous count (LF, CRLF, lone CR, U+2028/9 each break). */
export function lineCount(text: string): number {
  return text.split(/\r\n|\r|\n|\u2028|\u2029/).length;
}

/** Every line a result names is a line of the text; every span lies inside it. */
export function checkResult(result: SourceResult, text: string): string[] {
  const problems: string[] = [];
  const lines = lineCount(text);
  const line = (what: string, n: number | null | undefined): void => {
    if (n === null || n === undefined) return;
    if (!Number.isInteger(n) || n < 1 || n > lines)
      problems.push(`${what} line ${n} outside 1..${lines}`);
  };
  const span = (what: string, s: Span | null | undefined): void => {
    if (!s) return;
    if (!(
      Number.isInteger(s.start) &&
      Number.isInteger(s.end) &&
      0 <= s.start &&
      s.start <= s.end &&
      s.end <= text.length
    ))
      problems.push(`${what} span ${s.start}..${s.end} outside 0..${text.length}`);
  };
  line('checkedOn', result.source.checkedOnLine);
  for (const m of result.mentions) {
    line(`mention ${m.ref}`, m.line);
    span(`mention ${m.ref}`, m.stateSpan);
  }
  for (const p of result.patches) line(`patch ${p.path}`, p.line);
  for (const a of result.ambiguous) line(`ambiguous ${a.text}`, a.line);
  for (const p of result.problems) {
    line(`problem "${p.message}"`, p.line);
    if (/^could not read the (ledger|record|header)|Maximum call stack/i.test(p.message))
      problems.push(`reader failure reported as a problem: ${p.message}`);
  }
  return problems;
}

/** Root-relative paths a source names must stay inside the root. */
export function escapingPaths(paths: readonly string[]): string[] {
  return paths.filter(
    (p) =>
      p.startsWith('/') ||
      /^[A-Za-z]:/.test(p) ||
      p === '..' ||
      p.startsWith('../') ||
      p.includes('/../'),
  );
}

/** Time a call; a throw is returned, not raised, so the property can report it. */
/** Run a reader; `ms` is CPU time (test/support/cpu-time.ts), not wall time. */
export function timed<T>(fn: () => T): { value: T | null; error: unknown; ms: number } {
  const started = cpuNow();
  try {
    return { value: fn(), error: null, ms: cpuNow() - started };
  } catch (error) {
    return { value: null, error, ms: cpuNow() - started };
  }
}

/** Keys GitHub can be asked about: owner/repo#N with N a GraphQL Int (see pending/ref-numbers). */
export function badKeys(result: SourceResult): string[] {
  return result.mentions
    .map((m) => m.ref)
    .filter((k) => {
      const m = /^[^/#\s]+\/[^/#\s]+#(\d+)$/.exec(k);
      return m === null || Number(m[1]) > 2 ** 31 - 1;
    });
}
