/**
 * A Yocto layer's own notes on its patches (session 16): a README at the
 * layer's root that names its patches (a table read as a ledger's, but never
 * linted), and, in a layer that documents its patches so, the comments of
 * the recipes that apply them (`# 0002 -> …`, a comment above the SRC_URI
 * line, any comment of a recipe with one patch). A layer that documents
 * nothing reads no recipe. The layer's own patches (`Submitted`, `Pending`)
 * are read with the words around their refs; a `Backport` stays a copied
 * message.
 */
import { mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { writeFiles } from '../support/tree.js';

const base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'us-layer-')));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const DIFF = 'diff --git a/x.c b/x.c\n--- a/x.c\n+++ b/x.c\n@@ -1 +1 @@\n-a\n+b\n';

interface Report {
  findings: { rule: string; severity: string }[];
  refs: {
    ref: string;
    mentions: {
      source: string;
      line: number;
      role: string;
      recordedState: string | null;
      patch: string | null;
    }[];
  }[];
}

function patch(subject: string, body: string[]): string {
  return [
    'From 1111111111111111111111111111111111111111 Mon Sep 17 00:00:00 2001',
    `Subject: [PATCH] ${subject}`,
    '',
    ...body,
    'Signed-off-by: A <a@example.org>',
    '---',
    DIFF,
  ].join('\n');
}

const LAYER = {
  'meta-acme/conf/layer.conf': 'BBFILE_COLLECTIONS += "acme"\n',
  'meta-acme/recipes-net/wirelink/wirelink_1.2.bbappend': [
    'FILESEXTRAPATHS:prepend := "${THISDIR}/files:"',
    'SRC_URI += "file://0001-fix-timestamps.patch \\',
    '            file://0002-retry-backoff.patch \\',
    '           "',
    '',
    '# 0001 -> orrery/wirelink#96 (ours, OPEN)',
    '# 0002 -> upstream said no, their own take is #110;',
    '#         drop 0002 once #110 is in a release',
  ].join('\n'),
  'meta-acme/recipes-net/wirelink/files/0001-fix-timestamps.patch': patch('fix timestamps', [
    'Read the stamp as a timespec.',
    '',
    'Upstream-Status: Submitted [https://github.com/orrery/wirelink/pull/96]',
  ]),
  'meta-acme/recipes-net/wirelink/files/0002-retry-backoff.patch': patch('retry with backoff', [
    'Regressed by #71 (merged in 0.13).',
    '',
    'Upstream-Status: Denied [https://github.com/orrery/wirelink/pull/104]',
  ]),
  'meta-acme/recipes-bsp/pinmux/pinmux_0.6.bb': [
    'SRC_URI = "git://github.com/orrery/pinmux.git;branch=main;protocol=https \\',
    '           file://0001-board-tables.patch"',
    '',
    '# upstream issue #14 (names from the device tree) is still open;',
    '# when it lands this patch turns into a .dts change.',
  ].join('\n'),
  'meta-acme/recipes-bsp/pinmux/files/0001-board-tables.patch': patch('board tables', [
    'Upstream-Status: Inappropriate [board data]',
  ]),
};

const README = [
  '# meta-acme',
  '',
  '## Patches we carry',
  '',
  '| recipe | patch | upstream PR / issue | state | notes |',
  '|---|---|---|---|---|',
  '| wirelink | `0001-fix-timestamps.patch` | [wirelink#96](https://github.com/orrery/wirelink/pull/96) | still open | ours |',
  '| wirelink | `0002-retry-backoff.patch` | [wirelink#104](https://github.com/orrery/wirelink/pull/104) | rejected | see #110 |',
  '| pinmux | `0001-board-tables.patch` | — | won’t upstream | board data |',
  '',
].join('\n');

async function list(root: string): Promise<Report> {
  const r = await runCli(['list', '--offline', '--format', 'json', '--root', root]);
  expect(r.stderr).toBe('');
  return JSON.parse(r.stdout) as Report;
}

const rows = (report: Report): string[] =>
  report.refs.flatMap((x) =>
    x.mentions.map((m) => `${x.ref} ${m.source}:${m.line} ${m.role} ${m.recordedState ?? '-'}`),
  );

describe("a Yocto layer's own notes", () => {
  it('reads its README table and its recipes’ comments on their patches', async () => {
    const root = writeFiles(path.join(base, 'documented'), {
      ...LAYER,
      'meta-acme/README.md': README,
    });
    const report = await list(root);
    const got = rows(report);
    for (const want of [
      'orrery/wirelink#96 meta-acme/README.md:7 own OPEN',
      'orrery/wirelink#104 meta-acme/README.md:8 fix CLOSED',
      'orrery/wirelink#96 meta-acme/recipes-net/wirelink/wirelink_1.2.bbappend:6 own OPEN',
      'orrery/wirelink#110 meta-acme/recipes-net/wirelink/wirelink_1.2.bbappend:8 fix -',
      'orrery/pinmux#14 meta-acme/recipes-bsp/pinmux/pinmux_0.6.bb:4 issue -',
      'orrery/wirelink#71 meta-acme/recipes-net/wirelink/files/0002-retry-backoff.patch:4 introduced-the-defect MERGED',
    ])
      expect(got, got.join('\n')).toContain(want);
    // The bbappend's comments are notes on the patch each names.
    const m110 = report.refs.find((x) => x.ref === 'orrery/wirelink#110')?.mentions ?? [];
    expect(m110.find((m) => m.line === 8 && m.source.endsWith('.bbappend'))?.patch).toBe(
      'meta-acme/recipes-net/wirelink/files/0002-retry-backoff.patch',
    );
    expect(m110.find((m) => m.source.endsWith('README.md'))?.patch).toBe(
      'meta-acme/recipes-net/wirelink/files/0002-retry-backoff.patch',
    );
    // Notes are never linted: "won’t upstream" in a state cell is no parse-error.
    expect(report.findings.filter((f) => f.rule === 'parse-error')).toEqual([]);
  });

  it('reads no recipe of a layer that documents nothing, and no README that names none of its patches', async () => {
    const root = writeFiles(path.join(base, 'undocumented'), {
      ...LAYER,
      'meta-acme/README.md': '# meta-acme\n\nSee orrery/wirelink#96 for the timestamps story.\n',
    });
    const got = rows(await list(root));
    expect(got.filter((r) => r.includes('.bb'))).toEqual([]);
    expect(got.filter((r) => r.includes('README.md'))).toEqual([]);
  });
});
