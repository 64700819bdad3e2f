/** merged-at-drift: a recorded merge date is not the day GitHub says the PR merged. */
import type { Finding } from '../model.js';
import type { Rule } from './types.js';
import { foundLive, makeFinding, utcDate, placeOf } from './support.js';

export const rule: Rule = {
  id: 'merged-at-drift',
  defaultSeverity: 'warning',
  needsNetwork: true,
  check(ctx) {
    const findings: Finding[] = [];
    for (const [ref, mentions] of ctx.mentionsByRef) {
      const live = foundLive(ctx, ref);
      if (live?.state !== 'MERGED' || live.mergedAt === null) continue;
      const liveDate = utcDate(live.mergedAt);
      if (liveDate === null) continue;
      for (const m of mentions) {
        if (m.recordedState !== 'MERGED') continue;
        // A record's merged_at is the more precise claim; a ledger only has the date beside the state.
        const written = m.recordedMergedAt ?? m.recordedDate;
        const recordedDate = written == null ? null : utcDate(written);
        // Compare calendar days in UTC: a timestamp with an offset may name another local day.
        if (recordedDate === null || recordedDate === liveDate) continue;
        findings.push(
          makeFinding(rule, {
            ref,
            ...placeOf(m),
            recorded: recordedDate,
            live: liveDate,
            message: `${ref} is recorded as merged on ${recordedDate} but merged on ${liveDate} (UTC): correct the date.`,
          }),
        );
      }
    }
    return findings;
  },
};
