/** ambiguous-ref: a `#N` whose repository cannot be known; reported rather than guessed. */
import { writtenName } from '../refs.js';
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
          message: messageFor(a.text),
        }),
      ),
    );
  },
};

/**
 * `#12` names no repository; `foo#12` and "foo PR #12" name one that no
 * alias, link or config entry identifies, and the name is the user's cue.
 */
function messageFor(text: string): string {
  const name = writtenName(text);
  return name === null
    ? `"${text}" names no repository: write it as owner/repo#N, or internal#N if it is a private tracker.`
    : `"${text}": no link, record or config alias says which repository "${name}" is: write it as owner/repo#N, add "${name.toLowerCase()}" to repos.aliases, or write internal#N if it is a private tracker.`;
}
