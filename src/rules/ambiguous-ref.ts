/** ambiguous-ref: a `#N` whose repository cannot be known; reported rather than guessed. */
import type { Rule } from './types.js';
import { makeFinding } from './support.js';

export const rule: Rule = {
  id: 'ambiguous-ref',
  defaultSeverity: 'warning',
  needsNetwork: false,
  check(ctx) {
    return ctx.sources.flatMap((s) =>
      s.ambiguous.map((a) =>
        makeFinding(rule, {
          ref: null,
          patch: a.patch,
          file: a.source,
          line: a.line,
          message: `"${a.text}" names no repository: write it as owner/repo#N, or internal#N if it is a private tracker.`,
        }),
      ),
    );
  },
};
