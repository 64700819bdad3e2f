/**
 * The things a trailer value points at: GitHub PRs and issues (as URLs or as
 * `owner/repo#N` / `alias#N`), GitHub commits, and URLs GitHub cannot answer
 * for (mailing lists, GitLab, Gerrit, distribution bug trackers).
 */
import { refKey, type RefKey, type RefKind } from '../../model.js';
import { normaliseRepo, scanRefs, type RefContext } from '../../refs.js';

export type Link =
  | { kind: 'ref'; key: RefKey; kindHint: RefKind | null; start: number }
  | { kind: 'commit'; repo: string; sha: string; url: string; start: number }
  | { kind: 'uncheckable'; url: string; reason: string; start: number }
  | { kind: 'ambiguous'; text: string; start: number };

// One greedy character class after a fixed scheme: linear on any line. A
// GitHub address written without its scheme (`Backport [github.com/o/r/pull/1]`)
// counts too; it is read as https.
const URL =
  /\b(?:https?|git|ftp):\/\/[^\s<>[\]"'`]+|(?<![\w.@/:-])(?:www\.)?github\.com\/[^\s<>[\]"'`]+/gi;
const GITHUB = /^https?:\/\/(?:www\.)?github\.com\//i;
const COMMIT =
  /^https?:\/\/(?:www\.)?github\.com\/([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9_.-]+)\/commit\/([0-9a-f]{4,40})(?![0-9a-z])/i;
// `…/raw/o/r/pull/N.patch`, the download link distributions often cite.
const PATCH_DIFF =
  /^https?:\/\/patch-diff\.githubusercontent\.com\/raw\/([A-Za-z0-9][A-Za-z0-9-]*)\/([A-Za-z0-9_.-]+)\/pull\/(\d{1,10})(?!\d)/i;

/**
 * Every link in `text`, in order. `plainRefs` also reads refs written
 * without a URL (`owner/repo#N`), which a vendor bug field must not, since
 * its `#N` numbers belong to the vendor's tracker.
 */
export function findLinks(text: string, ctx: RefContext, plainRefs: boolean): Link[] {
  const links: Link[] = [];
  let masked = '';
  let last = 0;
  URL.lastIndex = 0;
  for (let m = URL.exec(text); m !== null; m = URL.exec(text)) {
    const url = trimUrl(m[0]);
    const withScheme = /^[a-z]+:\/\//i.test(url) ? url : `https://${url}`;
    links.push(classifyUrl(withScheme, m.index, ctx));
    masked += text.slice(last, m.index) + ' '.repeat(m[0].length);
    last = m.index + m[0].length;
  }
  if (!plainRefs) return links;
  masked += text.slice(last);
  for (const ref of scanRefs(masked, ctx)) {
    if (ref.internal) continue;
    if (ref.key === null) links.push({ kind: 'ambiguous', text: ref.text, start: ref.start });
    else links.push({ kind: 'ref', key: ref.key, kindHint: ref.kindHint, start: ref.start });
  }
  return links.sort((a, b) => a.start - b.start);
}

/** Drop sentence punctuation after a URL, and a `)` that closes prose around it. */
function trimUrl(url: string): string {
  let end = url.length;
  while (end > 0) {
    const c = url[end - 1];
    if (c === '.' || c === ',' || c === ';' || c === ':' || c === '!' || c === '?') end--;
    else if (c === ')' && !url.slice(0, end).includes('(')) end--;
    else break;
  }
  return url.slice(0, end);
}

function classifyUrl(url: string, start: number, ctx: RefContext): Link {
  // Every form below is on a GitHub host; most links in a layer's headers
  // (mailing lists, git.kernel.org, sourceware) are not, and need no regex.
  if (!/github/i.test(url)) return { kind: 'uncheckable', url, reason: 'not GitHub', start };
  const [ref] = scanRefs(url, ctx);
  if (ref?.key != null && ref.form === 'url' && ref.start === 0) {
    return { kind: 'ref', key: ref.key, kindHint: ref.kindHint, start };
  }
  const diff = PATCH_DIFF.exec(url);
  if (diff?.[1] !== undefined && diff[2] !== undefined) {
    return { kind: 'ref', key: refKey(diff[1], diff[2], Number(diff[3])), kindHint: 'pr', start };
  }
  const commit = COMMIT.exec(url);
  const commitRepo = commit && normaliseRepo(`${commit[1]}/${commit[2]}`);
  if (commitRepo && commit[3] !== undefined) {
    return { kind: 'commit', repo: commitRepo, sha: commit[3].toLowerCase(), url, start };
  }
  const reason = GITHUB.test(url) ? 'not a PR or issue' : 'not GitHub';
  return { kind: 'uncheckable', url, reason, start };
}
