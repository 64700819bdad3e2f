/**
 * The real records schema (SPEC §2.4) read from a whole tree: an index with
 * libraries, pinned bases, not_patches and an archived record, records with
 * extra_files, `target.repo: internal` and alive_because.
 */
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { collectSources, type Collected } from '../../src/collect.js';
import { DEFAULT_CONFIG } from '../../src/config-types.js';
import type { Mention } from '../../src/model.js';
import { runRules } from '../../src/rules/index.js';
import { collectPinnedBases } from '../../src/rules/pinned.js';

const ROOT = fileURLToPath(new URL('../fixtures/records/schema', import.meta.url));
const P = 'deploy/patches';
const INDEX = 'deploy/patch.upstream.status.yaml';
const FIX_ROWS = `${P}/engine/fix_rows.upstream.status.yaml`;
const ARCHIVE = `${P}/archived/patch.archived.yaml`;

let collected: Collected;
beforeAll(async () => {
  collected = await collectSources(ROOT, DEFAULT_CONFIG);
});

const mentionsIn = (source: string): Mention[] =>
  collected.sources.find((s) => s.source.path === source)?.mentions ?? [];
const row = (m: Mention) => [m.ref, m.line, m.stateLine ?? null, m.role, m.recordedState];

function offlineFindings() {
  return runRules(
    {
      sources: collected.sources,
      mentionsByRef: collected.mentionsByRef,
      live: null,
      patchFiles: collected.patchFiles,
      indexed: collected.indexed,
      today: '2026-08-12',
      config: DEFAULT_CONFIG,
    },
    { offline: true },
  );
}

describe('a tree with the real records schema', () => {
  it('gives no parse-error, unindexed-patch or missing-patch offline', () => {
    expect(offlineFindings().map((f) => `${f.rule} ${f.file}:${f.line}`)).toEqual([]);
  });

  it('indexes extra_files with their record, and honours not_patches', () => {
    const fragment = collected.indexed.get(`${P}/engine/fix_rows_fragment.py`);
    expect(fragment?.map((e) => e.source)).toEqual([FIX_ROWS]);
    const notPatches = collected.sources.flatMap((s) => s.notPatches);
    expect(notPatches).toEqual([`${P}/engine/apply_all.sh`, `${P}/README.md`]);
  });

  it('indexes library patches, root-relative or patches-relative, with the library repo', () => {
    const fromIndex = collected.sources.find((s) => s.source.path === INDEX)?.patches ?? [];
    expect(fromIndex.map((p) => [p.path, p.repo])).toEqual([
      [`${P}/engine/fix_rows.py`, 'example-org/engine'],
      [`${P}/engine/host_alloc.py`, 'example-org/engine'],
      [`${P}/core/inline.py`, null],
    ]);
  });

  it('reads ours_upstream_pr as an own mention at its line, with no state', () => {
    expect(mentionsIn(INDEX).map(row)).toEqual([
      ['example-org/engine#4101', 26, null, 'own', null],
      // Index prose names it too: a mention of no patch, settled to the role
      // the fields give it.
      ['example-org/engine#4101', 24, null, 'own', null],
    ]);
  });

  it('takes the library repo for a record without target.repo, refs at their ref line', () => {
    expect(mentionsIn(FIX_ROWS).map(row)).toEqual([
      ['example-org/engine#3500', 21, 24, 'issue', 'OPEN'],
      ['example-org/engine#4101', 26, 29, 'own', 'MERGED'],
      ['example-org/engine#3990', 33, 35, 'introduced-the-defect', 'MERGED'],
      ['example-org/engine#3877', 41, 44, 'anchor-collision', 'OPEN'],
      ['example-org/engine#3700', 46, 48, 'related', 'OPEN'],
      ['example-org/engine#3600', 50, 52, 'alternative-repair', 'OPEN'],
      // `drop_when:` prose: no state, the role the record's field gives #4101.
      ['example-org/engine#4101', 18, null, 'own', null],
    ]);
  });

  it("teaches each library name as an alias of its repo, for the patches' own headers", () => {
    const header = collected.mentionsByRef
      .get('example-org/engine#4200')
      ?.filter((m) => m.source === `${P}/engine/host_alloc.py`);
    expect(header?.map((m) => m.line)).toEqual([3]);
    expect(collected.sources.flatMap((s) => s.ambiguous)).toEqual([]);
  });

  it('reads an upstream PR that repairs the defect another way as third-party, not a fix', () => {
    expect(mentionsIn(`${P}/engine/host_alloc.upstream.status.yaml`).map(row)).toEqual([
      ['example-org/engine#4200', 14, 16, 'fix', 'OPEN'],
      ['example-org/engine#4250', 19, 21, 'third-party', 'OPEN'],
      ['example-org/engine#4200', 12, null, 'fix', null],
    ]);
  });

  it('keeps alive_because with the line of its reason', () => {
    const record = collected.sources.find((s) => s.source.path === FIX_ROWS);
    expect(record?.aliveBecause).toEqual({
      reason: 'merged-not-in-pinned-base',
      line: 17,
      source: FIX_ROWS,
      patch: `${P}/engine/fix_rows.py`,
      dropWhen: "The pin moves past #4101's merge commit.",
      dropSignal: 'base-version-only',
    });
  });

  it('pins a record with no pinned commit to its library base from the index', () => {
    const bases = collectPinnedBases(collected.sources, DEFAULT_CONFIG);
    expect(bases.map((b) => [b.repo, b.ref, b.commit, b.patch])).toEqual([
      [
        'example-org/engine',
        'v1.2.0',
        'b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1',
        `${P}/engine/fix_rows.py`,
      ],
      [
        'example-org/engine',
        'v1.2.0',
        'b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1b1',
        `${P}/engine/host_alloc.py`,
      ],
    ]);
  });

  it('lists internal#N under its own key; a bare #N of an internal engine is not guessed', () => {
    expect(mentionsIn(`${P}/core/inline.upstream.status.yaml`).map(row)).toEqual([
      ['internal#12', 14, 15, 'issue', 'OPEN'],
    ]);
    const refs = [...collected.mentionsByRef.keys()];
    expect(refs.filter((r) => r.endsWith('#12') || r.endsWith('#13'))).toEqual(['internal#12']);
    expect(collected.sources.flatMap((s) => s.ambiguous)).toEqual([]);
  });

  it('reads the archived record: retired patches, upstream_fix as a background mention', () => {
    const archive = collected.sources.find((s) => s.source.path === ARCHIVE);
    expect(archive?.patches.map((p) => [p.path, p.retired])).toEqual([
      [`${P}/engine/old_rows.py`, true],
      [`${P}/archived/old_rows.py`, true],
      [`${P}/engine/gone.py`, true],
    ]);
    expect(mentionsIn(ARCHIVE).map(row)).toEqual([
      ['example-org/engine#2900', 11, 14, 'background', 'MERGED'],
    ]);
    expect(mentionsIn(ARCHIVE)[0]).toMatchObject({
      recordedMergedAt: '2026-05-12',
      patch: `${P}/engine/old_rows.py`,
    });
    // sync writes the live state beside the ref, inside upstream_fix.
    const fields = archive && 'fields' in archive ? archive.fields : null;
    expect(fields).toEqual([
      { ref: 'example-org/engine#2900', path: ['patches', 0, 'upstream_fix'], line: 11 },
    ]);
  });
});
