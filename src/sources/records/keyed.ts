/**
 * Record fields outside SPEC §2.2's three lists, read by what their keys say
 * (session 12). Teams write their records by hand and name fields their own
 * way: `fix: "o/r#5201 (merged)"`, `our_pr: {ref, state}`, `own_prs:
 * [{url, state}]`, `collisions: ["r#5150 (open) -- same hunk"]`,
 * `third_party: [{ref, state, retires_patch}]`, `introduced_by: [...]`.
 *
 * - The key's words give the role: cause words (`introduced_by`,
 *   `regressed_by`) → introduced-the-defect; `collision`/`conflict`/`anchor`
 *   → anchor-collision; `third_party`/`competing`/`alternative` →
 *   third-party; `our`/`own`/`ours` → own; `issue`/`bug`/`report` → issue;
 *   `fix`/`pr`/`upstream` → fix; anything else that holds a ref mapping
 *   (`ref:`/`url:`) → related, its role then settled by the record's other
 *   fields (meaning/settle.ts).
 * - A value is a ref string with its state in the parenthetical or words
 *   right after the ref (`"o/r#12 (merged)"`, `"#12, OPEN"`), a mapping with
 *   `ref`/`url`/`pr`/`issue`/`link` and `state`/`status`, or a list of either;
 *   a mapping that names no ref is read one level down (`upstream: {fix: …}`).
 * - Words the entry writes about itself can only narrow a fix (cues.ts, as
 *   for `upstream_prs`); `retires_patch: true` makes it the fix, `ours: true`
 *   ours.
 * - `upstream/<name>#N` names the record's target when `<name>` is the
 *   target's: `upstream` is the git remote, not an owner.
 *
 * These fields are read, not written: `sync` writes states only into the
 * SPEC's lists (they have one shape to write into).
 */
import type { Mention, Role, SourceKind } from '../../model.js';
import { parseStateWord } from '../../states.js';
import { scanRefs, type FoundRef, type RefContext } from '../../refs.js';
import { stateAfterComma, stateAfterWords, stateBeside } from '../ledger/states.js';
import { entryRole } from './roles.js';
import { isMap, isNull, isScalar, isSeq, scalarText, type Entry, type RNode } from './tree.js';
import type { YamlFile } from './yaml.js';

/** Keys with meanings of their own (SPEC §2.2), read elsewhere or not refs at all. */
const SPEC_KEYS: ReadonlySet<string> = new Set([
  'schema_version',
  'status_updated',
  'patch',
  'target',
  'upstream_issues',
  'upstream_prs',
  'related_refs',
  'alive_because',
]);

/** Keys of prose about the patch: read as prose (prose.ts), never given a role. */
const PROSE_KEY =
  /^(?:notes?|comments?|description|summary|why|drop_when|drop_signal|reason|history|todo)$/;

const KEY_ROLES: readonly [RegExp, Role][] = [
  [
    /(?:^|_)(?:introduced|regressed|regression|caused|cause|culprit)(?:_|$)/,
    'introduced-the-defect',
  ],
  [
    /(?:^|_)(?:collisions?|collides|colliding|conflicts?|conflicting|anchor)(?:_|$)/,
    'anchor-collision',
  ],
  [/(?:^|_)(?:third|competing|alternatives?|others?)(?:_|$)/, 'third-party'],
  [/(?:^|_)(?:our|own|ours)(?:_|$)/, 'own'],
  [/(?:^|_)(?:issues?|bugs?|reports?|reported|tickets?)(?:_|$)/, 'issue'],
  [/(?:^|_)(?:fix|fixes|fixed|prs?|upstream|drops?|retires?)(?:_|$)/, 'fix'],
];

/** The role a key's words give its refs; null for a key that names none. */
export function keyRole(key: string): Role | null {
  const words = key.toLowerCase().replace(/[\s-]+/g, '_');
  for (const [re, role] of KEY_ROLES) if (re.test(words)) return role;
  return null;
}

const REF_FIELDS = ['ref', 'url', 'pr', 'issue', 'link', 'id'] as const;
const STATE_FIELDS = ['state', 'status'] as const;
const NOTE_KEYS = ['note', 'notes', 'covers', 'comment', 'why'] as const;

/** Where the refs are read: the record's file, its ref context (the target repo is its default), its patch. */
export interface KeyedScope {
  file: YamlFile;
  ctx: RefContext;
  sourceKind: SourceKind;
  patch: string | null;
}

/**
 * Mentions from the record's own fields (`root`'s keys outside SPEC_KEYS).
 * `taken` gains every line read, so the prose reader skips them.
 */
export function keyedMentions(scope: KeyedScope, root: RNode, taken: Set<number>): Mention[] {
  const out: Mention[] = [];
  if (!isMap(root)) return out;
  for (const entry of root.entries) {
    if (SPEC_KEYS.has(entry.key) || PROSE_KEY.test(entry.key)) continue;
    readField(scope, entry, keyRole(entry.key), 0, out, taken);
  }
  return out;
}

function readField(
  scope: KeyedScope,
  entry: Entry,
  role: Role | null,
  depth: number,
  out: Mention[],
  taken: Set<number>,
): void {
  const node = entry.node;
  if (isNull(node) || node === null) return;
  // A key that names no role (`superseded: "r#12 (closed)"`): related, its
  // role settled by the record's other fields, its state read as written.
  if (isScalar(node)) {
    readString(scope, node, role, out, taken);
    return;
  }
  if (isSeq(node)) {
    for (const item of node.items) {
      if (isScalar(item)) readString(scope, item, role, out, taken);
      else if (isMap(item)) readMapping(scope, item, role, out, taken);
    }
    return;
  }
  if (refField(scope.file, node) !== null) {
    readMapping(scope, node, role, out, taken);
    return;
  }
  // `upstream: {fix: …, issue: …}`: one level down, each key for itself.
  if (depth === 0 && role === null)
    for (const inner of node.entries)
      if (!PROSE_KEY.test(inner.key)) readField(scope, inner, keyRole(inner.key), 1, out, taken);
}

function refField(file: YamlFile, map: RNode): Entry | null {
  for (const name of REF_FIELDS) {
    const entry = file.get(map, name);
    if (entry !== undefined && isScalar(entry.node) && scalarText(entry.node) !== null)
      return entry;
  }
  return null;
}

/** A mapping that names one ref: its state field, its flags, its words about itself. */
function readMapping(
  scope: KeyedScope,
  map: RNode,
  keyed: Role | null,
  out: Mention[],
  taken: Set<number>,
): void {
  const { file } = scope;
  const refEntry = refField(file, map);
  if (refEntry === null || !isScalar(refEntry.node)) return;
  const found = refsIn(scope, refEntry.node)[0];
  if (found === undefined) return;
  const stateEntry = STATE_FIELDS.map((f) => file.get(map, f)).find((e) => e !== undefined);
  const written = stateEntry !== undefined ? scalarText(stateEntry.node) : null;
  const state = written === null ? null : parseStateWord(written.trim().split(/[\s,;(]/)[0] ?? '');
  const note = NOTE_KEYS.map((k) => file.get(map, k))
    .map((e) => (e !== undefined && isScalar(e.node) ? (scalarText(e.node) ?? '') : ''))
    .join(' ');
  let role: Role =
    found.ref.kindHint === 'issue' && keyed !== 'introduced-the-defect'
      ? 'issue'
      : (keyed ?? 'related');
  if (flag(file, map, 'ours')) role = role === 'issue' ? role : 'own';
  if (role === 'fix' || role === 'own' || role === 'third-party') role = entryRole(role, note);
  if (flag(file, map, 'retires_patch') && role !== 'issue' && role !== 'own') role = 'fix';
  const mention = mentionOf(scope, found, role, keyed === null);
  if (state !== null && stateEntry !== undefined) {
    mention.recordedState = state;
    if (stateEntry.line !== mention.line) mention.stateLine = stateEntry.line;
    taken.add(stateEntry.line);
  }
  taken.add(mention.line);
  out.push(mention);
}

function flag(file: YamlFile, map: RNode, name: string): boolean {
  const node = file.get(map, name)?.node;
  return isScalar(node) && node.value === true;
}

/** `"o/r#5201 (merged)"`, `"#12, OPEN -- same hunk"`: each ref with the state after it. */
export function readString(
  scope: KeyedScope,
  node: RNode,
  role: Role | null,
  out: Mention[],
  taken: Set<number>,
): number {
  const refs = refsIn(scope, node);
  for (const found of refs) {
    const { raw, ref } = found;
    const state =
      stateBeside(raw, ref.end) ?? stateAfterComma(raw, ref.end) ?? stateAfterWords(raw, ref.end);
    const after = raw.slice(ref.end, ref.end + 200);
    const settled =
      ref.kindHint === 'issue' && role !== 'introduced-the-defect'
        ? 'issue'
        : role === 'fix' || role === 'third-party'
          ? entryRole(role, after)
          : (role ?? 'related');
    const mention = mentionOf(scope, found, settled, role === null && settled === 'related');
    if (state !== null) {
      mention.recordedState = state.state;
      const stateLine = found.lineAt(state.start);
      if (stateLine !== mention.line) mention.stateLine = stateLine;
    }
    taken.add(mention.line);
    out.push(mention);
  }
  return refs.length;
}

interface Found {
  ref: FoundRef & { key: string };
  /** The scalar as written in the file (quotes included), which `ref`'s offsets index. */
  raw: string;
  line: number;
  lineAt(offset: number): number;
}

/** The refs of a scalar, read in its source text so that each has its own line. */
function refsIn(scope: KeyedScope, node: RNode): Found[] {
  if (!isScalar(node)) return [];
  const raw = scope.file.text.slice(node.start, node.end);
  const lineAt = (offset: number): number => {
    let line = node.line;
    for (let i = 0; i < offset && i < raw.length; i++) if (raw.charCodeAt(i) === 10) line++;
    return line;
  };
  const out: Found[] = [];
  for (const ref of scanRefs(raw, withTargetName(scope.ctx))) {
    const key = ref.key === null || ref.internal ? null : remote(ref.key, scope.ctx.defaultRepo);
    if (key === null) continue;
    out.push({ ref: { ...ref, key }, raw, line: lineAt(ref.start), lineAt });
  }
  return out;
}

/** The target's own name is an alias of it: `slate#12` in a record whose target is `slate-db/slate`. */
const withName = new WeakMap<RefContext, RefContext>();
function withTargetName(ctx: RefContext): RefContext {
  const target = ctx.defaultRepo;
  if (target === null) return ctx;
  const name = target.slice(target.indexOf('/') + 1);
  if (ctx.aliases.has(name)) return ctx;
  // One context per record, not one per scalar.
  let out = withName.get(ctx);
  if (out === undefined) {
    out = { ...ctx, aliases: new Map([...ctx.aliases, [name, target]]) };
    withName.set(ctx, out);
  }
  return out;
}

/** `upstream/ostrakon#5201` in a record whose target is `tidewater/ostrakon`: the target's. */
function remote(key: string, target: string | null): string {
  if (target === null || !/^(?:upstream|origin)\//.test(key)) return key;
  const name = key.slice(key.indexOf('/') + 1, key.lastIndexOf('#'));
  return target.slice(target.indexOf('/') + 1) === name
    ? `${target}${key.slice(key.lastIndexOf('#'))}`
    : key;
}

function mentionOf(scope: KeyedScope, found: Found, role: Role, byDefault: boolean): Mention {
  return {
    ref: found.ref.key,
    kindHint: found.ref.kindHint,
    source: scope.file.file,
    sourceKind: scope.sourceKind,
    line: found.line,
    patch: scope.patch,
    role,
    ...(byDefault ? { roleByDefault: true } : {}),
    recordedState: null,
    recordedDate: null,
    stateSpan: null,
  };
}
