/**
 * Typed reads of single record values (dates, flags, states, kinds). Each
 * reader reports a wrong shape as a ParseProblem naming the field and its
 * line, and returns null so the rest of the record is still read.
 */
import type { RefKind, Span, State } from '../../model.js';
import { parseStateWord } from '../../states.js';
import { describe, isNull, isScalar, scalarText, type Entry, type YamlFile } from './yaml.js';

/** Recorded "states" that say no PR exists yet: nothing to compare, and not a mistake. */
const NOT_A_STATE = new Set(['not-submitted', 'source-only']);

/** A scalar written as text (or a number/date YAML typed); collections are a problem. */
export function readText(file: YamlFile, entry: Entry | undefined, label: string): string | null {
  if (!entry || isNull(entry.node)) return null;
  const text = isScalar(entry.node) ? scalarText(entry.node) : null;
  if (text === null)
    file.report(entry.line, `${label} must be a single value, found ${describe(entry.node)}`);
  return text === null ? null : text.trim();
}

/** yyyy-mm-dd, whether YAML read it as a string, a quoted string or a Date. */
export function readDay(file: YamlFile, entry: Entry | undefined, label: string): string | null {
  const text = readText(file, entry, label);
  if (text === null || !entry) return null;
  const day = findDay(text);
  if (day === null)
    file.report(entry.line, `${label} must be a date (yyyy-mm-dd), found ${JSON.stringify(text)}`);
  return day;
}

/**
 * YAML 1.2 reads `yes`/`no` as strings, but people who learnt YAML 1.1 still
 * write them; their meaning is not in doubt, so they count as booleans.
 */
const FLAG_WORDS: Record<string, boolean> = {
  yes: true,
  no: false,
  true: true,
  false: false,
  on: true,
  off: false,
};

/**
 * The first yyyy-mm-dd in `text`, also when a time follows (`2026-07-09T10:11:12Z`,
 * where a `\b`-bounded search finds nothing because `9T` has no word boundary).
 */
export function findDay(text: string): string | null {
  return /(?<!\d)(\d{4}-\d{2}-\d{2})(?!\d)/.exec(text)?.[1] ?? null;
}

export function readFlag(file: YamlFile, entry: Entry | undefined, label: string): boolean | null {
  if (!entry || isNull(entry.node)) return null;
  if (isScalar(entry.node) && typeof entry.node.value === 'boolean') return entry.node.value;
  const word =
    isScalar(entry.node) && typeof entry.node.value === 'string' ? entry.node.value : null;
  const flag = word === null ? undefined : FLAG_WORDS[word.trim().toLowerCase()];
  if (flag !== undefined) return flag;
  file.report(entry.line, `${label} must be true or false, found ${describe(entry.node)}`);
  return null;
}

/** `kind: pr|issue` (any case); anything else gives no hint rather than a guess. */
export function readKind(file: YamlFile, entry: Entry | undefined, label: string): RefKind | null {
  const text = readText(file, entry, label)?.toLowerCase();
  if (text === 'pr') return 'pr';
  return text === 'issue' ? 'issue' : null;
}

export interface StateReading {
  state: State | null;
  /** Line of the state value, when one is written. */
  line: number | null;
  /** Where the written state sits in the text, for sync; null when aliased or absent. */
  span: Span | null;
  /** `not-submitted` / `source-only`: there is deliberately no upstream PR. */
  noUpstream: boolean;
}

/**
 * `state:` as written. Unknown words give no recorded state (SPEC §2.2 lists
 * the values; anything else is free text a human left).
 */
export function readState(file: YamlFile, entry: Entry | undefined, label: string): StateReading {
  const text = readText(file, entry, label);
  if (text === null || !entry) return { state: null, line: null, span: null, noUpstream: false };
  return {
    state: parseStateWord(text),
    line: entry.line,
    span: entry.aliased ? null : wordSpan(entry),
    noUpstream: NOT_A_STATE.has(text.toLowerCase()),
  };
}

/** The value's offsets, inside the quotes when it is quoted. */
function wordSpan(entry: Entry): Span | null {
  const node = entry.node;
  if (!isScalar(node)) return null;
  const { start, end } = node;
  const quoted = node.style === 'QUOTE_DOUBLE' || node.style === 'QUOTE_SINGLE';
  return quoted ? { start: start + 1, end: end - 1 } : { start, end };
}
