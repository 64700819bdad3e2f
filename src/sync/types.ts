/** What a sync planner returns for one file, and what it reports about each change. */
import type { RefKey } from '../model.js';
import type { TextEdit } from './edits.js';

/** Which recorded value changed: a state word (with its date), a record field, or a check date. */
export type SyncField = 'state' | 'merged_at' | 'review_decision' | 'in_pinned_base' | 'check-date';

/** One value sync rewrites, for the "what changed" report (and tests). */
export interface SyncChange {
  /** Null for a file's check date. */
  ref: RefKey | null;
  /** 1-based line of the rewritten value. */
  line: number;
  field: SyncField;
  from: string;
  to: string;
}

export interface FileEdits {
  edits: TextEdit[];
  changes: SyncChange[];
  /** Drift sync saw but chose not to write, with the reason (e.g. refs it could not place). */
  notes: string[];
}
