import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Mention } from '../../src/model.js';
import {
  parseTrailers,
  trailerAdvice,
  type TrailerField,
  type TrailerResult,
} from '../../src/sources/trailers/index.js';
import { cpuNow } from '../support/cpu-time.js';

const fixture = (name: string) =>
  readFileSync(new URL(`../fixtures/trailers/${name}`, import.meta.url), 'utf8');

/**
 * The part of a patch before its first file header. Kept here rather than
 * taken from preamble.ts so these tests exercise only the trailer reader.
 */
function preambleOf(text: string): string {
  const lines = text.split('\n');
  let offset = 0;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.startsWith('diff --git ')) break;
    if (line.startsWith('--- ') && lines[i + 1]?.startsWith('+++ ')) break;
    offset += line.length + 1;
  }
  return text.slice(0, offset);
}

function parse(
  text: string,
  path = 'p.patch',
  aliases?: ReadonlyMap<string, string>,
): TrailerResult {
  return parseTrailers({ path, preamble: preambleOf(text), startOffset: 0, startLine: 1, aliases });
}

function parseFixture(name: string): { text: string; result: TrailerResult } {
  const text = fixture(name);
  return { text, result: parse(text, name) };
}

/** The parts of a mention the tests compare, in one row. */
const row = (m: Mention) => [m.ref, m.role, m.recordedState, m.line, m.kindHint];
const fieldRow = (f: TrailerField) => [f.convention, f.name, f.status, f.line, f.value];
const slice = (text: string, span: { start: number; end: number } | null | undefined) =>
  span ? text.slice(span.start, span.end) : null;

const YOCTO = 'meta-example/recipes-support/libengine/files';
const BUILDROOT = 'buildroot/package/libfoo';

describe('Yocto Upstream-Status', () => {
  it('reads Submitted [PR url] as an OPEN fix, and ignores URLs in the commit message', () => {
    const name = `${YOCTO}/0001-indexer-fix-row-count-mismatch.patch`;
    const { text, result } = parseFixture(name);
    expect(result.source).toEqual({
      path: name,
      kind: 'patch-header',
      checkedOn: null,
      checkedOnLine: null,
    });
    expect(result.fields.map(fieldRow)).toEqual([
      [
        'yocto',
        'Upstream-Status',
        'Submitted',
        11,
        'Submitted [https://github.com/example-org/engine/pull/4101]',
      ],
    ]);
    expect(result.mentions.map(row)).toEqual([
      ['example-org/engine#4101', 'fix', 'OPEN', 11, 'pr'],
    ]);
    expect(result.mentions[0]).toMatchObject({
      source: name,
      patch: name,
      sourceKind: 'patch-header',
      recordedDate: null,
    });
    expect(slice(text, result.mentions[0]!.stateSpan)).toBe('Submitted');
    expect(slice(text, result.fields[0]!.valueSpan)).toBe(result.fields[0]!.value);
    expect([result.problems, result.uncheckable, result.commits, result.ambiguous]).toEqual([
      [],
      [],
      [],
      [],
    ]);
  });

  it('reads Backport [commit url] as an upstream commit to resolve, not a mention', () => {
    const { result } = parseFixture(`${YOCTO}/0002-host-alloc-map-pool-at-right-address.patch`);
    expect(result.fields.map((f) => f.status)).toEqual(['Backport']);
    expect(result.mentions).toEqual([]);
    expect(result.commits).toEqual([
      { repo: 'example-org/engine', sha: '9c8b7a6d5e4f30211a0b9c8d7e6f5a4b3c2d1e0f', line: 6 },
    ]);
    expect(result.uncheckable).toEqual([]);
  });

  it('reads Inappropriate [reason] and Pending as fields with nothing to check', () => {
    for (const [file, status] of [
      ['0003-build-use-oe-sysroot-paths.patch', 'Inappropriate'],
      ['0004-sched-guard-late-event.patch', 'Pending'],
    ] as const) {
      const { text, result } = parseFixture(`${YOCTO}/${file}`);
      expect(result.fields.map((f) => [f.status, f.line])).toEqual([[status, 6]]);
      expect(slice(text, result.fields[0]!.valueSpan)).toBe(
        status === 'Pending' ? 'Pending' : 'Inappropriate [oe specific]',
      );
      expect([result.mentions, result.problems, result.uncheckable, result.commits]).toEqual([
        [],
        [],
        [],
        [],
      ]);
    }
  });

  it('accepts the lower-case Upstream-status spelling and reads Denied [PR] as a CLOSED fix', () => {
    const { text, result } = parseFixture(`${YOCTO}/0005-transport-pick-rdma.patch`);
    expect(result.fields.map(fieldRow)).toEqual([
      [
        'yocto',
        'Upstream-status',
        'Denied',
        8,
        'Denied [https://github.com/example-org/transport/pull/275]',
      ],
    ]);
    expect(result.mentions.map(row)).toEqual([
      ['example-org/transport#275', 'fix', 'CLOSED', 8, 'pr'],
    ]);
    expect(slice(text, result.mentions[0]!.stateSpan)).toBe('Denied');
  });

  it('reads an issue named by Inactive-Upstream as an issue with no recorded state', () => {
    const { result } = parseFixture(`${YOCTO}/0006-legacy-inactive-upstream.patch`);
    expect(result.fields.map((f) => f.status)).toEqual(['Inactive-Upstream']);
    expect(result.mentions.map(row)).toEqual([['old-org/libbar#17', 'issue', null, 6, 'issue']]);
  });

  it('reads a PR named by Pending as related when other words say what it is to the patch', () => {
    const r = parse('Upstream-Status: Pending [like https://github.com/o/r/pull/3 but for arm]\n');
    expect(r.mentions.map(row)).toEqual([['o/r#3', 'related', null, 1, 'pr']]);
  });

  it.each([
    'Pending [https://github.com/o/r/pull/3]',
    'Pending [https://github.com/o/r/pull/3/commits/0123abc]',
    'pending [rebased from https://github.com/o/r/pull/3, which no longer applies]',
    'Pending [submitted as https://github.com/o/r/pull/3]',
  ])('reads the PR of %s as the fix waiting upstream, with no recorded state', (value) => {
    const r = parse(`Upstream-Status: ${value}\n`);
    expect(r.mentions.map(row)).toEqual([['o/r#3', 'fix', null, 1, 'pr']]);
    expect(r.problems).toEqual([]);
  });

  it("reads Yocto's older Accepted [url] as the fix, with no state and no problem", () => {
    // oe-core's scripts/contrib/patchreview.py still counts "accepted".
    const r = parse('UPSTREAM-STATUS: Accepted [https://github.com/o/r/pull/4]\n');
    expect(r.mentions.map(row)).toEqual([['o/r#4', 'fix', null, 1, 'pr']]);
    expect(r.problems).toEqual([]);
    expect(r.fields.map((f) => f.status)).toEqual(['Accepted']);
  });

  it('reports each malformed status line in Yocto words and keeps reading', () => {
    const { result } = parseFixture(`${YOCTO}/0007-malformed-status.patch`);
    const rule =
      'Upstream-Status must be one of Pending, Submitted [where], Backport [where], Denied, Inactive-Upstream, Inappropriate [reason]';
    expect(result.problems).toEqual([
      { file: `${YOCTO}/0007-malformed-status.patch`, line: 7, message: `${rule}, not "Merged"` },
      {
        file: `${YOCTO}/0007-malformed-status.patch`,
        line: 8,
        message: `${rule}; the value is empty`,
      },
    ]);
    // An unclosed `[` is not a problem (oe-core's QA accepts any text after the word);
    // it never runs on into the next field.
    expect(result.fields.map((f) => [f.line, f.value])).toEqual([
      [6, 'Submitted [https://github.com/example-org/engine/pull/4200'],
      [9, 'Submitted [https://github.com/example-org/engine/pull/4201]'],
    ]);
    expect(result.mentions.map(row)).toEqual([
      ['example-org/engine#4200', 'fix', 'OPEN', 6, 'pr'],
      ['example-org/engine#4201', 'fix', 'OPEN', 9, 'pr'],
    ]);
  });

  it('lists a submission to a mailing list as uncheckable, never as a problem', () => {
    const { result } = parseFixture(`${YOCTO}/0008-submitted-to-mailing-list.patch`);
    expect(result.uncheckable).toEqual([
      {
        url: 'https://lore.kernel.org/linux-media/20260807110000.1234-1-alice@example.org/',
        line: 6,
        reason: 'not GitHub',
      },
    ]);
    expect([result.mentions, result.problems]).toEqual([[], []]);
  });

  it('accepts Submitted without brackets, with or without a URL after it', () => {
    expect(parse('Upstream-Status: Submitted\n').fields.map((f) => f.status)).toEqual([
      'Submitted',
    ]);
    const r = parse('Upstream-Status: submitted to https://github.com/o/r/pull/8\n');
    expect(r.problems).toEqual([]);
    expect(r.fields.map((f) => f.status)).toEqual(['submitted']);
    expect(r.mentions.map(row)).toEqual([['o/r#8', 'fix', 'OPEN', 1, 'pr']]);
  });

  it('reads an abbreviated commit sha and a status word in any case', () => {
    const r = parse('upstream-status: BACKPORT [https://github.com/O/R/commit/ABC123]\n');
    expect(r.fields.map((f) => f.status)).toEqual(['BACKPORT']);
    expect(r.commits).toEqual([{ repo: 'o/r', sha: 'abc123', line: 1 }]);
  });
});

describe('Buildroot Upstream:', () => {
  it('reads a PR url as a pointer: a fix with no recorded state', () => {
    const name = `${BUILDROOT}/0001-fix-build-with-gcc-14.patch`;
    const { text, result } = parseFixture(name);
    expect(result.fields.map(fieldRow)).toEqual([
      ['buildroot', 'Upstream', null, 9, 'https://github.com/example-org/libfoo/pull/5'],
    ]);
    expect(result.mentions.map(row)).toEqual([['example-org/libfoo#5', 'fix', null, 9, 'pr']]);
    expect(slice(text, result.mentions[0]!.stateSpan)).toBe('Upstream');
    expect(result.problems).toEqual([]);
  });

  it('reads a commit url as an upstream commit', () => {
    const { result } = parseFixture(`${BUILDROOT}/0002-fix-musl-build.patch`);
    expect(result.mentions).toEqual([]);
    expect(result.commits).toEqual([
      { repo: 'example-org/libfoo', sha: '0a1b2c3d4e5f60718293a4b5c6d7e8f901234567', line: 6 },
    ]);
  });

  it('accepts an empty Upstream: as check-package does, and records nothing', () => {
    const r = parse('Upstream: \n\nSigned-off-by: A <a@b>\n');
    expect([r.problems, r.fields, r.mentions]).toEqual([[], [], []]);
  });
});

describe('Debian DEP-3', () => {
  it('reads Bug and Forwarded, lists vendor and non-GitHub URLs as uncheckable, and skips the Description', () => {
    const name = 'debian/patches/fix-row-count.patch';
    const { text, result } = parseFixture(name);
    expect(result.fields.map((f) => [f.convention, f.name, f.line])).toEqual([
      ['dep3', 'Origin', 8],
      ['dep3', 'Bug', 9],
      ['dep3', 'Bug-Debian', 10],
      ['dep3', 'Forwarded', 11],
    ]);
    expect(result.mentions.map(row)).toEqual([
      ['example-org/engine#3500', 'issue', null, 9, 'issue'],
      ['example-org/engine#4101', 'fix', 'OPEN', 11, 'pr'],
    ]);
    expect(result.mentions.map((m) => slice(text, m.stateSpan))).toEqual(['Bug', 'Forwarded']);
    expect(result.uncheckable).toEqual([
      {
        url: 'https://salsa.debian.org/python-team/packages/engine/-/commit/5e6f7a8b',
        line: 8,
        reason: 'not GitHub',
      },
      { url: 'https://bugs.debian.org/1071234', line: 10, reason: 'not GitHub' },
    ]);
    expect([result.problems, result.commits]).toEqual([[], []]);
  });

  it('reads Origin: upstream and a folded Applied-Upstream as MERGED; Forwarded then records no state', () => {
    const { text, result } = parseFixture('debian/patches/backport-host-alloc.patch');
    expect(result.mentions.map(row)).toEqual([
      ['example-org/engine#3655', 'fix', 'MERGED', 4, 'pr'],
      ['example-org/engine#3655', 'fix', null, 7, 'pr'],
    ]);
    expect(result.commits).toEqual([
      { repo: 'example-org/engine', sha: '9c8b7a6d5e4f30211a0b9c8d7e6f5a4b3c2d1e0f', line: 6 },
    ]);
    const applied = result.fields.find((f) => f.name === 'Applied-Upstream')!;
    expect(applied.value).toBe(
      '0.5.17,\n https://github.com/example-org/engine/commit/9c8b7a6d5e4f30211a0b9c8d7e6f5a4b3c2d1e0f',
    );
    expect(slice(text, applied.valueSpan)).toBe(applied.value);
    expect(result.uncheckable).toEqual([
      {
        url: 'https://bugs.launchpad.net/ubuntu/+source/engine/+bug/2070001',
        line: 8,
        reason: 'not GitHub',
      },
    ]);
  });

  it('reads Applied-Upstream: <PR url> as MERGED, and any field name case', () => {
    const r = parse(
      'APPLIED-UPSTREAM: 2.4, https://github.com/o/r/pull/9\nforwarded: https://github.com/o/r/pull/9\n',
    );
    expect(r.mentions.map(row)).toEqual([
      ['o/r#9', 'fix', 'MERGED', 1, 'pr'],
      ['o/r#9', 'fix', null, 2, 'pr'],
    ]);
  });

  it('reads Origin by its category: backport is MERGED, other only mentions, none still names commits', () => {
    const r = parse(
      [
        'Origin: backport, https://github.com/o/r/pull/1',
        'Origin: other, https://github.com/o/r/pull/2',
        'Origin: https://github.com/o/r/commit/deadbeef',
        'Origin: vendor, https://github.com/o/r/commit/cafef00d',
      ].join('\n'),
    );
    expect(r.mentions.map(row)).toEqual([
      ['o/r#1', 'fix', 'MERGED', 1, 'pr'],
      ['o/r#2', 'related', null, 2, 'pr'],
    ]);
    expect(r.commits).toEqual([{ repo: 'o/r', sha: 'deadbeef', line: 3 }]);
    expect(r.uncheckable).toEqual([
      { url: 'https://github.com/o/r/commit/cafef00d', line: 4, reason: 'not a PR or issue' },
    ]);
  });

  it('reads Forwarded: no / not-needed as fields with nothing to check', () => {
    const r = parse('Forwarded: not-needed\nForwarded: no\n');
    expect(r.fields.map((f) => f.value)).toEqual(['not-needed', 'no']);
    expect([r.mentions, r.problems, r.uncheckable]).toEqual([[], [], []]);
  });

  it('reports empty fields in DEP-3 words and keeps reading', () => {
    const r = parse(
      'Forwarded:\nBug-Debian:   \nBug:\nApplied-Upstream:\nOrigin:\nForwarded: https://github.com/o/r/pull/4\n',
    );
    expect(r.problems.map((p) => [p.line, p.message])).toEqual([
      [1, 'Forwarded must be no, not-needed, or the URL where the patch was sent upstream (DEP-3)'],
      [2, "Bug-Debian must be the URL of the vendor's bug report (DEP-3)"],
      [3, 'Bug must be the URL of the upstream bug report (DEP-3)'],
      [
        4,
        'Applied-Upstream must name the upstream version or commit that applied the patch, ideally its URL (DEP-3)',
      ],
      [
        5,
        'Origin must say where the patch comes from: [upstream|backport|vendor|other, ]<URL or commit:id> (DEP-3)',
      ],
    ]);
    expect(r.mentions.map(row)).toEqual([['o/r#4', 'fix', 'OPEN', 6, 'pr']]);
  });

  it('reads a value that starts on a continuation line, and stops at a blank line', () => {
    const r = parse(
      'Forwarded:\n https://github.com/o/r/pull/5\n\n https://github.com/o/r/pull/6\n',
    );
    expect(r.mentions.map(row)).toEqual([['o/r#5', 'fix', 'OPEN', 2, 'pr']]);
    expect(r.mentions[0]?.stateLine).toBe(1);
    expect(r.problems).toEqual([]);
  });
});

describe('links in trailer values', () => {
  it('sorts GitHub URLs that are not PRs or issues from URLs that are not GitHub', () => {
    const r = parse(
      'Forwarded: https://github.com/o/r/compare/main...fix, https://gitlab.com/o/r/-/merge_requests/3, https://github.com/o/r/commit/abcdef1\n',
    );
    expect(r.uncheckable.map((u) => [u.url, u.reason])).toEqual([
      ['https://github.com/o/r/compare/main...fix', 'not a PR or issue'],
      ['https://gitlab.com/o/r/-/merge_requests/3', 'not GitHub'],
      // A commit named as a submission says nothing about a merge.
      ['https://github.com/o/r/commit/abcdef1', 'not a PR or issue'],
    ]);
    expect(r.commits).toEqual([]);
  });

  it('reads the patch-diff download link of a PR as that PR', () => {
    const r = parse(
      'Origin: upstream, https://patch-diff.githubusercontent.com/raw/O/R/pull/77.patch\n',
    );
    expect(r.mentions.map(row)).toEqual([['o/r#77', 'fix', 'MERGED', 1, 'pr']]);
  });

  it('does not read a patch-diff link with a number no PR can have (it would key as 1e+21)', () => {
    const r = parse(
      'Origin: upstream, https://patch-diff.githubusercontent.com/raw/o/r/pull/1234567890123456789012.patch\n',
    );
    expect(r.mentions).toEqual([]);
    expect(r.uncheckable.map((u) => u.url)).toEqual([
      'https://patch-diff.githubusercontent.com/raw/o/r/pull/1234567890123456789012.patch',
    ]);
  });

  it('drops sentence punctuation after a URL', () => {
    const r = parse('Upstream-Status: Submitted (see https://lists.example.org/msg/1).\n');
    expect(r.uncheckable.map((u) => u.url)).toEqual(['https://lists.example.org/msg/1']);
  });

  it('reads owner/repo#N and known aliases; a bare #N is ambiguous, and vendor bug numbers are not refs', () => {
    const aliases = new Map([['engine', 'example-org/engine']]);
    const r = parse(
      'Upstream-Status: Submitted [engine#12, other-org/lib#3]\nForwarded: #14\nBug-Debian: #1071234\n',
      'p.patch',
      aliases,
    );
    expect(r.mentions.map(row)).toEqual([
      ['example-org/engine#12', 'fix', 'OPEN', 1, null],
      ['other-org/lib#3', 'fix', 'OPEN', 1, null],
    ]);
    expect(r.ambiguous).toEqual([{ text: '#14', source: 'p.patch', line: 2, patch: 'p.patch' }]);
  });

  it('mentions a ref once per field even when it is linked twice', () => {
    const r = parse(
      'Forwarded: https://github.com/o/r/pull/5 (https://github.com/o/r/pull/5/files)\n',
    );
    expect(r.mentions.map(row)).toEqual([['o/r#5', 'fix', 'OPEN', 1, 'pr']]);
  });
});

describe('where trailers are found', () => {
  it('returns an empty result for a header with none of these fields', () => {
    const r = parse(
      'Subject: [PATCH] x\n\nUpstream is https://github.com/o/r/pull/1\nSee also: nothing\nconstructor:\ntoString:\n',
    );
    expect([r.fields, r.mentions, r.problems, r.uncheckable, r.commits, r.ambiguous]).toEqual([
      [],
      [],
      [],
      [],
      [],
      [],
    ]);
  });

  it('reads fields in a script comment header, but not an indented line that follows no field', () => {
    const r = parse(
      '#!/bin/sh\n# Upstream-Status: Submitted [https://github.com/o/r/pull/2]\n#\n  Forwarded: https://github.com/o/r/pull/3\n',
    );
    expect(r.mentions.map(row)).toEqual([['o/r#2', 'fix', 'OPEN', 2, 'pr']]);
  });

  it('keeps offsets and lines in whole-file terms after a BOM, a shifted start and CRLF line ends', () => {
    const text = '\uFEFFFrom: a\r\nUpstream-Status: Denied [https://github.com/o/r/pull/1]\r\n';
    const r = parseTrailers({
      path: 'p.patch',
      preamble: text.slice(1),
      startOffset: 1,
      startLine: 3,
    });
    expect(r.mentions.map(row)).toEqual([['o/r#1', 'fix', 'CLOSED', 4, 'pr']]);
    expect(slice(text, r.mentions[0]!.stateSpan)).toBe('Denied');
    expect(slice(text, r.fields[0]!.valueSpan)).toBe('Denied [https://github.com/o/r/pull/1]');
  });

  it('claims the lines of a field, from its name to the last line of its value, and no more', () => {
    const r = parse(
      [
        'Upstream-Status: Pending',
        'Upstream-Status: Submitted [https://github.com/o/r/pull/2,',
        'https://github.com/o/r/pull/3]',
        'Forwarded:',
        '  https://github.com/o/r/pull/4',
        'Bug: https://github.com/o/r/issues/5   ',
        'See https://github.com/o/r/pull/6',
        '',
      ].join('\n'),
    );
    expect(r.claimedLines).toEqual([1, 2, 3, 4, 5, 6]);
    const crlf = parse('Upstream-Status: Pending\r\nSee #7\r\n');
    expect(crlf.claimedLines).toEqual([1]);
    const bare = parse('Bug: https://github.com/o/r/issues/8\nSee #9\n');
    expect(bare.claimedLines).toEqual([1]);
  });

  it('reads very long lines in linear time', () => {
    const long = 'x'.repeat(200_000);
    const started = cpuNow();
    parse(
      `Upstream-Status: Submitted [${long}\nForwarded: https://${long} ${'https://a '.repeat(20_000)}\n`,
    );
    parse(`${'Bug: '.repeat(50_000)}\n${'a-'.repeat(100_000)}:\n`);
    expect(cpuNow() - started).toBeLessThan(1000);
  });
});

describe('trailerAdvice', () => {
  const field = (
    convention: TrailerField['convention'],
    name: string,
    status: string | null,
    value = '',
  ): TrailerField => ({
    convention,
    name,
    status,
    value,
    line: 1,
    lastLine: 1,
    valueSpan: { start: 0, end: 0 },
  });
  const PR = 'https://github.com/o/r/pull/12';
  const merged = { state: 'MERGED', mergedAt: '2026-07-09T12:00:00Z', url: PR } as const;
  const closed = { state: 'CLOSED', mergedAt: null, url: PR } as const;
  const open = { state: 'OPEN', mergedAt: null, url: PR } as const;
  const draft = { state: 'DRAFT', mergedAt: null, url: PR } as const;

  it('speaks Yocto status words', () => {
    const yocto = (status: string) => field('yocto', 'Upstream-Status', status);
    expect(trailerAdvice(yocto('Submitted'), merged)).toBe(
      `Upstream-Status says Submitted but the PR merged on 2026-07-09: change it to Backport [${PR}] (or drop the patch at the next upgrade)`,
    );
    expect(trailerAdvice(yocto('Submitted'), closed)).toBe(
      `Upstream-Status says Submitted but the PR was closed without merging: change it to Denied [${PR}] or resubmit`,
    );
    expect(trailerAdvice(yocto('Denied'), { ...merged, mergedAt: null })).toBe(
      `Upstream-Status says Denied but the PR merged: change it to Backport [${PR}] (or drop the patch at the next upgrade)`,
    );
    expect(trailerAdvice(yocto('denied'), draft)).toBe(
      `Upstream-Status says denied but the PR is open again: change it to Submitted [${PR}]`,
    );
    expect(trailerAdvice(yocto('Backport'), open)).toBe(
      `Upstream-Status says Backport but the PR has not merged yet: change it to Submitted [${PR}] until it does`,
    );
    expect(trailerAdvice(yocto('Backport'), closed)).toBe(
      `Upstream-Status says Backport but the PR was closed without merging: name the commit the change was taken from, or change it to Denied [${PR}]`,
    );
  });

  it('has nothing to say when a Yocto status agrees, or claims nothing', () => {
    const yocto = (status: string) => field('yocto', 'Upstream-Status', status);
    expect(trailerAdvice(yocto('Submitted'), open)).toBeNull();
    expect(trailerAdvice(yocto('Submitted'), draft)).toBeNull();
    expect(trailerAdvice(yocto('Backport'), merged)).toBeNull();
    expect(trailerAdvice(yocto('Denied'), closed)).toBeNull();
    expect(trailerAdvice(yocto('Pending'), merged)).toBeNull();
    expect(trailerAdvice(yocto('Inappropriate'), closed)).toBeNull();
  });

  it('speaks DEP-3 field names', () => {
    expect(trailerAdvice(field('dep3', 'Forwarded', null), merged)).toBe(
      `Forwarded PR merged on 2026-07-09: add Applied-Upstream: ${PR} (or drop the patch)`,
    );
    expect(trailerAdvice(field('dep3', 'Forwarded', null), closed)).toBe(
      'Forwarded PR was closed without merging: forward the patch again, or say in the Description why it stays',
    );
    expect(trailerAdvice(field('dep3', 'Forwarded', null), open)).toBeNull();
    expect(trailerAdvice(field('dep3', 'Applied-Upstream', null), open)).toBe(
      `Applied-Upstream names a PR that is still open: it is not upstream; use Forwarded: ${PR} instead`,
    );
    expect(trailerAdvice(field('dep3', 'Applied-Upstream', null), merged)).toBeNull();
    expect(trailerAdvice(field('dep3', 'Origin', null, `upstream, ${PR}`), closed)).toBe(
      `Origin says upstream but the PR was closed without merging: it is not upstream; use Forwarded: ${PR} instead`,
    );
    expect(trailerAdvice(field('dep3', 'Origin', null, `other, ${PR}`), closed)).toBeNull();
  });

  it('speaks Buildroot', () => {
    expect(trailerAdvice(field('buildroot', 'Upstream', null), merged)).toBe(
      'Upstream PR merged on 2026-07-09: drop the patch at the next version bump',
    );
    expect(trailerAdvice(field('buildroot', 'Upstream', null), closed)).toBe(
      'Upstream PR was closed without merging: resubmit it, or change the Upstream: trailer to say why the patch stays',
    );
    expect(trailerAdvice(field('buildroot', 'Upstream', null), open)).toBeNull();
  });

  it('suggests dropping the patch when a named issue is closed, and nothing while it is open', () => {
    const issue = 'https://github.com/o/r/issues/3';
    expect(
      trailerAdvice(field('dep3', 'Bug', null), { state: 'CLOSED', mergedAt: null, url: issue }),
    ).toBe(
      'Bug names an issue that was closed upstream: check whether the fix has landed and the patch can be dropped',
    );
    expect(
      trailerAdvice(field('yocto', 'Upstream-Status', 'Submitted'), {
        state: 'OPEN',
        mergedAt: null,
        url: issue,
      }),
    ).toBeNull();
  });
});

describe('parseTrailers on arbitrary header-like text', () => {
  const piece = fc.constantFrom(
    'Upstream-Status:',
    'upstream-status: ',
    'Upstream: ',
    'Forwarded: ',
    'Bug-Debian: ',
    'Applied-Upstream:',
    'Origin: upstream, ',
    '# ',
    ' ',
    '\t',
    '\r',
    'Submitted',
    'Backport ',
    'Pending',
    '[',
    ']',
    '#12',
    'engine#3',
    'o/r#4',
    'https://github.com/o/r/pull/5',
    'https://github.com/o/r/commit/abc1234',
    'https://lore.kernel.org/x/',
    'https://patch-diff.githubusercontent.com/raw/o/r/pull/6.patch',
    '),.',
    'é😀',
  );
  const line = fc
    .array(fc.oneof(piece, fc.string({ maxLength: 6 })), { maxLength: 8 })
    .map((p) => p.join(''));
  const header = fc.array(line, { maxLength: 12 }).map((ls) => ls.join('\n'));

  it('never throws, and every span and line points into the text', () => {
    fc.assert(
      fc.property(header, fc.nat(3), (text, shift) => {
        const whole = 'x\n'.repeat(shift) + text;
        const r = parseTrailers({
          path: 'p.patch',
          preamble: text,
          startOffset: 2 * shift,
          startLine: 1 + shift,
          aliases: new Map([['engine', 'e/engine']]),
        });
        const lines = whole.split('\n').length;
        for (const f of r.fields) {
          expect(whole.slice(f.valueSpan.start, f.valueSpan.end)).toBe(f.value);
          expect(f.line).toBeGreaterThan(shift);
          expect(f.line).toBeLessThanOrEqual(lines);
        }
        for (const m of r.mentions) expect(m.stateSpan?.end ?? 0).toBeLessThanOrEqual(whole.length);
        for (const p of r.problems) expect(p.line).toBeGreaterThan(shift);
      }),
      { seed: 7, numRuns: 200 },
    );
  });
});
