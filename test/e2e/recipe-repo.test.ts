/**
 * A layer patch whose header names no repository: its bare `#N` are the
 * upstream's its recipe fetches (session 12, src/recipe-repo.ts). Read by
 * the built CLI, offline, on layers written here.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { reposInRecipe } from '../../src/recipe-repo.js';
import { runCli } from './cli.js';
import { writeFiles } from '../support/tree.js';

const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'us-recipe-')));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const tree = (name: string, files: Record<string, string>): string =>
  writeFiles(path.join(base, name), files);

interface Report {
  findings: { rule: string }[];
  refs: {
    ref: string;
    mentions: { source: string; line: number; role: string; recordedState: string | null }[];
  }[];
}

async function list(root: string): Promise<[string, number, string, string | null][]> {
  const r = await runCli(['check', '--offline', '--format', 'json', '--root', root]);
  const report = JSON.parse(r.stdout) as Report;
  return report.refs
    .flatMap((ref) =>
      ref.mentions.map(
        (m) =>
          [ref.ref, m.line, m.role, m.recordedState] as [string, number, string, string | null],
      ),
    )
    .sort((a, b) => a[1] - b[1]);
}

const DIFF = 'diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-a\n+b\n';
const HEADER = [
  'From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001',
  'Subject: [PATCH] config: warn on unknown keys',
  '',
  'UPSTREAM STATUS (2026-11-04)',
  '  issue           #402 (OPEN)',
  '  third-party PR  #388 (CLOSED) same change as ours',
  '',
  'Upstream-Status: Pending',
  '---',
].join('\n');

describe('reposInRecipe', () => {
  it('reads SRC_URI, HOMEPAGE and Buildroot github calls', () => {
    expect([
      ...reposInRecipe(
        [
          'HOMEPAGE = "https://github.com/Lumenbus/lumend"',
          'SRC_URI = "git://github.com/lumenbus/lumend.git;protocol=https;branch=main \\',
          '           file://0001-x.patch"',
        ].join('\n'),
      ),
    ]).toEqual(['lumenbus/lumend']);
    expect([
      ...reposInRecipe('MQLINK_SITE = $(call github,ostrava-iot,mqlink,v$(MQLINK_VERSION))'),
    ]).toEqual(['ostrava-iot/mqlink']);
    expect([...reposInRecipe('SRC_URI = "https://example.org/lumend-1.0.tar.gz"')]).toEqual([]);
  });
});

describe('a layer patch with bare refs and no repository in its header', () => {
  it('gives them the one repository its recipe fetches, as inferred', async () => {
    const root = tree('layer', {
      'meta-acme/conf/layer.conf': 'BBFILE_COLLECTIONS += "acme"\n',
      'meta-acme/recipes-core/lumend/lumend_2.4.bb':
        'SRC_URI = "git://github.com/lumenbus/lumend.git;branch=main file://0001-config.patch"\n',
      'meta-acme/recipes-core/lumend/lumend/0001-config.patch': `${HEADER}\n${DIFF}`,
    });
    expect(await list(root)).toEqual([
      ['lumenbus/lumend#402', 5, 'issue', 'OPEN'],
      ['lumenbus/lumend#388', 6, 'third-party', 'CLOSED'],
    ]);
  });

  it('gives them nothing when the recipes name two repositories, or none', async () => {
    const two = tree('two', {
      'meta-acme/recipes-core/lumend/lumend_2.4.bb':
        'SRC_URI = "git://github.com/lumenbus/lumend.git git://github.com/lumenbus/lumend-data.git"\n',
      'meta-acme/recipes-core/lumend/lumend/0001-config.patch': `${HEADER}\n${DIFF}`,
    });
    expect(await list(two)).toEqual([]);
    const none = tree('none', {
      'meta-acme/recipes-core/lumend/lumend_2.4.bb':
        'SRC_URI = "https://example.org/lumend.tar.gz"\n',
      'meta-acme/recipes-core/lumend/lumend/0001-config.patch': `${HEADER}\n${DIFF}`,
    });
    expect(await list(none)).toEqual([]);
  });

  it('reads a Buildroot package the same way, from its .mk', async () => {
    const root = tree('br', {
      'package/mqlink/mqlink.mk': 'MQLINK_SITE = $(call github,ostrava-iot,mqlink,v1.8.0)\n',
      'package/mqlink/0001-config.patch': `${HEADER}\n${DIFF}`,
    });
    expect((await list(root)).map((m) => m[0])).toEqual([
      'ostrava-iot/mqlink#402',
      'ostrava-iot/mqlink#388',
    ]);
  });

  it('attributes a copied commit message by its closing words, and skips a kernel build number', async () => {
    const root = tree('copied', {
      'meta-acme/recipes-kernel/lumend/lumend_2.4.bb':
        'SRC_URI = "git://github.com/lumenbus/lumend.git;branch=main"\n',
      'meta-acme/recipes-kernel/lumend/lumend/0002-boot.patch': [
        'From 2222222222222222222222222222222222222222 Mon Sep 17 00:00:00 2001',
        'Subject: [PATCH] boot: quiet the console',
        '',
        'Linux version 5.10.0 (oe-user@oe-host) (gcc 10.2.0) #1 SMP Mon Mar 1 12:58:36 UTC 2021',
        '',
        'Fixes #512.',
        '',
        'Upstream-Status: Backport',
        '---',
        DIFF,
      ].join('\n'),
    });
    expect(await list(root)).toEqual([['lumenbus/lumend#512', 6, 'issue', null]]);
  });

  it("leaves a number another tracker's link in the header carries, and another forge's #N, to them", async () => {
    const recipe = 'SRC_URI = "git://github.com/lumenbus/lumend.git;branch=main"\n';
    const patch = (body: string[]) =>
      [
        'From 3333333333333333333333333333333333333333 Mon Sep 17 00:00:00 2001',
        'Subject: [PATCH] asm: work around an assembler bug',
        '',
        ...body,
        '',
        'Upstream-Status: Pending',
        '---',
        DIFF,
      ].join('\n');
    const root = tree('trackers', {
      'meta-acme/recipes-kernel/lumend/lumend_2.4.bb': recipe,
      'meta-acme/recipes-kernel/lumend/lumend/0003-asm.patch': patch([
        'Old binutils are hit by bug #14887,',
        'https://sourceware.org/bugzilla/show_bug.cgi?id=14887, so spell it out.',
      ]),
      // The header names a repository itself: the number is still the other tracker's.
      'meta-acme/recipes-kernel/lumend/lumend/0005-named.patch': patch([
        'From https://github.com/lumenbus/lumend/commit/0123456789abcdef; bug #14887,',
        'https://sourceware.org/bugzilla/show_bug.cgi?id=14887.',
      ]),
      'meta-acme/recipes-kernel/lumend/lumend/0004-glib.patch': patch([
        'Taken from https://gitlab.gnome.org/GNOME/glib/-/merge_requests/3456',
        '(Fixes #2901 there).',
      ]),
    });
    expect(await list(root)).toEqual([]);
  });

  it('reads a block in a layer patch with the one repository the header names, keeping copied roles', async () => {
    const root = tree('named', {
      'meta-acme/recipes-bsp/strand/strand/0001-spi.patch': [
        'From 4444444444444444444444444444444444444444 Mon Sep 17 00:00:00 2001',
        'Subject: [PATCH] spi: take max speed from devicetree',
        '',
        'Fix #190',
        '',
        'UPSTREAM STATUS (2026-11-20)',
        '  own PR       #221 "spi: honour spi-max-frequency" (OPEN)',
        '  anchor risk  #215 rewrites the setup block (OPEN)',
        '',
        'Upstream-Status: Submitted [https://github.com/orrery/strand/pull/221]',
        '---',
        DIFF,
      ].join('\n'),
    });
    expect(await list(root)).toEqual([
      ['orrery/strand#190', 4, 'issue', null],
      ['orrery/strand#221', 7, 'own', 'OPEN'],
      ['orrery/strand#215', 8, 'anchor-collision', 'OPEN'],
      // The block says #221 is ours: the trailer's PR is the same one (session 16).
      ['orrery/strand#221', 10, 'own', 'OPEN'],
    ]);
  });
});
