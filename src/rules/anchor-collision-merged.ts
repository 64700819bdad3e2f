/**
 * anchor-collision-merged: a PR that rewrites a patch's anchor has landed and
 * no record admits it, so the next base bump will fail to apply the patch.
 */
import type { Finding, Mention } from '../model.js';
import type { Rule } from './types.js';
import { describeLive, foundLive, makeFinding, sortMentions, placeOf } from './support.js';

export const rule: Rule = {
  id: 'anchor-collision-merged',
  defaultSeverity: 'error',
  needsNetwork: true,
  check(ctx) {
    const findings: Finding[] = [];
    for (const [ref, mentions] of ctx.mentionsByRef) {
      const live = foundLive(ctx, ref);
      if (live?.state !== 'MERGED') continue;
      // Any source recording MERGED means someone already knows; state-drift covers the rest.
      if (mentions.some((m) => m.recordedState === 'MERGED')) continue;
      const firstPerPatch = new Map<string | null, Mention>();
      for (const m of sortMentions(mentions)) {
        if (m.role === 'anchor-collision' && !firstPerPatch.has(m.patch))
          firstPerPatch.set(m.patch, m);
      }
      for (const m of firstPerPatch.values()) {
        const patch = m.patch ?? 'its patch';
        findings.push(
          makeFinding(rule, {
            ref,
            ...placeOf(m),
            recorded: m.recordedState,
            live: live.state,
            message: `${ref} rewrites the anchor of ${patch} and is ${describeLive(live)}, but no source records it MERGED: re-cut the patch against the new code and record the state.`,
          }),
        );
      }
    }
    return findings;
  },
};
