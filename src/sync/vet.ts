/**
 * The write-time guard of `sync`: before any planner sees GitHub's answers,
 * every value a planner may copy into a file is checked against the grammar
 * of that place (server-strings.ts). A value that does not fit is taken out
 * — a bad state takes the whole answer out, so nothing is written for that
 * ref — and remembered, so the plan can say, per file and line, what was not
 * written and why. URLs depend on the ref and the web host and are checked
 * where they are written (trailers.ts).
 */
import type { LiveState, Mention, RefKey, Resolution } from '../model.js';
import { badReviewDecision, badState, badTimestamp, shown } from './server-strings.js';
import type { LiveMap } from './target.js';

export interface Rejection {
  /** What the value was for, as a note names it. */
  field: 'state' | 'review decision' | 'merge date' | 'close date';
  value: string;
  reason: string;
}

export interface VettedLive {
  live: LiveMap;
  rejected: ReadonlyMap<RefKey, readonly Rejection[]>;
}

export function vetLive(live: LiveMap): VettedLive {
  const vetted = new Map<RefKey, Resolution>();
  const rejected = new Map<RefKey, Rejection[]>();
  for (const [ref, resolution] of live) {
    if (resolution.status !== 'found') {
      vetted.set(ref, resolution);
      continue;
    }
    const problems: Rejection[] = [];
    const l = vetState(resolution.live, problems);
    if (problems.length > 0) rejected.set(ref, problems);
    if (l !== null) vetted.set(ref, { status: 'found', live: l });
  }
  return { live: vetted, rejected };
}

function vetState(l: LiveState, problems: Rejection[]): LiveState | null {
  const state = badState(l.state);
  if (state !== null) {
    problems.push({ field: 'state', value: l.state, reason: state });
    return null;
  }
  const check = (
    field: Rejection['field'],
    value: string | null,
    bad: (v: string) => string | null,
  ): string | null => {
    if (value === null) return null;
    const reason = bad(value);
    if (reason === null) return value;
    problems.push({ field, value, reason });
    return null;
  };
  return {
    ...l,
    reviewDecision: check('review decision', l.reviewDecision, badReviewDecision),
    mergedAt: check('merge date', l.mergedAt, badTimestamp),
    closedAt: check('close date', l.closedAt, badTimestamp),
  };
}

/**
 * One note per place that records a state (or a record's merged_at or
 * review_decision) for a ref whose answer had a value
 * taken out: `line 12: not writing example-org/engine#4101's review decision
 * "APPROVED\n…": not one of …`.
 */
export function rejectionNotes(
  mentions: readonly Mention[],
  rejected: VettedLive['rejected'],
): string[] {
  const notes = new Set<string>();
  for (const m of mentions) {
    const records =
      m.recordedState !== null || m.recordedMergedAt != null || m.recordedReviewDecision != null;
    if (!records) continue;
    for (const r of rejected.get(m.ref) ?? []) {
      notes.add(
        `line ${m.line}: not writing GitHub's ${r.field} for ${m.ref}: ${shown(r.value)} is ${r.reason}`,
      );
    }
  }
  return [...notes];
}
