/**
 * Trailers as the ecosystems write them (SPEC §2.5): read through
 * readPatchHeader with the layout the patch was found in, as a run does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Mention } from '../../src/model.js';
import { readPatchHeader } from '../../src/sources/headers/patch-header.js';
import { attributeCopiedRefs } from '../../src/sources/trailers/copied-refs.js';
import { layoutOf } from '../../src/sources/discover.js';
import type { PatchLayout } from '../../src/sources/trailers/types.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/ecosystems/${name}`, import.meta.url), 'latin1');

function read(text: string, path: string, layout: PatchLayout | null = layoutOf(path)) {
  return readPatchHeader({ path, text, defaultRepo: null }, { layout });
}
const row = (m: Mention) => [m.ref, m.role, m.recordedState, m.line];
const DIFF = '---\ndiff --git a/a b/a\n--- a/a\n+++ b/a\n@@ -1 +1 @@\n-a\n+b\n';

describe('the layout a patch was found in', () => {
  it('knows Buildroot outside package/, Yocto recipes and Debian patches, and nothing else', () => {
    expect(
      [
        'package/foo/0001-a.patch',
        'boot/uboot/0001-a.patch',
        'board/acme/kit/patches/linux/0001-a.patch',
        'support/testing/0001-a.diff',
        'linux/0001-a.patch',
        'vendor/buildroot-2026/boot/x/0001-a.patch',
        'meta-x/recipes-core/foo/files/a.patch',
        'debian/patches/fix-build',
        'debian/patches/series',
        'deploy/patches/fix.py',
        'package/foo/fix.sh',
      ].map((p) => layoutOf(p)),
    ).toEqual([
      'buildroot',
      'buildroot',
      'buildroot',
      'buildroot',
      'buildroot',
      'buildroot',
      'yocto',
      'debian',
      null,
      null,
      null,
    ]);
  });
});

describe('values that continue on the next line', () => {
  it('reads Upstream: with its URL on the next line, unindented, at the URL line', () => {
    const name = 'buildroot/package/libalpha/0001-wrapped-upstream-pointer.patch';
    const r = read(fixture(name), 'package/libalpha/0001-wrapped-upstream-pointer.patch');
    expect(r.problems).toEqual([]);
    expect(r.mentions.filter((m) => m.role === 'fix').map(row)).toEqual([
      ['example-org/libalpha#11', 'fix', null, 11],
    ]);
  });

  it('reads Submitted [url, / url] as two OPEN fixes, each at its own line, the state at the status word', () => {
    const r = read(
      fixture('yocto/meta-example/recipes-example/libdelta/files/0001-wrapped-submitted.patch'),
      'meta-example/recipes-example/libdelta/files/0001-wrapped-submitted.patch',
    );
    expect(r.problems).toEqual([]);
    expect(r.mentions.filter((m) => m.role === 'fix').map(row)).toEqual([
      ['example-org/libdelta#60', 'fix', 'OPEN', 7],
      ['example-org/libdelta#63', 'fix', 'OPEN', 8],
    ]);
    expect(r.mentions.filter((m) => m.role === 'fix').map((m) => m.stateLine)).toEqual([
      undefined,
      7,
    ]);
  });

  it('accepts a bracket that closes lines later, or never, as oe-core QA does', () => {
    for (const name of ['0002-denied-long-reason.patch', '0003-unclosed-backport.patch']) {
      const path = `meta-example/recipes-example/libdelta/files/${name}`;
      const r = read(fixture(`yocto/${path}`), path);
      expect(r.problems).toEqual([]);
      expect(r.trailers.fields.map((f) => f.convention)).toEqual(['yocto']);
    }
  });

  it('reads Bug: and Origin: with the URL on the next line by their DEP-3 meaning, in a Yocto patch', () => {
    const path =
      'meta-example/recipes-example/libepsilon/libepsilon/0001-other-ecosystem-fields.patch';
    const r = read(fixture(`yocto/${path}`), path);
    expect(r.problems).toEqual([]);
    expect(r.mentions.map(row)).toEqual([
      ['example-org/libepsilon#70', 'issue', null, 6],
      ['example-org/libepsilon#71', 'related', null, 8],
      ['example-org/libepsilon#72', 'fix', 'OPEN', 9],
    ]);
  });
});

describe('a field that does not parse does not swallow its line', () => {
  it('keeps the GitHub refs of a malformed Upstream-Status as mentions with no state', () => {
    const path = 'meta-x/recipes-x/foo/files/0001-a.patch';
    const text = `Subject: x\n\nUpstream-Status: Merged https://github.com/example-org/liby/pull/9\n${DIFF}`;
    const r = read(text, path);
    expect(r.problems.map((p) => p.line)).toEqual([3]);
    expect(r.mentions.map(row)).toEqual([['example-org/liby#9', 'related', null, 3]]);
  });

  it('puts each ref of a malformed value continued over lines at its own line', () => {
    const path = 'meta-x/recipes-x/foo/files/0001-a.patch';
    const text =
      'Subject: x\n\nUpstream-Status: Sumbitted [https://github.com/example-org/liby/pull/9,\n' +
      `https://github.com/example-org/liby/pull/10]\n${DIFF}`;
    const r = read(text, path);
    expect(r.problems.map((p) => p.line)).toEqual([3]);
    expect(r.mentions.map(row)).toEqual([
      ['example-org/liby#9', 'related', null, 3],
      ['example-org/liby#10', 'related', null, 4],
    ]);
  });
});

describe('Buildroot Upstream:', () => {
  const path = 'package/foo/0001-a.patch';
  const upstream = (value: string) => read(`Subject: x\n\nUpstream: ${value}\n${DIFF}`, path);

  it('is a pointer: a PR there is a fix with no recorded state', () => {
    expect(upstream('https://github.com/o/r/pull/1').mentions.map(row)).toEqual([
      ['o/r#1', 'fix', null, 3],
    ]);
  });

  it('reads (rejected) and rejected (…) as CLOSED', () => {
    for (const v of [
      'https://github.com/o/r/pull/2 (rejected)',
      'rejected (https://github.com/o/r/pull/2)',
      'not accepted (see https://github.com/o/r/pull/2)',
    ]) {
      expect(upstream(v).mentions.map(row)).toEqual([['o/r#2', 'fix', 'CLOSED', 3]]);
    }
  });

  it('reads Discussed in: as related', () => {
    expect(upstream('Discussed in: https://github.com/o/r/pull/3').mentions.map(row)).toEqual([
      ['o/r#3', 'related', null, 3],
    ]);
  });

  it('accepts any free text, as utils/check-package does', () => {
    for (const v of ['N/A, Buildroot specific', 'dead', 'sent to someone@example.org', '']) {
      expect(upstream(v).problems).toEqual([]);
    }
  });

  it('reads a free-text Upstream-Status in a Buildroot tree as the same pointer', () => {
    const r = read(
      `Subject: x\n\nUpstream-status: https://github.com/o/r/pull/4\n${DIFF}`,
      'package/foo/0001-a.patch',
    );
    expect([r.problems, r.mentions.map(row)]).toEqual([[], [['o/r#4', 'fix', null, 3]]]);
    // The same line in a Yocto recipe is malformed: oe-core's QA says so too.
    const y = read(`Upstream-Status: N/A, specific\n${DIFF}`, 'meta-x/recipes-x/a/files/a.patch');
    expect(y.problems.map((p) => p.line)).toEqual([1]);
  });
});

describe('bare #N in a copied commit message', () => {
  it("belongs to the one repository the header names; other trackers' ids are never refs", () => {
    const name = 'buildroot/package/libalpha/0001-wrapped-upstream-pointer.patch';
    const r = read(fixture(name), 'package/libalpha/0001-wrapped-upstream-pointer.patch');
    expect(r.ambiguous).toEqual([]);
    expect(r.mentions.map((m) => [m.ref, m.inferredRepo ?? false])).toEqual([
      ['example-org/libalpha#7', true],
      ['example-org/libalpha#8', true],
      ['example-org/libalpha#11', false],
    ]);
    expect(r.unattributed).toBe(0);
  });

  it('reads the (#N) ending a squash-merged Subject as the fix, and #N after closing words as issues', () => {
    const header = [
      'From 0123abc Mon Sep 17 00:00:00 2001',
      'Subject: [PATCH] parser: bound the nesting depth of aliased',
      ' anchors #40 (#41)',
      '',
      'Fixes #30, closes #31 and #32',
      'Resolves: #33. See also #34.',
      '',
      'Upstream-Status: Backport [https://github.com/o/lib/commit/0123abcdef0123abcdef]',
      '',
    ].join('\n');
    const r = read(`${header}${DIFF}`, 'recipes-core/lib/lib/0001-a.patch');
    expect(r.mentions.map(row)).toEqual([
      ['o/lib#40', 'related', null, 3],
      ['o/lib#41', 'fix', null, 3],
      ['o/lib#30', 'issue', null, 5],
      ['o/lib#31', 'issue', null, 5],
      ['o/lib#32', 'issue', null, 5],
      ['o/lib#33', 'issue', null, 6],
      ['o/lib#34', 'related', null, 6],
    ]);
  });

  it('reads a one-line Subject (#N), but not the (#N) ending a DEP-3 long description', () => {
    const dep3 = [
      'Subject: toc: keep anchors stable (#176)',
      ' Number duplicate headings in document order, as upstream',
      ' does since the rewrite (#150)',
      'Applied-Upstream: https://github.com/o/toc/commit/0123abcdef0123abcdef',
      '',
    ].join('\n');
    const r = read(`${dep3}${DIFF}`, 'debian/patches/0008-a.patch');
    expect(r.mentions.map(row)).toEqual([
      ['o/toc#176', 'fix', null, 1],
      ['o/toc#150', 'related', null, 3],
    ]);
  });

  it("counts a feedstock's number, written after its name, instead of giving it to upstream", () => {
    const header = [
      'Subject: [PATCH] build: set the extension suffix when cross-compiling',
      '',
      'Checked on a conda-forge build (see our-lib-feedstock',
      '#526) and in our-lib-feedstock issue #530; upstream issue #44.',
      '',
      'Part-of: https://github.com/o/lib/pull/45',
      '',
    ].join('\n');
    const r = read(`${header}${DIFF}`, 'recipe/patches/0022-a.patch', 'conda');
    expect(r.mentions.map(row)).toEqual([
      ['o/lib#44', 'related', null, 4],
      ['o/lib#45', 'related', null, 6],
    ]);
    expect(r.unattributed).toBe(2);
  });

  it('is counted, not reported one by one, when the header names two repositories', () => {
    const name = 'buildroot/package/libbeta/0001-two-repositories.patch';
    const r = read(fixture(name), 'package/libbeta/0001-two-repositories.patch');
    expect([r.ambiguous, r.unattributed]).toEqual([[], 1]);
  });

  it('drops backtrace frames, and keeps a queue patch’s own ambiguous #N', () => {
    const frames =
      'Crash:\n    #0 0x47208c in strlen\n    #1 0x534eb0 in dup\nCr-Commit-Position: refs/heads/main@{#104}\nFixes #5.\n';
    const eco = read(`${frames}${DIFF}`, 'package/foo/0001-a.patch');
    expect([eco.ambiguous, eco.unattributed, eco.mentions]).toEqual([[], 1, []]);
    const queue = read(`${frames}LP: #77\n${DIFF}`, 'deploy/patches/fix.patch', null);
    expect(queue.ambiguous.map((a) => a.text)).toEqual(['#5']);
  });

  it("leaves a #N written with another project's name to that project, and counts it", () => {
    // The header names one repository (its Backport commit), but "libcodec PR
    // #4410" (wrapped) and `libcodec#4415` are another project's numbers;
    // "libzeta issue #31" is the one repository's by its name.
    const name =
      'yocto/meta-example/recipes-example/libzeta/libzeta/0001-reader-follow-the-moved-decoder-entry-point.patch';
    const r = read(fixture(name), name.slice('yocto/'.length));
    expect(r.mentions.map((m) => [m.ref, m.line, m.inferredRepo ?? false])).toEqual([
      ['example-org/libzeta#31', 9, true],
    ]);
    // [YOCTO #N] and [OE-Core #N] are the Yocto Project's Bugzilla: not refs, not counted.
    expect([r.ambiguous, r.unattributed, r.problems]).toEqual([[], 2, []]);
  });

  it('in a queue\'s own header, leaves "<name> PR #N" ambiguous rather than the block\'s repo', () => {
    const text =
      'Fix rows.\n\nUPSTREAM STATUS (queried 2026-08-01)\n' +
      '  own PR         sgl-project/sglang#2001 "Fix rows" (alice, OPEN).\n' +
      '  background     Acme PR #180 carried it first; #2005 (bob, MERGED) is related.\n' +
      DIFF;
    // The repo a run gives a queue patch: its ledger row's.
    const r = readPatchHeader(
      { path: 'deploy/patches/fix_rows.diff', text, defaultRepo: 'sgl-project/sglang' },
      { layout: null },
    );
    expect(r.mentions.map(row)).toEqual([
      ['sgl-project/sglang#2001', 'own', 'OPEN', 4],
      ['sgl-project/sglang#2005', 'background', 'MERGED', 5],
    ]);
    expect(r.ambiguous.map((a) => [a.text, a.line])).toEqual([['Acme PR #180', 5]]);
  });

  it('never reads LP:, Closes:, rhbz#, bz#, bug# or YOCTO # as GitHub, even after a GitHub URL', () => {
    const text =
      'See https://github.com/o/r/pull/1\nLP: #12 (Closes: #13) rhbz#14 bz#15 bug#16\n' +
      '[YOCTO #17] [Yocto #18] [OE-Core #19]\n' +
      DIFF;
    const r = read(text, 'deploy/patches/fix.patch', null);
    expect(r.mentions.map((m) => m.ref)).toEqual(['o/r#1']);
    expect(r.ambiguous).toEqual([]);
  });
});

describe('attributeCopiedRefs with nothing left to attribute', () => {
  const mention = (ref: string, line: number): Mention => ({
    ref,
    kindHint: null,
    source: 'p.patch',
    sourceKind: 'patch-header',
    line,
    patch: 'p.patch',
    role: 'related',
    recordedState: null,
    recordedDate: null,
    stateSpan: null,
  });
  const lines = ['See o/r#3.', 'LP: #9', 'Upstream: https://github.com/o/r/pull/2'];

  it("keeps the mentions in line order, without other trackers' ids, and counts nothing", () => {
    const r = attributeCopiedRefs({
      path: 'p.patch',
      lineText: (line) => lines[line - 1] ?? '',
      preamble: lines.join('\n'),
      mentions: [mention('o/r#2', 3), mention('o/r#9', 2), mention('o/r#3', 1)],
      ambiguous: [{ text: '#9', source: 'p.patch', line: 2, patch: 'p.patch' }],
      commitRepos: ['a/b'],
      ecosystem: true,
    });
    expect(r.mentions.map((m) => [m.ref, m.line])).toEqual([
      ['o/r#3', 1],
      ['o/r#2', 3],
    ]);
    expect([r.ambiguous, r.unattributed]).toEqual([[], 0]);
  });
});

describe('scripts are not trailer files', () => {
  it('does not read a docstring line beginning UPSTREAM: as a Buildroot trailer', () => {
    const text =
      '"""Patch the indexer.\n\nUPSTREAM: https://github.com/o/r/pull/30 is the full fix\n"""\nx = 1\n';
    const r = read(text, 'deploy/patches/fix_rows.py', null);
    expect(r.trailers.fields).toEqual([]);
    expect(r.mentions.every((m) => m.recordedState !== 'OPEN')).toBe(true);
  });
});

describe('bytes that are not UTF-8', () => {
  it('end the header where the diff starts, so a Latin-1 body leaves it readable', () => {
    const path = 'package/libbeta/0002-latin1-in-the-body.patch';
    const r = read(fixture(`buildroot/${path}`), path);
    expect(r.preambleEndLine).toBe(7);
    expect(r.mentions.map(row)).toEqual([['example-org/libbeta#14', 'fix', null, 5]]);
  });
});

describe('a GitHub address without its scheme', () => {
  it('is read in a trailer value as the https URL it stands for', () => {
    const r = read(
      'Upstream-Status: Backport [github.com/example-org/libz/pull/274]\n---\n',
      'meta-x/recipes-x/z/files/a.patch',
    );
    expect(r.mentions.map(row)).toEqual([['example-org/libz#274', 'fix', 'MERGED', 1]]);
  });
});

describe('the repositories a header names', () => {
  it('are not a gist or a GitHub site page', () => {
    const text =
      'Fixes #5.\nSee https://gist.github.com/someone/abc123 and https://github.com/orgs/example-org/people\nUpstream: https://github.com/example-org/libz/pull/6\n---\n';
    const r = read(text, 'package/libz/0001-a.patch');
    expect(r.mentions.map((m) => m.ref)).toEqual(['example-org/libz#5', 'example-org/libz#6']);
  });
});
