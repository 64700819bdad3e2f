/**
 * What each trailer field says about the GitHub PRs, issues and commits it
 * names (issue 7). Field names are matched without regard to case.
 *
 * - Yocto `Upstream-Status:` — by status word (trailers-yocto.ts).
 * - Buildroot `Upstream:` — a pointer, not a state (buildroot.ts); a commit
 *   there is upstream already (MERGED). In a Buildroot tree an
 *   `Upstream-Status:` whose value is not a Yocto status word is the same
 *   free-text pointer under another ecosystem's name.
 * - DEP-3 `Forwarded:` — the PR it was sent as (OPEN), unless the header also
 *   has `Applied-Upstream:`: DEP-3 keeps `Forwarded` after the patch lands,
 *   so it then records no state. `Applied-Upstream:` — MERGED.
 *   `Origin: upstream|backport, <url>` — taken from upstream, so MERGED; any
 *   other origin only mentions. `Bug:` / `Bug-<Vendor>:` — the bug report.
 */
import type { Role, State } from '../../model.js';
import type { PatchLayout, TrailerConvention } from './types.js';
import type { RawField } from './fields.js';
import { readBuildrootUpstream } from './buildroot.js';
import { YOCTO_MEANING, readYoctoStatus, type YoctoStatus } from './yocto.js';

export interface FieldMeaning {
  convention: TrailerConvention;
  /** Yocto status word as written. */
  status: string | null;
  /** The word `sync` rewrites: the Yocto status word, else the field name (preamble offsets). */
  wordStart: number;
  wordEnd: number;
  /** Role and recorded state of a PR (or a ref of unknown kind) the field names. */
  prRole: Role;
  prState: State | null;
  /** Commits the field names are upstream (MERGED), so worth resolving to PRs. */
  commitsMerged: boolean;
  /** Read `owner/repo#N` as well as URLs (not in vendor bug fields). */
  plainRefs: boolean;
  /** Links are read from here to the end of the value (after a Yocto status word). */
  linksStart: number;
  /**
   * Where a Yocto status's `[…]` closes, when it opens right after the word:
   * links written after it, on the value's continuation lines ("tracked in
   * their draft <url>"), are prose about another PR, not the status's.
   */
  linksEnd?: number;
  /**
   * The field names one place (DEP-3 `Forwarded:`, where the patch was
   * sent): only its first ref is that PR, with a state its parenthetical
   * may write (`<url> (closed, not merged; … see the #3360 thread)`); later
   * refs are prose about others.
   */
  onePlace?: boolean;
}

export type FieldReading = { meaning: FieldMeaning } | { problem: string } | null;

// A Map, not an object literal: a field named `constructor:` must not match.
const EMPTY = new Map<string, string>(
  Object.entries({
    upstream:
      'Upstream: must give the URL where the patch was submitted or merged upstream, or say why it is not upstreamable (Buildroot)',
    forwarded:
      'Forwarded must be no, not-needed, or the URL where the patch was sent upstream (DEP-3)',
    'applied-upstream':
      'Applied-Upstream must name the upstream version or commit that applied the patch, ideally its URL (DEP-3)',
    origin:
      'Origin must say where the patch comes from: [upstream|backport|vendor|other, ]<URL or commit:id> (DEP-3)',
    bug: 'Bug must be the URL of the upstream bug report (DEP-3)',
  }),
);

const MERGED_ORIGINS = new Set(['upstream', 'backport']);
const ORIGIN_CATEGORY = /^([A-Za-z]+),/;

/** The category keyword of a DEP-3 `Origin:` value, lower-case, or null. */
export function originCategory(value: string): string | null {
  const m = ORIGIN_CATEGORY.exec(value);
  return m?.[1] === undefined ? null : m[1].toLowerCase();
}

export interface ReadContext {
  /** The header also has an `Applied-Upstream:` field. */
  appliedUpstream: boolean;
  layout: PatchLayout | null;
}

/** How to read `field` of `text` (the preamble); null when no convention defines it. */
export function readField(field: RawField, text: string, ctx: ReadContext): FieldReading {
  const lower = field.name.toLowerCase();
  const isVendorBug = lower.startsWith('bug-') && lower.length > 4;
  // `Signed-off-by:`, `Subject:`… no convention defines: decided before any slicing.
  if (lower !== 'upstream-status' && lower !== 'upstream' && !EMPTY.has(lower) && !isVendorBug)
    return null;
  const value = text.slice(field.valueStart, field.valueEnd);
  if (lower === 'upstream-status') {
    const read = readYoctoStatus(text, field.valueStart, field.valueEnd);
    if ('problem' in read) {
      return ctx.layout === 'buildroot' ? { meaning: buildrootMeaning(field, value) } : read;
    }
    const { role, state, commitsMerged } = YOCTO_MEANING[read.status.name];
    const prRole =
      read.status.name === 'Pending' &&
      !namesSubmission(text.slice(read.status.end, field.valueEnd))
        ? 'related'
        : role;
    const meaning = meaningOf(field, 'yocto', prRole, state, commitsMerged, read.status);
    const close = bracketClose(text, read.status.end, field.valueEnd);
    if (close !== null) meaning.linksEnd = close;
    return { meaning };
  }
  if (value === '') {
    // Only Debian's own layout holds DEP-3 to its letter; Buildroot's linter
    // accepts an empty `Upstream: ` and neither Buildroot nor Yocto lints DEP-3.
    if (lower === 'upstream' || ctx.layout === 'yocto' || ctx.layout === 'buildroot') return null;
    const message =
      EMPTY.get(lower) ?? `${field.name} must be the URL of the vendor's bug report (DEP-3)`;
    return { problem: message };
  }
  if (lower === 'upstream') return { meaning: buildrootMeaning(field, value) };
  if (lower === 'forwarded') {
    // `Forwarded: no -- upstream considers it fixed by #7603`: not sent; the
    // refs in the reason are prose about other PRs.
    if (/^\s*(?:no|not[- ]needed)\b/i.test(value))
      return { meaning: meaningOf(field, 'dep3', 'related', null, false) };
    const prState = ctx.appliedUpstream ? null : 'OPEN';
    return { meaning: { ...meaningOf(field, 'dep3', 'fix', prState, false), onePlace: true } };
  }
  if (lower === 'applied-upstream') {
    return { meaning: meaningOf(field, 'dep3', 'fix', 'MERGED', true) };
  }
  if (lower === 'origin') {
    const category = originCategory(value);
    // No keyword: DEP-3 says an upstream patch should point into upstream's VCS,
    // so a commit URL there is upstream's; a PR URL alone does not say merged.
    const merged = category !== null && MERGED_ORIGINS.has(category);
    const commitsMerged = merged || category === null;
    return {
      meaning: merged
        ? meaningOf(field, 'dep3', 'fix', 'MERGED', commitsMerged)
        : meaningOf(field, 'dep3', 'related', null, commitsMerged),
    };
  }
  return { meaning: meaningOf(field, 'dep3', 'issue', null, false, null, !isVendorBug) };
}

/** The offset of the `]` closing a `[` that opens at `from` (after blanks), or null. */
function bracketClose(text: string, from: number, end: number): number | null {
  let at = from;
  while (at < end && (text[at] === ' ' || text[at] === '\t')) at++;
  if (text[at] !== '[') return null;
  const close = text.indexOf(']', at);
  return close === -1 || close >= end ? null : close;
}

/** Words that say a URL is where the patch itself went: "rebased from", "submitted as". */
const SUBMISSION_WORDS =
  /\b(?:submitted|sent|posted|proposed|rebased|forwarded|opened|upstream\s+(?:PR|pull\s+request)|our\s+PR|this\s+patch)\b/i;

/**
 * Whether a `Pending […]` value names the patch's own submission: only
 * URLs (`Pending [<PR>]`), or words that say so ("rebased from <PR>"). Other
 * words ("like <PR> but for arm") leave the PR a related one.
 */
function namesSubmission(bracket: string): boolean {
  const words = bracket.replace(/\S*(?:https?:\/\/|github\.com\/)\S*/gi, ' ');
  return !/[A-Za-z]{2}/.test(words) || SUBMISSION_WORDS.test(words);
}

/**
 * The word `sync` rewrites is the Yocto status word when there is one (links
 * are read after it), else the field name (links are the whole value).
 * Built in one literal: in Node 20 a spread followed by more keys
 * (`{ ...base, prRole }`) costs microseconds an object.
 */
function meaningOf(
  field: RawField,
  convention: TrailerConvention,
  prRole: Role,
  prState: State | null,
  commitsMerged: boolean,
  yocto: YoctoStatus | null = null,
  plainRefs = true,
): FieldMeaning {
  return {
    convention,
    status: yocto?.word ?? null,
    wordStart: yocto?.start ?? field.nameStart,
    wordEnd: yocto?.end ?? field.nameStart + field.name.length,
    prRole,
    prState,
    commitsMerged,
    plainRefs,
    linksStart: yocto?.end ?? field.valueStart,
  };
}

function buildrootMeaning(field: RawField, value: string): FieldMeaning {
  const { role, state } = readBuildrootUpstream(value);
  return meaningOf(field, 'buildroot', role, state, true);
}
