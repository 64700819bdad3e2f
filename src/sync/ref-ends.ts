/**
 * Where the refs of a shared prose state end in the text, so each can be
 * given its own state. Mentions carry the state's position but not the
 * refs', so the refs are found again: the last N refs written before the
 * state must be the group's N refs, by number, or nothing is rewritten.
 */
import { splitRefKey } from '../model.js';
import { scanRefs } from '../refs.js';
import { collapseLinks } from '../sources/headers/links.js';
import { refNumber } from '../sources/ledger/states.js';
import type { StateGroup } from './groups.js';
import { afterClosers, enclosingParens, lineStart, quantifierStart } from './words.js';

// Only positions and numbers matter here, so any repo lets bare `#N` be found.
const SCAN = { aliases: new Map<string, string>(), defaultRepo: 'sync/placeholder' };

export function locateRefEnds(text: string, group: StateGroup): number[] | null {
  const anchor =
    enclosingParens(text, group.span)?.start ?? quantifierStart(text, group.span.start);
  const from = lineStart(text, group.firstLine);
  if (from > anchor) return null;
  const slice = text.slice(from, anchor);
  const found = collapseLinks(scanRefs(slice, SCAN), slice);
  const last = found.slice(-group.refs.length);
  if (last.length !== group.refs.length) return null;
  const matches = last.every((r, i) => refNumber(r) === splitRefKey(group.refs[i]!).number);
  return matches ? last.map((r) => from + refEnd(slice, r.end)) : null;
}

/**
 * Past the markup that still belongs to the ref: emphasis and backticks, and
 * a reference-style link's `]` / `][label]` — a state put inside link text
 * would be lost, since the ledger reads a link by its URL.
 */
function refEnd(text: string, end: number): number {
  let at = afterClosers(text, end);
  if (text[at] !== ']') return at;
  at++;
  if (text[at] === '[') {
    const close = text.indexOf(']', at);
    if (close >= 0) at = close + 1;
  }
  return afterClosers(text, at);
}
