/**
 * One ref, one meaning (SPEC §2.4): after every source is read, the roles of
 * a ref's mentions are made to agree where the author said it once and then
 * only named it.
 *
 * - A cause stays a cause: when any mention in a source says a ref
 *   introduced the defect, its fix-like and related mentions in that source
 *   are the cause too (a ledger row that lists it as the upstream PR, a later
 *   "#n landed in between"). Merging a cause never yields drop advice.
 * - A mention whose role came from position alone (`roleByDefault`: a ref in
 *   a paragraph, no words about it) takes the role the author gave the same
 *   ref elsewhere, when every such place agrees: first in the same source
 *   and patch, then in any source for the same patch. A mention that belongs
 *   to no patch (ledger prose, a README) may take it from any patch, since
 *   it can never drop one.
 * - Ours once, ours for the patch: a `fix` mention of a ref that another
 *   mention for the same patch calls the team's own is `own` (spreadOwn).
 * - A ref in the project's own repository (`ownRepo`, the one that carries
 *   the patches: "internal PR #178") never decides a patch's fate: a patch
 *   is dropped when its upstream merges the fix, re-cut when an upstream PR
 *   collides, never because the project merged its own PR. Its fix-like and
 *   collision mentions are `related`.
 */
import type { Mention, Role } from '../../model.js';

const CAUSE_OVERRIDES: ReadonlySet<Role> = new Set(['fix', 'own', 'third-party', 'related']);
/** Roles whose merge advises dropping or re-cutting a patch. */
const DECIDING: ReadonlySet<Role> = new Set(['fix', 'own', 'third-party', 'anchor-collision']);

export function settleRoles(
  mentionLists: readonly (readonly Mention[])[],
  ownRepo: string | null = null,
): void {
  const byRef = new Map<string, Mention[]>();
  for (const list of mentionLists) {
    for (const m of list) {
      const group = byRef.get(m.ref);
      if (group === undefined) byRef.set(m.ref, [m]);
      else group.push(m);
    }
  }
  const ownPrefix = ownRepo === null ? null : `${ownRepo}#`;
  for (const [ref, mentions] of byRef) {
    if (ownPrefix !== null && ref.startsWith(ownPrefix)) {
      for (const m of mentions) if (DECIDING.has(m.role)) m.role = 'related';
    }
    spreadCause(mentions);
    spreadOwn(mentions);
    for (const m of mentions) {
      if (m.roleByDefault !== true) continue;
      const said = (pick: (o: Mention) => boolean): Role | null =>
        agreed(mentions.filter((o) => o !== m && o.roleByDefault !== true && pick(o)));
      // In prose of no patch, a `related` read from words ("…, not [#4417]")
      // speaks of its own sentence only: it does not outvote the patches.
      const votes = (o: Mention): boolean =>
        m.patch !== null || o.patch !== null || o.role !== 'related';
      const role =
        said((o) => o.source === m.source && o.patch === m.patch && votes(o)) ??
        (m.patch === null ? said(votes) : said((o) => o.patch === m.patch));
      if (role !== null) {
        m.role = role;
        m.roleByDefault = false;
      }
    }
  }
}

/**
 * Ours once, ours for the patch: where one place says a ref is the team's own
 * PR, the places that call it the patch's fix (a ledger's "upstream PR"
 * column, an `Upstream-PR:` trailer) mean the same PR (session 16). Both
 * advise dropping when it merges; the report says whose it is.
 */
function spreadOwn(mentions: readonly Mention[]): void {
  let ours: Set<string> | null = null;
  for (const m of mentions)
    if (m.role === 'own' && m.patch !== null && m.roleByDefault !== true)
      (ours ??= new Set()).add(m.patch);
  if (ours === null) return;
  for (const m of mentions)
    if (m.role === 'fix' && m.patch !== null && ours.has(m.patch)) m.role = 'own';
}

function spreadCause(mentions: readonly Mention[]): void {
  const sources = new Set(
    mentions.filter((m) => m.role === 'introduced-the-defect').map((m) => m.source),
  );
  if (sources.size === 0) return;
  for (const m of mentions) {
    if (sources.has(m.source) && CAUSE_OVERRIDES.has(m.role)) {
      m.role = 'introduced-the-defect';
      m.roleByDefault = false;
    }
  }
}

/**
 * The one role all `mentions` give, or null when they give none or disagree.
 * `own` and `fix` agree as `own`: "ours upstream as #n" in one place and
 * "when #n merges, delete this file" in another both mean drop when merged.
 */
function agreed(mentions: readonly Mention[]): Role | null {
  const roles = new Set(mentions.map((m) => m.role));
  if (roles.size === 2 && roles.has('own') && roles.has('fix')) return 'own';
  return roles.size === 1 ? ([...roles][0] ?? null) : null;
}
