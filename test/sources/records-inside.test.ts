/**
 * A records queue laid out as a held-out one was (session 11): the index
 * inside the patches folder, its `patches:` a mapping library → entries
 * naming their `record:`, and an archive whose list is `retired:` with
 * `patch:` paths. Read by collectSources from a tree in the temp folder.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectSources, type Collected } from '../../src/collect.js';
import { DEFAULT_CONFIG } from '../../src/config-types.js';

const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'us-records-inside-')));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const FILES: Record<string, string> = {
  'deploy/patches/patch.upstream.status.yaml': [
    'schema_version: 1',
    'archived_record: archived/patch.archived.yaml',
    'patches:',
    '  vexa:',
    '    - record: vexa/evict.upstream.status.yaml',
    '      ours_upstream_pr: bright/vexa#20391',
    '',
  ].join('\n'),
  'deploy/patches/vexa/evict.py':
    '"""Evict guard.\n\nUPSTREAM STATUS\n  issue  vexa#18211 (CLOSED)\n"""\n',
  'deploy/patches/vexa/evict.upstream.status.yaml': [
    'schema_version: 1',
    'target: { repo: bright/vexa }',
    'upstream_prs:',
    '  - { ref: "#20391", state: OPEN, ours: true }',
    '',
  ].join('\n'),
  'deploy/patches/archived/patch.archived.yaml': [
    'schema_version: 1',
    'retired:',
    '  - patch: vexa/old_cache.py',
    '    upstream_fix: { ref: bright/vexa#17788, state: MERGED }',
    '    note: "our #17790 was closed as a dup"',
    '',
  ].join('\n'),
};

let collected: Collected;
beforeAll(async () => {
  for (const [rel, text] of Object.entries(FILES)) {
    mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    writeFileSync(path.join(root, rel), text);
  }
  collected = await collectSources(root, DEFAULT_CONFIG);
});

describe('a repository the records name', () => {
  it('teaches its name as an alias to the headers (vexa#18211)', () => {
    const header = collected.sources.find((s) => s.source.path === 'deploy/patches/vexa/evict.py');
    expect(header?.ambiguous).toEqual([]);
    expect(header?.mentions.map((m) => [m.ref, m.role, m.recordedState])).toEqual([
      ['bright/vexa#18211', 'issue', 'CLOSED'],
    ]);
  });
});

describe('an index inside its patches folder', () => {
  it('reads every source with no problem, and finds the patch beside its record', () => {
    expect(collected.sources.flatMap((s) => s.problems)).toEqual([]);
    expect(collected.patchFiles).toEqual(['deploy/patches/vexa/evict.py']);
    expect([...collected.indexed.keys()].sort()).toEqual([
      'deploy/patches/vexa/evict.py',
      'deploy/patches/vexa/old_cache.py',
    ]);
  });

  it("reads the index entry's own PR and the archive's upstream fix", () => {
    const rows = collected.sources.flatMap((s) =>
      s.mentions.map((m) => [s.source.path, m.ref, m.role, m.recordedState, m.patch]),
    );
    expect(rows).toContainEqual([
      'deploy/patches/patch.upstream.status.yaml',
      'bright/vexa#20391',
      'own',
      null,
      'deploy/patches/vexa/evict.py',
    ]);
    expect(rows).toContainEqual([
      'deploy/patches/archived/patch.archived.yaml',
      'bright/vexa#17788',
      'background',
      'MERGED',
      'deploy/patches/vexa/old_cache.py',
    ]);
    // A note of the entry: its retired patch's, a bare #N its upstream fix's repo.
    expect(rows).toContainEqual([
      'deploy/patches/archived/patch.archived.yaml',
      'bright/vexa#17790',
      'related',
      null,
      'deploy/patches/vexa/old_cache.py',
    ]);
    expect(collected.indexed.get('deploy/patches/vexa/old_cache.py')?.every((e) => e.retired)).toBe(
      true,
    );
  });
});
