/** unindexed-patch: a patch file on disk that no ledger row or record describes. */
import type { Rule } from './types.js';
import { makeFinding } from './support.js';

export const rule: Rule = {
  id: 'unindexed-patch',
  defaultSeverity: 'error',
  needsNetwork: false,
  check(ctx) {
    const notPatches = new Set(ctx.sources.flatMap((s) => s.notPatches));
    return ctx.patchFiles
      .filter((path) => !ctx.indexed.has(path) && !notPatches.has(path))
      .map((path) =>
        makeFinding(rule, {
          ref: null,
          patch: path,
          file: path,
          line: 1,
          message: `${path} is not indexed by any ledger row or record: add a row (or a record) naming its upstream PRs, or list it under "Not patches".`,
        }),
      );
  },
};
