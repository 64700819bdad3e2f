/**
 * Buildroot's `Upstream:` value (SPEC §2.5). Buildroot writes it for patches
 * it submitted and for backports of merged ones alike, so a URL there is a
 * pointer to where the change lives upstream, not a recorded state: a PR
 * named there records nothing, and a merged one is a drop candidate at the
 * next version bump (rules/drop-candidate.ts), never state drift.
 *
 * Free text is the norm (`N/A, Buildroot specific`, `dead`, `sent to …`), and
 * Buildroot's own linter (utils/checkpackagelib/lib_patch.py, `Upstream`)
 * accepts any value after `Upstream: `, so no value is a problem here.
 * Qualifiers change the meaning of the URLs in the value:
 * - `<url> (rejected)`, `rejected (<url>)`, `not accepted`, `refused` → the
 *   PR was closed unmerged: CLOSED;
 * - `Discussed in: <url>`, `suggested in …`, `reported …`, `see …` → a
 *   discussion, not the change: related, no state.
 */
import type { Role, State } from '../../model.js';

export interface BuildrootMeaning {
  role: Role;
  state: State | null;
}

const REJECTED = /\b(?:rejected|refused|not\s+accepted|denied)\b/i;
const DISCUSSION = /^\s*(?:discussed|suggested|reported|see\b|mentioned|related)/i;

/** What `Upstream: <value>` records about the PRs its URLs name. */
export function readBuildrootUpstream(value: string): BuildrootMeaning {
  if (REJECTED.test(value)) return { role: 'fix', state: 'CLOSED' };
  if (DISCUSSION.test(value)) return { role: 'related', state: null };
  return { role: 'fix', state: null };
}
