import { describe, expect, it } from 'vitest';
import { buildFootprint } from '../../src/footprint/build.js';
import { readShellScript } from '../../src/footprint/shell-script.js';
import type { TargetFile } from '../../src/footprint/types.js';
import { checkFile } from '../../src/footprint/verdict.js';

const FILES = ['q/eng/fix.diff', 'q/eng/other.patch', 'q/eng/apply.sh', 'q/tools/far.diff'];

describe('shell patch scripts', () => {
  it('follow patch -p1 < x, patch -i x and git apply x to the diff beside them', () => {
    const text =
      'set -e\nD="$(dirname "$0")"\npatch -p1 --fuzz=0 < "$D/fix.diff"\ngit -C "$ROOT" apply --check other.patch\n';
    expect(readShellScript(text, 'q/eng/apply.sh', FILES, {}).companions).toEqual([
      'q/eng/fix.diff',
      'q/eng/other.patch',
    ]);
  });

  it('find the diff named through a function argument', () => {
    const text = 'one() {\n  git apply "$HERE/$1"\n}\none fix.diff\n';
    expect(readShellScript(text, 'q/eng/apply.sh', FILES, {}).companions).toEqual([
      'q/eng/fix.diff',
    ]);
  });

  it('read sed -i s/old/new/ as an anchor on an installed file, literal or pattern', () => {
    const text =
      "PKG=/usr/lib/python3/site-packages/eng\nsed -i 's/timeout=5/timeout=30/' \"$PKG/net.py\"\nsed -i -e 's/^\\(def go\\)(x)/\\1(x, y)/' $PKG/run.py\n";
    const r = readShellScript(text, 'q/eng/apply.sh', FILES, {});
    expect(
      r.files.map((f) => [
        f.candidates[0],
        f.anchors[0]?.old,
        f.anchors[0]?.new,
        f.anchors[0]?.regexFlags,
      ]),
    ).toEqual([
      ['eng/net.py', 'timeout=5', 'timeout=30', null],
      ['eng/run.py', '^(def go)\\(x\\)', null, 8],
    ]);
  });

  it('say so when no diff it applies can be found', () => {
    const r = readShellScript('patch -p1 < "$X"\n', 'q/eng/apply.sh', FILES, {});
    expect(r.unreadable[0]?.reason).toMatch(/no diff file/);
  });
});

describe('records', () => {
  it('target.anchors win over the script; target.files settle a guessed folder', () => {
    const script =
      'import os, eng\nf = os.path.join(os.path.dirname(eng.__file__), "m.py")\ns = open(f).read()\ns = s.replace("a", "b")\n';
    const input = {
      patch: 'q/s.py',
      repo: 'o/eng',
      text: script,
      recordPath: 'q/s.upstream.status.yaml',
    };
    const declared = buildFootprint(
      { ...input, record: { files: ['lib/m.py'], anchors: ['zz'], anchorsLine: 6 } },
      {},
      [],
    );
    expect(declared.anchorsFrom).toBe('record');
    expect(declared.files.map((f) => [f.candidates, f.anchors.map((a) => a.old)])).toEqual([
      [['lib/m.py'], ['zz']],
    ]);
    const settled = buildFootprint(
      { ...input, record: { files: ['python/eng/m.py'], anchors: [], anchorsLine: 1 } },
      {},
      [],
    );
    expect(settled.files[0]).toMatchObject({
      candidates: ['python/eng/m.py'],
      guessed: false,
      repo: 'o/eng',
    });
  });
});

describe('checking a file at a new base', () => {
  const file = (anchors: TargetFile['anchors']): TargetFile => ({
    candidates: ['m.py'],
    repo: null,
    guessed: false,
    written: 'm.py',
    anchors,
  });
  const edit = (old: string, next: string, expected: number | null = 1) => ({
    old,
    new: next,
    expected,
    replaceCount: null,
    role: 'edit' as const,
    regexFlags: null,
    line: 1,
  });

  it('simulates edits in order, so an anchor an earlier edit writes is found', () => {
    expect(checkFile(file([edit('a', 'b'), edit('b c', 'd')]), 'a c\n').status).toBe('applies');
  });

  it('reads missing, ambiguous and already-applied', () => {
    expect(checkFile(file([edit('x', 'y')]), 'a\n').results[0]?.status).toBe('missing');
    expect(checkFile(file([edit('x', 'y')]), 'x x\n').results[0]?.status).toBe('ambiguous');
    expect(checkFile(file([edit('x', 'y')]), 'y\n').status).toBe('already-applied');
    expect(checkFile(file([edit('x', 'y', null)]), 'x x\n').status).toBe('applies');
  });

  it('lets an optional edit (`if src.count(x) == 1:`) be absent', () => {
    const optional = { ...edit('gone', 'new'), optional: true };
    expect(checkFile(file([optional, edit('x', 'y')]), 'x\n').status).toBe('applies');
    expect(checkFile(file([optional, edit('x', 'y')]), 'y\n').status).toBe('already-applied');
  });
});
