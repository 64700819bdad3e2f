/**
 * Findings about a Yocto/Buildroot/DEP-3 header field, reworded in that
 * ecosystem's own terms ("change it to Backport [URL]") instead of the
 * generic "update the state". Pure: the same findings, other messages.
 */
import type { Finding, RefKey, Resolution, SourceResult } from './model.js';
import { trailerAdvice } from './sources/trailers/advice.js';
import type { TrailerField } from './sources/trailers/types.js';

interface WithTrailers {
  trailers?: { fields: readonly TrailerField[] };
}

export function rewordForEcosystems(
  findings: readonly Finding[],
  sources: readonly SourceResult[],
  live: ReadonlyMap<RefKey, Resolution> | null,
): Finding[] {
  if (live === null) return [...findings];
  const fields = new Map<string, TrailerField>();
  for (const s of sources) {
    for (const f of (s as SourceResult & WithTrailers).trailers?.fields ?? []) {
      fields.set(`${s.source.path}:${f.line}`, f);
    }
  }
  if (fields.size === 0) return [...findings];
  return findings.map((finding) => {
    if (finding.rule !== 'state-drift' || finding.ref === null) return finding;
    const field = fields.get(`${finding.file}:${finding.line}`);
    const answer = live.get(finding.ref);
    if (!field || answer?.status !== 'found') return finding;
    const advice = trailerAdvice(field, answer.live);
    return advice === null ? finding : { ...finding, message: `${advice}.` };
  });
}
