/**
 * `sync`'s pure core: the sources a run collected, the files' original
 * texts and GitHub's answers → the new text of every file that changes.
 * Nothing is read or written here (see write.ts); running the plan on its
 * own output changes nothing.
 *
 * Only refs GitHub found are written; a not-found, unknown or ignored ref
 * keeps what was recorded for it. Every value taken from an answer is
 * checked against the grammar of its place first (vet.ts, and the URL check
 * in trailers.ts); what does not fit is not written, and a note says where
 * and why. As a last line, no edit may put a control character into a file
 * (only the line break that starts an added line).
 */
import type { RefKey, Resolution, SourceResult } from '../model.js';
import type { LedgerResult } from '../sources/ledger/types.js';
import type { RecordResult } from '../sources/records/types.js';
import { hasControlChars } from '../control-chars.js';
import { applyEdits, type TextEdit } from './edits.js';
import { planHeader } from './headers.js';
import { planLedger } from './ledger.js';
import { planRecord } from './records.js';
import { hasTrailerFields, planTrailers, trailerLines } from './trailers.js';
import type { FileEdits, SyncChange } from './types.js';
import { shown } from './server-strings.js';
import { rejectionNotes, vetLive } from './vet.js';

export type { SyncChange, SyncField } from './types.js';

export interface SyncInput {
  /** As collected: LedgerResult, RecordResult and HeaderResult objects. */
  sources: readonly SourceResult[];
  /** Root-relative path → the file's text exactly as read (BOM and CRs included). */
  texts: ReadonlyMap<string, string>;
  live: ReadonlyMap<RefKey, Resolution>;
  /** yyyy-mm-dd written as the new check date. */
  today: string;
  /** The host of GitHub's web URLs sync may write (`github.com` unless configured). */
  webHost?: string;
  /**
   * What `in_pinned_base` should say, keyed by pinnedBaseKey(record path, ref):
   * the in-pinned-base-drift rule's verdicts (the compare API's answers).
   */
  inPinnedBase?: ReadonlyMap<string, boolean>;
}

export function pinnedBaseKey(path: string, ref: RefKey): string {
  return `${path}\n${ref}`;
}

export interface FileSync {
  path: string;
  before: string;
  after: string;
  changes: SyncChange[];
}

export interface SyncPlan {
  /** Files whose text changes, by path. */
  files: FileSync[];
  /** Drift sync left in place, and why (for the user to fix by hand). */
  notes: { path: string; message: string }[];
}

export function planSync(input: SyncInput): SyncPlan {
  const plan: SyncPlan = { files: [], notes: [] };
  const vetted = vetLive(input.live);
  const ctx: PlanContext = {
    inPinnedBase: input.inPinnedBase,
    live: vetted.live,
    today: input.today,
    webHost: input.webHost ?? 'github.com',
  };
  for (const source of input.sources) {
    const path = source.source.path;
    const before = input.texts.get(path);
    if (before === undefined) continue;
    for (const message of rejectionNotes(source.mentions, vetted.rejected))
      plan.notes.push({ path, message });
    const planned = planSource(source, before, ctx);
    if (planned === null) continue;
    for (const message of planned.notes) plan.notes.push({ path, message });
    if (planned.edits.length === 0) continue;
    const unsafe = planned.edits.find(isUnsafeEdit);
    if (unsafe !== undefined) {
      plan.notes.push({ path, message: unsafeNote(before, unsafe) });
      continue;
    }
    const after = applyEdits(before, planned.edits);
    if (after === before) continue;
    const changes = [...planned.changes].sort((a, b) => a.line - b.line);
    plan.files.push({ path, before, after, changes });
  }
  plan.files.sort((a, b) => compare(a.path, b.path));
  plan.notes.sort((a, b) => compare(a.path, b.path));
  return plan;
}

interface PlanContext {
  inPinnedBase: SyncInput['inPinnedBase'];
  live: SyncInput['live'];
  today: string;
  webHost: string;
}

/** An edit that would write a control character (beyond the line break that starts an added line). */
export function isUnsafeEdit(edit: TextEdit): boolean {
  return hasControlChars(edit.text.replace(/^\r?\n/, ''));
}

function unsafeNote(text: string, edit: TextEdit): string {
  const line = text.slice(0, edit.start).split('\n').length;
  return `line ${line}: not synced: a planned edit would write a control character into the file (${shown(edit.text)}); nothing in this file was written`;
}

function planSource(source: SourceResult, text: string, ctx: PlanContext): FileEdits | null {
  const { live, today } = ctx;
  switch (source.source.kind) {
    case 'ledger':
      return isLedger(source) ? planLedger(source, text, live, today) : null;
    case 'record':
    case 'record-index':
      return isRecord(source)
        ? planRecord(source, text, live, today, (ref) =>
            ctx.inPinnedBase?.get(pinnedBaseKey(source.source.path, ref)),
          )
        : null;
    case 'patch-header': {
      if (!hasTrailerFields(source)) return planHeader(source, text, live, today);
      // Field lines are the trailer planner's; the prose planner sees the rest.
      const lines = trailerLines(source);
      const prose = planHeader(
        { ...source, mentions: source.mentions.filter((m) => !lines.has(m.line)) },
        text,
        live,
        today,
      );
      const fields = planTrailers(source, text, live, ctx.webHost);
      return {
        edits: [...prose.edits, ...fields.edits],
        changes: [...prose.changes, ...fields.changes],
        notes: [...prose.notes, ...fields.notes],
      };
    }
  }
}

function isLedger(source: SourceResult): source is LedgerResult {
  return 'stateCells' in source && 'checkDateSpan' in source;
}

function isRecord(source: SourceResult): source is RecordResult {
  return 'fields' in source;
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
