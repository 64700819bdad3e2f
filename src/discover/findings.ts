/**
 * `unrecorded-collision`: an open upstream PR that breaks a patch (warning)
 * or comes within a few lines of it (notice), that no source names for that
 * patch. The finding sits where it should be recorded: the patch's record,
 * else its ledger row.
 */
import type { Collected } from '../collect.js';
import type { Finding } from '../model.js';
import type { OpenPr } from './open-prs.js';
import type { Collision } from './replay.js';

/** Is `ref` already named for `patch` in any source (any role)? */
export function isRecorded(collected: Collected, ref: string, patch: string): boolean {
  return (collected.mentionsByRef.get(ref) ?? []).some((m) => m.patch === patch);
}

/** Where the collision should be written down: the record, else the ledger row, else the patch. */
export function placeFor(collected: Collected, patch: string): { file: string; line: number } {
  const entries = collected.indexed.get(patch) ?? [];
  const record = entries.find((e) => e.source.endsWith('.upstream.status.yaml'));
  const entry = record ?? entries[0];
  return entry ? { file: entry.source, line: record ? 1 : entry.line } : { file: patch, line: 1 };
}

export function collisionFinding(
  repo: string,
  pr: OpenPr,
  patch: string,
  c: Collision,
  place: { file: string; line: number },
): Finding {
  const ref = `${repo}#${pr.number}`;
  const state = [
    pr.isDraft ? 'draft' : 'open',
    (pr.reviewDecision ?? 'no review decision').toLowerCase().replace(/_/g, ' '),
    `last push ${pr.updatedAt.slice(0, 10)}`,
  ].join(', ');
  const what =
    c.kind === 'certain'
      ? `would break ${c.subject} of ${patch} (line ${c.line}) in ${c.file}`
      : `touches ${c.file} within a few lines of ${c.subject} of ${patch} (line ${c.line}) without breaking it`;
  return {
    rule: 'unrecorded-collision',
    severity: c.kind === 'certain' ? 'warning' : 'notice',
    ref,
    patch,
    file: place.file,
    line: place.line,
    recorded: null,
    live: pr.isDraft ? 'DRAFT' : 'OPEN',
    message: `${ref} ${JSON.stringify(pr.title)} (${state}) ${what}; no record names it${c.kind === 'certain' ? ': add it as an anchor-collision' : ''}.`,
  };
}
