/**
 * Record fields outside SPEC §2.2's lists, read by what their keys say
 * (session 12; records/keyed.ts). Shapes from a held-out queue whose team
 * named its record fields its own way, written here in our own words.
 */
import { describe, expect, it } from 'vitest';
import { parseRecord } from '../../src/sources/records/index.js';

function read(body: string) {
  const text = [
    'schema_version: 1',
    'status_updated: 2026-11-20',
    'patch: { path: patches/0004-frame.patch, kind: git-diff }',
    'target: { repo: slate-db/slate }',
    body,
  ].join('\n');
  const r = parseRecord({ path: 'patches/0004-frame.upstream.status.yaml', text, patchPath: null });
  return {
    mentions: r.mentions.map((m) => [
      m.line,
      m.ref,
      m.role,
      m.recordedState,
      m.stateLine ?? null,
      m.roleByDefault === true,
    ]),
    problems: r.problems.map((p) => p.message),
  };
}

describe('record fields named by the team', () => {
  it('reads a ref string with its state beside it, in the role its key names', () => {
    expect(
      read(
        [
          'issue: "slate-db/slate#5188 (closed)"',
          'fix: "upstream/slate#5201 (merged)"   # not ours',
          'collisions:',
          '  - "slate#5150 (open) -- the same hunk"',
        ].join('\n'),
      ),
    ).toEqual({
      mentions: [
        [5, 'slate-db/slate#5188', 'issue', 'CLOSED', null, false],
        // `upstream/` is the git remote: the record's target of that name.
        [6, 'slate-db/slate#5201', 'fix', 'MERGED', null, false],
        [8, 'slate-db/slate#5150', 'anchor-collision', 'OPEN', null, false],
      ],
      problems: [],
    });
  });

  it('reads mappings with url or ref and a state field, and their flags', () => {
    expect(
      read(
        [
          'own_prs:',
          '  - url: https://github.com/slate-db/slate/pull/4990',
          '    state: CLOSED',
          'third_party:',
          '  - ref: slate-db/slate#5010',
          '    state: OPEN',
          '    retires_patch: false',
          '  - ref: slate-db/slate#5044',
          '    state: DRAFT',
          '    retires_patch: true',
          'introduced_by:',
          '  - { ref: slate-db/slate#4650, state: MERGED }',
          'fix_pr: { ref: slate-db/slate#5230, state: MERGED }',
        ].join('\n'),
      ),
    ).toEqual({
      mentions: [
        [6, 'slate-db/slate#4990', 'own', 'CLOSED', 7, false],
        [9, 'slate-db/slate#5010', 'third-party', 'OPEN', 10, false],
        [12, 'slate-db/slate#5044', 'fix', 'DRAFT', 13, false],
        [16, 'slate-db/slate#4650', 'introduced-the-defect', 'MERGED', null, false],
        [17, 'slate-db/slate#5230', 'fix', 'MERGED', null, false],
      ],
      problems: [],
    });
  });

  it('narrows a fix by its own words, and names no fix from a key without one', () => {
    expect(
      read(
        [
          'upstream_fix:',
          '  - ref: slate-db/slate#5066',
          '    state: MERGED',
          '    note: merged, then reverted a week later',
          'superseded: "slate#5212 (closed) -- same idea, lost out"',
          'drop_when_merged:',
          '  - https://github.com/slate-db/slate/pull/5104',
        ].join('\n'),
      ),
    ).toEqual({
      mentions: [
        [6, 'slate-db/slate#5066', 'related', 'MERGED', 7, false],
        [9, 'slate-db/slate#5212', 'related', 'CLOSED', null, true],
        [11, 'slate-db/slate#5104', 'fix', null, null, false],
      ],
      problems: [],
    });
  });

  it('reads a string in a SPEC list instead of calling it a parse error', () => {
    expect(
      read('upstream_issues: ["slate-db/slate#4932"]\nupstream_prs: ["#5098 (open)"]'),
    ).toEqual({
      mentions: [
        [5, 'slate-db/slate#4932', 'issue', null, null, false],
        [6, 'slate-db/slate#5098', 'fix', 'OPEN', null, false],
      ],
      problems: [],
    });
    // A list item that names no ref at all is still one.
    expect(read('upstream_prs: ["see the ledger"]').problems).toEqual([
      'upstream_prs[0] must be a mapping with a ref, found string "see the ledger"',
    ]);
  });

  it('leaves prose keys to the prose reader: no role, no state', () => {
    expect(read('notes: "#5300 (merged) looked related, it is not"').mentions).toEqual([
      [5, 'slate-db/slate#5300', 'related', null, null, true],
    ]);
  });
});

describe('a comment after a field that names a ref', () => {
  it('is prose: its refs are mentions', () => {
    expect(
      read('ours_upstream_pr: null    # none of ours; waiting on slate-db/slate#2275 (a vendor)')
        .mentions,
    ).toEqual([[5, 'slate-db/slate#2275', 'related', null, null, true]]);
  });
});
