/**
 * Sync for YAML records and the record index: per ref, `state`,
 * `merged_at` and `review_decision`; per file, `status_updated`.
 *
 * Decisions:
 * - Only keys already present are written: sync does not add fields a team
 *   chose not to keep, and inserting keys is where layout breaks.
 * - `state` is written only where a state word was recorded:
 *   `not-submitted` / `source-only` and absent states are left as they are.
 * - `merged_at` keeps the precision written: a date stays a date (the UTC
 *   day), a timestamp becomes GitHub's timestamp; `null` becomes a quoted
 *   timestamp. A merged_at on a PR GitHub says is not merged becomes null.
 * - `review_decision` takes GitHub's value whenever GitHub has one.
 * - `in_pinned_base` is written where the in-pinned-base-drift rule found it
 *   wrong (the caller passes those verdicts: they need the compare API).
 * - A file with YAML syntax errors is not touched: its ranges are not safe.
 */
import { isMap, type Document, type Node as YamlNode } from 'yaml';
import { parseYaml } from '../yaml-parse.js';
import type { LiveState, RefKey } from '../model.js';
import type { RecordResult } from '../sources/records/types.js';
import { parseStateWord } from '../states.js';
import { anyAnswered, foundLive, targetState, utcDate, type LiveMap } from './target.js';
import type { FileEdits, SyncField } from './types.js';
import { casedLike, lineAt } from './words.js';
import { scalarValue, writeScalar } from './yaml-scalar.js';

export function planRecord(
  source: RecordResult,
  text: string,
  live: LiveMap,
  today: string,
  inPinnedBase: (ref: RefKey) => boolean | undefined = () => undefined,
): FileEdits {
  const out: FileEdits = { edits: [], changes: [], notes: [] };
  const doc = parseYaml(text);
  if (doc.errors.length > 0) {
    if (
      anyAnswered(
        live,
        source.fields.map((f) => f.ref),
      )
    )
      out.notes.push('not synced: the file has YAML syntax errors (see parse-error)');
    return out;
  }
  const field = fieldWriter(text, out);
  for (const f of source.fields) {
    const l = foundLive(live, f.ref);
    const item = doc.getIn(f.path, true);
    if (l === null || !isMap(item)) continue;
    const at = (key: string): YamlNode | null => {
      const node = item.get(key, true);
      return node === undefined ? null : (node as YamlNode);
    };
    syncState(at('state'), l, f.ref, field);
    if (f.path[f.path.length - 2] === 'upstream_prs') {
      syncMergedAt(at('merged_at'), l, f.ref, field);
      syncReviewDecision(at('review_decision'), l, f.ref, field);
      const pinned = inPinnedBase(f.ref);
      if (pinned !== undefined)
        field(at('in_pinned_base'), f.ref, 'in_pinned_base', String(pinned), false);
    }
  }
  if (
    anyAnswered(
      live,
      source.fields.map((f) => f.ref),
    )
  ) {
    field(topLevel(doc, 'status_updated'), null, 'check-date', today, false);
  }
  return out;
}

type FieldWriter = (
  node: YamlNode | null,
  ref: RefKey | null,
  what: SyncField,
  value: string | null,
  quoteNew: boolean,
) => void;

/** Writes a value when it differs from the one written, recording the change. */
function fieldWriter(text: string, out: FileEdits): FieldWriter {
  return (node, ref, what, value, quoteNew) => {
    const current = scalarValue(node);
    if (node === null || current === null || current.text === value) return;
    const edit = writeScalar(text, node, value, quoteNew);
    if (edit === null) return;
    out.edits.push(edit);
    out.changes.push({
      ref,
      line: lineAt(text, node.range?.[0] ?? 0),
      field: what,
      from: current.text ?? 'null',
      to: value ?? 'null',
    });
  };
}

function syncState(node: YamlNode | null, l: LiveState, ref: RefKey, write: FieldWriter): void {
  const written = scalarValue(node)?.text;
  const recorded = written == null ? null : parseStateWord(written);
  if (written == null || recorded === null) return;
  const target = targetState(recorded, l);
  if (target !== recorded) write(node, ref, 'state', casedLike(target, written.trim()), false);
}

function syncMergedAt(node: YamlNode | null, l: LiveState, ref: RefKey, write: FieldWriter): void {
  const written = scalarValue(node)?.text ?? null;
  if (l.state !== 'MERGED' || l.mergedAt === null) {
    if (l.state !== 'MERGED' && written !== null) write(node, ref, 'merged_at', null, true);
    return;
  }
  if (written !== null && sameInstant(written, l.mergedAt)) return;
  const dateOnly = written !== null && /^\d{4}-\d{2}-\d{2}$/.test(written.trim());
  write(node, ref, 'merged_at', dateOnly ? utcDate(l.mergedAt) : l.mergedAt, true);
}

/** A written date matches a timestamp on its UTC day; a timestamp must be the same instant. */
function sameInstant(written: string, live: string): boolean {
  const w = written.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(w)) return w === utcDate(live);
  const a = Date.parse(w);
  return !Number.isNaN(a) && a === Date.parse(live);
}

function syncReviewDecision(
  node: YamlNode | null,
  l: LiveState,
  ref: RefKey,
  write: FieldWriter,
): void {
  if (l.kind !== 'pr' || l.reviewDecision === null) return;
  const written = scalarValue(node)?.text ?? null;
  const same = written !== null && normalise(written) === normalise(l.reviewDecision);
  if (!same) write(node, ref, 'review_decision', l.reviewDecision, false);
}

/** `review-required` and `REVIEW_REQUIRED` are the same decision (as the rule reads them). */
function normalise(value: string): string {
  return value
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_');
}

function topLevel(doc: Document.Parsed, key: string): YamlNode | null {
  const root = doc.contents;
  if (!isMap(root)) return null;
  const node = root.get(key, true);
  return node === undefined ? null : (node as YamlNode);
}
