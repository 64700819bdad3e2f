/**
 * Issue 13 item 1 for `--add-collisions`: a collision's URL and title come
 * from GitHub; a URL that is not the ref's own is not written, and a title's
 * line breaks are written escaped, so no answer adds lines to a ledger.
 */
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { writeCollisions } from '../src/discover/write.js';

const LEDGER = [
  '| patch | upstream PR | PR state |',
  '|---|---|---|',
  '| `a.py` | [engine#1](https://github.com/o/engine/pull/1) | OPEN |',
  '',
].join('\n');

let root: string;
beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'us-collide-'));
  await writeFile(path.join(root, 'patch.upstream.status.md'), LEDGER);
});
afterEach(() => rm(root, { recursive: true, force: true }));

const at = { file: 'patch.upstream.status.md', line: 3 };

it('a title with a newline is written on one line, escaped', async () => {
  const r = await writeCollisions(root, [
    {
      ref: 'o/engine#7',
      url: 'https://github.com/o/engine/pull/7',
      title: 'x\n| `evil.py` | o/x#9 | OPEN |',
      ...at,
    },
  ]);
  expect(r.written).toEqual(['patch.upstream.status.md']);
  const text = await readFile(path.join(root, 'patch.upstream.status.md'), 'utf8');
  expect(text.split('\n')).toHaveLength(LEDGER.split('\n').length + 1);
  expect(text).toContain('x\\n\\| `evil.py` \\| o/x#9 \\| OPEN \\|');
});

it('a URL that is not the ref’s own is not written, and a note says why', async () => {
  const r = await writeCollisions(root, [
    {
      ref: 'o/engine#7',
      url: 'https://github.com/o/engine/pull/7)\n| `evil.py` |',
      title: 't',
      ...at,
    },
    { ref: 'o/engine#8', url: 'https://evil.example/o/engine/pull/8', title: 't', ...at },
  ]);
  expect(r.written).toEqual([]);
  expect(r.notes).toEqual([
    expect.stringMatching(
      /^o\/engine#7: not recorded in patch\.upstream\.status\.md: GitHub's URL ".*\\n.*" is not https/,
    ),
    expect.stringMatching(/^o\/engine#8: not recorded/),
  ]);
  expect(await readFile(path.join(root, 'patch.upstream.status.md'), 'utf8')).toBe(LEDGER);
});
