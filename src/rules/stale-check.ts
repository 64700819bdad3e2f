/** stale-check: a source's "checked on" date is older than the allowed age. */
import type { SourceResult } from '../model.js';
import type { Rule } from './types.js';
import { makeFinding } from './support.js';

const DEFAULT_MAX_AGE_DAYS = 30;
const DAY_MS = 86_400_000;

function dayNumber(isoDate: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate.trim());
  if (m === null) return null;
  return Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS;
}

/** A record or header belongs to one patch; a ledger to many, so it gets none. */
function patchOf(result: SourceResult): string | null {
  if (result.source.kind === 'patch-header') return result.source.path;
  if (result.source.kind === 'record') return result.patches.find((p) => !p.retired)?.path ?? null;
  return null;
}

export const rule: Rule = {
  id: 'stale-check',
  defaultSeverity: 'warning',
  needsNetwork: false,
  check(ctx) {
    const maxAgeDays = ctx.config.rules['stale-check']?.maxAgeDays ?? DEFAULT_MAX_AGE_DAYS;
    const today = dayNumber(ctx.today);
    if (today === null) return [];
    return ctx.sources.flatMap((result) => {
      const { path, checkedOn, checkedOnLine } = result.source;
      // No date written means nothing claims to be checked; readers report unreadable dates.
      const checked = checkedOn === null ? null : dayNumber(checkedOn);
      if (checked === null) return [];
      const age = today - checked;
      if (age <= maxAgeDays) return [];
      return [
        makeFinding(rule, {
          ref: null,
          patch: patchOf(result),
          file: path,
          line: checkedOnLine ?? 1,
          recorded: checkedOn,
          live: ctx.today,
          message: `${path} was last checked on ${checkedOn}, ${age} days ago (limit ${maxAgeDays}): re-verify its states (\`upstream-status sync\`) and update the check date.`,
        }),
      ];
    });
  },
};
