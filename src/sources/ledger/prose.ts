/**
 * Refs outside patch tables — paragraphs, list items, block quotes, tables
 * without a patch column — belong to no patch (but a patch bullet's, index.ts). They are `related`, or
 * `anchor-collision` when their sentence says so, or what the words around
 * them say they are (meaning/cues.ts), with the state written beside them
 * or in words around them, if there is one.
 */
import type { Nodes } from 'mdast';
import type { Role } from '../../model.js';
import type { LedgerReader } from './reader.js';
import { readRefs, toMention } from './refs.js';
import { flattenInline } from '../markdown/index.js';
import { applyCue, NAMING_CUES } from '../meaning/cues.js';

const ANCHOR = /anchor[\s-]*collisions?/i;

/**
 * `patch`: the patch a bullet is the entry of (index.ts); null for prose of
 * no patch. `label`: the role a `fix:` / `caused by:` bullet key names
 * (index.ts), which the words about each ref can still overrule.
 */
export function readProse(
  reader: LedgerReader,
  node: Nodes,
  patch: string | null = null,
  label: Role | null = null,
  /** `label` is a bullet's key (`- issue: …`), not its section's: a later ref's own words escape it. */
  key = false,
): void {
  const inline = flattenInline(reader.doc, node);
  const refs = readRefs(reader, inline, patch);
  if (refs.length === 0) return;
  const anchors = sentences(inline.text).filter(([s, e]) => ANCHOR.test(inline.text.slice(s, e)));
  for (let k = 0; k < refs.length; k++) {
    const ref = refs[k]!;
    const at = ref.found.start;
    const inAnchorSentence = anchors.some(([s, e]) => at >= s && at < e);
    // "Only #d (ours) changes it; the other three are anchor collisions": the
    // ref's own words say whose it is, the sentence's are about the others.
    // A later ref that its own words name ("issue: #79 (closed by #88)") is
    // not what the key names (session 16, as in a header's entry).
    const keyed =
      label !== null &&
      !(
        key &&
        label !== 'anchor-collision' &&
        k > 0 &&
        ref.cue !== null &&
        NAMING_CUES.has(ref.cue)
      );
    const base = keyed
      ? label
      : inAnchorSentence && ref.cue !== 'own'
        ? 'anchor-collision'
        : 'related';
    const role = applyCue(base, ref.cue, ref.kindHint);
    const mention = toMention(reader, ref, patch, role, ref.beside);
    if (label === null && !inAnchorSentence && ref.cue === null) mention.roleByDefault = true;
    reader.result.mentions.push(mention);
  }
}

/**
 * Sentence ranges: a `.`, `!` or `?` followed by white space ends one (so
 * `fix.py` and `v0.5.17` do not), and so does a blank line.
 */
export function sentences(text: string): [number, number][] {
  const out: [number, number][] = [];
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    const next = text[i + 1] ?? ' ';
    const ends =
      ((c === '.' || c === '!' || c === '?') && /\s/.test(next)) || (c === '\n' && next === '\n');
    if (ends) {
      out.push([start, i + 1]);
      start = i + 1;
    }
  }
  if (start < text.length) out.push([start, text.length]);
  return out;
}
