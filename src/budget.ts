/**
 * A cap on what one run may ask GitHub (`github.budget`, `--budget`). A
 * scheduled job on a shared token must not eat the hour's allowance: a run
 * that would exceed its cap asks nothing it cannot afford and says so as a
 * `budget-exceeded` finding — never a silent pass.
 */
import type { RefRequest } from './github/client.js';
import type { Finding } from './model.js';

/**
 * Requests resolving `refs` will cost: one GraphQL query (1 point) per chunk
 * with a token; without one, REST asks one request per PR known to be a PR
 * and up to two for the rest (issues endpoint, then pulls if it is a PR).
 */
export function plannedRequests(
  refs: readonly RefRequest[],
  opts: { token: boolean; chunkSize: number },
): number {
  if (refs.length === 0) return 0;
  if (opts.token) return Math.ceil(refs.length / opts.chunkSize);
  return refs.reduce((n, r) => n + (r.kindHint === 'pr' ? 1 : 2), 0);
}

/** The run-level finding; it belongs to no file line, so it points at the config (or the root). */
export function budgetFinding(
  what: 'refs' | 'containment',
  needed: number,
  left: number,
  budget: number,
  file: string | null,
): Finding {
  const message =
    what === 'refs'
      ? `resolving the refs needs ${needed} GitHub requests but the budget is ${budget}: nothing was asked, so no live state was checked. Raise github.budget (or --budget), or check fewer refs.`
      : `checking merged fixes against their pinned bases needs ${needed} compare requests but only ${left} of the budget of ${budget} are left: in-pinned-base-drift and drop-candidate were skipped. Raise github.budget (or --budget).`;
  return {
    rule: 'budget-exceeded',
    severity: what === 'refs' ? 'error' : 'warning',
    ref: null,
    patch: null,
    file: file ?? '.',
    line: 1,
    recorded: null,
    live: null,
    message,
  };
}
