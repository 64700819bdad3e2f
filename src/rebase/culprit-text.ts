/** How the commits that moved a file are named in a message. */
import type { Culprit } from '../github/culprits.js';

/** What `culpritsFor(path)` knows of the commits that moved a file; [] when nothing. */
export type CulpritLookup = (path: string) => { culprits: Culprit[]; since: string | null } | null;

/** `; changed since v0.5.17 by 1a2b3c4d5e6f "Refactor" (#3877), …` or ''. */
export function describeCulprits(found: ReturnType<CulpritLookup>): string {
  if (found === null || found.culprits.length === 0) return '';
  const list = found.culprits
    .map((c) => {
      const pulls = c.pulls.length > 0 ? ` (${c.pulls.map((n) => `#${n}`).join(', ')})` : '';
      return `${c.sha.slice(0, 12)} ${JSON.stringify(c.subject)}${pulls}`;
    })
    .join(', ');
  return found.since === null
    ? `; the newest commits that changed it: ${list}`
    : `; changed since ${found.since} by ${list}`;
}
