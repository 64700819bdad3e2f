import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseConfig } from '../../src/config-parse.js';
import { runCli } from '../e2e/cli.js';
import { makeUpstream } from '../rebase/support/upstream.js';

const FILES: Record<string, string> = {
  '.upstream-status.yml':
    'patches: { dir: patches }\nrepos:\n  defaults: { "": up/engine }\npackages:\n  eng: { repo: up/engine, path: src/eng }\n',
  'patches/fix.diff': '--- a/src/eng/a.py\n+++ b/src/eng/a.py\n@@ -3,3 +3,3 @@\n x\n-y\n+Y\n z\n',
  'patches/apply.sh': '#!/bin/sh\ncd "$ENGINE"\npatch -p1 < fix.diff\n',
  'patches/guard.py':
    'import os, eng\nf = os.path.join(os.path.dirname(eng.__file__), "core/m.py")\nsrc = open(f).read()\nif src.count("alpha") != 1:\n    raise SystemExit(1)\nopen(f, "w").write(src.replace("alpha", "ALPHA"))\n',
  'patches/argv.py': 'import sys\nsrc = open(sys.argv[1]).read()\nsrc = src.replace("a", "b")\n',
};

let root: string;
beforeAll(() => {
  root = mkdtempSync(path.join(tmpdir(), 'fp-cli-'));
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

interface JsonFootprint {
  patch: string;
  complete: boolean;
  companions: string[];
  files: {
    candidates: string[];
    guessed: boolean;
    anchors: { old: string; expected: number | null }[];
  }[];
  hunks: { file: string; oldStart: number }[];
  unreadable: { line: number; reason: string }[];
}

describe('upstream-status footprint', () => {
  it('prints every patch as JSON: hunks, companions, anchors, and what it could not read', async () => {
    const r = await runCli(['footprint', '--root', root, '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as {
      patches: JsonFootprint[];
      summary: Record<string, number>;
    };
    const by = new Map(out.patches.map((p) => [p.patch, p]));
    expect(by.get('patches/fix.diff')?.hunks).toEqual([
      { file: 'src/eng/a.py', oldStart: 3, oldLines: 3, line: 3 },
    ]);
    expect(by.get('patches/apply.sh')?.companions).toEqual(['patches/fix.diff']);
    expect(by.get('patches/guard.py')?.files).toMatchObject([
      {
        candidates: ['src/eng/core/m.py'],
        guessed: false,
        anchors: [{ old: 'alpha', expected: 1 }],
      },
    ]);
    expect(by.get('patches/argv.py')?.complete).toBe(false);
    expect(by.get('patches/argv.py')?.unreadable[0]).toMatchObject({ line: 3 });
    expect(out.summary).toEqual({ patches: 4, complete: 3, scripts: 3, scriptsComplete: 2 });
  });

  it('prints text a person can read', async () => {
    const r = await runCli(['footprint', '--root', root]);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'patches/guard.py  [python, up/engine]\n  src/eng/core/m.py\n    edit ×1 "alpha"  (line 4)\n',
    );
    expect(r.stdout).toContain(
      'patches/argv.py  [python, up/engine]  — incomplete\n  not read: line 3:',
    );
    expect(r.stdout).toContain('3 of 4 patches fully read; scripts: 2 of 3.');
  });
});

describe('the packages key', () => {
  it('takes repo and path per package and names each mistake', () => {
    const ok = parseConfig(
      'packages:\n  sglang: { repo: sgl-project/sglang, path: python/sglang }\n  vllm: { repo: vllm-project/vllm }\n',
      'c.yml',
    );
    expect(ok.errors).toEqual([]);
    expect(ok.config.packages).toEqual({
      sglang: { repo: 'sgl-project/sglang', path: 'python/sglang' },
      vllm: { repo: 'vllm-project/vllm', path: null },
    });
    const bad = parseConfig(
      'packages:\n  a-b: { repo: x/y }\n  c: { repo: nope, path: /abs, colour: 1 }\n  __proto__: { repo: x/y }\n',
      'c.yml',
    );
    expect(bad.errors.map((e) => [e.line, e.key])).toEqual([
      [2, 'packages.a-b'],
      [3, 'packages.c.repo'],
      [3, 'packages.c.path'],
      [3, 'packages.c.colour'],
    ]);
    expect(Object.getPrototypeOf(bad.config.packages)).toBe(Object.prototype);
  });
});

describe('footprint --upstream-dir', () => {
  it('shows where each anchor sits at the pinned base, and what is absent there', async () => {
    const up = makeUpstream([
      { message: 'init', files: { 'src/eng/core/m.py': 'x\nalpha\ny\nalpha2\n' }, tags: ['v1'] },
    ]);
    try {
      writeFileSync(
        path.join(root, '.upstream-status.yml'),
        `${FILES['.upstream-status.yml']}bases: { up/engine: v1 }\n`,
      );
      const r = await runCli(['footprint', '--root', root, '--upstream-dir', up.dir]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain(
        '  src/eng/core/m.py  — at v1\n    edit ×1 "alpha"  (line 4; line 2, 2×)\n',
      );
    } finally {
      writeFileSync(path.join(root, '.upstream-status.yml'), FILES['.upstream-status.yml'] ?? '');
      up.cleanup();
    }
  });
});
