/**
 * Does a script's footprint still hold in a file's text at a new base? Pure:
 * the edits are simulated in order, as the script would make them, so an
 * anchor that an earlier edit creates or removes is counted where the script
 * counts it. An edit whose new side is already there is applied; a marker
 * that is there means the whole file is.
 */
import { pythonRegex } from './regex.js';
import type { Anchor, TargetFile } from './types.js';

export type AnchorStatus =
  | 'ok'
  | 'applied'
  | 'missing'
  | 'ambiguous'
  | 'marker-present'
  | 'unreadable'
  /** An optional edit whose anchor is not there (once): the script skips it. */
  | 'skipped';

export interface AnchorResult {
  anchor: Anchor;
  status: AnchorStatus;
  /** Occurrences found (of the old side). */
  found: number;
  /** Why a pattern could not be used. */
  reason?: string;
}

export interface FileVerdict {
  /** applies: every edit can be made; already-applied: every edit (or a marker) is there; fails: an anchor is missing or ambiguous. */
  status: 'applies' | 'already-applied' | 'fails';
  results: AnchorResult[];
}

export function occurrences(text: string, anchor: Anchor): number | string {
  if (anchor.regexFlags === null) {
    if (anchor.old === '') return 0;
    let n = 0;
    for (
      let at = text.indexOf(anchor.old);
      at !== -1;
      at = text.indexOf(anchor.old, at + anchor.old.length)
    )
      n++;
    return n;
  }
  const re = pythonRegex(anchor.old, anchor.regexFlags);
  return typeof re === 'string' ? re : (text.match(re) ?? []).length;
}

export function checkFile(file: TargetFile, original: string): FileVerdict {
  const results: AnchorResult[] = [];
  const markers = file.anchors.filter((a) => a.role === 'marker');
  for (const m of markers) {
    const n = occurrences(original, m);
    if (typeof n === 'number' && n > 0)
      return {
        status: 'already-applied',
        results: [{ anchor: m, status: 'marker-present', found: n }],
      };
  }
  let text = original;
  let edits = 0;
  let applied = 0;
  for (const a of file.anchors) {
    if (a.role === 'marker') continue;
    if (a.role === 'edit') edits++;
    if (
      a.role === 'edit' &&
      a.new !== null &&
      a.new !== '' &&
      !a.old.includes(a.new) &&
      text.includes(a.new)
    ) {
      applied++;
      results.push({ anchor: a, status: 'applied', found: 0 });
      continue;
    }
    const n = occurrences(a.role === 'required' ? original : text, a);
    if (typeof n === 'string') {
      results.push({ anchor: a, status: 'unreadable', found: 0, reason: n });
      continue;
    }
    const status =
      n === 0
        ? 'missing'
        : a.expected !== null && n !== a.expected
          ? n > a.expected
            ? 'ambiguous'
            : 'missing'
          : 'ok';
    if (a.optional && status !== 'ok') {
      results.push({ anchor: a, status: 'skipped', found: n });
      edits--;
      continue;
    }
    results.push({ anchor: a, status, found: n });
    if (status === 'ok' && a.role === 'edit' && a.new !== null && a.regexFlags === null)
      text = replace(text, a.old, a.new, a.replaceCount);
  }
  const failed = results.some((r) => r.status === 'missing' || r.status === 'ambiguous');
  return {
    status: failed ? 'fails' : edits > 0 && applied === edits ? 'already-applied' : 'applies',
    results,
  };
}

function replace(text: string, old: string, by: string, count: number | null): string {
  if (count === null || count < 0) return text.split(old).join(by);
  let out = text;
  let from = 0;
  for (let i = 0; i < count; i++) {
    const at = out.indexOf(old, from);
    if (at === -1) break;
    out = out.slice(0, at) + by + out.slice(at + old.length);
    from = at + by.length;
  }
  return out;
}
