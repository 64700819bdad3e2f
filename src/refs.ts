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
import { refKey, type RefKey, type RefKind } from './model.js';

export interface RefContext {
  /** alias (lower-case) → `owner/repo` (lower-case). */
  aliases: ReadonlyMap<string, string>;
  /** Repo for bare `#N` when no full ref precedes it: `owner/repo`, or null. */
  defaultRepo: string | null;
  /**
   * The project's own repository, `owner/repo` lower-cased, when the run
   * knows it (own-repo.ts): what "internal PR #N" and "<its name> PR #N"
   * name (SPEC §2.4). Unknown (null or absent), those stay unasked.
   */
  ownRepo?: string | null;
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
      if (!isOrdinal(text, m[10], start)) {
        const bare = resolveBare(text, m[10], m[0], start, lastRepo, ctx);
        out.push(bare);
        // "kvrail side: #615 (dup of #629?)": the side named goes on for the
        // bare refs after it, as a full ref's repo does. (Not "sglang
        // #30265, see #9": a name before one `#N` is that ref's alone.)
        if (bare.key !== null && WORD_SIDE_BEFORE.test(text.slice(Math.max(0, start - 48), start)))
          lastRepo = bare.key.slice(0, bare.key.lastIndexOf('#'));
      }
    }
    if (end === start) re.lastIndex++;
  }
  if (text.includes(' PR ') && ctx.aliases.size > 0) namedPrs(text, ctx.aliases, out);
  return out;
}

/**
 * "orbis PR 8240", "sched PR 412": a known alias, `PR` and a number written
 * without `#` (sessions 13: three labellers wrote it so). Only a name the
 * run knows as an alias: GCC's "PR 30012" and "PR c++/112" stay text.
 */
const NAMED_PR = /(?<![\w./#-])([A-Za-z][\w.-]*) PR +(\d{1,10})(?![\w-]|\.\d)/g;

function namedPrs(text: string, aliases: ReadonlyMap<string, string>, out: FoundRef[]): void {
  const before = out.length;
  NAMED_PR.lastIndex = 0;
  for (let m = NAMED_PR.exec(text); m !== null; m = NAMED_PR.exec(text)) {
    const repo = aliases.get(m[1]!.toLowerCase());
    if (repo !== undefined) out.push(found(repo, m[2]!, null, 'alias', m[0], m.index));
  }
  if (out.length > before) out.sort((a, b) => a.start - b.start);
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
    `https?://(?:www\\.)?(?:github\\.com)/(${OWNER})/(${REPO})/(?:pull|pulls|issues)/\\d+${URL_SUFFIX}`,
    `(?<![\\w./-])(${OWNER})/(${REPO})#\\d+`,
    `(?<![\\w./#-])([A-Za-z][A-Za-z0-9_.-]*)#\\d+`,
    `(?<![\\w&#])#\\d+(?![\\w-])`,
  ].join('|'),
  'g',
);

/** Could `text` hold a ref at all (a `#`, a URL, or "<name> PR <n>")? A cheap test before any scan. */
export function mayHoldRef(text: string): boolean {
  return text.includes('#') || text.includes('http') || text.includes(' PR ');
}

function resolveBare(
  text: string,
  n: string,
  written: string,
  start: number,
  lastRepo: string | null,
  ctx: RefContext,
): FoundRef {
  // "internal PR #178" names the project's own repository (SPEC §2.4), which
  // is not the upstream's: asked there when the run knows it, else like
  // `internal#178`, never queried and never guessed. An internal ticket or
  // bug is another tracker's.
  const internal = INTERNAL_BEFORE.exec(text.slice(Math.max(0, start - 32), start));
  if (internal !== null) {
    // "internal PR #61 (halyard repo)", "internal PR #344 in the anvil repo":
    // an internal repository that is not this project's (sessions 12, 13).
    const elsewhere = OTHER_REPO_AFTER.exec(
      text.slice(start + written.length, start + written.length + 48),
    );
    const other = elsewhere !== null && !(ctx.ownRepo && isNameOf(elsewhere[1]!, ctx.ownRepo));
    if (internal[1] !== undefined && ctx.ownRepo && !other)
      return found(ctx.ownRepo, n, null, 'bare', written, start);
    return { ...found(null, n, null, 'bare', written, start), internal: true };
  }
  // "sglang PR #123", "Infera PR #178", "sglang #30265": a word that names a known repo.
  const before = text.slice(Math.max(0, start - 48), start);
  const withPr = WORD_PR_BEFORE.exec(before);
  const word = (withPr ?? WORD_SIDE_BEFORE.exec(before) ?? WORD_BEFORE.exec(before))?.[1];
  const namedRepo = word === undefined ? undefined : ctx.aliases.get(word.toLowerCase());
  if (namedRepo !== undefined) return found(namedRepo, n, null, 'bare', written, start);
  const repo = lastRepo ?? ctx.defaultRepo;
  // "(libarchive PR #2846)" in a header about another project: the name says
  // whose PR it is, and it is not the repo a bare #N would fall back to. Read
  // as written, like `libarchive#2846`: ambiguous, never that fallback's.
  if (withPr !== null && word !== undefined && namesOther(word, repo)) {
    // "Infera PR #178" in Infera's own tree: the project's own repository.
    if (ctx.ownRepo && isNameOf(word, ctx.ownRepo))
      return found(ctx.ownRepo, n, null, 'bare', written, start);
    const at = start - (before.length - withPr.index);
    return {
      ...found(null, n, null, 'alias', text.slice(at, start) + written, at),
      ambiguous: true,
    };
  }
  if (repo === null) return { ...found(null, n, null, 'bare', written, start), ambiguous: true };
  return found(repo, n, null, 'bare', written, start);
}

/**
 * The project name a ref is written with (`libarchive` in `libarchive#5` and
 * in "libarchive PR #5"), or null when it has none (`#5`, `PR#5`).
 */
export function writtenName(text: string): string | null {
  const name = /^[A-Za-z][\w.-]*/.exec(text)?.[0];
  return name === undefined || BARE_WORDS.has(name.toLowerCase()) ? null : name;
}

/** "internal PR ", "internal pull request ", "internal issue " (1), or "internal ticket ", "internal ". */
/**
 * "Upstream attempt #1 was …", "step #3", "gdb patch #8": a word that counts
 * things before a one-digit `#N` numbers it; it names no PR or issue.
 */
const ORDINAL_BEFORE =
  /\b(?:attempt|try|round|take|iteration|pass|step|phase|stage|option|part|patch|no\.?)[ \t]*$/i;

function isOrdinal(text: string, n: string, start: number): boolean {
  return n.length === 1 && ORDINAL_BEFORE.test(text.slice(Math.max(0, start - 16), start));
}

const OTHER_REPO_AFTER =
  /^[ \t]*(?:\(|,)?[ \t]*(?:(?:in|of|on)[ \t]+)?(?:the[ \t]+|our[ \t]+)?([A-Za-z][\w.-]*)[ \t]+repo(?:sitory)?\b/i;
const INTERNAL_BEFORE = /\binternal\s+(?:(pr|pull\s+request|issue)|ticket|bug)?\s*$/i;

/**
 * The word before a bare `#N`, with `PR`, `pull request` or `issue` between
 * them ("Infera PR ", "libarchive PR" at a line's end), or right before it on
 * its line ("sglang ").
 */
const WORD_PR_BEFORE = /([A-Za-z][\w.-]*)\s+(?:PR|pull\s+request|issue)\s*$/i;
const WORD_BEFORE = /([A-Za-z][\w.-]*)[ \t]+$/;
/** "kvrail side: #615" (session 16): the side of a known repo, named before its `#N`. */
const WORD_SIDE_BEFORE = /([A-Za-z][\w.-]*)[ \t]+side[ \t]*[:,]?[ \t]*$/i;

/**
 * Words written before "PR #N" or "issue #N" that qualify the PR rather than
 * name a project: articles, pronouns, prepositions, the verbs of commit
 * messages, and the states, roles and labels patch queues write ("own PR",
 * "third-party PR", "the MERGED PR", "tracking issue"). Any other word there
 * is a project's name (SPEC §2.4, "<project> PR #N").
 */
const QUALIFIERS = new Set(
  (
    'a an the this that these those its our their his her my your whose which what each every ' +
    'any some no one another other same such both either neither all only also just even still ' +
    'in on at to for by from via with without of and or nor but see per after before since until ' +
    'till than like as into onto over under about against between then now earlier later above below ' +
    'fix fixes fixed fixing close closes closed closing resolve resolves resolved merge merges merged ' +
    'merging revert reverts reverted reland relands relanded backport backports backported ' +
    'cherry-pick cherry-picked pick picked cf ref refs re address addresses addressed supersede ' +
    'supersedes superseded superseding replace replaces replaced follow follows following implement ' +
    'implements implemented introduce introduces introduced introducing land lands landed submit ' +
    'submits submitted open opens opened reopen reopened track tracks tracked tracking mention ' +
    'mentions mentioned link links linked relate relates related depend depends needs need requires ' +
    'required carry carries carried port ports ported propose proposes proposed file files filed ' +
    'report reports reported raise raised squash squashed split upstreamed ' +
    'own third-party thirdparty upstream downstream original new old older newer latest recent ' +
    'previous prior next first second third last final initial follow-up followup companion ' +
    'competing sibling parent child umbrella meta draft pending stale abandoned rejected accepted ' +
    'approved wip rfc separate relevant corresponding matching existing current active inactive ' +
    'big small large minor major partial full alternative alternate duplicate dup proper actual ' +
    'real main master core base github gh said aforementioned test tests ci doc docs bug bugs ' +
    'bugfix feature security cve perf performance refactor cleanup regression known outstanding ' +
    'blocking blocked blocker parallel similar equivalent referenced cited background cause ' +
    'culprit regressing anchor anchor-collision collision colliding conflicting none build ' +
    'pr prs issue issues pull request'
  ).split(' '),
);

/**
 * Whether `word`, written before "PR #N" or "issue #N", names a project
 * other than `repo` (the repo the `#N` would otherwise take): not a
 * qualifier, not a sentence's last word ("reverted. PR #5 relands it"), and
 * not `repo`'s own name or owner.
 */
function namesOther(word: string, repo: string | null): boolean {
  const w = word.toLowerCase();
  // "3rd-party PR #455", "our router-side PR #463": qualifiers too.
  if (w.length < 2 || w.endsWith('.') || QUALIFIERS.has(w) || /-side$|^rd-party$/.test(w))
    return false;
  return repo === null || !isNameOf(w, repo);
}

/** Whether `word` is the name or the owner of `repo` (`owner/name`), in any case. */
export function isNameOf(word: string, repo: string): boolean {
  const w = word.toLowerCase();
  const r = repo.toLowerCase();
  const slash = r.indexOf('/');
  return w === r.slice(slash + 1) || w === r.slice(0, slash);
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

/**
 * The first teaching of each alias, in order: only the first can win
 * (learnAliases), and a large ledger repeats the same few thousands of times.
 */
function teachings(text: string): [string, string][] {
  const out: [string, string][] = [];
  const taughtNames = new Set<string>();
  const re =
    /\[`?([A-Za-z][A-Za-z0-9_.-]*)#\d+`?\]\(\s*https?:\/\/[^/\s)]+\/([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9_.-]+)\/(?:pull|pulls|issues)\/\d+/g;
  for (let m = re.exec(text); m !== null; m = re.exec(text)) {
    const alias = m[1]!.toLowerCase();
    if (taughtNames.has(alias)) continue;
    taughtNames.add(alias);
    out.push([alias, `${m[2]}/${cleanRepo(m[3]!)}`.toLowerCase()]);
  }
  // A repo written in full (`example-org/engine#12`, a PR URL) teaches its own
  // name too, so a later `engine#13` or "engine PR #14" names it. Links teach first.
  const full =
    /(?:(?<![\w./-])|(?<=github\.com\/))([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9_.-]+?)(?:#\d|\/(?:pull|pulls|issues)\/\d)/g;
  for (let m = full.exec(text); m !== null; m = full.exec(text)) {
    const name = cleanRepo(m[2]!).toLowerCase();
    if (taughtNames.has(name) || !/^[a-z]/.test(name)) continue;
    taughtNames.add(name);
    out.push([name, `${m[1]}/${name}`.toLowerCase()]);
  }
  // A link to a repository under its own name (`[tok](https://github.com/tokiwa/tok)`,
  // as a ledger's table of upstreams writes it) teaches that name.
  const repoLink =
    /\[`?([A-Za-z][A-Za-z0-9_.-]*)`?\]\(\s*https?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9_.-]+?)\/?\s*\)/g;
  for (let m = repoLink.exec(text); m !== null; m = repoLink.exec(text)) {
    const name = cleanRepo(m[3]!).toLowerCase();
    if (m[1]!.toLowerCase() !== name || taughtNames.has(name)) continue;
    taughtNames.add(name);
    out.push([name, `${m[2]}/${name}`.toLowerCase()]);
  }
  return out;
}

/** `owner/repo` (any case) → lower-cased `owner/repo`, or null if malformed. */
export function normaliseRepo(value: string): string | null {
  const m = new RegExp(`^(${OWNER})/(${REPO})$`).exec(value.trim());
  return m ? `${m[1]}/${cleanRepo(m[2]!)}`.toLowerCase() : null;
}
