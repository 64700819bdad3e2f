/**
 * Verbatim copy of src/rules/support.ts as it was before issue 14's ledger, records and
 * report speed work (commit cc6dd17), and of the source-disagreement rule that used it
 * (src/rules/source-disagreement.ts): the reference report-differential.test.ts holds the
 * faster code to. Not used by the tool. Only this comment, the import paths, the merge of
 * the two files and the rule's name (\`sourceDisagreement\`) were changed.
 */
/** Small helpers the rules share, so each rule file holds only its own judgement. */
import type { Finding, LiveState, Mention, RefKey, Severity, State } from '../../../src/model.js';
import type { CheckContext, Rule } from '../../../src/rules/types.js';

/** The live answer for a ref when GitHub found it; null when offline, unresolved or not asked. */
export function foundLive(ctx: CheckContext, ref: RefKey): LiveState | null {
  const resolution = ctx.live?.get(ref);
  return resolution?.status === 'found' ? resolution.live : null;
}

/** Code-unit order, not locale order, so output is identical on every machine. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Mentions in reading order: by source file, then line. */
export function sortMentions(mentions: readonly Mention[]): Mention[] {
  return [...mentions].sort((a, b) => compareText(a.source, b.source) || a.line - b.line);
}

/**
 * The UTC calendar date of a timestamp, or the date itself when only a date
 * is written. UTC, never local time: the same instant must compare equal on
 * every runner whatever its time zone.
 */
export function utcDate(value: string): string | null {
  const trimmed = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return trimmed;
  const ms = Date.parse(trimmed);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().slice(0, 10);
}

/** `MERGED (2026-08-12)`: the live state with the date it was reached, when GitHub gives one. */
export function describeLive(live: LiveState): string {
  const at =
    live.state === 'MERGED' ? live.mergedAt : live.state === 'CLOSED' ? live.closedAt : null;
  const date = at === null ? null : utcDate(at);
  return date === null ? live.state : `${live.state} (${date})`;
}

/** A ref's recorded state seen from another source: DRAFT and OPEN both mean "not landed yet". */
export function openness(state: State): State {
  return state === 'DRAFT' ? 'OPEN' : state;
}

interface FindingFields {
  ref: RefKey | null;
  patch: string | null;
  file: string;
  line: number;
  recorded?: string | null;
  live?: string | null;
  message: string;
}

/**
 * Where a finding about a mention points: its patch, file and line — the
 * line of the recorded state word when a wrapped title put it below the ref,
 * since that is the line that goes stale.
 */
export function placeOf(m: Mention): Pick<FindingFields, 'patch' | 'file' | 'line'> {
  return { patch: m.patch, file: m.source, line: m.stateLine ?? m.line };
}

/** A finding at the rule's default severity; runRules applies the configured one. */
export function makeFinding(rule: Pick<Rule, 'id' | 'defaultSeverity'>, f: FindingFields): Finding {
  const severity: Severity = rule.defaultSeverity;
  return {
    rule: rule.id,
    severity,
    ref: f.ref,
    patch: f.patch,
    file: f.file,
    line: f.line,
    recorded: f.recorded ?? null,
    live: f.live ?? null,
    message: f.message,
  };
}
/** source-disagreement: two source files record different states for the same ref. */

type Recorded = Mention & { recordedState: State };

/**
 * The first mention (in reading order) that disagrees with an earlier one in
 * another file, and that earlier one. Disagreement inside one file is a
 * different problem (and usually the ledger's own prose vs its table).
 */
function firstDisagreement(mentions: readonly Mention[]): [Recorded, Recorded] | null {
  const recorded = sortMentions(mentions).filter((m): m is Recorded => m.recordedState !== null);
  for (const [i, later] of recorded.entries()) {
    const earlier = recorded
      .slice(0, i)
      .find(
        (m) =>
          m.source !== later.source && openness(m.recordedState) !== openness(later.recordedState),
      );
    if (earlier !== undefined) return [earlier, later];
  }
  return null;
}

export const sourceDisagreement: Rule = {
  id: 'source-disagreement',
  defaultSeverity: 'warning',
  needsNetwork: false,
  check(ctx) {
    const findings: Finding[] = [];
    for (const [ref, mentions] of ctx.mentionsByRef) {
      const pair = firstDisagreement(mentions);
      if (pair === null) continue;
      const [earlier, later] = pair;
      findings.push(
        makeFinding(sourceDisagreement, {
          ref,
          patch: later.patch,
          file: later.source,
          line: later.line,
          recorded: later.recordedState,
          message: `${ref} is recorded ${later.recordedState} in ${later.source}:${later.line} but ${earlier.recordedState} in ${earlier.source}:${earlier.line}: make the sources agree (\`upstream-status sync\` writes the live state to both).`,
        }),
      );
    }
    return findings;
  },
};
