/**
 * Ledger tables are found by header text, not position: teams reorder and
 * rename columns, and add their own (`fixes`, `notes`, `dropped at`).
 */

export interface Columns {
  patch: number | null;
  issue: number | null;
  pr: number | null;
  ours: number | null;
  state: number | null;
  /** A `dropped` / `superseded` column: the table lists retired patches. */
  retires: boolean;
}

type ColumnKind = 'patch' | 'issue' | 'pr' | 'ours' | 'state';

// Headers after normalisation: lower case, punctuation dropped (`PR(s)` → `prs`, `ours?` → `ours`).
// Session 10 added the spellings a held-out ledger used (`file`, `status`),
// and their near kin; `fixes` stays unread (Infera's says what a patch fixes).
const HEADERS: Record<string, ColumnKind> = {
  patch: 'patch',
  patches: 'patch',
  'patch file': 'patch',
  'patch files': 'patch',
  file: 'patch',
  files: 'patch',
  path: 'patch',
  script: 'patch',
  scripts: 'patch',
  'patch script': 'patch',
  'anchor script': 'patch',
  'upstream issue': 'issue',
  'upstream issues': 'issue',
  issue: 'issue',
  issues: 'issue',
  bug: 'issue',
  bugs: 'issue',
  'bug report': 'issue',
  'upstream bug': 'issue',
  'tracking issue': 'issue',
  upstream: 'pr',
  'upstream pr': 'pr',
  'upstream prs': 'pr',
  'upstream pull request': 'pr',
  'upstream pull requests': 'pr',
  'pull request': 'pr',
  'pull requests': 'pr',
  'upstream fix': 'pr',
  'fix pr': 'pr',
  pr: 'pr',
  prs: 'pr',
  ours: 'ours',
  own: 'ours',
  owner: 'ours',
  'by us': 'ours',
  'our pr': 'ours',
  mine: 'ours',
  who: 'ours',
  'by whom': 'ours',
  'pr state': 'state',
  'pr states': 'state',
  'upstream pr state': 'state',
  'upstream state': 'state',
  state: 'state',
  status: 'state',
  'pr status': 'state',
  'upstream status': 'state',
};

export function normaliseHeader(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\s]/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Map header cell texts (flattened, so emphasis and backticks are gone) to columns. */
export function findColumns(headers: readonly string[]): Columns {
  const columns: Columns = {
    patch: null,
    issue: null,
    pr: null,
    ours: null,
    state: null,
    retires: false,
  };
  let bareUpstream: number | null = null;
  headers.forEach((raw, index) => {
    const header = normaliseHeader(raw);
    if (/^(?:dropped|superseded|retired|removed)\b/.test(header)) columns.retires = true;
    const kind = HEADERS[header] ?? kindByWords(header);
    // A bare `upstream` is the PR column only when no column says PR: beside
    // `upstream PR(s)` it names the project (`lexcrate`, `cairnkv`).
    if (header === 'upstream') {
      bareUpstream ??= index;
      return;
    }
    // The first column of a kind wins; a second `state` column is someone's note.
    if (kind !== undefined && kind !== null && columns[kind] === null) columns[kind] = index;
  });
  if (columns.pr === null) columns.pr = bareUpstream;
  return columns;
}

/**
 * A header no spelling above names, read by its words (session 11: a
 * held-out ledger's `tracking`, `fix upstream`, `PR status`). `fixes` and
 * `fixed` stay unread: they describe what a patch fixes.
 */
function kindByWords(header: string): ColumnKind | null {
  if (/\b(?:state|status)\b/.test(header)) return 'state';
  // `upstream PR / issue` (session 16): the PRs, with an issue among them now and then.
  if (/\b(?:prs?|pull requests?)\b/.test(header) && /\bissues?\b/.test(header)) return 'pr';
  if (/\b(?:issues?|bugs?|tracking|tracker)\b/.test(header)) return 'issue';
  if (/\b(?:prs?|pull requests?|fix upstream|upstream fix|upstr)\b/.test(header)) return 'pr';
  if (/^(?:ours|by us|owner|owned by)\b/.test(header)) return 'ours';
  return null;
}
