/**
 * Issue 13 items 12 and 8 through the CLI: a file name with ESC and a
 * newline is printed escaped (text and markdown), and a config key named
 * like an Object.prototype member is a configuration error naming it.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { runCli, TODAY } from './support/cli.js';

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'us-hostile-inputs-'));
  await mkdir(path.join(root, 'patches'));
  await writeFile(
    path.join(root, 'patch.upstream.status.md'),
    '| patch | upstream PR | PR state |\n|---|---|---|\n| `a.patch` | o/r#1 | OPEN |\n',
  );
  await writeFile(path.join(root, 'patches', 'a.patch'), '---\n');
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

// eslint-disable-next-line no-control-regex
const RAW = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f]/;

it.each(['text', 'markdown'])('%s: a hostile file name is printed escaped', async (format) => {
  await writeFile(path.join(root, 'patches', 'x\u001b[31mred\n::error::forged.patch'), '---\n');
  const r = await runCli(['check', '--offline', '--root', root, '--format', format, ...TODAY]);
  // A markdown code span cannot hold a line break: it becomes a space there.
  const shown =
    format === 'text' ? 'x\\e[31mred\\n::error::forged.patch' : 'x\\e[31mred ::error::forged.patch';
  expect(r.stdout).toContain(shown);
  expect(RAW.test(r.stdout)).toBe(false);
  expect(r.stdout.split('\n').filter((l) => l.startsWith('::'))).toEqual([]);
  expect(r.code).toBe(1);
});

it.each(['hasOwnProperty', '__proto__', 'constructor'])(
  'a config key %s is a configuration error naming it and its line',
  async (key) => {
    await writeFile(
      path.join(root, '.upstream-status.yml'),
      `ledgers: [patch.upstream.status.md]\n${key}: 1\n`,
    );
    const r = await runCli(['check', '--offline', '--root', root, ...TODAY]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(`.upstream-status.yml:2: ${key}: unknown key "${key}"`);
    expect(r.stderr).not.toMatch(/internal error|at .*\.js:\d+/);
  },
);
