/**
 * DEFECT: a ledger patch cell `../../../../outside/evil.py` resolves (ledger-paths.ts
 * resolvePaths → posix.normalize) to `../outside/evil.py`, and that path is reported as a
 * patch (report.patches, mentions' patch, a missing-patch finding saying it "does not exist").
 * Records and indexes refuse such paths ("leaves the root"); the ledger must too.
 */
import { appendFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.js';
import { plantOutside, reportedPaths } from './support/paths.js';
import { copyQueue, runCli, TODAY } from './support/cli.js';
import { escapingPaths } from './support/hostile.js';

let outside: string;
let work: Awaited<ReturnType<typeof copyQueue>>;
beforeAll(async () => {
  outside = await plantOutside();
  work = await copyQueue();
  const rel = path.relative(path.join(work.root, 'deploy/docker/patches'), outside);
  await appendFile(
    path.join(work.root, 'deploy/docker/patch.upstream.status.md'),
    // Row 2 climbs with backslashes: four levels from deploy/docker/patches
    // (three would only reach the root). Row 3 is absolute.
    `\n## escape\n\n| patch | upstream PR | PR state |\n|---|---|---|\n| \`${rel}/evil.py\` | [sglang#5001](https://github.com/infer-org/sglang/pull/5001) | OPEN |\n| \`..\\\\..\\\\..\\\\..\\\\evil.py\` | [sglang#5002](https://github.com/infer-org/sglang/pull/5002) | OPEN |\n| \`${outside}/evil.py\` | [sglang#5003](https://github.com/infer-org/sglang/pull/5003) | OPEN |\n`,
  );
});
afterAll(async () => {
  await work.remove();
  await rm(outside, { recursive: true, force: true });
});

it('a ledger row naming a path outside the root (../, ..\\, absolute) is a parse-error, not a patch', async () => {
  const run = await runCli(['list', '--root', work.root, '--format', 'json', ...TODAY]);
  const report = JSON.parse(run.stdout) as Report;
  expect(escapingPaths(reportedPaths(report))).toEqual([]);
  const problems = report.findings.filter(
    (f) => f.rule === 'parse-error' && f.file === 'deploy/docker/patch.upstream.status.md',
  );
  const refused = problems.filter((f) => /leaves the root|outside the root/.test(f.message));
  expect(refused).toHaveLength(3);
  // Nothing of the three rows is indexed, under any spelling.
  expect(report.patches.map((p) => p.path).filter((p) => p.endsWith('evil.py'))).toEqual([]);
});
