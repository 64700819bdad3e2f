/** Every rule, and the one way to run them: enabled, at the configured severity, deduped, sorted. */
import { isWaived } from './waivers.js';
import type { Finding } from '../model.js';
import type { CheckContext, Rule } from './types.js';
import { compareFindings, dedupeFindings } from './order.js';
import { rule as aliveBecauseDrift } from './alive-because-drift.js';
import { rule as ambiguousRef } from './ambiguous-ref.js';
import { rule as anchorCollisionMerged } from './anchor-collision-merged.js';
import { rule as dropCandidate } from './drop-candidate.js';
import { rule as inPinnedBaseDrift } from './in-pinned-base-drift.js';
import { rule as mergedAtDrift } from './merged-at-drift.js';
import { rule as missingPatch } from './missing-patch.js';
import { rule as parseError } from './parse-error.js';
import { rule as reviewDecisionDrift } from './review-decision-drift.js';
import { rule as sourceDisagreement } from './source-disagreement.js';
import { rule as staleCheck } from './stale-check.js';
import { rule as stateDrift } from './state-drift.js';
import { rule as unindexedPatch } from './unindexed-patch.js';
import { rule as unresolvedRef } from './unresolved-ref.js';

export { compareFindings } from './order.js';

export const ALL_RULES: readonly Rule[] = [
  stateDrift,
  anchorCollisionMerged,
  unresolvedRef,
  sourceDisagreement,
  unindexedPatch,
  missingPatch,
  inPinnedBaseDrift,
  aliveBecauseDrift,
  dropCandidate,
  staleCheck,
  mergedAtDrift,
  reviewDecisionDrift,
  ambiguousRef,
  parseError,
];

export function runRules(ctx: CheckContext, opts: { offline: boolean }): Finding[] {
  const canAskNetwork = ctx.live !== null && !opts.offline;
  const findings: Finding[] = [];
  for (const rule of ALL_RULES) {
    if (rule.needsNetwork && !canAskNetwork) continue;
    const configured = ctx.config.rules[rule.id]?.severity;
    if (configured === 'off') continue;
    const severity = configured ?? rule.defaultSeverity;
    for (const f of rule.check(ctx)) {
      if (!isWaived(ctx.config, f)) findings.push({ ...f, severity });
    }
  }
  return dedupeFindings(findings).sort(compareFindings);
}
