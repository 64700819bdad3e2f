/**
 * Verbatim copy of src/refs.ts as it was before issue 14's ledger, records and report
 * speed work (commit cc6dd17): the reference refs-differential.test.ts holds the faster code
 * to. Not used by the tool. Changed since: this comment, the import path, and
 * URL_SUFFIX (session 16), a change of meaning made in both.
 */
/**
 * Every way a ref is written in a patch record → a canonical RefKey.
 *
 * Forms understood (SPEC §2.1): GitHub URLs (`…/pull/N`, `…/issues/N`),
 * `owner/repo#N`, `alias#N` (aliases learned from links or config), and bare
 * `#N`, which takes the repo of the nearest full ref before it in the same
 * scanned text, else the caller's default repo, else it is ambiguous.
 *
 * All patterns start only at a word boundary (look-behind), so a scan is
 * linear in the length of the text even on very long lines.
 */
import { refKey, type RefKey, type RefKind } from '../../../src/model.js';

export interface RefContext {
  /** alias (lower-case) → `owner/repo` (lower-case). */
  aliases: ReadonlyMap<string, string>;
  /** Repo for bare `#N` when no full ref precedes it: `owner/repo`, or null. */
  defaultRepo: string | null;
  /** Extra hosts that serve GitHub (Enterprise); github.com is always known. */
  hosts?: readonly string[];
}

export type RefForm = 'url' | 'full' | 'alias' | 'bare';

export interface FoundRef {
  /** Null when the ref is ambiguous or points at a private tracker. */
  key: RefKey | null;
  kindHint: RefKind | null;
  form: RefForm;
  /** The text as written. */
  text: string;
  /** UTF-16 offsets of `text` in the scanned string. */
  start: number;
  end: number;
  /** A `#N` (or unknown `alias#N`) whose repo cannot be known: report, never guess. */
  ambiguous: boolean;
  /** `internal#N`: a private tracker, never queried and never reported. */
  internal: boolean;
}

const OWNER = '[A-Za-z0-9][A-Za-z0-9-]*';
const REPO = '[A-Za-z0-9_.-]+';
// Words that introduce a bare number rather than name a repo: `PR#12`, `issue#3`.
const BARE_WORDS = new Set(['pr', 'prs', 'pull', 'issue', 'issues', 'bug', 'fixes', 'see']);
const INTERNAL_WORDS = new Set(['internal']);

/**
 * What may follow a PR or issue URL and still point at it: a tab of the PR
 * (`/files`, `/commits/<sha>`, `/checks`) and a fragment (`#issuecomment-1`,
 * `#pullrequestreview-2`). Part of the ref's text, so the words after it —
 * `…/pull/801/files (OPEN)`, `…/pull/2877/files (ours)` — are read as the
 * words right after the ref (session 16).
 */
const URL_SUFFIX =
  '(?:/(?:files|commits|checks)(?:/[0-9a-f]{7,40})?(?![\\w-]))?(?:#[A-Za-z][\\w-]*)?';

/** A github.com PR or issue URL (the URL form of scanRefs with no extra hosts), as a pattern source. */
export const GITHUB_URL_REF = urlPattern('github\\.com');

function urlPattern(hostAlt: string): string {
  return `https?://(?:www\\.)?(?:${hostAlt})/(${OWNER})/(${REPO})/(pull|pulls|issues)/(\\d+)${URL_SUFFIX}`;
}

function buildPattern(hosts: readonly string[]): RegExp {
  const hostAlt = ['github\\.com', ...hosts.map(escapeRegExp)].join('|');
  return new RegExp(
    [
      // 1-4: URL
      urlPattern(hostAlt),
      // 5-7: owner/repo#N
      `(?<![\\w./-])(${OWNER})/(${REPO})#(\\d+)`,
      // 8-9: alias#N
      `(?<![\\w./#-])([A-Za-z][A-Za-z0-9_.-]*)#(\\d+)`,
      // 10: bare #N
      `(?<![\\w&#])#(\\d+)(?![\\w-])`,
    ].join('|'),
    'g',
  );
}

const patternCache = new Map<string, RegExp>();
function patternFor(hosts: readonly string[]): RegExp {
  const cacheKey = hosts.join(',');
  let re = patternCache.get(cacheKey);
  if (!re) {
    re = buildPattern(hosts);
    patternCache.set(cacheKey, re);
  }
  return re;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Trim a repo name captured greedily (`engine.` at the end of a sentence). */
function cleanRepo(repo: string): string {
  // Only a name ending in `.` or `t`/`T` (`.git`) changes: most end in neither.
  const last = repo.charCodeAt(repo.length - 1);
  if (last !== 46 && last !== 116 && last !== 84) return repo;
  return repo.replace(/\.+$/, '').replace(/\.git$/i, '');
}

/**
 * Find every ref in `text`, in order. Bare `#N` resolve against the last full
 * ref seen earlier in the same text, then `ctx.defaultRepo`.
 */
export function scanRefs(text: string, ctx: RefContext): FoundRef[] {
  const out: FoundRef[] = [];
  if (!mayHoldRef(text)) return out;
  const re = patternFor(ctx.hosts ?? []);
  re.lastIndex = 0;
  let lastRepo: string | null = null;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const start = m.index;
    const end = start + m[0].length;
    if (m[1] !== undefined && m[2] !== undefined && m[4] !== undefined) {
      const repo = `${m[1]}/${cleanRepo(m[2])}`.toLowerCase();
      lastRepo = repo;
      out.push(found(repo, m[4], m[3] === 'issues' ? 'issue' : 'pr', 'url', m[0], start));
    } else if (m[5] !== undefined && m[6] !== undefined && m[7] !== undefined) {
      const repo = `${m[5]}/${cleanRepo(m[6])}`.toLowerCase();
      lastRepo = repo;
      out.push(found(repo, m[7], null, 'full', m[0], start));
    } else if (m[8] !== undefined && m[9] !== undefined) {
      const word = m[8].toLowerCase();
      const n = m[9];
      const aliased = ctx.aliases.get(word);
      if (aliased) {
        lastRepo = aliased;
        out.push(found(aliased, n, null, 'alias', m[0], start));
      } else if (INTERNAL_WORDS.has(word)) {
        out.push({ ...found(null, n, null, 'alias', m[0], start), internal: true });
      } else if (BARE_WORDS.has(word)) {
        out.push(resolveBare(text, n, m[0], start, lastRepo, ctx));
      } else {
        out.push({ ...found(null, n, null, 'alias', m[0], start), ambiguous: true });
      }
    } else if (m[10] !== undefined) {
      out.push(resolveBare(text, m[10], m[0], start, lastRepo, ctx));
    }
    if (end === start) re.lastIndex++;
  }
  return out;
}

/**
 * The repos named in full (URL, `owner/repo#N`, known `alias#N`) in `text`,
 * stopping once `max` distinct ones are seen: a cheap "is it one repo?"
 * that builds no FoundRef objects.
 */
export function reposNamed(
  text: string,
  aliases: ReadonlyMap<string, string>,
  max = Infinity,
): Set<string> {
  const out = new Set<string>();
  if (!mayHoldRef(text)) return out;
  const re = REPOS_PATTERN;
  re.lastIndex = 0;
  for (let m = re.exec(text); m !== null && out.size < max; m = re.exec(text)) {
    if (m[1] !== undefined && m[2] !== undefined)
      out.add(`${m[1]}/${cleanRepo(m[2])}`.toLowerCase());
    else if (m[3] !== undefined && m[4] !== undefined)
      out.add(`${m[3]}/${cleanRepo(m[4])}`.toLowerCase());
    else if (m[5] !== undefined) {
      const aliased = aliases.get(m[5].toLowerCase());
      if (aliased !== undefined) out.add(aliased);
    }
    if (m[0].length === 0) re.lastIndex++;
  }
  return out;
}

/**
 * scanRefs' pattern (no extra hosts) capturing only the repo names: the same
 * matches, fewer strings cut out of each. 1-2: URL; 3-4: owner/repo#N; 5: alias#N.
 */
const REPOS_PATTERN = new RegExp(
  [
    `https?://(?:www\\.)?(?:github\\.com)/(${OWNER})/(${REPO})/(?:pull|pulls|issues)/\\d+`,
    `(?<![\\w./-])(${OWNER})/(${REPO})#\\d+`,
    `(?<![\\w./#-])([A-Za-z][A-Za-z0-9_.-]*)#\\d+`,
    `(?<![\\w&#])#\\d+(?![\\w-])`,
  ].join('|'),
  'g',
);

/** Every form holds a `#` or starts with `http`: text with neither needs no run of the pattern. */
function mayHoldRef(text: string): boolean {
  return text.includes('#') || text.includes('http');
}

function resolveBare(
  text: string,
  n: string,
  written: string,
  start: number,
  lastRepo: string | null,
  ctx: RefContext,
): FoundRef {
  // "internal PR #178" names the project's own tracker, which is not the
  // upstream's: like `internal#178`, never queried and never guessed.
  if (
    /\binternal\s+(?:pr|issue|ticket|bug)?\s*$/i.test(text.slice(Math.max(0, start - 24), start))
  ) {
    return { ...found(null, n, null, 'bare', written, start), internal: true };
  }
  // "sglang PR #123", "Infera PR #178", "sglang #30265": a word that names a known repo.
  const named = /([A-Za-z][\w.-]*)[ \t]+(?:(?:PR|pull[ \t]+request|issue)[ \t]*)?$/i.exec(
    text.slice(Math.max(0, start - 48), start),
  );
  const namedRepo = named ? ctx.aliases.get(named[1]!.toLowerCase()) : undefined;
  if (namedRepo !== undefined) return found(namedRepo, n, null, 'bare', written, start);
  const repo = lastRepo ?? ctx.defaultRepo;
  if (repo === null) return { ...found(null, n, null, 'bare', written, start), ambiguous: true };
  return found(repo, n, null, 'bare', written, start);
}

/**
 * Most digits a ref number may have. GitHub numbers are GraphQL `Int`s
 * (at most 2147483647, ten digits); a longer digit string is a typo or not a
 * ref at all, and as a JavaScript number it would be rounded or become
 * `1e+21`. It is reported as ambiguous rather than asked about. A ten-digit
 * number over the Int range keeps its key and is answered not-found without
 * asking (src/github/index.ts), so it costs only its own ref.
 */
export const MAX_REF_DIGITS = 10;

function found(
  repo: string | null,
  digits: string,
  kindHint: RefKind | null,
  form: RefForm,
  text: string,
  start: number,
): FoundRef {
  const tooLong = digits.length > MAX_REF_DIGITS;
  let key: RefKey | null = null;
  if (repo !== null && !tooLong) {
    const slash = repo.indexOf('/');
    if (slash > 0 && repo.indexOf('/', slash + 1) < 0 && repo === repo.toLowerCase()) {
      // Already `owner/repo`, lower-cased: what refKey would build from its two halves.
      key = `${repo}#${Number(digits)}`;
    } else {
      const [owner = '', name = ''] = repo.split('/');
      key = refKey(owner, name, Number(digits));
    }
  }
  return {
    key,
    kindHint,
    form,
    text,
    start,
    end: start + text.length,
    ambiguous: repo !== null && tooLong,
    internal: false,
  };
}

/**
 * Parse one ref written as a value (a YAML `ref:` field): `owner/repo#N`,
 * `alias#N`, `#N` (with the default repo), a URL, or `internal#N`.
 * Returns null for an internal ref, `{ambiguous}` when no repo can be known,
 * and `{invalid}` when the value is not a ref at all.
 */
export function parseRefValue(
  value: string,
  ctx: RefContext,
):
  | { key: RefKey; kindHint: RefKind | null }
  | { internal: true }
  | { ambiguous: true }
  | { invalid: true } {
  const trimmed = value.trim();
  const refs = scanRefs(trimmed, ctx);
  const first = refs[0];
  if (!first || first.start !== 0 || first.end !== trimmed.length) return { invalid: true };
  if (first.internal) return { internal: true };
  if (first.key === null) return { ambiguous: true };
  return { key: first.key, kindHint: first.kindHint };
}

/**
 * Learn aliases from links whose text is `alias#N` and whose URL names the
 * repo: `[engine#4101](https://github.com/example-org/engine/pull/4101)`
 * teaches `engine` → `example-org/engine`. The first teaching wins.
 */
export function learnAliases(
  text: string,
  into: Map<string, string> = new Map(),
): Map<string, string> {
  for (const [alias, repo] of teachingsOf(text)) if (!into.has(alias)) into.set(alias, repo);
  return into;
}

/**
 * What a text teaches, in order, for the last few texts read: the run learns
 * every ledger's aliases before reading it, and the ledger reader learns them
 * again (it must, read alone); two whole-text scans of a large ledger each
 * time are not needed. The teachings do not depend on `into`, only which of
 * them win does.
 */
const taught = new Map<string, readonly (readonly [string, string])[]>();
const TAUGHT_TEXTS = 4;

function teachingsOf(text: string): readonly (readonly [string, string])[] {
  let pairs = taught.get(text);
  if (pairs === undefined) {
    pairs = teachings(text);
    taught.set(text, pairs);
    if (taught.size > TAUGHT_TEXTS) taught.delete(taught.keys().next().value!);
  }
  return pairs;
}

function teachings(text: string): [string, string][] {
  const out: [string, string][] = [];
  const re =
    /\[`?([A-Za-z][A-Za-z0-9_.-]*)#\d+`?\]\(\s*https?:\/\/[^/\s)]+\/([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9_.-]+)\/(?:pull|pulls|issues)\/\d+/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    out.push([m[1]!.toLowerCase(), `${m[2]}/${cleanRepo(m[3]!)}`.toLowerCase()]);
  }
  // A repo written in full (`example-org/engine#12`, a PR URL) teaches its own
  // name too, so a later `engine#13` or "engine PR #14" names it. Links teach first.
  const full =
    /(?:(?<![\w./-])|(?<=github\.com\/))([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9_.-]+?)(?:#\d|\/(?:pull|pulls|issues)\/\d)/g;
  for (let m = full.exec(text); m !== null; m = full.exec(text)) {
    const name = cleanRepo(m[2]!).toLowerCase();
    if (/^[a-z]/.test(name)) out.push([name, `${m[1]}/${name}`.toLowerCase()]);
  }
  return out;
}

/** `owner/repo` (any case) → lower-cased `owner/repo`, or null if malformed. */
export function normaliseRepo(value: string): string | null {
  const m = new RegExp(`^(${OWNER})/(${REPO})$`).exec(value.trim());
  return m ? `${m[1]}/${cleanRepo(m[2]!)}`.toLowerCase() : null;
}
