import { describe, expect, it } from 'vitest';
import type { Mention, Role } from '../../src/model.js';
import { applyCue, cueFor } from '../../src/sources/meaning/cues.js';
import {
  countedStates,
  stateBefore,
  stateInWords,
} from '../../src/sources/meaning/prose-states.js';
import { settleRoles } from '../../src/sources/meaning/settle.js';

const tail = (words: string): ReturnType<typeof cueFor> => cueFor('', '', words);

describe('roles by meaning (SPEC §2.4)', () => {
  it.each<[string, Role, Role]>([
    [' (both MERGED 2026-07-14) INTRODUCED the guard', 'third-party', 'introduced-the-defect'],
    [' left incomplete on the MLA path', 'related', 'introduced-the-defect'],
    [' -- regressed in the same release', 'fix', 'introduced-the-defect'],
    [' (OPEN). ADJACENT, NOT THE SAME FIX -- another site.', 'third-party', 'related'],
    [' (OPEN) -- a test for this topology.', 'third-party', 'related'],
    [' (both MERGED, in both bases) clamp the values.', 'third-party', 'background'],
    [
      ' will touch the same table -- a merge conflict risk, not a fix.',
      'third-party',
      'anchor-collision',
    ],
    [' solves the same mismatch by trimming the rows', 'fix', 'third-party'],
    [' (merged 2026-07-08) is the full fix.', 'related', 'fix'],
    [' (alice, OPEN, REVIEW_REQUIRED).', 'own', 'own'],
  ])('%s: %s → %s', (words, base, role) => {
    expect(applyCue(base, tail(words))).toBe(role);
  });

  it('reads the words before a ref, nearest first', () => {
    expect(applyCue('related', cueFor('It comes from ', 'It comes from ', ''))).toBe(
      'introduced-the-defect',
    );
    expect(applyCue('related', cueFor('A fix is in flight: ', 'A fix is in flight: ', ''))).toBe(
      'fix',
    );
    expect(applyCue('related', cueFor('so the patch drops on ', '', ''))).toBe('fix');
    // "unrelated areas (#a …, #b …)": the word covers every ref of the list.
    const far = 'The search returns faults from unrelated areas (#1 one, ';
    expect(applyCue('issue', cueFor('one, ', far, ' two'))).toBe('unrelated');
  });

  it('never promotes an issue to a collision, nor anything but a related ref to a fix', () => {
    expect(applyCue('issue', tail(' touches the same dict'))).toBe('issue');
    expect(applyCue('anchor-collision', tail(' is the full fix'))).toBe('anchor-collision');
    expect(applyCue('background', tail(' is the full fix'))).toBe('background');
  });
});

describe('words that say the ref retires the patch (SPEC §2.4: what merging it means)', () => {
  it.each<[string, Role, Role]>([
    [' (OPEN). Once it lands, this workaround is redundant.', 'third-party', 'fix'],
    [' (OPEN): merging it retires our patch.', 'related', 'fix'],
    [' (OPEN); drop the script once it is in a tagged release.', 'third-party', 'fix'],
    [' (OPEN) -- when it merges the diff becomes a no-op and can go.', 'third-party', 'fix'],
    [' (OPEN). Reworks the pool so the shim will be unneeded.', 'related', 'fix'],
    [' (OPEN). It does not make this patch unnecessary: CUDA only.', 'third-party', 'third-party'],
    [
      ' (CLOSED). Even merged, this script would stay redundant-proof.',
      'third-party',
      'third-party',
    ],
    [' (CLOSED) -- never a reason to drop; this hook would still be needed.', 'related', 'related'],
    [' (OPEN). Landing it retires this patch.', 'own', 'own'],
    [' (OPEN). When it is fixed this patch can go.', 'issue', 'issue'],
    [
      ' rewrites our anchor; this script must be re-cut, not dropped.',
      'related',
      'anchor-collision',
    ],
    [
      ' (MERGED) introduced the bug; this patch can go once it is reverted.',
      'fix',
      'introduced-the-defect',
    ],
  ])('%s: %s → %s', (words, base, role) => {
    expect(applyCue(base, tail(words))).toBe(role);
  });

  it('never makes an issue the fix: its merge cannot be the drop signal', () => {
    const cue = tail(' -- this shim can go once it is fixed.');
    expect(cue).toBe('retires');
    expect(applyCue('related', cue, 'issue')).toBe('related');
    expect(applyCue('related', cue, 'pr')).toBe('fix');
    expect(applyCue('related', tail(' is the full fix.'), 'issue')).toBe('related');
  });

  it('reads them just before the ref too, unless negated', () => {
    const lead = (words: string): ReturnType<typeof cueFor> => cueFor(words, words, '');
    expect(applyCue('related', lead('Remove this hook after '))).toBe('fix');
    expect(applyCue('third-party', lead('The shim goes once '))).toBe('fix');
    expect(applyCue('related', lead('so that patch waits for '))).toBe('fix');
    expect(applyCue('related', lead('Never delete this script when '))).toBe('related');
    expect(applyCue('related', lead('so re-anchor rather than delete when '))).toBe('related');
  });
});

describe('states written in words', () => {
  it('reads "N STATE PRs" before the refs, upper-case only', () => {
    const text = 'Two OPEN PRs rewrite this code: #1 and #2. Both merged PRs are old.';
    expect(countedStates(text).map((c) => [c.state, c.count, text.slice(c.start, c.end)])).toEqual([
      ['OPEN', 2, 'OPEN'],
    ]);
  });

  it('reads "its MERGED PR (#n)" and "an already-merged precedent (#n)" right before a ref', () => {
    expect(stateBefore('the exception: its MERGED PR (', 0)).toMatchObject({
      state: 'MERGED',
      rewritable: true,
    });
    expect(stateBefore('matches an already-merged precedent (', 0)).toMatchObject({
      state: 'MERGED',
      rewritable: false,
    });
    expect(stateBefore('see the PR (', 0)).toBeNull();
  });

  it.each([
    [' landed in between.', 'MERGED'],
    [', was auto-closed with no follow-up', 'CLOSED'],
    [' was closed without a word', 'CLOSED'],
    [' merged 2026-08-05 to lift the limit', 'MERGED'],
  ])('reads %j after a ref as %s', (words, state) => {
    expect(stateInWords('', words, 0, false)).toMatchObject({ state, rewritable: false });
  });

  it('reads "closed inactive" further on only when the ref is alone in its cell', () => {
    const words = ' reports the same shape, but aggregated; closed **inactive** 2026-07-18';
    expect(stateInWords('', words, 0, true)).toMatchObject({
      state: 'CLOSED',
      date: '2026-07-18',
    });
    expect(stateInWords('', words, 0, false)).toBeNull();
  });

  it('reads a dated "merged <date>" further on only when the ref is alone, and never a plan', () => {
    const words = ' removes that limitation and **merged 2026-08-05**; the base lacks it';
    expect(stateInWords('', words, 10, true)).toMatchObject({
      state: 'MERGED',
      date: '2026-08-05',
      start: 10 + words.indexOf('merged'),
      rewritable: false,
    });
    expect(stateInWords('', words, 0, false)).toBeNull();
    expect(
      stateInWords('', ' lifts it; it is expected to be merged 2026-09-01', 0, true),
    ).toBeNull();
    expect(stateInWords('', ' lifts it and will be merged on 2026-09-01', 0, true)).toBeNull();
    expect(stateInWords('', ' lifts it; drop ours once it landed 2026-09-01', 0, true)).toBeNull();
    // Without its date, "merged" further on may be about anything.
    expect(stateInWords('', ' rewrites the code the refactor merged', 0, true)).toBeNull();
  });

  it('never reads future or conditional wording as a state', () => {
    expect(stateInWords('drop it when ', ' merges', 0, true)).toBeNull();
    expect(stateInWords('file our own only if ', ' is closed', 0, true)).toBeNull();
    expect(stateInWords('once ', ' landed upstream, drop it', 0, true)).toBeNull();
    // A bare "closed" is a verb about something else.
    expect(stateInWords('', ' closed the gap', 0, true)).toBeNull();
  });
});

const mention = (over: Partial<Mention>): Mention => ({
  ref: 'o/r#1',
  kindHint: null,
  source: 'a.md',
  sourceKind: 'ledger',
  line: 1,
  patch: null,
  role: 'related',
  recordedState: null,
  recordedDate: null,
  ...over,
});

describe('settleRoles', () => {
  it("never lets a ref in the project's own repository decide a patch's fate", () => {
    const own = mention({ ref: 'acme-ai/infera#178', role: 'own', patch: 'p/x.py' });
    const fix = mention({ ref: 'acme-ai/infera#178', role: 'fix', source: 'p/x.py' });
    const collision = mention({ ref: 'acme-ai/infera#9', role: 'anchor-collision' });
    const issue = mention({ ref: 'acme-ai/infera#10', role: 'issue' });
    const upstream = mention({ ref: 'acme-ai/infera-kernels#1', role: 'fix' });
    settleRoles([[own, fix, collision, issue, upstream]], 'acme-ai/infera');
    expect([own, fix, collision, issue, upstream].map((m) => m.role)).toEqual([
      'related',
      'related',
      'related',
      'issue',
      'fix',
    ]);
  });

  it('gives a mention by position "own" where the others say own and fix (both: drop when merged)', () => {
    const row = mention({ role: 'own', patch: 'p/x.py' });
    const words = mention({ role: 'fix', source: 'p/x.py', patch: 'p/x.py' });
    const readme = mention({ source: 'p/README.md', roleByDefault: true, patch: null });
    settleRoles([[row, words, readme]]);
    expect(readme.role).toBe('own');
  });

  it('makes a fix that another source calls ours for the same patch ours, and no other', () => {
    const header = mention({ role: 'own', source: 'p/x.py', patch: 'p/x.py' });
    const row = mention({ role: 'fix', patch: 'p/x.py' });
    const otherPatch = mention({ role: 'fix', source: 'p/y.py', patch: 'p/y.py' });
    const byPosition = mention({
      role: 'own',
      source: 'p/z.py',
      patch: 'p/z.py',
      roleByDefault: true,
    });
    const rowZ = mention({ role: 'fix', patch: 'p/z.py' });
    settleRoles([[header, row, otherPatch, byPosition, rowZ]]);
    expect([row.role, otherPatch.role, rowZ.role]).toEqual(['own', 'fix', 'fix']);
  });

  it('makes a cause the cause everywhere in its source, never a fix', () => {
    const row = mention({ role: 'fix', patch: 'p/x.py', line: 3 });
    const cause = mention({ role: 'introduced-the-defect', line: 9 });
    const elsewhere = mention({ role: 'fix', source: 'b.md', patch: 'p/x.py' });
    settleRoles([[row, cause], [elsewhere]]);
    expect([row.role, cause.role, elsewhere.role]).toEqual([
      'introduced-the-defect',
      'introduced-the-defect',
      'fix',
    ]);
  });

  it('gives a ref named by position the role its author gave it in the same source and patch', () => {
    const own = mention({ role: 'own', patch: 'p/x.py', source: 'p/x.py' });
    const later = mention({ patch: 'p/x.py', source: 'p/x.py', line: 40, roleByDefault: true });
    const worded = mention({ patch: 'p/x.py', source: 'p/x.py', line: 50, role: 'related' });
    settleRoles([[own, later, worded]]);
    // `worded` said "related" in words, so the labelled and worded places disagree for `later`.
    expect(later.role).toBe('related');
    worded.roleByDefault = true;
    later.roleByDefault = true;
    settleRoles([[own, later, worded]]);
    expect([later.role, worded.role]).toEqual(['own', 'own']);
  });

  it('lets a mention of no patch take a role from any patch, but never one patch from another', () => {
    const fixOfA = mention({ role: 'fix', patch: 'p/a.py', source: 'ledger.md' });
    const readme = mention({ source: 'p/README.md', roleByDefault: true });
    const headerOfB = mention({ source: 'p/b.py', patch: 'p/b.py', roleByDefault: true });
    settleRoles([[fixOfA], [readme], [headerOfB]]);
    expect([readme.role, headerOfB.role]).toEqual(['fix', 'related']);
  });
});

describe('settleRoles and cueFor, session 12', () => {
  it('lets a patchless "…, not #n" keep its related, and not outvote the patch for other prose', () => {
    const row = mention({ role: 'own', patch: 'p/x.py', line: 22 });
    const apart = mention({ line: 33 });
    const later = mention({ line: 58, roleByDefault: true });
    settleRoles([[row, apart, later]]);
    expect([row, apart, later].map((m) => m.role)).toEqual(['own', 'related', 'own']);
  });

  it('reads a bare "not" before a ref as setting it apart, yielding to the ref\'s own words', () => {
    expect(cueFor('the radix PR, not ', 'our #4417 here is the radix PR, not ', '.')).toBe(
      'not-fix',
    );
    expect(cueFor('not ', 'not ', ', that one is unrelated (import side)')).toBe('unrelated');
    expect(
      cueFor('if it merges before ', 'still OPEN; if it merges before ', ' we re-cut'),
    ).toBeNull();
  });
});
