/** missing-patch: a ledger row or record names a patch file that is not on disk. */
import type { Finding } from '../model.js';
import type { Rule } from './types.js';
import { makeFinding } from './support.js';

export const rule: Rule = {
  id: 'missing-patch',
  defaultSeverity: 'error',
  needsNetwork: false,
  check(ctx) {
    const onDisk = new Set([...ctx.patchFiles, ...(ctx.indexedOnDisk ?? [])]);
    const findings: Finding[] = [];
    for (const [path, entries] of ctx.indexed) {
      // A patch retired anywhere was dropped on purpose; the stale row elsewhere is not "missing".
      if (onDisk.has(path) || entries.some((e) => e.retired)) continue;
      for (const entry of entries) {
        findings.push(
          makeFinding(rule, {
            ref: null,
            patch: path,
            file: entry.source,
            line: entry.line,
            message: `${path} is named here but does not exist: fix the path, or move the row to "Retired" if the patch was dropped.`,
          }),
        );
      }
    }
    return findings;
  },
};
