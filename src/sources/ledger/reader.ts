/** What every part of the ledger reader shares while reading one file. */
import { reposNamed, type RefContext } from '../../refs.js';
import type { LedgerResult } from './types.js';
import type { MarkdownDoc } from '../markdown/index.js';

export interface LedgerReader {
  /** The ledger path, as mentions and problems name it. */
  source: string;
  doc: MarkdownDoc;
  /** Config aliases merged with those the file's own links teach. */
  aliases: ReadonlyMap<string, string>;
  patchesDir: string;
  /**
   * Repo for a bare `#N` in the section being read: the one repo its refs
   * name, if one. Worked out when first read (sections.ts).
   */
  readonly sectionRepo: string | null;
  /**
   * How refs are scanned: the aliases, and the section's repo for a bare
   * `#N`, read only when one needs it (scanRefs reads defaultRepo then alone),
   * so most ledgers never work it out.
   */
  readonly refContext: RefContext;
  /**
   * While a table row is read: the one repo the row names (its full refs,
   * or a cell that is a repo's alias, as an `upstream` column holds), for
   * its bare `#N` before the section's. Worked out when first asked.
   */
  rowRepo: (() => string | null) | null;
  /** Filled in as the file is read. */
  result: LedgerResult;
}

export function reportProblem(reader: LedgerReader, line: number, message: string): void {
  reader.result.problems.push({ file: reader.source, line, message });
}

/** A short excerpt for messages: enough to find the spot, never a whole long line. */
export function excerpt(text: string, max = 60): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

/**
 * The repositories the refs in `[start, end)` of the ledger name (a table
 * row, a bullet), without the project's own: "internal PR #214" says
 * nothing of whose a bare `#N` beside it is.
 */
export function reposIn(reader: LedgerReader, start: number, end: number): Set<string> {
  const named = reposNamed(reader.doc.text.slice(start, end), reader.aliases);
  const own = reader.refContext.ownRepo ?? null;
  if (own !== null) named.delete(own);
  return named;
}
