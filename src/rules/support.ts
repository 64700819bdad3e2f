/** Small helpers the rules share, so each rule file holds only its own judgement. */
import type { Finding, LiveState, Mention, RefKey, Severity, State } from '../model.js';
import type { CheckContext, Rule } from './types.js';

/** The live answer for a ref when GitHub found it; null when offline, unresolved or not asked. */
export function foundLive(ctx: CheckContext, ref: RefKey): LiveState | null {
  const resolution = ctx.live?.get(ref);
  return resolution?.status === 'found' ? resolution.live : null;
}

/** Code-unit order, not locale order, so output is identical on every machine. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Mentions in reading order: by source file, then line. */
export function sortMentions(mentions: readonly Mention[]): Mention[] {
  const out = mentions.slice();
  // A ref's mentions are often in order already, and a sort call allocates
  // its own work copy even then (the rules sort each ref's mentions again).
  for (let i = 1; i < out.length; i++) {
    if (readingOrder(out[i - 1]!, out[i]!) > 0) return out.sort(readingOrder);
  }
  return out;
}

function readingOrder(a: Mention, b: Mention): number {
  return compareText(a.source, b.source) || a.line - b.line;
}

/**
 * The UTC calendar date of a timestamp, or the date itself when only a date
 * is written. UTC, never local time: the same instant must compare equal on
 * every runner whatever its time zone.
 */
export function utcDate(value: string): string | null {
  const trimmed = value.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return trimmed;
  const ms = Date.parse(trimmed);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().slice(0, 10);
}

/** `MERGED (2026-08-12)`: the live state with the date it was reached, when GitHub gives one. */
export function describeLive(live: LiveState): string {
  const at =
    live.state === 'MERGED' ? live.mergedAt : live.state === 'CLOSED' ? live.closedAt : null;
  const date = at === null ? null : utcDate(at);
  return date === null ? live.state : `${live.state} (${date})`;
}

/** A ref's recorded state seen from another source: DRAFT and OPEN both mean "not landed yet". */
export function openness(state: State): State {
  return state === 'DRAFT' ? 'OPEN' : state;
}

interface FindingFields {
  ref: RefKey | null;
  patch: string | null;
  file: string;
  line: number;
  recorded?: string | null;
  live?: string | null;
  message: string;
}

/**
 * Where a finding about a mention points: its patch, file and line — the
 * line of the recorded state word when a wrapped title put it below the ref,
 * since that is the line that goes stale.
 */
export function placeOf(m: Mention): Pick<FindingFields, 'patch' | 'file' | 'line'> {
  return { patch: m.patch, file: m.source, line: m.stateLine ?? m.line };
}

/** A finding at the rule's default severity; runRules applies the configured one. */
export function makeFinding(rule: Pick<Rule, 'id' | 'defaultSeverity'>, f: FindingFields): Finding {
  const severity: Severity = rule.defaultSeverity;
  return {
    rule: rule.id,
    severity,
    ref: f.ref,
    patch: f.patch,
    file: f.file,
    line: f.line,
    recorded: f.recorded ?? null,
    live: f.live ?? null,
    message: f.message,
  };
}
