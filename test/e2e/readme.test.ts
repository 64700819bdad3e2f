/** READMEs beside patches (SPEC §2.4): not patches, but their refs are mentions. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';

const root = mkdtempSync(path.join(tmpdir(), 'us-readme-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function writeIn(top: string, rel: string, text: string): void {
  mkdirSync(path.dirname(path.join(top, rel)), { recursive: true });
  writeFileSync(path.join(top, rel), text);
}
const write = (rel: string, text: string): void => writeIn(root, rel, text);

write(
  'patch.upstream.status.md',
  [
    '## engine — `patches/solo/` and `patches/pair/`',
    '',
    '| patch | upstream PR | ours? | PR state |',
    '|---|---|---|---|',
    '| `solo/fix.py` | [engine#10](https://github.com/example-org/engine/pull/10) | **yes** | OPEN |',
    '| `pair/a.py` | [engine#20](https://github.com/example-org/engine/pull/20) | no | OPEN |',
    '| `pair/b.py` | [engine#30](https://github.com/example-org/engine/pull/30) | no | OPEN |',
    '',
    '## Not patches',
    '',
    '`solo/README.md` and `pair/README.md`.',
    '',
  ].join('\n'),
);
write('patches/solo/fix.py', '"""Anchor script."""\n');
write('patches/pair/a.py', '"""Anchor script."""\n');
write('patches/pair/b.py', '"""Anchor script."""\n');
write('patches/solo/README.md', '# Notes\n\nOur PR is #10; the test gap is #11 (OPEN).\n');
write('patches/pair/README.md', '# Notes\n\nBoth patches wait on #20 and #30.\n');

interface Listed {
  sources: { path: string; kind: string }[];
  patches: { path: string }[];
  refs: {
    ref: string;
    mentions: {
      source: string;
      patch: string | null;
      role: string;
      recordedState: string | null;
    }[];
  }[];
}

describe('READMEs beside the patches', () => {
  it('are read as prose: the refs of a README beside one patch belong to it, beside two to neither', async () => {
    const r = await runCli(['list', '--format', 'json', '--root', root]);
    expect(r.stderr).toBe('');
    const report = JSON.parse(r.stdout) as Listed;
    expect(report.patches.map((p) => p.path).sort()).toEqual([
      'patches/pair/a.py',
      'patches/pair/b.py',
      'patches/solo/fix.py',
    ]);
    const inReadmes = report.refs.flatMap((ref) =>
      ref.mentions
        .filter((m) => m.source.endsWith('README.md'))
        .map((m) => [ref.ref, m.source, m.patch, m.role, m.recordedState]),
    );
    expect(inReadmes).toEqual([
      ['example-org/engine#10', 'patches/solo/README.md', 'patches/solo/fix.py', 'own', null],
      ['example-org/engine#11', 'patches/solo/README.md', 'patches/solo/fix.py', 'related', 'OPEN'],
      ['example-org/engine#20', 'patches/pair/README.md', null, 'fix', null],
      ['example-org/engine#30', 'patches/pair/README.md', null, 'fix', null],
    ]);
  });
});

describe('a folder whose patches mostly name one upstream', () => {
  const mixed = mkdtempSync(path.join(tmpdir(), 'us-readme-mixed-'));
  afterAll(() => rmSync(mixed, { recursive: true, force: true }));
  const put = (rel: string, text: string): void => writeIn(mixed, rel, text);
  put(
    'patch.upstream.status.md',
    [
      '## ring — `patches/ring/`',
      '',
      '| patch | upstream PR | ours? | PR state | upstream issue |',
      '|---|---|---|---|---|',
      '| `ring/a.patch` | [ring#12](https://github.com/example-org/ring/pull/12) | yes | OPEN | - |',
      '| `ring/b.patch` | [ring#14](https://github.com/example-org/ring/pull/14) | no | OPEN | - |',
      '| `ring/c.patch` | - | - | - | [other-org/alloc#7](https://github.com/other-org/alloc/issues/7) |',
      '',
    ].join('\n'),
  );
  for (const p of ['a', 'b', 'c']) put(`patches/ring/${p}.patch`, 'A queue patch.\n---\n');
  put('patches/ring/README.md', '# Notes\n\nOurs: #12 (OPEN). Watch #15 too.\n');

  it('gives its README the folder upstream, though one row names only another project', async () => {
    const r = await runCli(['list', '--format', 'json', '--root', mixed]);
    const report = JSON.parse(r.stdout) as Listed;
    const inReadme = report.refs.flatMap((ref) =>
      ref.mentions.filter((m) => m.source.endsWith('README.md')).map(() => ref.ref),
    );
    expect(inReadme).toEqual(['example-org/ring#12', 'example-org/ring#15']);
  });
});

describe('a patch whose row names no ref, in a section that names two upstreams', () => {
  const tree = mkdtempSync(path.join(tmpdir(), 'us-row-repo-'));
  afterAll(() => rmSync(tree, { recursive: true, force: true }));
  writeIn(
    tree,
    'patch.upstream.status.md',
    [
      '## ring — `patches/ring/`',
      '',
      '| patch | upstream PR | ours? | PR state |',
      '|---|---|---|---|',
      '| `ring/a.py` | [ring#12](https://github.com/example-org/ring/pull/12) | yes | OPEN |',
      '| `ring/b.py` | see the record | — | see the record |',
      '',
      '> The engine side waits on [engine#5](https://github.com/example-org/engine/pull/5).',
      '',
    ].join('\n'),
  );
  writeIn(tree, 'patches/ring/a.py', '"""A."""\n');
  writeIn(
    tree,
    'patches/ring/b.py',
    '"""Align lengths.\n\nUPSTREAM STATUS (2026-11-03)\n  third-party PR #14 (OPEN).\n"""\n',
  );

  it("gives its header's bare refs the upstream most of its folder names", async () => {
    const r = await runCli(['list', '--format', 'json', '--root', tree]);
    const report = JSON.parse(r.stdout) as Listed;
    const inB = report.refs.filter((ref) =>
      ref.mentions.some((m) => m.source === 'patches/ring/b.py'),
    );
    expect(inB.map((ref) => ref.ref)).toEqual(['example-org/ring#14']);
  });
});
