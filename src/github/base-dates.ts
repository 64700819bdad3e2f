/**
 * Commit dates for the containment shortcut: a base cannot contain a commit
 * made after it. One aliased GraphQL query (with a token) dates every base
 * and every merge commit of a run; `object(expression:)` takes anything
 * rev-parse does (a tag, a branch, a short or full sha). A base that is an
 * annotated tag is read through `Tag.target`, so no peel syntax (`^{commit}`)
 * is relied on. Anything the answer does not date is unknown (null), and an
 * unknown date never decides anything.
 */
import { GitHubUnavailableError } from './client.js';
import { mapLimited, type GitHubOctokit, type GitHubSession } from './octokit.js';

/** A revision to date: a base as the records name it, or a merge commit. */
export interface DateRequest {
  /** `owner/repo`. */
  repo: string;
  /** A rev-parse expression: a ref name or a (short) sha. */
  rev: string;
  /** The full sha this must resolve to (a merge commit); absent for a base. */
  expectOid?: string;
}

/** `owner/repo@REV`, repository lower-cased (GitHub looks names up case-insensitively). */
export function dateKey(repo: string, rev: string): string {
  return `${repo.toLowerCase()}@${rev}`;
}

/** Aliases per query: GitHub answers 100 lookups without connections for 1 point. */
export const DATES_PER_QUERY = 100;

export interface DateSlot {
  key: string;
  repoAlias: string;
  alias: string;
  expectOid: string | null;
}

export interface DatesQuery {
  query: string;
  slots: DateSlot[];
}

export const DATED_FRAGMENT = `fragment dated on GitObject { __typename ... on Commit { oid committedDate } ... on Tag { target { __typename ... on Commit { oid committedDate } } } }`;

/** One query dating `requests` (distinct keys; order kept): `rN` per repository, `dM` per revision. */
export function buildDatesQuery(requests: readonly DateRequest[]): DatesQuery {
  const { lines, slots } = datesSelections(requests, 'r');
  return { query: ['query {', ...lines, '}', DATED_FRAGMENT].join('\n'), slots };
}

/**
 * The selections dating `requests`, for a query of their own or beside a
 * ref batch (graphql.ts): `<prefix>N` per repository, `dM` per revision.
 * They use the `dated` fragment (DATED_FRAGMENT).
 */
export function datesSelections(
  requests: readonly DateRequest[],
  prefix: string,
): { lines: string[]; slots: DateSlot[] } {
  const repos = new Map<string, { owner: string; name: string; alias: string; lines: string[] }>();
  const slots: DateSlot[] = [];
  const seen = new Set<string>();
  for (const request of requests) {
    const key = dateKey(request.repo, request.rev);
    if (seen.has(key)) continue;
    seen.add(key);
    const [owner = '', name = ''] = request.repo.split('/');
    const repoName = `${owner}/${name}`.toLowerCase();
    let group = repos.get(repoName);
    if (!group) {
      group = { owner, name, alias: `${prefix}${repos.size}`, lines: [] };
      repos.set(repoName, group);
    }
    const alias = `d${slots.length}`;
    group.lines.push(
      `    ${alias}: object(expression: ${JSON.stringify(request.rev)}) { ...dated }`,
    );
    slots.push({
      key,
      repoAlias: group.alias,
      alias,
      expectOid: request.expectOid?.toLowerCase() ?? null,
    });
  }
  const lines: string[] = [];
  for (const group of repos.values()) {
    lines.push(
      `  ${group.alias}: repository(owner: ${JSON.stringify(group.owner)}, name: ${JSON.stringify(group.name)}) {`,
      ...group.lines,
      '  }',
    );
  }
  return { lines, slots };
}

/**
 * Committed dates (epoch ms) by dateKey() from GitHub's `data` (null or
 * partial): a Commit, or an annotated Tag's target Commit. Missing, other
 * object types, unreadable dates, and a merge commit that resolved to some
 * other oid are null.
 */
export function readDatesAnswer(
  batch: Pick<DatesQuery, 'slots'>,
  data: unknown,
): Map<string, number | null> {
  const out = new Map<string, number | null>();
  for (const slot of batch.slots) {
    const repo = asRecord(asRecord(data)?.[slot.repoAlias]);
    const object = asRecord(repo?.[slot.alias]);
    const commit = object?.['__typename'] === 'Tag' ? asRecord(object['target']) : object;
    out.set(slot.key, commitDate(commit, slot.expectOid));
  }
  return out;
}

function commitDate(
  commit: Record<string, unknown> | null,
  expectOid: string | null,
): number | null {
  if (commit?.['__typename'] !== 'Commit') return null;
  const { oid } = commit;
  if (typeof oid !== 'string') return null;
  if (expectOid !== null && oid.toLowerCase() !== expectOid) return null;
  return dateOf(commit['committedDate']);
}

/** A `committedDate` as epoch ms; null when it is not a readable date. */
export function dateOf(committedDate: unknown): number | null {
  if (typeof committedDate !== 'string') return null;
  const at = Date.parse(committedDate);
  return Number.isNaN(at) ? null : at;
}

/**
 * Date every request, `DATES_PER_QUERY` to a query, `concurrency` queries in
 * flight. A query GitHub rejects (GraphQL errors, 400/404/422) leaves its
 * revisions unknown; a rate limit, a bad token or an outage is an error, as
 * for any other request of the run.
 */
export async function fetchCommitDates(
  octokit: GitHubOctokit,
  session: GitHubSession,
  url: string,
  requests: readonly DateRequest[],
  concurrency: number,
): Promise<Map<string, number | null>> {
  const chunks: DateRequest[][] = [];
  for (let i = 0; i < requests.length; i += DATES_PER_QUERY) {
    chunks.push(requests.slice(i, i + DATES_PER_QUERY));
  }
  const out = new Map<string, number | null>();
  const answers = await mapLimited(chunks, concurrency, (chunk) =>
    askDates(octokit, session, url, chunk),
  );
  for (const answer of answers) for (const [key, at] of answer) out.set(key, at);
  return out;
}

async function askDates(
  octokit: GitHubOctokit,
  session: GitHubSession,
  url: string,
  requests: readonly DateRequest[],
): Promise<Map<string, number | null>> {
  const batch = buildDatesQuery(requests);
  let body: unknown;
  let reset: unknown;
  try {
    const response = await octokit.request({ method: 'POST', url, query: batch.query });
    body = response.data;
    reset = response.headers['x-ratelimit-reset'];
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 400 || status === 404 || status === 422) return readDatesAnswer(batch, null);
    throw error;
  }
  if (typeof body !== 'object' || body === null) {
    throw new GitHubUnavailableError(
      `GitHub sent an unreadable answer to POST ${new URL(url).pathname}`,
    );
  }
  const { data, errors } = body as { data?: unknown; errors?: unknown };
  const rateLimited =
    Array.isArray(errors) && errors.some((e) => asRecord(e)?.['type'] === 'RATE_LIMITED');
  if (rateLimited) {
    const at = Number(reset);
    throw session.rateLimitError(Number.isFinite(at) && at > 0 ? at : null);
  }
  return readDatesAnswer(batch, data);
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}
