/**
 * Where Buildroot's `Upstream: <url>` (and a Buildroot tree's free-text
 * `Upstream-Status:`) names a PR: that field is a pointer, not a recorded
 * state (SPEC §2.5), so a merged PR there is a drop candidate at the next
 * version bump — Buildroot pins versions, not commits, so no pinned-base
 * check applies. Pure: read from the trailer fields the header reader kept.
 */
import type { Mention, SourceResult } from '../model.js';
import type { TrailerField } from '../sources/trailers/types.js';

interface WithTrailers {
  trailers?: { fields: readonly TrailerField[] };
}

/** `source:line` of every line of every Buildroot pointer field (a URL may sit on the next line). */
export function buildrootPointerLines(sources: readonly SourceResult[]): Set<string> {
  const out = new Set<string>();
  for (const s of sources) {
    for (const f of (s as SourceResult & WithTrailers).trailers?.fields ?? []) {
      if (f.convention !== 'buildroot') continue;
      for (let line = f.line; line <= f.lastLine; line++) out.add(`${s.source.path}:${line}`);
    }
  }
  return out;
}

/** A fix named by a Buildroot pointer field, with no state recorded beside it. */
export function isBuildrootPointer(m: Mention, lines: ReadonlySet<string>): boolean {
  return m.role === 'fix' && m.recordedState === null && lines.has(`${m.source}:${m.line}`);
}
