/**
 * Refs a YAML record writes in prose — a `note:`, `drop_when:`, a comment —
 * rather than in a `ref:`/`url:` field (session 11). They are mentions as
 * refs elsewhere in a patch header are (SPEC §2.3): no recorded state, and
 * the role the record gives the same ref in a field (`roleByDefault`: the
 * settling in meaning/settle.ts), else `related`. A bare `#N` there is the
 * record's repo's (and GitHub not knowing it is no error: prose may cite
 * another tracker); where the record has none, it is not reported.
 */
import type { Mention, SourceKind } from '../../model.js';
import { mayHoldRef, scanRefs, type RefContext } from '../../refs.js';

/** A line that holds a field naming a ref: read by the field readers, not here. */
const FIELD_LINE = /^[\s-]*(?:\{[^}]*)?\b(?:ref|url|ours_upstream_pr)\s*:/;

export function proseMentions(
  text: string,
  ctx: RefContext,
  where: { source: string; sourceKind: SourceKind; patch: string | null },
  taken: ReadonlySet<number>,
  /** The repo for a bare `#N` on a line, where it is not the record's (an index's libraries). */
  repoAt?: (line: number) => string | null,
): Mention[] {
  const out: Mention[] = [];
  if (!mayHoldRef(text)) return out;
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const whole = lines[i]!;
    const number = i + 1;
    if (taken.has(number) || !mayHoldRef(whole)) continue;
    // `ours_upstream_pr: null    # fixed by tidepool#1150, not ours`: the
    // field's ref is its reader's; a comment after it is prose (session 12).
    const line = FIELD_LINE.test(whole) ? commentOf(whole) : whole;
    if (line === '' || !mayHoldRef(line)) continue;
    const seen = new Set<string>();
    const lineCtx = repoAt === undefined ? ctx : { ...ctx, defaultRepo: repoAt(number) };
    for (const ref of scanRefs(line, lineCtx)) {
      if (ref.key === null || ref.internal || seen.has(ref.key)) continue;
      seen.add(ref.key);
      out.push({
        ref: ref.key,
        kindHint: ref.kindHint,
        source: where.source,
        sourceKind: where.sourceKind,
        line: number,
        patch: where.patch,
        role: ref.kindHint === 'issue' ? 'issue' : 'related',
        roleByDefault: true,
        recordedState: null,
        recordedDate: null,
        stateSpan: null,
        // A bare `#N` in prose may be another tracker's: GitHub not knowing it is no error.
        ...(ref.form === 'bare' ? { inferredRepo: true } : {}),
      });
    }
  }
  return out;
}

/** The comment a YAML line ends with (`  # …`, after white space), or ''. */
function commentOf(line: string): string {
  const at = line.search(/\s#\s/);
  return at < 0 ? '' : line.slice(at);
}

/**
 * For an index: the repo of the nearest field ref at or above `line` (the
 * library entry a comment or note sits in), else of the first below it.
 */
export function nearestRepo(mentions: readonly Mention[]): (line: number) => string | null {
  const byLine = mentions
    .filter((m) => m.ref.includes('/'))
    .map((m) => ({ line: m.line, repo: m.ref.slice(0, m.ref.lastIndexOf('#')) }))
    .sort((a, b) => a.line - b.line);
  return (line) => {
    let repo: string | null = byLine[0]?.repo ?? null;
    for (const m of byLine) {
      if (m.line > line) break;
      repo = m.repo;
    }
    return repo;
  };
}
