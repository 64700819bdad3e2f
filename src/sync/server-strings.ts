/**
 * The grammar of each place `sync` copies a server string into (GitHub's
 * answer or a `--replay` snapshot). A server string is data, never text to
 * paste: a review decision `APPROVED\n<command> #` written into a `.sh`
 * header comment becomes a shell line, and an `Applied-Upstream:` URL with a
 * newline becomes a hunk that `patch -p1` applies. Each check returns null
 * when the value fits its grammar, else why it does not (for the note).
 */
import { escapeControls } from '../control-chars.js';
import { STATES, splitRefKey, type RefKey } from '../model.js';

export const REVIEW_DECISIONS = ['APPROVED', 'CHANGES_REQUESTED', 'REVIEW_REQUIRED'] as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
const NAME = /^[A-Za-z0-9._-]+$/;
const DIGITS = /^[1-9]\d*$/;

/** A value as a note shows it: quoted, control characters visible, cut at 80 characters. */
export function shown(value: string): string {
  const cut = value.length > 80 ? `${value.slice(0, 80)}…` : value;
  return `"${escapeControls(cut)}"`;
}

export function badState(value: string): string | null {
  return (STATES as readonly string[]).includes(value) ? null : `not one of ${STATES.join(', ')}`;
}

export function badReviewDecision(value: string): string | null {
  return (REVIEW_DECISIONS as readonly string[]).includes(value)
    ? null
    : `not one of ${REVIEW_DECISIONS.join(', ')}`;
}

/** yyyy-mm-dd, a real calendar day. */
export function badDate(value: string): string | null {
  const m = DATE.exec(value);
  if (m === null) return 'not a yyyy-mm-dd date';
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value)
    ? null
    : 'not a calendar date';
}

/** A full ISO-8601 timestamp with a zone, as GitHub sends them (`2026-08-12T09:30:00Z`). */
export function badTimestamp(value: string): string | null {
  const m = TIMESTAMP.exec(value);
  if (m === null || m[1] === undefined) return 'not an ISO-8601 timestamp';
  return Number.isNaN(Date.parse(value)) ? 'not a real instant' : badDate(m[1]);
}

/**
 * Exactly `https://<host>/<owner>/<repo>/(pull|issues)/<n>` for this ref
 * (owner and repo compared case-insensitively: GitHub answers with the
 * canonical spelling), nothing before or after it.
 */
export function badRefUrl(value: string, ref: RefKey, host: string): string | null {
  const expected = `https://${host}/<owner>/<repo>/(pull|issues)/<n> for ${ref}`;
  const prefix = `https://${host.toLowerCase()}/`;
  if (!value.toLowerCase().startsWith(prefix)) return `not ${expected}`;
  const parts = value.slice(prefix.length).split('/');
  const [owner, repo, kind, number] = parts;
  const want = splitRefKey(ref);
  const fits =
    parts.length === 4 &&
    owner !== undefined &&
    repo !== undefined &&
    number !== undefined &&
    NAME.test(owner) &&
    NAME.test(repo) &&
    (kind === 'pull' || kind === 'issues') &&
    DIGITS.test(number) &&
    owner.toLowerCase() === want.owner.toLowerCase() &&
    repo.toLowerCase() === want.repo.toLowerCase() &&
    Number(number) === want.number;
  return fits ? null : `not ${expected}`;
}
