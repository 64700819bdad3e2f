/**
 * The three ref lists of a record (`upstream_issues`, `upstream_prs`,
 * `related_refs`) → mentions. Shared by the record and the index reader,
 * which carries the same lists per patch.
 */
import {
  internalRefKey,
  type AmbiguousRef,
  type Mention,
  type RefKind,
  type Role,
  type SourceKind,
} from '../../model.js';
import { parseRefValue, type RefContext } from '../../refs.js';
import type { RecordField } from './types.js';
import { findDay, readFlag, readKind, readState, readText } from './values.js';
import { readString } from './keyed.js';
import { entryRole, NOTE_FIELDS, relevanceRole } from './roles.js';
import {
  describe,
  isMap,
  isNull,
  isScalar,
  isSeq,
  scalarText,
  type Entry,
  type YamlFile,
} from './yaml.js';

export interface RefScope {
  file: YamlFile;
  sourceKind: SourceKind;
  ctx: RefContext;
  /** The patch these refs belong to. */
  patch: string | null;
  /** `target.repo: internal`: a bare `#N` is the internal engine's, never queried. */
  internalTarget?: boolean;
}

export interface RefsFound {
  mentions: Mention[];
  fields: RecordField[];
  ambiguous: AmbiguousRef[];
}

type ListName = 'upstream_issues' | 'upstream_prs' | 'related_refs';
const LIST_ROLES: Record<ListName, Role> = {
  upstream_issues: 'issue',
  upstream_prs: 'fix',
  related_refs: 'related',
};
const LISTS: readonly ListName[] = ['upstream_issues', 'upstream_prs', 'related_refs'];

/** Read every ref list of `map` (at YAML path `at`) into `out`. */
export function readRefLists(
  scope: RefScope,
  map: Entry['node'],
  at: (string | number)[],
  out: RefsFound,
): void {
  if (map === null) return;
  for (const name of LISTS) {
    const list = scope.file.get(map, name);
    if (!list || isNull(list.node)) continue;
    if (!isSeq(list.node)) {
      scope.file.report(
        list.line,
        `${name} must be a list (or null), found ${describe(list.node)}`,
      );
      continue;
    }
    list.node.items.forEach((node, index) => {
      const label = `${name}[${index}]`;
      const line = scope.file.lineOf(node, list.line);
      // `- "o/r#12 (merged)"`: a ref written as a string, its state beside it (session 12).
      if (isScalar(node) && scalarText(node) !== null) {
        const before = out.mentions.length;
        const found = readString(scope, node, LIST_ROLES[name], out.mentions, new Set());
        if (name === 'upstream_prs') for (const m of out.mentions.slice(before)) m.kindHint = 'pr';
        if (found > 0) return;
      }
      if (!isMap(node)) {
        scope.file.report(line, `${label} must be a mapping with a ref, found ${describe(node)}`);
        return;
      }
      readItem(scope, name, node, { label, path: [...at, name, index], line }, out);
    });
  }
}

interface ItemPlace {
  label: string;
  path: (string | number)[];
  line: number;
}

function readItem(
  scope: RefScope,
  list: ListName,
  item: NonNullable<Entry['node']>,
  place: ItemPlace,
  out: RefsFound,
): void {
  const { file } = scope;
  const at = (field: string) => file.get(item, field);
  const state = readState(file, at('state'), `${place.label}.state`);
  const refEntry = isNull(at('ref')?.node) ? at('url') : at('ref');
  const written = readText(file, refEntry, `${place.label}.ref`);
  if (written === null || !refEntry) {
    // `refs: [o/r#1, o/r#2]` under one state and relevance (session 14, q32):
    // each ref is a mention with them. Their shared state is not one `sync`
    // can rewrite per ref, so none is a field.
    const many = at('refs');
    if (many !== undefined && isSeq(many.node) && many.node.items.length > 0) {
      many.node.items.forEach((node, index) => {
        const text = isScalar(node) ? scalarText(node) : null;
        const line = file.lineOf(node, many.line);
        if (text === null) {
          file.report(line, `${place.label}.refs[${index}] must be a ref, found ${describe(node)}`);
          return;
        }
        readWritten(
          scope,
          list,
          item,
          place,
          { written: text, line, valueLine: line, key: `refs[${index}]` },
          state,
          out,
        );
      });
      return;
    }
    // A PR that was deliberately never sent upstream has nothing to name.
    if (!state.noUpstream) file.report(place.line, `${place.label} has no ref (or url)`);
    return;
  }
  readWritten(
    scope,
    list,
    item,
    place,
    { written, line: refEntry.keyLine, valueLine: refEntry.line, key: refEntry.key, field: true },
    state,
    out,
  );
}

/** One ref an item names (its `ref`/`url`, or one of its `refs`), as a mention. */
function readWritten(
  scope: RefScope,
  list: ListName,
  item: NonNullable<Entry['node']>,
  place: ItemPlace,
  ref: { written: string; line: number; valueLine: number; key: string; field?: boolean },
  state: ReturnType<typeof readState>,
  out: RefsFound,
): void {
  const { file } = scope;
  const at = (field: string) => file.get(item, field);
  const { written } = ref;
  const parsed = parseRefValue(written, scope.ctx);
  if ('internal' in parsed) {
    const internal = internalMention(scope, list, item, place, written, ref.line);
    if (internal !== null) out.mentions.push(internal);
    return;
  }
  // A bare `#N` of an internal engine is in its own tracker: nothing to ask, nothing to guess.
  if ('ambiguous' in parsed && scope.internalTarget === true) return;
  if ('ambiguous' in parsed) {
    out.ambiguous.push({
      text: written,
      source: file.file,
      line: ref.valueLine,
      patch: scope.patch,
    });
    return;
  }
  if ('invalid' in parsed) {
    file.report(
      ref.valueLine,
      `${place.label}.${ref.key} ${JSON.stringify(written)} is not a ref (owner/repo#N, alias#N, #N or a GitHub URL)`,
    );
    return;
  }
  const kind = readKind(file, at('kind'), `${place.label}.kind`);
  // The mention is where the ref is written; a state on another line is its stateLine.
  const line = ref.line;
  const mention: Mention = {
    ref: parsed.key,
    kindHint: list === 'upstream_prs' ? 'pr' : (kind ?? parsed.kindHint ?? defaultKind(list)),
    source: file.file,
    sourceKind: scope.sourceKind,
    line,
    patch: scope.patch,
    role: roleOf(scope, list, item, place.label, kind ?? parsed.kindHint),
    recordedState: state.state,
    recordedDate: null,
    stateSpan: state.span,
  };
  if (state.state !== null && state.line !== null && state.line !== line)
    mention.stateLine = state.line;
  if (list === 'upstream_prs') {
    const mergedAt = readText(file, at('merged_at'), `${place.label}.merged_at`);
    mention.recordedMergedAt = mergedAt;
    mention.recordedDate = mergedAt === null ? null : findDay(mergedAt);
    mention.recordedReviewDecision = readText(
      file,
      at('review_decision'),
      `${place.label}.review_decision`,
    );
    mention.recordedInPinnedBase = readFlag(
      file,
      at('in_pinned_base'),
      `${place.label}.in_pinned_base`,
    );
  }
  out.mentions.push(mention);
  if (ref.field === true) out.fields.push({ ref: parsed.key, path: place.path, line: place.line });
}

/**
 * `internal#N`: listed with what the
 * record says of it, never queried. It can be an issue or related, never a
 * fix or a collision: nothing upstream can drop the patch through it.
 */
function internalMention(
  scope: RefScope,
  list: ListName,
  item: NonNullable<Entry['node']>,
  place: ItemPlace,
  written: string,
  line: number,
): Mention | null {
  const number = /#(\d+)\s*$/.exec(written)?.[1];
  if (number === undefined) return null;
  const { file } = scope;
  const state = readState(file, file.get(item, 'state'), `${place.label}.state`);
  const kind = readKind(file, file.get(item, 'kind'), `${place.label}.kind`);
  const mention: Mention = {
    ref: internalRefKey(Number(number)),
    kindHint: list === 'upstream_prs' ? 'pr' : (kind ?? defaultKind(list)),
    source: file.file,
    sourceKind: scope.sourceKind,
    line,
    patch: scope.patch,
    role: internalRole(scope, list, item, place.label),
    recordedState: state.state,
    recordedDate: null,
    stateSpan: state.span,
  };
  if (state.state !== null && state.line !== null && state.line !== line)
    mention.stateLine = state.line;
  return mention;
}

/** An internal ref is never decisive: not a fix, not a collision upstream can land. */
function internalRole(
  scope: RefScope,
  list: ListName,
  item: NonNullable<Entry['node']>,
  label: string,
): Role {
  if (list !== 'related_refs') return list === 'upstream_issues' ? 'issue' : 'related';
  const role = roleOf(scope, list, item, label, null);
  return role === 'anchor-collision' || role === 'fix' ? 'related' : role;
}

/** What an `upstream_prs` entry's own `role:` may say it is. */
const PR_ROLES: ReadonlySet<string> = new Set([
  'fix',
  'own',
  'third-party',
  'related',
  'background',
  'anchor-collision',
  'introduced-the-defect',
]);

function defaultKind(list: ListName): RefKind | null {
  return list === 'upstream_issues' ? 'issue' : null;
}

function roleOf(
  scope: RefScope,
  list: ListName,
  item: NonNullable<Entry['node']>,
  label: string,
  kind: RefKind | null,
): Role {
  const { file } = scope;
  if (list === 'upstream_issues') return 'issue';
  if (list === 'upstream_prs') {
    // `role: third-party` written on the entry (session 16, q45): the team's own word for it.
    const written = readText(file, file.get(item, 'role'), `${label}.role`)?.trim().toLowerCase();
    const ours = readFlag(file, file.get(item, 'ours'), `${label}.ours`);
    const base = ours ? 'own' : written !== undefined && PR_ROLES.has(written) ? written : 'fix';
    return entryRole(base, noteText(file, item));
  }
  const relevance = readText(file, file.get(item, 'relevance'), `${label}.relevance`);
  return relevanceRole(relevance, noteText(file, item), kind);
}

/** The entry's own words about itself (`note`, `approach_note`), one string. */
function noteText(file: YamlFile, item: NonNullable<Entry['node']>): string {
  return NOTE_FIELDS.map((f) => {
    const node = file.get(item, f)?.node ?? null;
    return isScalar(node) ? (scalarText(node) ?? '') : '';
  }).join(' ');
}
