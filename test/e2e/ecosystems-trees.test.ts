/**
 * Buildroot and Yocto trees as their own linters accept them (SPEC §2.5,
 * issue 10): no false errors offline, and online a merged PR behind a
 * Buildroot `Upstream:` pointer is a drop candidate, never state drift.
 * Fixtures: test/fixtures/ecosystems (synthetic names and repos).
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.js';
import { startFakeGitHub, type FakeGitHub, type FakeRepoData } from '../support/fake-github.js';
import { FIXTURES, runCli } from './cli.js';

const TREES = path.join(FIXTURES, 'ecosystems');
const BUILDROOT = path.join(TREES, 'buildroot');
const TOKEN = 'ghp_CANARYecosystems0123456789abcdef';

const merged = (...numbers: number[]): FakeRepoData => ({
  prs: numbers.map((number) => ({ number, state: 'MERGED', mergedAt: '2026-07-01T10:00:00Z' })),
});

/**
 * Every PR a Buildroot patch names is merged. libalpha#8, a bare `#8` of a
 * copied commit message given the header's one repository, does not exist
 * there: that is no error (upstream may track issues elsewhere).
 */
const ALL_MERGED: Record<string, FakeRepoData> = {
  'example-org/libalpha': { ...merged(11, 12, 13), issues: [{ number: 7, state: 'OPEN' }] },
  'example-org/libbeta': merged(10, 14),
  'example-org/libgamma': merged(40),
  'example-org/bootalpha': merged(21),
  'example-org/kernel-evalkit': merged(31),
  'example-org/testrunner': merged(41),
  'example-org/linux-ext': merged(51),
};

describe('ecosystem trees offline', () => {
  it('reads every layout with no error and no ambiguous ref, and says what it read', async () => {
    const r = await runCli(['check', '--offline', '--root', TREES, '--format', 'json']);
    const report = JSON.parse(r.stdout) as Report;
    expect(report.findings).toEqual([]);
    expect(report.read).toEqual({ files: 22, patches: 22, unattributedRefs: 3 });
    expect(r.code).toBe(0);
    const text = await runCli(['check', '--offline', '--root', TREES]);
    expect(text.stdout.split('\n')[1]).toBe(
      'read 22 patches in 22 files · 3 bare #N in copied commit messages not attributed to a repository',
    );
  });

  it('finds Buildroot patches under boot/, board/, support/ and linux/ as well as package/', async () => {
    const r = await runCli(['list', '--root', BUILDROOT, '--format', 'json']);
    const report = JSON.parse(r.stdout) as Report;
    const sources = report.sources.map((s) => s.path.split('/')[0]);
    expect([...new Set(sources)].sort()).toEqual(['board', 'boot', 'linux', 'package', 'support']);
  });

  it('finds a BR2_EXTERNAL tree by its external.desc, global patches/ folder included, and no other patches/ folder', async () => {
    const r = await runCli(['list', '--root', TREES, '--format', 'json']);
    const report = JSON.parse(r.stdout) as Report;
    const paths = report.sources.map((s) => s.path);
    expect(paths.filter((p) => p.startsWith('vendor-bsp/'))).toEqual([
      'vendor-bsp/board/acme/evb/patches/uboot/0001-board-evb-read-the-MAC-from-the-EEPROM.patch',
      'vendor-bsp/package/libkappa/0001-build-link-against-libatomic-on-riscv.patch',
      'vendor-bsp/patches/libkappa-host/0001-tests-skip-the-timing-test-on-slow-hosts.patch',
    ]);
    expect(paths.some((p) => p.startsWith('not-buildroot/'))).toBe(false);
    // Read as Buildroot: the pointer has no state, "(rejected)" is CLOSED.
    const states = Object.fromEntries(
      report.refs.map((ref) => [ref.ref, ref.mentions.map((m) => [m.role, m.recordedState])]),
    );
    expect(states['example-org/libkappa#81']).toEqual([['fix', null]]);
    expect(states['example-org/libkappa#84']).toEqual([['fix', 'CLOSED']]);
  });
});

describe('Buildroot Upstream: pointers online', () => {
  let gh: FakeGitHub;
  beforeAll(async () => {
    gh = await startFakeGitHub({ token: TOKEN, repos: ALL_MERGED });
  });
  afterAll(async () => {
    await gh.close();
  });
  const env = (): Record<string, string> => ({ GH_TOKEN: TOKEN, GITHUB_API_URL: gh.url });

  it('turns every merged pointer into a drop-candidate notice and nothing into state drift', async () => {
    const r = await runCli(['check', '--root', BUILDROOT, '--format', 'json'], env());
    const report = JSON.parse(r.stdout) as Report;
    expect(report.findings.filter((f) => f.rule !== 'drop-candidate')).toEqual([]);
    expect(report.findings.map((f) => [f.file, f.ref, f.severity])).toEqual([
      [
        'board/example/evalkit/patches/linux/0001-dts-enable-uart.patch',
        'example-org/kernel-evalkit#31',
        'notice',
      ],
      ['boot/bootalpha/0001-fix-build-with-binutils.patch', 'example-org/bootalpha#21', 'notice'],
      ['linux/linux-ext-example/0001-hook-export.patch', 'example-org/linux-ext#51', 'notice'],
      ['package/libalpha/0001-wrapped-upstream-pointer.patch', 'example-org/libalpha#11', 'notice'],
      // 0002 only discusses #12 (related): no advice to drop.
      [
        'package/libalpha/0003-free-text-upstream-status.patch',
        'example-org/libalpha#13',
        'notice',
      ],
      ['package/libbeta/0001-two-repositories.patch', 'example-org/libbeta#10', 'notice'],
      ['package/libbeta/0002-latin1-in-the-body.patch', 'example-org/libbeta#14', 'notice'],
      ['support/testing/patches/0001-runner-timeout.patch', 'example-org/testrunner#41', 'notice'],
    ]);
    expect(report.findings[0]?.message).toBe(
      'example-org/kernel-evalkit#31, named by the Upstream: trailer, merged on 2026-07-01: drop the patch at the next version bump.',
    );
    expect(r.code).toBe(0);
  });

  it('honours patches.exclude and a rule waived for a glob', async () => {
    const config = path.join(TREES, 'waivers.yml');
    const r = await runCli(
      ['check', '--root', BUILDROOT, '--config', config, '--format', 'json'],
      env(),
    );
    const report = JSON.parse(r.stdout) as Report;
    expect(report.sources.some((s) => s.path.startsWith('support/'))).toBe(false);
    expect(report.findings.map((f) => f.file)).toEqual([
      'board/example/evalkit/patches/linux/0001-dts-enable-uart.patch',
      'linux/linux-ext-example/0001-hook-export.patch',
      'package/libbeta/0001-two-repositories.patch',
      'package/libbeta/0002-latin1-in-the-body.patch',
    ]);
    expect(report.read?.patches).toBe(9);
  });
});

describe('sync on a wrapped Yocto status', () => {
  it('leaves a status shared by PRs that parted to a human, and writes nothing else', async () => {
    const gh = await startFakeGitHub({
      token: TOKEN,
      repos: {
        'example-org/libdelta': {
          prs: [
            { number: 60, state: 'MERGED', mergedAt: '2026-07-01T10:00:00Z' },
            { number: 63, state: 'OPEN' },
          ],
        },
        'example-org/libepsilon': {
          prs: [
            { number: 71, state: 'OPEN' },
            { number: 72, state: 'OPEN' },
          ],
          issues: [{ number: 70, state: 'OPEN' }],
        },
      },
    });
    try {
      const r = await runCli(
        ['sync', '--root', path.join(TREES, 'yocto'), '--dry-run', '--today', '2026-08-20'],
        { GH_TOKEN: TOKEN, GITHUB_API_URL: gh.url },
      );
      expect(r.stdout).not.toMatch(/^\+Upstream-Status: Backport/m);
      expect(`${r.stdout}${r.stderr}`).toContain(
        'example-org/libdelta#60, example-org/libdelta#63 on line 7 now call for different status words (Backport, Submitted)',
      );
    } finally {
      await gh.close();
    }
  });
});
