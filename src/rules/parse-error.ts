/** parse-error: part of a source could not be read as its format; the rest was still checked. */
import type { Rule } from './types.js';
import { makeFinding } from './support.js';

export const rule: Rule = {
  id: 'parse-error',
  defaultSeverity: 'error',
  needsNetwork: false,
  check(ctx) {
    return ctx.sources.flatMap((s) =>
      s.problems.map((p) =>
        makeFinding(rule, {
          ref: null,
          // A header problem belongs to the patch it heads; others cannot be pinned to one patch.
          patch: s.source.kind === 'patch-header' ? s.source.path : null,
          file: p.file,
          line: p.line,
          message: `${p.file} could not be read here (${p.message.trim().replace(/\.+$/, '')}): fix the source so its refs are checked.`,
        }),
      ),
    );
  },
};
