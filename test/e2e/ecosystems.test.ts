/**
 * Yocto, Buildroot and Debian trees: found without configuration, checked
 * against the fake GitHub, and told what to change in their own words.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.js';
import { startFakeGitHub, type FakeGitHub, type FakeRepoData } from '../support/fake-github.js';
import { FIXTURES, runCli } from './cli.js';

const TREE = path.join(FIXTURES, 'trailers');
const TOKEN = 'ghp_CANARYlayers0123456789abcdef';
const YOCTO_0001 =
  'meta-example/recipes-support/libengine/files/0001-indexer-fix-row-count-mismatch.patch';

/** What GitHub says about the refs in test/fixtures/trailers; only libfoo#5 varies. */
function layerRepos(libfoo5: 'OPEN' | 'MERGED'): Record<string, FakeRepoData> {
  return {
    'example-org/engine': {
      prs: [
        { number: 4101, state: 'MERGED', mergedAt: '2026-08-12T09:00:00Z' },
        { number: 3655, state: 'MERGED', mergedAt: '2026-07-09T09:00:00Z' },
        { number: 3990, state: 'OPEN' },
        { number: 4201, state: 'OPEN' },
      ],
      issues: [{ number: 3500, state: 'OPEN' }],
    },
    'example-org/libfoo': {
      prs: [
        libfoo5 === 'MERGED'
          ? { number: 5, state: 'MERGED', mergedAt: '2026-06-30T10:00:00Z' }
          : { number: 5, state: 'OPEN' },
      ],
    },
    'example-org/transport': { prs: [{ number: 275, state: 'CLOSED' }] },
    'old-org/libbar': { issues: [{ number: 17, state: 'CLOSED' }] },
  };
}

describe('ecosystem header conventions', () => {
  let gh: FakeGitHub;
  beforeAll(async () => {
    gh = await startFakeGitHub({
      token: TOKEN,
      repos: layerRepos('MERGED'),
    });
  });
  afterAll(async () => {
    await gh.close();
  });

  it('reports drift in Yocto, DEP-3 and Buildroot words, and nothing for patches without a ledger', async () => {
    const r = await runCli(['check', '--root', TREE, '--format', 'json', '--today', '2026-08-20'], {
      GH_TOKEN: TOKEN,
      GITHUB_API_URL: gh.url,
    });
    const report = JSON.parse(r.stdout) as Report;
    const drift = report.findings.filter((f) => f.rule === 'state-drift');
    // Buildroot's Upstream: is a pointer, not a state: a merged PR there is a
    // drop candidate, never drift.
    expect(drift.map((f) => `${f.file} ${f.ref}`).sort()).toEqual([
      `debian/patches/fix-row-count.patch example-org/engine#4101`,
      `${YOCTO_0001} example-org/engine#4101`,
    ]);
    const byFile = new Map(drift.map((f) => [f.file, f.message]));
    expect(byFile.get(YOCTO_0001)).toBe(
      'Upstream-Status says Submitted but the PR merged on 2026-08-12: change it to Backport [https://github.com/example-org/engine/pull/4101] (or drop the patch at the next upgrade).',
    );
    expect(byFile.get('debian/patches/fix-row-count.patch')).toMatch(
      /^Forwarded PR merged on 2026-08-12: add Applied-Upstream:/,
    );
    const drop = report.findings.filter(
      (f) => f.rule === 'drop-candidate' && f.file.startsWith('buildroot/'),
    );
    expect(drop.map((f) => [f.file, f.ref, f.severity])).toEqual([
      [
        'buildroot/package/libfoo/0001-fix-build-with-gcc-14.patch',
        'example-org/libfoo#5',
        'notice',
      ],
    ]);
    expect(drop[0]?.message).toMatch(
      /merged on 2026-06-30: drop the patch at the next version bump/,
    );
    // A malformed Upstream-Status is a parse error at its line; the rest is still checked.
    expect(report.findings.filter((f) => f.rule === 'parse-error').map((f) => f.file)).toContain(
      'meta-example/recipes-support/libengine/files/0007-malformed-status.patch',
    );
    // Layer patches are indexed by their own headers: no ledger is demanded.
    expect(report.findings.map((f) => f.rule)).not.toContain('unindexed-patch');
    expect(r.code).toBe(1);
  });
});

describe('sync on ecosystem headers', () => {
  it('rewrites the field in the ecosystem words', async () => {
    const gh = await startFakeGitHub({
      token: TOKEN,
      repos: layerRepos('OPEN'),
    });
    try {
      const r = await runCli(['sync', '--root', TREE, '--dry-run', '--today', '2026-08-20'], {
        GH_TOKEN: TOKEN,
        GITHUB_API_URL: gh.url,
      });
      expect(r.code).toBe(0);
      // Yocto: Submitted → Backport once merged, the bracket kept.
      expect(r.stdout).toContain(
        '-Upstream-Status: Submitted [https://github.com/example-org/engine/pull/4101]\n+Upstream-Status: Backport [https://github.com/example-org/engine/pull/4101]',
      );
      // DEP-3: a merged Forwarded PR gains Applied-Upstream below it.
      expect(r.stdout).toMatch(
        /^\+Applied-Upstream: https:\/\/github\.com\/example-org\/engine\/pull\/4101$/m,
      );
      // Nothing else is rewritten: every removed line is a Yocto status line.
      const removed = r.stdout.split('\n').filter((l) => l.startsWith('-') && !l.startsWith('---'));
      expect(removed.every((l) => l.startsWith('-Upstream-Status:'))).toBe(true);
    } finally {
      await gh.close();
    }
  });
});
