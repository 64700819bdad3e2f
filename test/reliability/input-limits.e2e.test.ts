/**
 * Issue 13 items 7 and 4 end to end: a 136 MB ledger aborted the run with a
 * V8 out-of-memory trace (exit 134), and a 300k-key YAML file took over ten
 * minutes. A file past `limits` is now not read: a parse-error names it, the
 * rest of the tree is still checked, and memory stays low.
 */
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Report } from '../../src/report/report.js';
import { runCli, TODAY } from './support/cli.js';

const PROBE = pathToFileURL(
  path.join(path.dirname(fileURLToPath(import.meta.url)), 'support', 'rss-probe.mjs'),
).href;

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'us-limits-'));
  await mkdir(path.join(root, 'patches'));
  await writeFile(
    path.join(root, 'patches', 'a.patch'),
    'Forwarded: https://github.com/o/r/pull/1\n---\n',
  );
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function list(env: Record<string, string> = {}) {
  const r = await runCli(['check', '--offline', '--root', root, '--format', 'json', ...TODAY], env);
  const report = r.stdout === '' ? null : (JSON.parse(r.stdout) as Report);
  const errors = (report?.findings ?? []).filter((f) => f.rule === 'parse-error');
  return { r, report, errors: errors.map((f) => [f.file, f.message]) };
}

/** A ledger of `bytes`: one row naming o/r#2, then prose. */
function bigLedger(bytes: number): string {
  const head =
    '| patch | upstream PR | PR state |\n|---|---|---|\n| `a.patch` | o/r#2 | OPEN |\n\n';
  const line = 'Notes on the queue, kept for the record and nothing else.\n';
  return head + line.repeat(Math.ceil(bytes / line.length));
}

it('a 50 MB ledger is not read: a parse-error names it, the rest is checked, peak RSS < 300 MB', async () => {
  await writeFile(path.join(root, 'patch.upstream.status.md'), bigLedger(50 * 1024 * 1024));
  const rssFile = path.join(root, '..', `${path.basename(root)}.rss`);
  const { r, report, errors } = await list({
    NODE_OPTIONS: `--import=${PROBE}`,
    RSS_PROBE_FILE: rssFile,
  });
  expect(errors).toEqual([
    [
      'patch.upstream.status.md',
      expect.stringMatching(/not read: 50(\.\d)? MiB is over limits\.maxFileMB \(2 MiB\)/),
    ],
  ]);
  expect(report?.refs.map((x) => x.ref)).toEqual(['o/r#1']);
  expect(r.code).toBe(1);
  const peakMb = Number(await readFile(rssFile, 'utf8')) / 1024;
  await rm(rssFile, { force: true });
  expect(peakMb).toBeLessThan(300);
});

it('a 300k-key record is refused, not parsed for minutes', async () => {
  const keys = Array.from({ length: 300_000 }, (_, i) => `k${i}: ${i}`);
  await writeFile(
    path.join(root, 'patches', 'a.upstream.status.yaml'),
    ['schema_version: 1', ...keys, ''].join('\n'),
  );
  const { r, errors } = await list();
  expect(errors).toEqual([
    ['patches/a.upstream.status.yaml', expect.stringMatching(/over limits\.maxFileMB/)],
  ]);
  expect(r.code).toBe(1);
});

it('limits.maxFileMB raises the limit', async () => {
  await writeFile(path.join(root, 'patch.upstream.status.md'), bigLedger(3 * 1024 * 1024));
  expect((await list()).errors).toHaveLength(1);
  await writeFile(path.join(root, '.upstream-status.yml'), 'limits: { maxFileMB: 4 }\n');
  const { report, errors } = await list();
  expect(errors).toEqual([]);
  expect(report?.refs.map((x) => x.ref)).toEqual(['o/r#1', 'o/r#2']);
});

it('past limits.maxFiles, one parse-error names the first file skipped and counts the rest', async () => {
  await writeFile(path.join(root, 'patch.upstream.status.md'), bigLedger(100));
  for (const n of [2, 3, 4, 5]) {
    const text = `Forwarded: https://github.com/o/r/pull/${n}\n---\n`;
    await writeFile(path.join(root, 'patches', `p${n}.patch`), text);
  }
  await writeFile(path.join(root, '.upstream-status.yml'), 'limits: { maxFiles: 2 }\n');
  const { report, errors } = await list();
  // The ledger and a.patch were read; p2 … p5 were not.
  expect(errors).toEqual([
    [
      'patches/p2.patch',
      expect.stringContaining(
        'not read: the run already read limits.maxFiles (2) files; this one and 3 more were skipped',
      ),
    ],
  ]);
  expect(report?.refs.map((x) => x.ref)).toEqual(['o/r#1', 'o/r#2']);
});

it('a configuration over 1 MiB is a configuration error (exit 2)', async () => {
  await writeFile(path.join(root, '.upstream-status.yml'), `# ${'x'.repeat(1024 * 1024)}\n`);
  const { r } = await list();
  expect(r.code).toBe(2);
  expect(r.stderr).toMatch(/over 1 MiB/);
});
