import { describe, expect, it } from 'vitest';
import { replayPr, type PrFile } from '../../src/discover/replay.js';
import { buildFootprint } from '../../src/footprint/build.js';

const lines = (n: number, edit: Record<number, string | null> = {}, extra = '') =>
  Array.from({ length: n }, (_, i) => i + 1)
    .flatMap((i) => (edit[i] === null ? [] : [`${edit[i] ?? `line ${i}`}\n`]))
    .join('') + extra;
const BASE = new Map([
  ['pkg/a.py', lines(30)],
  ['pkg/b.py', lines(5)],
]);
/** A PR's REST patch changing line `at` of a 30-line file. */
const change = (at: number, to = `line ${at} changed`): string =>
  `@@ -${at - 1},3 +${at - 1},3 @@\n line ${at - 1}\n-line ${at}\n+${to}\n line ${at + 1}`;

const DIFF =
  '--- a/pkg/a.py\n+++ b/pkg/a.py\n@@ -9,3 +9,3 @@\n line 9\n-line 10\n+line ten\n line 11\n';
const diffFp = buildFootprint(
  { patch: 'q/fix.diff', repo: 'o/r', text: DIFF, record: null, recordPath: null },
  {},
  [],
);
const kinds = (files: PrFile[], fp = diffFp, text: string | null = DIFF) =>
  replayPr(fp, text, BASE, files).map((c) => [c.kind, c.subject, c.line]);

describe('replaying an open PR over a patch at its base', () => {
  it('is certain when the patch stops applying, near within 3 lines, silent otherwise', () => {
    expect(kinds([{ path: 'pkg/a.py', patch: change(10) }])).toEqual([
      ['certain', 'hunk 1 (old lines 9-11)', 3],
    ]);
    expect(kinds([{ path: 'pkg/a.py', patch: change(13) }])).toEqual([['near', 'hunk 1', 3]]);
    expect(kinds([{ path: 'pkg/a.py', patch: change(25) }])).toEqual([]);
    expect(kinds([{ path: 'pkg/b.py', patch: change(3) }])).toEqual([]);
    expect(kinds([{ path: 'pkg/a.py', patch: null }])).toEqual([]);
  });

  it('lets a PR that only moves the lines (an offset) pass', () => {
    const insert = '@@ -1,2 +1,5 @@\n line 1\n+new a\n+new b\n+new c\n line 2';
    expect(kinds([{ path: 'pkg/a.py', patch: insert }])).toEqual([]);
  });

  it('breaks a script by removing or repeating its anchor, and nears it', () => {
    const script =
      'import os, pkg\nf = os.path.join(os.path.dirname(pkg.__file__), "a.py")\ns = open(f).read()\nif s.count("line 20\\n") != 1:\n    raise SystemExit(1)\nopen(f, "w").write(s.replace("line 20\\n", "LINE 20\\n"))\n';
    const fp = buildFootprint(
      { patch: 'q/s.py', repo: 'o/r', text: script, record: null, recordPath: null },
      {},
      [],
    );
    expect(fp.files[0]?.candidates).toEqual(['pkg/a.py', 'python/pkg/a.py']);
    expect(kinds([{ path: 'pkg/a.py', patch: change(20) }], fp, null)).toEqual([
      ['certain', 'anchor "line 20"', 4],
    ]);
    const repeat = '@@ -29,2 +29,3 @@\n line 29\n line 30\n+line 20';
    expect(kinds([{ path: 'pkg/a.py', patch: repeat }], fp, null)).toEqual([
      ['certain', 'anchor "line 20" (now repeated)', 4],
    ]);
    expect(kinds([{ path: 'pkg/a.py', patch: change(22) }], fp, null)).toEqual([
      ['near', 'anchor "line 20"', 4],
    ]);
    expect(kinds([{ path: 'pkg/a.py', patch: change(27) }], fp, null)).toEqual([]);
  });
});
