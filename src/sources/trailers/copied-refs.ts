/**
 * Bare `#N` in an ecosystem patch's header (SPEC §2.5). Such a header is
 * mostly an upstream commit message copied in, and its `#N` are numbers in
 * upstream's tracker, whatever that is:
 * - another tracker's id (`LP: #N`, `Closes: #N`, `rhbz#N`, trackers.ts) is
 *   never a GitHub ref nor an ambiguous one: dropped; so is a numbered frame
 *   of a pasted backtrace (`#3 0x7f15… in abort`), which is no ref at all;
 * - when the header names exactly one GitHub repository (a URL, an
 *   `owner/repo#N`, a commit link), the rest belong to it: mentions with no
 *   recorded state, marked `inferredRepo` (upstream may track issues
 *   elsewhere, so GitHub not knowing one is no error). Most are `related`;
 *   the `(#N)` that ends the `Subject:` of a squash-merged commit is the PR
 *   the patch was taken from, its `fix`, and a `#N` after GitHub's closing
 *   words (`Fixes #N`, `Closes: #N`) is the `issue` it fixed. A `#N`
 *   written with a word (`libarchive#2846`, "libarchive PR #2846", `PR#18`)
 *   belongs to it only when the word is its name or owner, and is otherwise
 *   counted as below (`PR#18` in a message about a backport may be the
 *   backported project's);
 * - otherwise they are not reported one by one: they are counted
 *   (`unattributed`), and the run's read summary says how many there were.
 *
 * In a patch of a ledger's or record's queue the header is the team's own
 * text, so only another tracker's ids are dropped; the rest stay ambiguous.
 */
import { refKey, splitRefKey, type AmbiguousRef, type Mention, type Role } from '../../model.js';
import { isNameOf, writtenName } from '../../refs.js';
import { detached } from '../headers/detach.js';
import { isOtherTrackerRef, onlyOtherTrackers } from './trackers.js';

export interface CopiedRefsInput {
  path: string;
  /** The whole file's lines, 0-based (line n is lines[n - 1]). */
  lineText: (line: number) => string;
  /** The preamble, for the repositories it names. */
  preamble: string;
  mentions: readonly Mention[];
  ambiguous: readonly AmbiguousRef[];
  /** Repositories named by commit links the trailers read. */
  commitRepos: readonly string[];
  /** An ecosystem layout's patch (true) or a queue's (false). */
  ecosystem: boolean;
  /** The recipe's repository: owns the bare `#N` when the header names no repository. */
  fallbackRepo?: string | null;
}

export interface CopiedRefsResult {
  mentions: Mention[];
  ambiguous: AmbiguousRef[];
  /** Bare `#N` not reported because no single repository could own them. */
  unattributed: number;
}

// `github.com/owner/repo`, not `gist.github.com/…` nor a site page (`github.com/orgs/…`).
const GITHUB_REPO =
  /(?<![\w.-])(?:www\.)?github\.com\/([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9_.-]+)/gi;
const NOT_OWNERS = new Set([
  'orgs',
  'sponsors',
  'settings',
  'marketplace',
  'features',
  'apps',
  'topics',
  'collections',
  'advisories',
  'users',
]);
const NUMBER = /#(\d{1,10})(?!\d)/;

export function attributeCopiedRefs(input: CopiedRefsInput): CopiedRefsResult {
  // Nothing to attribute or drop (most headers): skip the scan for named repos.
  if (input.mentions.length === 0 && input.ambiguous.length === 0)
    return { mentions: [], ambiguous: [], unattributed: 0 };
  const mentions = input.mentions.filter((m) => !isTrackerMention(m, input));
  const ambiguous = input.ambiguous.filter(
    (a) =>
      !isOtherTrackerRef(a.text, input.lineText(a.line)) &&
      !isFrame(a, input) &&
      !inOtherTrackersUrl(a, input.preamble),
  );
  if (!input.ecosystem) return { mentions, ambiguous, unattributed: 0 };
  // No bare `#N` left to attribute: the repositories named need not be found.
  if (ambiguous.length === 0)
    return { mentions: mentions.sort(byLine), ambiguous, unattributed: 0 };
  const repos = namedRepos(input, mentions);
  // The recipe's repository, unless the message links another forge's
  // tracker, whose `#N` it may well be ("Fixes #2901 there").
  if (repos.size === 0 && input.fallbackRepo != null && !OTHER_FORGE.test(input.preamble))
    repos.add(input.fallbackRepo);
  const [only] = repos;
  if (repos.size !== 1 || only === undefined) {
    return { mentions, ambiguous: [], unattributed: ambiguous.length };
  }
  const [owner = '', repo = ''] = only.split('/');
  const seen = new Set(mentions.map((m) => `${m.ref}@${m.line}`));
  let unattributed = 0;
  for (const a of ambiguous) {
    const n = NUMBER.exec(a.text)?.[1];
    if (n === undefined) continue;
    // "pytorch-cpu-feedstock⏎#526": a feedstock's number, not upstream's (session 15).
    if (a.text.startsWith('#') && afterFeedstock(input.lineText, a.line, a.text)) {
      unattributed++;
      continue;
    }
    // Written with a word: only the one repository's name or owner makes it its.
    if (!a.text.startsWith('#')) {
      const name = writtenName(a.text);
      if (name === null || !isNameOf(name, only)) {
        unattributed++;
        continue;
      }
    }
    const ref = detached(refKey(owner, repo, Number(n)));
    if (seen.has(`${ref}@${a.line}`)) continue;
    seen.add(`${ref}@${a.line}`);
    mentions.push({
      ref,
      kindHint: null,
      source: input.path,
      sourceKind: 'patch-header',
      line: a.line,
      patch: input.path,
      role: copiedRole(input.lineText, a.line, n),
      recordedState: null,
      recordedDate: null,
      stateSpan: null,
      inferredRepo: true,
    });
  }
  mentions.sort(byLine);
  return { mentions, ambiguous: [], unattributed };
}

/** `<name>-feedstock` right before `written`, on its line or ending the line above. */
function afterFeedstock(
  lineText: (line: number) => string,
  line: number,
  written: string,
): boolean {
  const text = lineText(line);
  const at = text.indexOf(written);
  const before = at === -1 ? '' : text.slice(0, at);
  const lead = before.trim() === '' ? `${lineText(line - 1)} ` : before;
  return FEEDSTOCK_BEFORE.test(lead);
}
const FEEDSTOCK_BEFORE = /[\w.-]-feedstock\s+(?:(?:issue|PR|pull\s+request)\s+)?$/i;

/** GitHub's closing keywords before a `#N`: "Fixes #12", "closes: #12", "Fixes #12, #13 and #14". */
const CLOSES_BEFORE =
  /\b(?:fix(?:es|ed)?|close[sd]?|resolve[sd]?)\s*:?\s*(?:#\d+(?:\s*,\s*|\s+and\s+|\s*&\s*|\s+))*$/i;

/** The role of the bare `#n` on `line`, from where it is written. */
function copiedRole(lineText: (line: number) => string, line: number, n: string): Role {
  const text = lineText(line);
  if (endsSubject(lineText, line) && new RegExp(`\\(#${n}\\)\\s*$`).test(text)) return 'fix';
  const at = text.indexOf(`#${n}`);
  return at > 0 && CLOSES_BEFORE.test(text.slice(0, at)) ? 'issue' : 'related';
}

/**
 * Whether `line` ends a commit's subject: the `Subject:` line itself, or
 * the last line of a subject `git format-patch` folded (`Subject: [PATCH]
 * …` continued on indented lines). In DEP-3 the indented lines after a
 * `Subject:` are the long description, whose last line is no subject.
 */
function endsSubject(lineText: (line: number) => string, line: number): boolean {
  for (let at = line; at >= 1; at--) {
    const text = lineText(at);
    if (/^Subject:/i.test(text))
      return (
        at === line || (/^Subject:\s*\[PATCH/i.test(text) && !/^[ \t]/.test(lineText(line + 1)))
      );
    if (!/^[ \t]\S/.test(text)) return false;
  }
  return false;
}

function byLine(x: Mention, y: Mention): number {
  return x.line - y.line;
}

/**
 * `#0 0x47208c in strlen …`: a numbered frame of a backtrace or list pasted
 * into the message (its `#N` starts the line); `@{#N}`, a Chromium commit
 * position; or `#0`, which no tracker issues. Not a ref at all.
 */
function isFrame(a: AmbiguousRef, input: CopiedRefsInput): boolean {
  const n = NUMBER.exec(a.text)?.[1];
  if (n === undefined || Number(n) === 0) return true;
  const whole = input.lineText(a.line);
  // `Cr-Commit-Position: refs/heads/main@{#1040794}`: a commit position, not a ref.
  if (whole.includes(`{${a.text}}`)) return true;
  const line = whole.trimStart();
  const rest = line.slice(a.text.length);
  if (a.text.startsWith('#') && line.startsWith(a.text) && (rest === '' || /^\s/.test(rest)))
    return true;
  // `Linux version 5.10.0 (…) #1 SMP Mon Mar 1 …`: a kernel's build number.
  const at = whole.indexOf(a.text);
  return at >= 0 && KERNEL_BUILD.test(whole.slice(at + a.text.length));
}

const KERNEL_BUILD =
  /^\s+(?:SMP|PREEMPT\w*|(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun)\s+(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)\b)/;

/** A link to an issue, bug or merge request on a tracker that is not GitHub. */
/** Whether `text` links an issue or merge request on another forge or tracker than GitHub. */
export function linksOtherForge(text: string): boolean {
  return OTHER_FORGE.test(text);
}

const OTHER_FORGE =
  /https?:\/\/(?!(?:www\.)?github\.com[/:])[^\s<>"')\]]*(?:issues?|bugs?|merge_requests|show_bug|tickets?|tracker)[^\s<>"')\]]*\d/i;

/**
 * "binutils bug #14887, https://sourceware.org/bugzilla/show_bug.cgi?id=14887":
 * the header links the same number on another tracker, so the `#N` is that
 * tracker's (only asked of an ecosystem patch's bare `#N`, a few per tree).
 */
function inOtherTrackersUrl(a: AmbiguousRef, preamble: string): boolean {
  const n = NUMBER.exec(a.text)?.[1];
  if (n === undefined || !preamble.includes(n)) return false;
  for (const url of otherUrls(preamble)) {
    for (let at = url.indexOf(n); at > 0; at = url.indexOf(n, at + 1)) {
      // `…?id=14887`, `…/bugs/14887`, not `…/148870` nor `…/14887.5`.
      const rest = url.slice(at + n.length, at + n.length + 2);
      if ('=/#-'.includes(url.charAt(at - 1)) && !/^[.\w]?\d/.test(rest)) return true;
    }
  }
  return false;
}

/** The last preamble's addresses that are not GitHub's (one header is read at a time). */
let urlsOf: { preamble: string; urls: string[] } | null = null;
const OTHER_URL = /https?:\/\/(?!(?:www\.)?github\.com[/:])[^\s<>"')\]]+/g;
function otherUrls(preamble: string): string[] {
  if (urlsOf?.preamble !== preamble) urlsOf = { preamble, urls: preamble.match(OTHER_URL) ?? [] };
  return urlsOf.urls;
}

/** A mention read from `#N` where every `#N` on its line is another tracker's id. */
function isTrackerMention(m: Mention, input: CopiedRefsInput): boolean {
  return onlyOtherTrackers(input.lineText(m.line), splitRefKey(m.ref).number);
}

/** Lower-case `owner/repo` of every GitHub repository the header names. */
function namedRepos(input: CopiedRefsInput, mentions: readonly Mention[]): Set<string> {
  const repos = new Set<string>(input.commitRepos);
  for (const m of mentions) {
    const { owner, repo } = splitRefKey(m.ref);
    repos.add(`${owner}/${repo}`.toLowerCase());
  }
  GITHUB_REPO.lastIndex = 0;
  for (let m = GITHUB_REPO.exec(input.preamble); m !== null; m = GITHUB_REPO.exec(input.preamble)) {
    const repo = (m[2] ?? '').replace(/\.+$/, '').replace(/\.git$/i, '');
    if (repo !== '' && !NOT_OWNERS.has((m[1] ?? '').toLowerCase()))
      repos.add(`${m[1] ?? ''}/${repo}`.toLowerCase());
  }
  return repos;
}
