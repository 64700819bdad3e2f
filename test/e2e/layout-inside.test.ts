/**
 * A ledger or record index inside its patches folder (two held-out queues
 * were laid out so, session 11): `vendor-patches/patch.upstream.status.md`
 * over `vendor-patches/<upstream>/…`, `deploy/patches/patch.upstream.status.yaml`
 * over `deploy/patches/<upstream>/…`; and a ledger at the root of a
 * repository with no `patches/` folder. Read by the built CLI, offline.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { writeFiles } from '../support/tree.js';

const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'us-inside-')));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const tree = (name: string, files: Record<string, string>): string =>
  writeFiles(path.join(base, name), files);

interface Report {
  findings: { rule: string; file: string | null; message: string }[];
  refs: { ref: string; mentions: { source: string; line: number; role: string }[] }[];
}

async function check(root: string): Promise<Report> {
  const r = await runCli(['check', '--offline', '--format', 'json', '--root', root]);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Report;
}

const DIFF = 'diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-a\n+b\n';

describe('a ledger inside its patches folder', () => {
  it('finds the patches in its subfolders, reads their headers and demands their rows', async () => {
    const root = tree('vendor', {
      'vendor-patches/patch.upstream.status.md': [
        '# Patches',
        '',
        '| patch | upstream PR | PR state |',
        '|---|---|---|',
        '| `engine/0001-fix.patch` | [engine#12](https://github.com/acme/engine/pull/12) | OPEN |',
        '',
      ].join('\n'),
      'vendor-patches/engine/0001-fix.patch': `Subject: fix\n\nUPSTREAM STATUS\n  own PR  #12 (OPEN)\n---\n${DIFF}`,
      'vendor-patches/engine/0002-new.patch': `Subject: new\n---\n${DIFF}`,
    });
    const report = await check(root);
    expect(report.findings.map((f) => [f.rule, f.file])).toEqual([
      ['unindexed-patch', 'vendor-patches/engine/0002-new.patch'],
    ]);
    const mentions = report.refs.find((r) => r.ref === 'acme/engine#12')?.mentions ?? [];
    expect(mentions.map((m) => m.source).sort()).toEqual([
      'vendor-patches/engine/0001-fix.patch',
      'vendor-patches/patch.upstream.status.md',
    ]);
  });
});

describe('a ledger at the root with no patches folder', () => {
  it('reads its paths from the root: no missing-patch, and no script of the repository demanded', async () => {
    const root = tree('rootledger', {
      'patch.upstream.status.md': [
        '| patch | upstream PR | PR state |',
        '|---|---|---|',
        '| `vendor/0001-fix.patch` | [engine#12](https://github.com/acme/engine/pull/12) | OPEN |',
        '',
      ].join('\n'),
      'vendor/0001-fix.patch': `Subject: fix\n\nUpstream PR: https://github.com/acme/engine/pull/12\n---\n${DIFF}`,
      'tools/build.py': 'print("build")\n',
    });
    const report = await check(root);
    expect(report.findings).toEqual([]);
    const mentions = report.refs.find((r) => r.ref === 'acme/engine#12')?.mentions ?? [];
    expect(mentions.map((m) => m.source).sort()).toEqual([
      'patch.upstream.status.md',
      'vendor/0001-fix.patch',
    ]);
  });
});

describe('a layer ledger that names its patches by file name (session 12)', () => {
  it('finds each by its one match in the layer, keeps a shared name missing, and continues a row with an empty patch cell', async () => {
    const patch = (n: number) => `Subject: fix ${n}\n\nUpstream-Status: Pending\n---\n${DIFF}`;
    const root = tree('layer-ledger', {
      '.upstream-status.yml': 'ledgers: [PATCHES.md]\n',
      'PATCHES.md': [
        '# Carried patches',
        '',
        '| recipe | patch | upstream | state |',
        '|---|---|---|---|',
        '| lumend | `0001-notify.patch` | [lumend#412](https://github.com/lumenbus/lumend/pull/412) | OPEN |',
        '| ″ (anchor collision) | | [lumend#417](https://github.com/lumenbus/lumend/pull/417) | OPEN |',
        '| mqlink | `0001-sni.patch` | [mqlink#561](https://github.com/ostrava/mqlink/pull/561) | MERGED |',
        '| lumend | `lumend/0002-gone.patch` | [lumend#420](https://github.com/lumenbus/lumend/pull/420) | OPEN |',
        '',
      ].join('\n'),
      'meta-acme/recipes-core/lumend/lumend/0001-notify.patch': patch(1),
      'meta-acme/recipes-core/mqlink/mqlink/0001-sni.patch': patch(2),
      'package/mqlink/0001-sni.patch': patch(3),
      // A path written with its folder is never looked for elsewhere.
      'meta-acme/recipes-core/other/other/0002-gone.patch': patch(4),
    });
    const report = await check(root);
    expect(report.findings.map((f) => [f.rule, f.file, f.message.slice(0, 22)])).toEqual([
      ['missing-patch', 'PATCHES.md', '0001-sni.patch is name'],
      ['missing-patch', 'PATCHES.md', 'lumend/0002-gone.patch'],
    ]);
    const roles = (ref: string) =>
      (report.refs.find((r) => r.ref === ref)?.mentions ?? []).map((m) => m.role);
    expect(roles('lumenbus/lumend#412')).toEqual(['fix']);
    expect(roles('lumenbus/lumend#417')).toEqual(['anchor-collision']);
  });
});

describe('a layer ledger that writes paths relative to a recipe folder (session 13)', () => {
  it('finds `files/0001-x.patch` by the one patch whose path ends so, and keeps a shared end missing', async () => {
    const patch = (n: number) => `Subject: fix ${n}\n\nUpstream-Status: Pending\n---\n${DIFF}`;
    const root = tree('layer-relative', {
      'patch.upstream.status.md': [
        '# Carried patches',
        '',
        'Paths are relative to the recipe folder in each heading.',
        '',
        '## lumend — `recipes-core/lumend/`',
        '',
        '| patch | upstream PR | PR state |',
        '|---|---|---|',
        '| `files/0001-notify.patch` | [lumend#412](https://github.com/lumenbus/lumend/pull/412) | OPEN |',
        '| `files/0002-common.patch` | [lumend#413](https://github.com/lumenbus/lumend/pull/413) | OPEN |',
        '',
      ].join('\n'),
      'recipes-core/lumend/files/0001-notify.patch': patch(1),
      'recipes-core/lumend/files/0002-common.patch': patch(2),
      'recipes-core/other/files/0002-common.patch': patch(3),
    });
    const report = await check(root);
    expect(report.findings.map((f) => [f.rule, f.message.slice(0, 25)])).toEqual([
      ['missing-patch', 'files/0002-common.patch i'],
    ]);
    const mention = report.refs.find((r) => r.ref === 'lumenbus/lumend#412')?.mentions[0];
    expect(mention?.role).toBe('fix');
  });
  it('finds a script the table names beside the layer patches, and reads the README beside them', async () => {
    const patch = `Subject: fix\n\nUpstream-Status: Pending\n---\n${DIFF}`;
    const root = tree('layer-script', {
      'patch.upstream.status.md': [
        '# Carried patches',
        '',
        '## otaupd — `recipes-core/otaupd/`',
        '',
        '| patch | upstream PR | PR state |',
        '|---|---|---|',
        '| `files/0001-verify.patch` | [otaupd#1042](https://github.com/otter/otaupd/pull/1042) | OPEN |',
        '| `files/slot-names.sh` | [otaupd#1077](https://github.com/otter/otaupd/pull/1077) | OPEN |',
        '',
      ].join('\n'),
      'recipes-core/otaupd/files/0001-verify.patch': patch,
      'recipes-core/otaupd/files/slot-names.sh':
        '#!/bin/sh\n# Map the slot labels.\n# UPSTREAM STATUS\n#   own PR  otter/otaupd#1077 (MERGED)\nset -eu\n',
      'recipes-core/otaupd/files/README.md': 'Notes: otter/otaupd#1080 reworks the slot table.\n',
    });
    const report = await check(root);
    expect(report.findings.map((f) => [f.rule, f.file])).toEqual([
      ['source-disagreement', 'recipes-core/otaupd/files/slot-names.sh'],
    ]);
    const where = (ref: string) =>
      (report.refs.find((r) => r.ref === ref)?.mentions ?? []).map((m) => m.source);
    expect(where('otter/otaupd#1077')).toEqual([
      'patch.upstream.status.md',
      'recipes-core/otaupd/files/slot-names.sh',
    ]);
    expect(where('otter/otaupd#1080')).toEqual(['recipes-core/otaupd/files/README.md']);
  });
});

describe('headings that name a patch by its `git format-patch` stem (session 15)', () => {
  it("opens that patch's entry, a `.diff` of that stem too, and its `state:` bullet gives the state", async () => {
    const root = tree('stem-headings', {
      'upstream/patch.upstream.status.md': [
        '# Carried',
        '',
        '### 0001-pool-keep-tail',
        '- fix: [pool#41](https://github.com/acme/pool/pull/41) ours',
        '- state: MERGED 2026-11-02, not in our tag yet',
        '',
        '### 0002-pool-lock-order',
        '- fix: [pool#52](https://github.com/acme/pool/pull/52) by lena',
        '- state: OPEN',
        '',
      ].join('\n'),
      'upstream/patches/0001-pool-keep-tail.patch': `Subject: keep tail\n\n---\n${DIFF}`,
      'upstream/patches/0002-pool-lock-order.diff': DIFF,
    });
    const report = await check(root);
    expect(report.findings).toEqual([]);
    const mention = (ref: string) => report.refs.find((r) => r.ref === ref)?.mentions[0];
    expect([mention('acme/pool#41')?.role, mention('acme/pool#52')?.role]).toEqual(['own', 'fix']);
    const r = await runCli(['list', '--offline', '--format', 'json', '--root', root]);
    const states = (
      JSON.parse(r.stdout) as {
        refs: { ref: string; mentions: { recordedState: string | null }[] }[];
      }
    ).refs.map((x) => [x.ref, x.mentions[0]?.recordedState]);
    expect(states).toEqual([
      ['acme/pool#41', 'MERGED'],
      ['acme/pool#52', 'OPEN'],
    ]);
  });
});
