/**
 * Record entries whose note says what the ref's merge means (SPEC §2.2,
 * §2.4): a related ref whose landing retires the patch is its fix; a note
 * that denies it, or a relevance that never drops a patch, keeps the role.
 */
import { describe, expect, it } from 'vitest';
import { parseRecord } from '../../src/sources/records/index.js';
import { entryRole, relevanceRole } from '../../src/sources/records/roles.js';

describe('relevanceRole', () => {
  it.each<[string | null, string, string]>([
    [
      'alternative-repair',
      'Pools the buffers up front. Either of the two landing retires this patch.',
      'fix',
    ],
    ['alternative-repair', 'Once the pin carries it, this diff is redundant and can go.', 'fix'],
    [
      'same-defect-other-platform',
      'ROCm twin of our fix; merging it makes this script unnecessary.',
      'fix',
    ],
    [
      'alternative-repair',
      'Copy-out only: even merged it would not make this script redundant.',
      'alternative-repair',
    ],
    [
      'alternative-repair',
      'Abandoned by its author; never a reason to drop.',
      'alternative-repair',
    ],
    [
      'anchor-collision',
      'Rewrites the call site; once it lands this patch is obsolete as written.',
      'anchor-collision',
    ],
    [
      'introduced-the-defect',
      'Reverting it makes this workaround unnecessary.',
      'introduced-the-defect',
    ],
    ['fix', '', 'related'],
    [null, 'Landing it retires this patch.', 'fix'],
  ])('%s / %s → %s', (relevance, note, role) => {
    expect(relevanceRole(relevance, note)).toBe(role);
  });
});

describe('relevanceRole of an issue', () => {
  it('keeps the relevance: an issue is never the fix its note may wish for', () => {
    const note = 'Once this is fixed upstream, the workaround is unnecessary.';
    expect(relevanceRole('background', note, 'issue')).toBe('background');
    expect(relevanceRole('background', note, 'pr')).toBe('fix');
  });
});

describe('entryRole', () => {
  it('keeps a PR a fix when its note says another repair, but its landing retires the patch', () => {
    expect(entryRole('fix', 'Repairs it differently; landing it retires this patch anyway.')).toBe(
      'fix',
    );
    expect(entryRole('fix', 'Repairs it differently, at the allocator.')).toBe('third-party');
  });
});

describe('a record whose related refs say what their landing means', () => {
  const text = [
    'schema_version: 1',
    'patch: { path: deploy/docker/patches/engine_core/fix_rows.py }',
    'target: { repo: example-org/engine }',
    'related_refs:',
    '  - ref: "#4410"',
    '    kind: pr',
    '    state: OPEN',
    '    relevance: alternative-repair',
    '    note: Clamps the rows at the source; landing it retires this patch.',
    '  - { ref: "#4411", kind: pr, state: OPEN, relevance: alternative-repair, note: "Partial; never a reason to drop." }',
    '  - { ref: internal#77, kind: pr, relevance: alternative-repair, note: "Our fork carries it; once merged this patch is redundant." }',
    '',
  ].join('\n');
  it('reads the retiring one as the fix, the others by their relevance, and an internal ref never as a fix', () => {
    const r = parseRecord({
      path: 'r.upstream.status.yaml',
      text,
      patchPath: null,
      aliases: new Map(),
    });
    expect(r.mentions.map((m) => [m.ref, m.role])).toEqual([
      ['example-org/engine#4410', 'fix'],
      ['example-org/engine#4411', 'alternative-repair'],
      ['internal#77', 'related'],
    ]);
  });
});

describe("an upstream PR entry's own `role:`", () => {
  it('gives the role it writes (session 16), and `ours: true` still makes it ours', () => {
    const text = [
      'schema_version: 1',
      'target:',
      '  repo: acme/engine',
      'upstream_prs:',
      '  - ref: acme/engine#8812',
      '    role: own',
      '    ours: true',
      '    state: MERGED',
      '  - ref: acme/engine#8834',
      '    role: third-party',
      '    ours: false',
      '    state: OPEN',
      '  - ref: acme/engine#8835',
      '    role: a helper of ours',
      '    state: OPEN',
      '',
    ].join('\n');
    const r = parseRecord({ path: 'p.upstream.status.yaml', text, patchPath: null });
    expect(r.mentions.map((m) => [m.ref, m.role])).toEqual([
      ['acme/engine#8812', 'own'],
      ['acme/engine#8834', 'third-party'],
      ['acme/engine#8835', 'fix'],
    ]);
  });
});
