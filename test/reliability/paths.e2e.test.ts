/**
 * Paths never lead outside the root: records and indexes that name `../`
 * or absolute paths, and symlinks (files, folders, a ledger, a record) that
 * resolve outside it. A file planted outside carries a recognisable ref;
 * `list --format json` must neither read it nor report any path outside.
 */
import { appendFile, mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.js';
import { copyQueue, runCli, TODAY } from './support/cli.js';
import { escapingPaths } from './support/hostile.js';
import { PLANTED, plantOutside, reportedPaths } from './support/paths.js';
import { createTally } from './support/tally.js';

const tally = createTally('paths');
let outside: string;
let work: Awaited<ReturnType<typeof copyQueue>>;

beforeAll(async () => {
  outside = await plantOutside();
  work = await copyQueue();
  const docker = path.join(work.root, 'deploy/docker');
  const patches = path.join(docker, 'patches');
  const rel = path.relative(patches, outside);
  // Records and an index naming paths outside the root.
  await writeFile(
    path.join(patches, 'vllm/escape.upstream.status.yaml'),
    `schema_version: 1\npatch: { path: ${rel}/evil.py }\nupstream_prs:\n  - { ref: infer-org/vllm#31000, state: OPEN }\n`,
  );
  await writeFile(
    path.join(patches, 'vllm/absolute.upstream.status.yaml'),
    `schema_version: 1\npatch: { path: ${outside}/evil.py }\n`,
  );
  await mkdir(path.join(work.root, 'other/patches'), { recursive: true });
  await writeFile(
    path.join(work.root, 'other/patch.upstream.status.yaml'),
    `schema_version: 1\nrepo: infer-org/vllm\npatches:\n  - path: ../../../${path.relative(work.root, outside)}/evil.py\n  - path: ${outside}/evil.py\n  - ..\\..\\..\\evil.py\nretired: [../../../../evil.py]\n`,
  );
  // Symlinks out of the root: a patch, a folder, a ledger, a record.
  await symlink(path.join(outside, 'evil.py'), path.join(patches, 'sglang/linked.py'));
  await symlink(path.join(outside, 'patches'), path.join(patches, 'linked-dir'));
  await mkdir(path.join(work.root, 'linked'), { recursive: true });
  await symlink(
    path.join(outside, 'patch.upstream.status.md'),
    path.join(work.root, 'linked/patch.upstream.status.md'),
  );
  await symlink(
    path.join(outside, 'evil.upstream.status.yaml'),
    path.join(patches, 'sglang/fix_rows.upstream.status.yaml'),
  );
  await symlink(outside, path.join(work.root, 'outside-root'));
  await appendFile(
    path.join(docker, 'patch.upstream.status.md'),
    '\nAlso see `../../outside-root/evil.py`.\n',
  );
});
afterAll(async () => {
  await work.remove();
  await rm(outside, { recursive: true, force: true });
  tally.flush();
});

describe('paths stay inside the root', () => {
  it.each([
    ['list', '--format', 'json'],
    ['check', '--offline', '--format', 'json'],
  ])('%s %s: nothing outside is read or reported', async (...args) => {
    const run = await runCli([...args, '--root', work.root, ...TODAY]);
    const report = JSON.parse(run.stdout) as Report;
    const escaping = escapingPaths(reportedPaths(report));
    const planted = (run.stdout + run.stderr).includes(PLANTED);
    tally.record('../, absolute, symlinks', escaping.length === 0 && !planted, run.ms);
    expect(planted).toBe(false);
    expect(escaping).toEqual([]);
    // The escaping records are reported as such, not silently dropped.
    const problems = report.findings
      .filter((f) => f.rule === 'parse-error')
      .map((f) => `${f.file}: ${f.message}`);
    expect(
      problems.some(
        (p) =>
          p.startsWith('deploy/docker/patches/vllm/escape.upstream.status.yaml') &&
          /relative to the root/.test(p),
      ),
    ).toBe(true);
    expect(
      problems.filter(
        (p) => p.startsWith('other/patch.upstream.status.yaml') && /leaves the root/.test(p),
      ).length,
    ).toBeGreaterThanOrEqual(3);
  });
});
