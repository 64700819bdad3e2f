/**
 * Pure half of the GraphQL client: build one aliased query for a batch of
 * refs, and read GitHub's answer back into one Resolution per ref.
 *
 * Aliases are `r<i>` per repository (in order of first appearance) and
 * `i<number>` per issue/PR inside it, so an error's `path` (`["r0","i3"]`)
 * names exactly one ref, or one repository and with it all its refs.
 */
import { splitRefKey, type LiveState, type RefKey, type Resolution } from '../model.js';
import {
  dateOf,
  DATED_FRAGMENT,
  dateKey,
  datesSelections,
  readDatesAnswer,
  type DateRequest,
  type DateSlot,
} from './base-dates.js';

export interface BatchSlot {
  key: RefKey;
  repoAlias: string;
  itemAlias: string;
}

export interface BatchQuery {
  query: string;
  slots: BatchSlot[];
  /** Revisions dated beside the refs (aliases `bN`/`dM`), if any were asked. */
  dateSlots: DateSlot[];
}

/** The parts of a GraphQL error we rely on. */
export interface GraphqlErrorLike {
  message: string;
  type?: string;
  path?: readonly (string | number)[];
}

export interface BatchAnswer {
  results: Map<RefKey, Resolution>;
  cost: number;
  /** Slots the answer says nothing usable about: the batch failed for them. */
  unanswered: RefKey[];
  /**
   * Commit dates by dateKey(): each merged PR's merge commit (its
   * `committedDate` comes with the PR) and each revision the batch dated.
   */
  dates: Map<string, number | null>;
}

// `state` has different types on PullRequest and Issue: GitHub rejects the
// whole query unless the two are aliased apart.
const FRAGMENTS = `fragment pr on PullRequest { number title url prState: state isDraft merged mergedAt closedAt mergeCommit { oid committedDate } reviewDecision author { login } }
fragment issue on Issue { number title url issueState: state stateReason closedAt author { login } }`;

/**
 * Build the query for a batch of distinct keys (their order is kept), and
 * date `dates` in the same query: a few more aliases cost no request and no
 * point (no connections), where a query of their own would wait for the refs.
 */
export function buildBatchQuery(
  keys: readonly RefKey[],
  dates: readonly DateRequest[] = [],
): BatchQuery {
  const repos = new Map<
    string,
    { owner: string; repo: string; alias: string; numbers: number[] }
  >();
  const slots: BatchSlot[] = [];
  for (const key of keys) {
    const { owner, repo, number } = splitRefKey(key);
    const name = `${owner}/${repo}`;
    let group = repos.get(name);
    if (!group) {
      group = { owner, repo, alias: `r${repos.size}`, numbers: [] };
      repos.set(name, group);
    }
    group.numbers.push(number);
    slots.push({ key, repoAlias: group.alias, itemAlias: `i${number}` });
  }
  const lines = ['query {'];
  for (const group of repos.values()) {
    lines.push(
      `  ${group.alias}: repository(owner: ${JSON.stringify(group.owner)}, name: ${JSON.stringify(group.repo)}) {`,
    );
    for (const number of group.numbers) {
      lines.push(
        `    i${number}: issueOrPullRequest(number: ${number}) { __typename ...pr ...issue }`,
      );
    }
    lines.push('  }');
  }
  const dated = datesSelections(dates, 'b');
  lines.push(...dated.lines, '  rateLimit { cost remaining resetAt }', '}', FRAGMENTS);
  if (dated.slots.length > 0) lines.push(DATED_FRAGMENT);
  return { query: lines.join('\n'), slots, dateSlots: dated.slots };
}

/**
 * Read an answer. `data` is GitHub's `data` (possibly null or partial),
 * `errors` its `errors`. A null repository or item with an error on its path
 * is not-found for that ref only; anything unreadable is left unanswered.
 */
export function readBatchAnswer(
  batch: BatchQuery,
  data: unknown,
  errors: readonly GraphqlErrorLike[],
): BatchAnswer {
  const results = new Map<RefKey, Resolution>();
  const unanswered: RefKey[] = [];
  const root = asRecord(data);
  const dates = readDatesAnswer({ slots: batch.dateSlots }, data);
  for (const slot of batch.slots) {
    const resolution = readSlot(slot, root, errors);
    if (resolution) results.set(slot.key, resolution);
    else unanswered.push(slot.key);
    const oid = resolution?.status === 'found' ? resolution.live.mergeCommit : null;
    if (oid !== null) {
      const item = asRecord(asRecord(root?.[slot.repoAlias])?.[slot.itemAlias]);
      const at = dateOf(asRecord(item?.['mergeCommit'])?.['committedDate']);
      if (at !== null) dates.set(dateKey(slot.key.slice(0, slot.key.lastIndexOf('#')), oid), at);
    }
  }
  const cost = asRecord(root?.['rateLimit'])?.['cost'];
  return { results, cost: typeof cost === 'number' ? cost : 0, unanswered, dates };
}

function readSlot(
  slot: BatchSlot,
  root: Record<string, unknown> | null,
  errors: readonly GraphqlErrorLike[],
): Resolution | null {
  if (!root || !(slot.repoAlias in root)) return null;
  const repo = root[slot.repoAlias];
  if (repo === null) return notFound(errors, [slot.repoAlias]);
  const item = asRecord(repo)?.[slot.itemAlias];
  if (item === null) return notFound(errors, [slot.repoAlias, slot.itemAlias]);
  const live = readLiveState(item);
  return live ? { status: 'found', live } : null;
}

/** A null alias is only "not found" when GitHub said why, on that path. */
function notFound(errors: readonly GraphqlErrorLike[], path: readonly string[]): Resolution | null {
  const error = errors.find(
    (e) =>
      e.path !== undefined &&
      e.path.length === path.length &&
      path.every((p, i) => e.path?.[i] === p),
  );
  return error ? { status: 'not-found', message: error.message } : null;
}

/** Map one `issueOrPullRequest` node to a LiveState, or null when malformed. */
export function readLiveState(value: unknown): LiveState | null {
  const node = asRecord(value);
  if (!node || typeof node['title'] !== 'string' || typeof node['url'] !== 'string') return null;
  const common = {
    title: node['title'],
    url: node['url'],
    closedAt: stringOrNull(node['closedAt']),
    author: stringOrNull(asRecord(node['author'])?.['login']),
  };
  if (node['__typename'] === 'PullRequest') {
    const merged = node['merged'] === true;
    return {
      ...common,
      kind: 'pr',
      state: merged
        ? 'MERGED'
        : node['prState'] === 'CLOSED'
          ? 'CLOSED'
          : node['isDraft'] === true
            ? 'DRAFT'
            : 'OPEN',
      mergedAt: stringOrNull(node['mergedAt']),
      mergeCommit: stringOrNull(asRecord(node['mergeCommit'])?.['oid']),
      stateReason: null,
      reviewDecision: stringOrNull(node['reviewDecision']),
    };
  }
  if (node['__typename'] === 'Issue') {
    return {
      ...common,
      kind: 'issue',
      state: node['issueState'] === 'CLOSED' ? 'CLOSED' : 'OPEN',
      mergedAt: null,
      mergeCommit: null,
      stateReason: stringOrNull(node['stateReason']),
      reviewDecision: null,
    };
  }
  return null;
}

function asRecord(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : null;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}
