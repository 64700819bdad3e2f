/** source-disagreement: two source files record different states for the same ref. */
import type { Finding, Mention, State } from '../model.js';
import type { Rule } from './types.js';
import { makeFinding, openness, sortMentions } from './support.js';

type Recorded = Mention & { recordedState: State };

/**
 * The first mention (in reading order) that disagrees with an earlier one in
 * another file, and that earlier one. Disagreement inside one file is a
 * different problem (and usually the ledger's own prose vs its table).
 */
function firstDisagreement(mentions: readonly Mention[]): [Recorded, Recorded] | null {
  if (!mayDisagree(mentions)) return null;
  const recorded = sortMentions(mentions).filter((m): m is Recorded => m.recordedState !== null);
  // No copy of the earlier mentions per mention: refs have thousands of these lists.
  for (let i = 1; i < recorded.length; i++) {
    const later = recorded[i]!;
    for (let k = 0; k < i; k++) {
      const m = recorded[k]!;
      if (m.source !== later.source && openness(m.recordedState) !== openness(later.recordedState))
        return [m, later];
    }
  }
  return null;
}

/**
 * A disagreement needs recorded states that differ and sources that differ:
 * most refs have neither, and are not sorted to find out (thousands per run).
 */
function mayDisagree(mentions: readonly Mention[]): boolean {
  let first: Recorded | null = null;
  let states = false;
  let sources = false;
  for (let i = 0; i < mentions.length; i++) {
    const m = mentions[i]!;
    if (m.recordedState === null) continue;
    if (first === null) {
      first = m as Recorded;
      continue;
    }
    states ||= openness(m.recordedState) !== openness(first.recordedState);
    sources ||= m.source !== first.source;
    if (states && sources) return true;
  }
  return false;
}

export const rule: Rule = {
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
        makeFinding(rule, {
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
