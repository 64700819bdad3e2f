/**
 * A team's notes on its patches under a name that says so (`UPSTREAMING.md`,
 * `PATCHES.md`; session 14): read as a document about the patches, its
 * bullets bound to the patches they name, indexing nothing.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { collectSources } from '../../src/collect.js';
import { cloneDefaults } from '../../src/config.js';
import { isPatchNotes } from '../../src/sources/discover.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'us-notes-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const PATCH = 'recipes-support/tinylog/files/0001-ring-wrap-in-size_t.patch';
function write(rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}
write(
  PATCH,
  [
    'From 1c2d3e4f Mon Sep 17 00:00:00 2001',
    'Subject: [PATCH] ring: do the wrap arithmetic in size_t',
    '',
    'Upstream-Status: Submitted [https://github.com/ferrocraft/tinylog/pull/88]',
    'Signed-off-by: Dev <dev@example.com>',
    '---',
    'diff --git a/ring.c b/ring.c',
    '',
  ].join('\n'),
);
write(
  'recipes-support/tinylog/tinylog_1.4.bb',
  'SRC_URI = "git://github.com/ferrocraft/tinylog.git"\n',
);
write('README.md', 'meta-example: a layer. See `0001-ring-wrap-in-size_t.patch` for #12.\n');
write(
  'UPSTREAMING.md',
  [
    '# Upstreaming',
    '',
    '## tinylog — ferrocraft/tinylog',
    '',
    '- `0001-ring-wrap-in-size_t.patch`: our PR [tinylog#88](https://github.com/ferrocraft/tinylog/pull/88)',
    '  (the size_t fix, issue #85) is OPEN.',
    '  Two OPEN PRs rewrite ring.c, #91 and #94: collisions.',
    '',
  ].join('\n'),
);

describe("a team's notes file beside a layer", () => {
  it('is known by its name, and not a README or the ledger', () => {
    expect(
      ['UPSTREAMING.md', 'PATCHES.md', 'docs/upstream-status.md', 'Upstream.md'].map(isPatchNotes),
    ).toEqual([true, true, true, true]);
    expect(
      ['README.md', 'patch.upstream.status.md', 'CHANGELOG.md', 'upstreaming.txt'].map(
        isPatchNotes,
      ),
    ).toEqual([false, false, false, false]);
  });

  it('is read as a document whose bullets are about the patches they name', async () => {
    const c = await collectSources(root, cloneDefaults());
    expect(c.discovery.patchDocs).toEqual(['UPSTREAMING.md']);
    const notes = c.sources.find((s) => s.source.path === 'UPSTREAMING.md');
    expect(notes?.problems).toEqual([]);
    expect(notes?.patches).toEqual([]);
    expect(notes?.mentions.map((m) => [m.line, m.ref, m.role, m.recordedState, m.patch])).toEqual([
      // "is OPEN" after the aside is not read for #88 either (decisions.md, session 14).
      [5, 'ferrocraft/tinylog#88', 'own', null, PATCH],
      [6, 'ferrocraft/tinylog#85', 'issue', null, PATCH],
      [7, 'ferrocraft/tinylog#91', 'anchor-collision', 'OPEN', PATCH],
      [7, 'ferrocraft/tinylog#94', 'anchor-collision', 'OPEN', PATCH],
    ]);
  });
});
