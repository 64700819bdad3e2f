/**
 * `alive_because` of a record (SPEC §2.4): why the patch still exists.
 *
 * ```yaml
 * alive_because:
 *   reason: upstream-pr-open        # one of REASONS (other words are kept as written)
 *   drop_when: >-                   # prose
 *     example-org/engine#4101 merges and the base moves past it.
 *   drop_signal: anchor-drift-fails-loudly
 * ```
 *
 * Index entries carry `alive_because` as prose: that is for people, not read here.
 */
import type { AliveBecause } from '../../model.js';
import { readText } from './values.js';
import { describe, isMap, isNull, isScalar, type Entry, type YamlFile } from './yaml.js';

/** The reasons the records' schema defines. */
export const REASONS: readonly string[] = [
  'no-upstream-pr',
  'upstream-pr-open',
  'upstream-pr-closed-unfixed',
  'merged-not-in-pinned-base',
  'merged-not-released',
  'released-but-not-bumped',
  'upstream-fixed-differently',
  'internal-engine-no-upstream',
  'local-only-by-design',
  'archival',
];

/**
 * The schema's word for a reason written with the project's name in it
 * (`released-but-acme-not-bumped` → `released-but-not-bumped`); any other
 * word is kept as written, lower-cased, and no rule judges it.
 */
export function canonicalReason(written: string): string {
  const word = written.trim().toLowerCase();
  if (REASONS.includes(word)) return word;
  if (/^released-but-[a-z0-9_.-]+-not-bumped$/.test(word)) return 'released-but-not-bumped';
  return word;
}

export function readAliveBecause(
  file: YamlFile,
  root: NonNullable<Entry['node']>,
  patch: string | null,
): AliveBecause | null {
  const entry = file.get(root, 'alive_because');
  if (!entry || isNull(entry.node)) return null;
  // A one-line prose reason (`alive_because: not submitted upstream`) is for people.
  if (!isMap(entry.node)) {
    if (isScalar(entry.node)) return null;
    file.report(entry.line, `alive_because must be a mapping, found ${describe(entry.node)}`);
    return null;
  }
  const reasonEntry = file.get(entry.node, 'reason');
  const reason = readText(file, reasonEntry, 'alive_because.reason');
  if (reason === null || !reasonEntry) return null;
  return {
    reason: canonicalReason(reason),
    line: reasonEntry.line,
    source: file.file,
    patch,
    dropWhen: readText(file, file.get(entry.node, 'drop_when'), 'alive_because.drop_when'),
    dropSignal: readText(file, file.get(entry.node, 'drop_signal'), 'alive_because.drop_signal'),
  };
}
