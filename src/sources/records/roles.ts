/**
 * Roles of record entries (SPEC §2.2, §2.4). `upstream_prs` entries are
 * fixes (`own` when `ours: true`) unless their own notes say otherwise: a PR
 * whose note says it introduced or created the defect is the cause, one that
 * repairs the defect another way, or that porting failed, is third-party —
 * never a fix whose merge would mean "drop the patch" — unless the same note
 * says its landing retires the patch. `related_refs` relevance values pass
 * through as roles, except that a relevance of `fix`/`own` reads as `related`;
 * a related ref is a fix only when its note says its landing retires the
 * patch (cues.ts, 'retires').
 */
import type { RefKind, Role } from '../../model.js';
import { applyCue, tailCue } from '../meaning/cues.js';

/** The fields in which an entry's author writes about the entry itself. */
export const NOTE_FIELDS: readonly string[] = ['note', 'approach_note'];

/**
 * Words that make a PR the defect's cause, beyond the shared cues: "the PR
 * that CREATED the defect", "a merged PR that a local patch exists to undo".
 */
const CAUSE =
  /\b(?:created|introduced|caused)\s+(?:the|this|our)\s+(?:defect|bug|regression|crash)\b|\bexists\s+to\s+undo\b/i;

/** Cues that can only take a fix away, never give one (SPEC §2.4: prefer no drop advice). */
const NARROWING = new Set([
  'introduced-the-defect',
  'alternative',
  'not-fix',
  'background',
  'reverted',
]);

export function entryRole(base: Role, note: string): Role {
  if (note.trim() === '') return base;
  if (CAUSE.test(note)) return 'introduced-the-defect';
  const cue = tailCue(note);
  if (cue === null || !NARROWING.has(cue)) return base;
  // Our own PR is ours whatever its note says of other PRs; only the cause outranks that.
  if (base === 'own' && cue !== 'introduced-the-defect') return base;
  return applyCue(base, cue);
}

const NEVER_FROM_RELEVANCE: ReadonlySet<string> = new Set(['fix', 'own', 'third-party']);
/** Relevances whose ref's merge never drops the patch, whatever the note says. */
const NEVER_RETIRES: ReadonlySet<string> = new Set([
  'anchor-collision',
  'introduced-the-defect',
  'unrelated',
]);

/**
 * `relevance:` as written (lower-cased), `related` when absent or when it
 * would claim a fix; `fix` when the entry's note says its landing retires the
 * patch ("Either landing retires this patch", on an `alternative-repair`).
 */
export function relevanceRole(
  relevance: string | null,
  note = '',
  kind: RefKind | null = null,
): Role {
  const word = relevance?.trim().toLowerCase() ?? '';
  const retires = kind !== 'issue' && !NEVER_RETIRES.has(word) && note.trim() !== '';
  if (retires && tailCue(note) === 'retires') return 'fix';
  if (word === '' || NEVER_FROM_RELEVANCE.has(word)) return 'related';
  return word;
}
