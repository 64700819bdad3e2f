/**
 * Writing a collision down, in the source's own style, touching no other
 * byte: a YAML record gains a `related_refs` item (flow or block, as its
 * first item is written; a `null` list becomes a one-item list); a ledger
 * gains a ditto row `″ (anchor collision …)` after the patch's rows. Pure:
 * text in, text out; null when the place cannot be found.
 */
import { isMap, isScalar, isSeq, LineCounter, parseDocument } from 'yaml';

export interface CollisionRef {
  /** `owner/repo#123` */
  ref: string;
  url: string;
  title: string;
}

const lineStart = (text: string, at: number) => text.lastIndexOf('\n', at - 1) + 1;
const q = (s: string) => JSON.stringify(s);

export function addCollisionToRecord(text: string, c: CollisionRef): string | null {
  const doc = parseDocument(text, { uniqueKeys: false, lineCounter: new LineCounter() });
  if (doc.errors.length > 0 || !isMap(doc.contents)) return null;
  const pair = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === 'related_refs');
  const fields = {
    ref: c.ref,
    url: c.url,
    kind: 'pr',
    state: 'OPEN',
    relevance: 'anchor-collision',
    note: `found by discover: ${c.title}`,
  };
  const flow = `{ ${Object.entries(fields)
    .map(([k, v]) => `${k}: ${q(v)}`)
    .join(', ')} }`;
  const block = (indent: string) =>
    Object.entries(fields)
      .map(([k, v], i) => `${indent}${i === 0 ? '- ' : '  '}${k}: ${q(v)}\n`)
      .join('');
  const value = pair?.value;
  if (!pair || value === null || (isScalar(value) && value.value === null)) {
    const body = `related_refs:\n${block('  ')}`;
    if (!pair) return `${text}${text.endsWith('\n') || text === '' ? '' : '\n'}${body}`;
    const keyAt = (pair.key as { range?: [number, number, number] }).range?.[0] ?? -1;
    if (keyAt < 0) return null;
    const start = lineStart(text, keyAt);
    const end = text.indexOf('\n', keyAt);
    return `${text.slice(0, start)}${body}${end < 0 ? '' : text.slice(end + 1)}`;
  }
  if (!isSeq(value) || value.flow || value.items.length === 0) return null;
  const first = value.items[0] as { range?: [number, number, number] };
  const last = value.items[value.items.length - 1] as {
    range?: [number, number, number];
    flow?: boolean;
  };
  if (!first.range || !last.range) return null;
  const dash = text.lastIndexOf('-', first.range[0]);
  const indent = text.slice(lineStart(text, dash), dash);
  const insertAt = text.indexOf('\n', last.range[1] - 1) + 1 || text.length;
  const item = (value.items[0] as { flow?: boolean }).flow ? `${indent}- ${flow}\n` : block(indent);
  return `${text.slice(0, insertAt)}${insertAt === text.length && !text.endsWith('\n') ? '\n' : ''}${item}${text.slice(insertAt)}`;
}

const DITTO = /^\|\s*(″|"|〃|ditto)/;

/** After the row at `row` (1-based) and the ditto rows below it, a ditto row naming `c`. */
export function addCollisionToLedger(text: string, row: number, c: CollisionRef): string | null {
  const lines = text.split('\n');
  const at = row - 1;
  if (!lines[at]?.trimStart().startsWith('|')) return null;
  let header = at;
  while (header > 0 && lines[header - 1]?.trimStart().startsWith('|')) header--;
  const cells = (lines[header] ?? '')
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((h) => h.trim().toLowerCase());
  const prCol = cells.findIndex((h) => h.includes('pr') && !h.includes('state'));
  const stateCol = cells.findIndex((h) => h.includes('state'));
  if (prCol < 0) return null;
  let end = at;
  while (DITTO.test(lines[end + 1]?.trim() ?? '')) end++;
  const alias = c.ref.replace(/^[^/]+\//, '');
  const row_ = cells.map((_, i) =>
    i === 0
      ? '″ (anchor collision, found by discover)'
      : i === prCol
        ? `[${alias}](${c.url}) ${c.title.replace(/\|/g, '\\|')}`
        : i === stateCol
          ? 'OPEN'
          : '—',
  );
  lines.splice(end + 1, 0, `| ${row_.join(' | ')} |`);
  return lines.join('\n');
}
