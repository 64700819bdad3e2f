/**
 * The report's mention lists, ref order and kinds, and the rules' reading
 * order (sortMentions, source-disagreement) were rewritten for speed (issue
 * 14): no key string per mention, no sort of a copy per ref, no slice per
 * mention. Here the new code is held to the code it replaced
 * (test/support/reference/report.ts, rules-support.ts) on generated mention
 * lists full of repeats, equal places and mentions out of reading order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Mention, RefKey, Role, State } from '../../src/model.js';
import { buildReport, sortRefKeys } from '../../src/report/report.js';
import { rule as sourceDisagreement } from '../../src/rules/source-disagreement.js';
import { sortMentions } from '../../src/rules/support.js';
import {
  buildReport as referenceBuildReport,
  compareRefKeys,
} from '../support/reference/report.js';
import {
  sortMentions as referenceSortMentions,
  sourceDisagreement as referenceSourceDisagreement,
} from '../support/reference/rules-support.js';
import { context, mention } from '../rules/helpers.js';

const REFS: RefKey[] = ['o/r#1', 'o/r#10', 'o/r#9', 'o/r-x#2', 'o-r/x#2', 'a/b#3'];
const SOURCES = ['a.md', 'b/c.yaml', 'b/c.py', 'a/../a.md', 'z.md'];
const PATCHES = [null, 'b/c.py', 'b/./c.py', 'd.py'];
const ROLES: Role[] = ['fix', 'own', 'related', 'issue'];
const STATES: (State | null)[] = [null, 'OPEN', 'DRAFT', 'MERGED', 'CLOSED'];

const mentionArb: fc.Arbitrary<Mention> = fc
  .record({
    ref: fc.constantFrom(...REFS),
    source: fc.constantFrom(...SOURCES),
    line: fc.integer({ min: 1, max: 3 }),
    patch: fc.constantFrom(...PATCHES),
    role: fc.constantFrom(...ROLES),
    recordedState: fc.constantFrom(...STATES),
    kindHint: fc.constantFrom(null, 'pr' as const, 'issue' as const),
    stateLine: fc.constantFrom(undefined, 0, 1, 2, 4),
  })
  .map(({ stateLine, ...m }) => {
    const over: Partial<Mention> = { ...m };
    // 0: the state on the ref's own line, written out as the readers never do.
    if (stateLine !== undefined) over.stateLine = stateLine === 0 ? m.line : stateLine;
    return mention(m.ref, over);
  });

const mentionsArb = fc.array(mentionArb, { maxLength: 40 });

function input(mentions: Mention[], root: string) {
  return {
    ctx: context({ mentions }),
    findings: [],
    checkedAt: '2026-12-01T00:00:00.000Z',
    root,
    version: '0.0.0',
    requests: 0,
  };
}

describe('report speed work agrees with the code it replaced', () => {
  it('buildReport: refs, kinds and mention lists (repeats dropped, places sorted)', () => {
    fc.assert(
      fc.property(mentionsArb, fc.constantFrom('.', 'sub', 'sub/dir'), (mentions, root) => {
        const made = buildReport(input(mentions, root));
        const reference = referenceBuildReport(input(mentions, root));
        // Same JSON text: same values and the same key order.
        expect(JSON.stringify(made)).toBe(JSON.stringify(reference));
      }),
      { numRuns: 2000 },
    );
  });

  it('sortRefKeys sorts as compareRefKeys does', () => {
    const key = fc
      .tuple(
        fc.constantFrom('o', 'o-r', 'a', 'O'),
        fc.constantFrom('r', 'r-x', 'r.x', 'b', ''),
        fc.constantFrom('1', '2', '10', '9', '007', '99999999999'),
      )
      .map(([owner, repo, n]) => `${owner}/${repo}#${n}` as RefKey);
    fc.assert(
      fc.property(fc.array(key, { maxLength: 30 }), (keys) => {
        expect(sortRefKeys(keys)).toEqual([...keys].sort(compareRefKeys));
      }),
    );
  });

  it('sortMentions: reading order, the earlier of equals first, a new array', () => {
    fc.assert(
      fc.property(mentionsArb, (mentions) => {
        const sorted = sortMentions(mentions);
        expect(sorted).not.toBe(mentions);
        const reference = referenceSortMentions(mentions);
        expect(sorted.length).toBe(reference.length);
        sorted.forEach((m, i) => expect(m).toBe(reference[i]));
      }),
    );
  });

  it('source-disagreement finds the same first disagreement', () => {
    fc.assert(
      fc.property(mentionsArb, (mentions) => {
        const ctx = context({ mentions });
        expect(sourceDisagreement.check(ctx)).toEqual(referenceSourceDisagreement.check(ctx));
      }),
      { numRuns: 1000 },
    );
  });
});
