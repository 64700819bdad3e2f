/** unresolved-ref: GitHub says the ref does not exist or is not visible to the token. */
import type { Finding } from '../model.js';
import type { Rule } from './types.js';
import { makeFinding, sortMentions } from './support.js';

export const rule: Rule = {
  id: 'unresolved-ref',
  defaultSeverity: 'error',
  needsNetwork: true,
  check(ctx) {
    const findings: Finding[] = [];
    for (const [ref, mentions] of ctx.mentionsByRef) {
      const resolution = ctx.live?.get(ref);
      if (resolution?.status !== 'not-found') continue;
      // A repository we inferred for a copied `#N` may simply not be where upstream tracks issues.
      if (mentions.every((m) => m.inferredRepo === true)) continue;
      // One finding per ref: the typo is usually copied, fixing the first teaches the rest.
      const first = sortMentions(mentions)[0];
      if (first === undefined) continue;
      const reason = resolution.message.trim().replace(/\.+$/, '');
      findings.push(
        makeFinding(rule, {
          ref,
          patch: first.patch,
          file: first.source,
          line: first.line,
          recorded: first.recordedState,
          message: `${ref} could not be resolved on GitHub (${reason}): fix the repository or number, or add it to \`ignore\` if it is private.`,
        }),
      );
    }
    return findings;
  },
};
