import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RefKey, Resolution, State } from '../../src/model.js';
import { recordedMatchesLive } from '../../src/rules/state-drift.js';
import { planSync } from '../../src/sync/plan.js';
import { collected, findings, pr, readSources, TODAY } from './support.js';

const { sources, texts } = collected();
const REFS: RefKey[] = [...new Set(sources.flatMap((s) => s.mentions.map((m) => m.ref)))].sort();

/** Any mix of answers: found in any state (merge days that coincide or not), not found, unasked. */
const answer: fc.Arbitrary<Resolution | null> = fc.oneof(
  fc.constant(null),
  fc.constant<Resolution>({ status: 'not-found', message: 'gone' }),
  fc
    .record({
      state: fc.constantFrom<State>('OPEN', 'DRAFT', 'MERGED', 'CLOSED'),
      day: fc.constantFrom('2026-08-12', '2026-08-13'),
      decision: fc.constantFrom(null, 'APPROVED', 'REVIEW_REQUIRED', 'CHANGES_REQUESTED'),
    })
    .map(({ state, day, decision }) =>
      pr(state, {
        mergedAt: state === 'MERGED' ? `${day}T10:00:00Z` : null,
        closedAt: state === 'CLOSED' ? `${day}T10:00:00Z` : null,
        reviewDecision: decision,
      }),
    ),
);

const liveMaps = fc
  .array(answer, { minLength: REFS.length, maxLength: REFS.length })
  .map(
    (answers) =>
      new Map(
        answers.flatMap((a, i): [RefKey, Resolution][] => (a === null ? [] : [[REFS[i]!, a]])),
      ),
  );

describe('sync with any answers from GitHub', () => {
  it('writes what the readers read back as live, and a second sync changes nothing', () => {
    fc.assert(
      fc.property(liveMaps, (live) => {
        const first = planSync({ sources, texts, live, today: TODAY });
        const synced = new Map(texts);
        for (const f of first.files) synced.set(f.path, f.after);
        const reread = readSources(synced);
        for (const source of reread) {
          expect(source.problems).toEqual([]);
          for (const m of source.mentions) {
            const a = live.get(m.ref);
            if (m.recordedState === null || a?.status !== 'found') continue;
            expect(
              recordedMatchesLive(m.recordedState, a.live.state),
              `${m.source}:${m.line} ${m.ref}`,
            ).toBe(true);
          }
        }
        expect(findings(reread, live)).toEqual([]);
        const counts = (all: typeof sources) => all.map((s) => s.mentions.length);
        expect(counts(reread)).toEqual(counts(sources));
        const second = planSync({ sources: reread, texts: synced, live, today: TODAY });
        expect(second.files).toEqual([]);
      }),
      { numRuns: 150 },
    );
  });
});
