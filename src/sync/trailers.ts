/**
 * Sync for ecosystem header fields, in each ecosystem's own vocabulary:
 * - Yocto `Upstream-Status: Submitted [url]` → `Backport [url]` once merged,
 *   `Denied [url]` once closed unmerged, `Submitted [url]` when open again;
 *   the bracket is kept as written.
 * - DEP-3 `Forwarded: url` whose PR merged gains an `Applied-Upstream: url`
 *   line below it (DEP-3 keeps Forwarded after a patch lands).
 * - Buildroot `Upstream: url` and claims that cannot be rewritten without a
 *   human (a closed Forwarded PR, an Applied-Upstream that is not merged)
 *   are left as they are and reported as notes.
 */
import type { LiveState, Mention, SourceResult } from '../model.js';
import { recordedMatchesLive } from '../rules/state-drift.js';
import type { TrailerField } from '../sources/trailers/types.js';
import { badRefUrl, shown } from './server-strings.js';
import { foundLive, type LiveMap } from './target.js';
import type { FileEdits } from './types.js';

export interface WithTrailerFields {
  trailers: { fields: readonly TrailerField[] };
}

export function hasTrailerFields(source: SourceResult): source is SourceResult & WithTrailerFields {
  return (
    'trailers' in source && (source as SourceResult & WithTrailerFields).trailers.fields.length > 0
  );
}

/** The lines trailer fields occupy: the prose-header sync must leave them alone. */
export function trailerLines(source: SourceResult & WithTrailerFields): Set<number> {
  const lines = new Set<number>();
  for (const f of source.trailers.fields) {
    for (let line = f.line; line <= f.lastLine; line++) lines.add(line);
  }
  return lines;
}

export function planTrailers(
  source: SourceResult & WithTrailerFields,
  text: string,
  live: LiveMap,
  webHost = 'github.com',
): FileEdits {
  const out: FileEdits = { edits: [], changes: [], notes: [] };
  const byLine = new Map<number, Mention[]>();
  for (const m of source.mentions) byLine.set(m.line, [...(byLine.get(m.line) ?? []), m]);
  const hasApplied = source.trailers.fields.some(
    (f) => f.name.toLowerCase() === 'applied-upstream',
  );
  const eol = text.includes('\r\n') ? '\r\n' : '\n';
  for (const field of source.trailers.fields) {
    // A value continued over lines names each ref on its own line.
    const mentions: Mention[] = [];
    for (let line = field.line; line <= field.lastLine; line++)
      mentions.push(...(byLine.get(line) ?? []));
    if (splitYoctoField(field, mentions, live, out)) continue;
    for (const m of mentions) {
      const l = foundLive(live, m.ref);
      if (l === null || m.recordedState === null || recordedMatchesLive(m.recordedState, l.state))
        continue;
      planField(field, m, l, { text, eol, hasApplied, out, webHost });
    }
  }
  return out;
}

const yoctoWord = (state: LiveState['state']): string =>
  state === 'MERGED' ? 'Backport' : state === 'CLOSED' ? 'Denied' : 'Submitted';

/**
 * One Yocto status word covers every PR of its value (`Submitted [url1,` /
 * `url2]`). When those PRs now call for different words, no single word is
 * right: leave the line to a human (a note) rather than write a state that
 * is wrong for one of them. True when it did so.
 */
function splitYoctoField(
  field: TrailerField,
  mentions: readonly Mention[],
  live: LiveMap,
  out: FileEdits,
): boolean {
  if (field.convention !== 'yocto') return false;
  const words = new Set<string>();
  for (const m of mentions) {
    const l = m.recordedState === null ? null : foundLive(live, m.ref);
    if (l !== null) words.add(yoctoWord(l.state));
  }
  if (words.size < 2) return false;
  const refs = mentions.map((m) => m.ref).join(', ');
  out.notes.push(
    `${field.name}: ${refs} on line ${field.line} now call for different status words (${[...words].sort().join(', ')}); split the line by hand`,
  );
  return true;
}

interface Ctx {
  text: string;
  eol: string;
  hasApplied: boolean;
  out: FileEdits;
  webHost: string;
}

function planField(field: TrailerField, m: Mention, l: LiveState, ctx: Ctx): void {
  const name = field.name.toLowerCase();
  if (field.convention === 'yocto' && m.stateSpan) {
    const word = l.state === 'MERGED' ? 'Backport' : l.state === 'CLOSED' ? 'Denied' : 'Submitted';
    const was = ctx.text.slice(m.stateSpan.start, m.stateSpan.end);
    if (was.toLowerCase() === word.toLowerCase()) return;
    ctx.out.edits.push({ start: m.stateSpan.start, end: m.stateSpan.end, text: word });
    ctx.out.changes.push({ ref: m.ref, line: field.line, field: 'state', from: was, to: word });
    return;
  }
  if (name === 'forwarded' && l.state === 'MERGED' && !ctx.hasApplied) {
    // The URL becomes a line of the patch: only GitHub's URL of this very ref.
    const bad = badRefUrl(l.url, m.ref, ctx.webHost);
    if (bad !== null) {
      ctx.out.notes.push(
        `line ${field.line}: not adding Applied-Upstream for ${m.ref}: GitHub's URL ${shown(l.url)} is ${bad}`,
      );
      return;
    }
    const lineEnd = endOfField(ctx.text, field.valueSpan.end);
    const added = `${ctx.eol}Applied-Upstream: ${l.url}`;
    ctx.out.edits.push({ start: lineEnd, end: lineEnd, text: added });
    ctx.out.changes.push({
      ref: m.ref,
      line: field.line + 1,
      field: 'state',
      from: 'Forwarded',
      to: 'Applied-Upstream',
    });
    return;
  }
  ctx.out.notes.push(
    `${field.name}: ${m.ref} is ${l.state} but the field says otherwise; edit line ${field.line} by hand`,
  );
}

/** The offset just before the line break that ends the field's last line. */
function endOfField(text: string, from: number): number {
  const nl = text.indexOf('\n', from);
  if (nl === -1) return text.length;
  return text[nl - 1] === '\r' ? nl - 1 : nl;
}
