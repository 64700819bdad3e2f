/** state-drift: a recorded state no longer matches what GitHub says. */
import type { LiveState, Mention, State } from '../model.js';
import type { Rule } from './types.js';
import { describeLive, foundLive, makeFinding, placeOf } from './support.js';

/** Roles whose merge means the patch's defect is fixed upstream. */
const FIX_ROLES: ReadonlySet<string> = new Set(['fix', 'own', 'third-party']);

/**
 * A draft is still open: a record saying OPEN stays true while the PR is a
 * draft. The reverse is drift — a recorded DRAFT that went OPEN became ready.
 */
export function recordedMatchesLive(recorded: State, live: State): boolean {
  return recorded === live || (recorded === 'OPEN' && live === 'DRAFT');
}

function advice(mention: Mention, live: LiveState): string {
  if (live.state === 'MERGED') {
    if (mention.role === 'anchor-collision') {
      return 'update the state, and re-cut the patch against the merged change before the next base bump.';
    }
    if (FIX_ROLES.has(mention.role))
      return 'update the state, and drop the patch if the fix is complete.';
    return 'update the state.';
  }
  if (live.state === 'CLOSED' && live.kind === 'pr' && FIX_ROLES.has(mention.role)) {
    return 'update the state, and look for the change that replaces it.';
  }
  if (mention.recordedState === 'DRAFT' && live.state === 'OPEN') {
    return 'update the state; it is now ready for review.';
  }
  return 'update the state.';
}

export const rule: Rule = {
  id: 'state-drift',
  defaultSeverity: 'error',
  needsNetwork: true,
  check(ctx) {
    const findings = [];
    for (const [ref, mentions] of ctx.mentionsByRef) {
      const live = foundLive(ctx, ref);
      if (live === null) continue;
      // One finding per stale place: each one needs its own edit.
      for (const m of mentions) {
        if (m.recordedState === null || recordedMatchesLive(m.recordedState, live.state)) continue;
        findings.push(
          makeFinding(rule, {
            ref,
            ...placeOf(m),
            recorded: m.recordedState,
            live: live.state,
            message: `${ref} is recorded ${m.recordedState} but is ${describeLive(live)}: ${advice(m, live)}`,
          }),
        );
      }
    }
    return findings;
  },
};
