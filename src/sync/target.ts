/**
 * What sync writes for one ref: the live state, unless the recorded one
 * still counts as true. The decisions are the check rules' own (imported,
 * not copied), so a `check` after a `sync` finds nothing left to fix.
 */
import type { LiveState, RefKey, Resolution, State } from '../model.js';
import { utcDate } from '../rules/support.js';
import { recordedMatchesLive } from '../rules/state-drift.js';

export type LiveMap = ReadonlyMap<RefKey, Resolution>;

/** The live state of a ref GitHub found; null for not-found, unknown and ignored refs. */
export function foundLive(live: LiveMap, ref: RefKey): LiveState | null {
  const r = live.get(ref);
  return r?.status === 'found' ? r.live : null;
}

/** Whether GitHub answered for any of these refs (found or not): the source was re-verified. */
export function anyAnswered(live: LiveMap, refs: Iterable<RefKey>): boolean {
  for (const ref of refs) if (live.has(ref)) return true;
  return false;
}

/** A recorded OPEN stays while the PR is a draft; any other difference is drift. */
export function targetState(recorded: State, live: LiveState | null): State {
  if (live === null || recordedMatchesLive(recorded, live.state)) return recorded;
  return live.state;
}

/** The UTC day the ref reached `state` (merge or close), when GitHub gives one. */
export function stateDay(live: LiveState | null, state: State): string | null {
  if (live === null || live.state !== state) return null;
  const at = state === 'MERGED' ? live.mergedAt : state === 'CLOSED' ? live.closedAt : null;
  return at === null ? null : utcDate(at);
}

export { utcDate };
