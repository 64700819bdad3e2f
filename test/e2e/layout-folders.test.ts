/**
 * A quilt queue outside Debian and a conda recipe's patches (session 15):
 * a folder holding a quilt `series` file makes the patches below it a
 * queue's (layout `quilt`) and its markdown files notes on them.
 * A conda recipe's patches: `recipe/meta.yaml` (or a
 * `recipes/<name>/` folder) makes the `.patch`/`.diff` files below it
 * patches of layout `conda`, read as an ecosystem's are; the feedstock's
 * notes file beside them, and the recipe's comments on its patch lines,
 * are read as notes. Bare `#N` get no default repo
 * there: a feedstock's own issues are written so as often as upstream's.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { writeFiles } from '../support/tree.js';

const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'us-conda-')));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const DIFF = 'diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-a\n+b\n';

interface Report {
  findings: { rule: string }[];
  refs: { ref: string; mentions: { source: string; line: number; role: string }[] }[];
  read: { patches: number; unattributedRefs: number };
}

describe('a conda feedstock', () => {
  it('reads the patches below its recipe and its notes, and guesses no repo for a bare #N', async () => {
    const root = writeFiles(path.join(base, 'feedstock'), {
      'recipe/meta.yaml': [
        'package: {name: lumen, version: "2.3.1"}',
        'source:',
        '  url: https://github.com/acme/lumen/archive/v2.3.1.tar.gz',
        '  patches:',
        '    # backport https://github.com/acme/lumen/pull/41',
        '    - patches/0001-fix-overflow.patch',
        '    - patches/0002-no-rpath.patch  # [linux]',
        '',
      ].join('\n'),
      'recipe/patches/0001-fix-overflow.patch': [
        'From 1c2d3e4f Mon Sep 17 00:00:00 2001',
        'Subject: [PATCH] ring: fix the size overflow',
        '',
        'Fixes #40',
        'PR: https://github.com/acme/lumen/pull/41',
        '---',
        DIFF,
      ].join('\n'),
      'recipe/patches/0002-no-rpath.patch': [
        'Subject: [PATCH] build: drop the rpath',
        '',
        'Conda-specific, see feedstock issues #3 and #5.',
        '---',
        DIFF,
      ].join('\n'),
      'recipe/PATCHES.md': [
        '# Patches',
        '',
        '- `0001-fix-overflow.patch`: [lumen#41](https://github.com/acme/lumen/pull/41) MERGED, drop at 2.4',
        '',
      ].join('\n'),
      'tools/meta.yaml': 'not: a recipe\n',
      'tools/local.patch': `Subject: a local tool patch\n\nSee acme/lumen#99.\n---\n${DIFF}`,
    });
    const r = await runCli(['list', '--offline', '--format', 'json', '--root', root]);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as Report;
    expect(report.refs.map((x) => [x.ref, x.mentions.map((m) => `${m.source}:${m.line}`)])).toEqual(
      [
        ['acme/lumen#40', ['recipe/patches/0001-fix-overflow.patch:4']],
        [
          'acme/lumen#41',
          ['recipe/PATCHES.md:3', 'recipe/meta.yaml:5', 'recipe/patches/0001-fix-overflow.patch:5'],
        ],
      ],
    );
    expect(report.read.patches).toBe(2);
    expect(report.read.unattributedRefs).toBe(2);
    const check = await runCli(['check', '--offline', '--root', root]);
    expect(check.code).toBe(0);
  });
});

describe('a quilt queue outside Debian', () => {
  it('reads the patches beside its series and the README there as notes', async () => {
    const root = writeFiles(path.join(base, 'fork'), {
      'patches/series': '0001-wal-fsync.patch\n# 0002-old.patch\n',
      'patches/0001-wal-fsync.patch': [
        'From 9a8b7c6d Mon Sep 17 00:00:00 2001',
        'Subject: [PATCH 1/1] wal: fsync pending records on close',
        '',
        'Upstream-PR: https://github.com/tidal/wal/pull/797',
        '---',
        DIFF,
      ].join('\n'),
      'patches/README.md': [
        '# Our carry',
        '',
        '- `0001-wal-fsync.patch` — own PR [wal#797](https://github.com/tidal/wal/pull/797) OPEN;',
        '  will collide with [wal#815](https://github.com/tidal/wal/pull/815), OPEN.',
        '',
      ].join('\n'),
      'docs/series': 'not a quilt series: no patches here\n',
    });
    const r = await runCli(['list', '--offline', '--format', 'json', '--root', root]);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as Report;
    expect(
      report.refs.map((x) => [x.ref, x.mentions.map((m) => `${m.source}:${m.line}:${m.role}`)]),
    ).toEqual([
      ['tidal/wal#797', ['patches/0001-wal-fsync.patch:4:own', 'patches/README.md:3:own']],
      ['tidal/wal#815', ['patches/README.md:4:anchor-collision']],
    ]);
    expect(report.read.patches).toBe(1);
  });
});
