/**
 * The repository a bare `#N` belongs to, by section (SPEC §2.4): a section
 * whose refs all name one repository (a sglang table and the paragraphs
 * under it) gives that repository to its bare refs; a section with no full
 * refs of its own takes its parent's; and a file whose refs all name one
 * repository gives it everywhere. Where two repositories meet, only the
 * nearest full ref before a bare one in its own cell or paragraph decides
 * (refs.ts), and otherwise the ref is ambiguous — unless the caller gives a
 * fallback: a patches folder's README defaults to its folder's repository
 * everywhere, even where it also cites another project.
 */
import type { Root } from 'mdast';
import { reposNamed } from '../../refs.js';

interface Section {
  depth: number;
  start: number;
  /** End of the section and all its subsections. */
  end: number;
}

export interface SectionRepos {
  readonly fileRepo: string | null;
  /** The default repo for the section starting at a heading's offset. */
  at(headingStart: number): string | null;
}

export function sectionRepos(
  text: string,
  tree: Root,
  aliases: ReadonlyMap<string, string>,
  fallback: string | null = null,
  /** The project's own repository: citing its tracker says nothing of whose a bare `#N` is. */
  ownRepo: string | null = null,
): SectionRepos {
  // A patches folder's README: its bare refs are its folder's upstream's,
  // whatever other project a section cites (the nearest full ref in the same
  // paragraph still decides first, refs.ts). Session 10: a quay README that
  // cited one tessel PR gave its bare quay refs to tessel.
  if (fallback !== null) return { fileRepo: fallback, at: () => fallback };
  const heads: Section[] = [];
  for (const node of tree.children) {
    if (node.type !== 'heading') continue;
    heads.push({ depth: node.depth, start: node.position?.start.offset ?? 0, end: text.length });
  }
  heads.forEach((h, i) => {
    const next = heads.slice(i + 1).find((n) => n.depth <= h.depth);
    h.end = next?.start ?? text.length;
  });
  // Two distinct repos already mean "no single repo": stop scanning there.
  // A range is scanned once: a top heading's section is often the whole file.
  const scanned = new Map<string, Set<string>>();
  const reposIn = (start: number, end: number): Set<string> => {
    const key = `${start}:${end}`;
    let repos = scanned.get(key);
    if (repos === undefined) {
      repos = reposNamed(text.slice(start, end), aliases, ownRepo === null ? 2 : 3);
      if (ownRepo !== null) repos.delete(ownRepo);
      scanned.set(key, repos);
    }
    return repos;
  };
  const only = (repos: Set<string>): string | null =>
    repos.size === 1 ? ([...repos][0] ?? null) : null;
  // Worked out when first asked: a ledger whose refs all name their repo
  // (URLs, `owner/repo#N`, known aliases) never asks, and is not scanned.
  let fileRepo: string | null | undefined;
  let said: Declared[] | undefined;
  const declared = (): Declared[] => (said ??= declarations(text, heads, aliases, ownRepo));
  const fileRepoOf = (): string | null => {
    if (fileRepo === undefined) {
      const all = reposIn(0, text.length);
      fileRepo =
        declared().find((d) => d.head === null)?.repo ?? (all.size === 0 ? fallback : only(all));
    }
    return fileRepo;
  };
  // The repository each section's heading or lead declares (null: none), filled as asked.
  const leads = new Map<number, string | null>();
  const ancestorLead = (i: number): string | null => {
    const h = heads[i]!;
    for (let p = i - 1; p >= 0; p--) {
      const parent = heads[p]!;
      if (parent.depth >= h.depth || parent.end < h.end) continue;
      if (!leads.has(p)) repoOfHead(p);
      const repo = leads.get(p) ?? null;
      if (repo !== null) return repo;
    }
    return null;
  };
  const headAt = new Map<number, number>();
  heads.forEach((h, i) => headAt.set(h.start, i));
  const byHead = new Map<number, string | null>();
  const repoOfHead = (i: number): string | null => {
    let repo = byHead.get(i);
    if (repo === undefined) {
      const h = heads[i]!;
      // The heading or its first paragraph says whose the section is
      // ("## tidepool -- `patches/tidepool/`", "## lexcrate —
      // mossgate-labs/lexcrate @ 2.3.1", "Upstream is [owner/repo](…)."),
      // whatever other project its refs cite; else its refs decide.
      const own = declared().find((d) => d.head === i)?.repo;
      const lead = own !== undefined ? new Set([own]) : leadRepos(text, h, aliases, ownRepo);
      leads.set(i, lead === null ? null : only(lead));
      // A section that says nothing of whose it is, under one that does ("#
      // corvid — downstream patch series" over "### 0004-…" that cites a
      // kernels PR in passing): the enclosing declaration, not the refs it
      // cites (session 16, q47).
      const declaredAbove = lead === null ? ancestorLead(i) : null;
      const repos =
        lead ?? (declaredAbove !== null ? new Set([declaredAbove]) : reposIn(h.start, h.end));
      // No full ref of its own: the enclosing section's (what its heading,
      // lead or refs say: "# whisperlane — carried patches" over a notes
      // section of bare refs, session 13), then the file's.
      let inherited: string | null | undefined;
      if (repos.size === 0) {
        for (let p = i - 1; p >= 0; p--) {
          const parent = heads[p]!;
          if (parent.depth < h.depth && parent.end >= h.end) {
            inherited = repoOfHead(p);
            break;
          }
        }
      }
      repo = inherited !== undefined ? inherited : repos.size === 0 ? fileRepoOf() : only(repos);
      byHead.set(i, repo);
    }
    return repo;
  };
  return {
    get fileRepo() {
      return fileRepoOf();
    },
    at: (start) => {
      const i = headAt.get(start);
      return (i === undefined ? undefined : repoOfHead(i)) ?? fileRepoOf();
    },
  };
}

interface Declared {
  /** The section (index in the headings) the sentence speaks for; null: the whole file. */
  head: number | null;
  repo: string;
}

/**
 * "Bare `#N` in this file = an ostrakon PR/issue", "Bare numbers in this
 * table are cobalt-ml/stratus": the author says whose a bare `#N` is (session
 * 12). Before any section heading, or naming "this file", it speaks for the
 * file; otherwise for the section it is written in.
 */
const DECLARED =
  /\bbare\s+(?:[`*_]*#\s*N\b[`*_]*|#?\s*numbers?\b|(?:PR|issue)\s+numbers?\b|refs?\b|references\b|`#\d*`)([^.;\n]{0,60}?)(?:\s=\s*|\s(?:are|is|means?|refers?\s+to|belongs?\s+to)\s+)((?:[^.;\n]|\n(?![ \t]*\n)){1,160})/gi;
const WHOLE_FILE = /\b(?:this|the\s+whole)\s+(?:file|document|ledger|page)\b|\beverywhere\b/i;

function declarations(
  text: string,
  heads: readonly Section[],
  aliases: ReadonlyMap<string, string>,
  ownRepo: string | null,
): Declared[] {
  const out: Declared[] = [];
  if (!/\bbare\s/i.test(text)) return out;
  const known = citedIn(text, aliases);
  for (const m of text.matchAll(DECLARED)) {
    const repo = onlyRepo(m[2] ?? '', aliases, known);
    if (repo === null || repo === ownRepo) continue;
    const at = m.index ?? 0;
    let head: number | null = null;
    for (let i = 0; i < heads.length && heads[i]!.start <= at; i++) head = i;
    // Under the document's title (a lone `#` heading) is the file's lead.
    if (
      head !== null &&
      heads[head]!.depth === 1 &&
      heads.every((h, k) => k === head || h.depth > 1)
    )
      head = null;
    if (WHOLE_FILE.test(m[1] ?? '')) head = null;
    out.push({ head, repo });
  }
  return out;
}

/**
 * The one repository `words` name, as `owner/repo` (or its URL) or as an
 * alias, counting only repositories the file's refs cite (`PR/issue` is
 * none); null when they name none or several ("`a/` -> o/a, `b/` -> o/b").
 */
function onlyRepo(
  words: string,
  aliases: ReadonlyMap<string, string>,
  known: ReadonlySet<string>,
): string | null {
  const repos = new Set<string>();
  for (const m of words.matchAll(REPO_NAMED)) repos.add(`${m[1]}/${m[2]}`.toLowerCase());
  for (const word of words.toLowerCase().match(/[a-z0-9][\w.-]*/g) ?? []) {
    const repo = aliases.get(word);
    if (repo !== undefined) repos.add(repo);
  }
  for (const repo of repos) if (!known.has(repo)) repos.delete(repo);
  return repos.size === 1 ? ([...repos][0] ?? null) : null;
}

/** `github.com/owner/repo` (not a PR or issue) or `owner/repo` written alone. */
const REPO_NAMED =
  /(?<![\w./-])(?:https?:\/\/(?:www\.)?github\.com\/)?([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9_.-]*[A-Za-z0-9_])(?![\w/#-])/g;

/**
 * The one repository a section's heading and first paragraph name, when
 * they name exactly one: an alias as a word of the heading, or a repository
 * (URL or `owner/repo`) that the file's refs name too. Null otherwise.
 */
function leadRepos(
  text: string,
  h: Section,
  aliases: ReadonlyMap<string, string>,
  ownRepo: string | null,
): Set<string> | null {
  const headingEnd = text.indexOf('\n', h.start);
  const heading = text.slice(h.start, headingEnd < 0 ? h.end : headingEnd);
  // The first paragraph: up to the first blank line after some text.
  const after = text.slice(headingEnd < 0 ? h.end : headingEnd, h.end);
  const body = /^\s*\n/.exec(after)?.[0].length ?? 0;
  const blank = after.slice(body).search(/\n[ \t]*\n/);
  const lead = `${heading}\n${after.slice(0, blank < 0 ? after.length : body + blank)}`;
  // Only a repository the file's refs name counts: `input/output` is none.
  const known = citedIn(text, aliases);
  const out = new Set<string>();
  for (const word of heading.toLowerCase().match(/[a-z0-9][\w.-]*/g) ?? []) {
    const repo = aliases.get(word);
    if (repo !== undefined && known.has(repo)) out.add(repo);
  }
  for (const m of lead.matchAll(REPO_NAMED)) {
    const repo = `${m[1]}/${m[2]}`.toLowerCase();
    if (known.has(repo)) out.add(repo);
  }
  if (ownRepo !== null) out.delete(ownRepo);
  return out.size === 1 ? out : null;
}

/** Every repository a text's refs name, for the last text asked (one ledger is read at a time). */
let cited: { text: string; aliases: ReadonlyMap<string, string>; repos: Set<string> } | null = null;
function citedIn(text: string, aliases: ReadonlyMap<string, string>): Set<string> {
  if (cited?.text !== text || cited.aliases !== aliases)
    cited = { text, aliases, repos: reposNamed(text, aliases) };
  return cited.repos;
}
