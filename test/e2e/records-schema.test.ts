/**
 * End to end: the built CLI on a tree in the real records schema, against the
 * fake GitHub. alive_because reasons that upstream contradicts are reported at
 * the `reason:` line; nothing internal is asked about.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import type { FakeRepoData } from '../support/fake-github.js';
import { FIXTURES, runCli } from './cli.js';

const ROOT = path.join(FIXTURES, 'records', 'schema');
const TOKEN = 'ghp_RECORDStoken0123456789abcdefABCDEF';
const P = 'deploy/patches';
const MERGE_4101 = 'a4a4a4a4a4a4a4a4a4a4a4a4a4a4a4a4a4a4a4a4';
// The index pins library `engine` to this commit, a child of #4101's merge.
const PINNED = 'b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1';

const merged = (number: number, mergedAt: string, mergeCommit?: string) => ({
  number,
  state: 'MERGED' as const,
  mergedAt,
  ...(mergeCommit === undefined ? {} : { mergeCommit }),
});

const REPOS: Record<string, FakeRepoData> = {
  'example-org/engine': {
    prs: [
      merged(4101, '2026-08-01T10:00:00Z', MERGE_4101), // ours, already in the pinned base
      merged(3990, '2026-06-01T10:00:00Z'),
      { number: 3877, state: 'OPEN' },
      { number: 3700, state: 'OPEN' },
      { number: 3600, state: 'OPEN' },
      merged(4200, '2026-08-15T10:00:00Z'), // host_alloc's reason says it is open
      { number: 4250, state: 'OPEN' },
      merged(2900, '2026-05-12T10:00:00Z'),
    ],
    issues: [{ number: 3500, state: 'OPEN' }],
    commits: [
      { sha: MERGE_4101, date: '2026-08-01T10:00:00Z' },
      { sha: PINNED, parents: [MERGE_4101], date: '2026-08-05T10:00:00Z' },
    ],
    refs: { 'v1.2.0': PINNED },
  },
};

describe('check on a tree in the real records schema', () => {
  let gh: FakeGitHub;
  beforeAll(async () => {
    gh = await startFakeGitHub({ repos: REPOS, token: TOKEN });
  });
  afterAll(async () => {
    await gh.close();
  });

  it('reports alive_because contradicted by GitHub at the reason line', async () => {
    const r = await runCli(['check', '--root', ROOT, '--format', 'json', '--today', '2026-08-20'], {
      GH_TOKEN: TOKEN,
      GITHUB_API_URL: gh.url,
    });
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as Report;
    const alive = report.findings
      .filter((f) => f.rule === 'alive-because-drift')
      .map((f) => [f.file, f.line, f.ref, f.recorded, f.live]);
    expect(alive).toEqual([
      [
        `${P}/engine/fix_rows.upstream.status.yaml`,
        17,
        'example-org/engine#4101',
        'alive_because: merged-not-in-pinned-base',
        'in the pinned base',
      ],
      [
        `${P}/engine/host_alloc.upstream.status.yaml`,
        11,
        'example-org/engine#4200',
        'alive_because: upstream-pr-open',
        'MERGED',
      ],
    ]);
    expect(r.code).toBe(1);
    // No false errors from the schema itself, and the internal engine is never asked about.
    const rules = new Set<string>(report.findings.map((f) => f.rule));
    for (const quiet of ['parse-error', 'unindexed-patch', 'missing-patch', 'unresolved-ref'])
      expect(rules.has(quiet)).toBe(false);
    expect(gh.requests.some((q) => /internal|#1[23]\b/.test(q.body ?? ''))).toBe(false);
    // The cause (#3990, merged) and the collision (#3877) never become drop advice.
    const drops = report.findings.filter((f) => f.rule === 'drop-candidate').map((f) => f.ref);
    expect(drops).toEqual(['example-org/engine#4101']);
  });

  it('sync --dry-run rewrites the state words of the real schema, and nothing internal', async () => {
    const r = await runCli(['sync', '--root', ROOT, '--dry-run', '--today', '2026-08-20'], {
      GH_TOKEN: TOKEN,
      GITHUB_API_URL: gh.url,
    });
    expect(r.stderr).toBe('');
    const changed = r.stdout.split('\n').filter((l) => /^[-+]\s/.test(l));
    expect(changed).toContain('-    state: OPEN');
    expect(changed).toContain('+    state: MERGED');
    expect(r.stdout).toContain('host_alloc.upstream.status.yaml');
    expect(r.stdout).not.toContain('inline.upstream.status.yaml');
  });
});
