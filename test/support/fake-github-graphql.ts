/**
 * The fake's GraphQL endpoint: every query is validated against GitHub's
 * published schema (@octokit/graphql-schema) and executed over the fake's
 * data, so a query GitHub would reject is rejected here too.
 */
import { schema as published } from '@octokit/graphql-schema';
import {
  buildSchema,
  execute,
  GraphQLError,
  parse,
  validate,
  type DocumentNode,
  type GraphQLSchema,
} from 'graphql';
import {
  fakeSha,
  type GitView,
  type IssueView,
  type PrView,
  type RepoView,
} from './fake-github-data.js';
import type { JsonReply } from './fake-github-rest.js';

let cached: GraphQLSchema | null = null;

/** Built once per process: the SDL is large. It has duplicate definitions, hence assumeValidSDL. */
export function githubSchema(): GraphQLSchema {
  cached ??= buildSchema(published.idl, { assumeValidSDL: true });
  return cached;
}

export interface RateLimitView {
  limit: number;
  remaining: number;
  resetAt: string;
}

export function answerGraphql(
  body: string,
  repos: ReadonlyMap<string, RepoView>,
  rate: RateLimitView,
): JsonReply {
  let request: { query?: unknown; variables?: unknown };
  try {
    request = JSON.parse(body) as typeof request;
  } catch {
    return {
      status: 400,
      json: {
        message: 'Problems parsing JSON',
        documentation_url: 'https://docs.github.com/graphql',
      },
    };
  }
  if (typeof request.query !== 'string') {
    return {
      status: 200,
      json: { errors: [{ message: 'A query attribute must be specified and must be a string.' }] },
    };
  }
  let document: DocumentNode;
  try {
    document = parse(request.query);
  } catch (error) {
    return { status: 200, json: { errors: [formatError(error as GraphQLError)] } };
  }
  const problems = validate(githubSchema(), document);
  if (problems.length > 0) return { status: 200, json: { errors: problems.map(formatError) } };
  const result = execute({
    schema: githubSchema(),
    document,
    rootValue: rootFor(repos, rate),
    variableValues: isRecord(request.variables) ? request.variables : {},
    typeResolver: (value) =>
      isRecord(value) && typeof value['__typename'] === 'string' ? value['__typename'] : undefined,
  });
  if (result instanceof Promise) throw new Error('the fake resolvers are synchronous');
  const json: Record<string, unknown> = { data: result.data ?? null };
  if (result.errors) json['errors'] = result.errors.map(formatError);
  return { status: 200, json };
}

/** GitHub puts `type` at the top level of an error, not under `extensions`. */
function formatError(error: GraphQLError): Record<string, unknown> {
  const type = error.extensions['type'];
  return {
    ...(typeof type === 'string' ? { type } : {}),
    ...(error.path ? { path: error.path } : {}),
    ...(error.locations ? { locations: error.locations } : {}),
    message: error.message,
  };
}

function notFound(message: string): GraphQLError {
  return new GraphQLError(message, { extensions: { type: 'NOT_FOUND' } });
}

function rootFor(
  repos: ReadonlyMap<string, RepoView>,
  rate: RateLimitView,
): Record<string, unknown> {
  return {
    repository: ({ owner, name }: { owner: string; name: string }) => {
      const repo = repos.get(`${owner}/${name}`.toLowerCase());
      if (!repo)
        throw notFound(`Could not resolve to a Repository with the name '${owner}/${name}'.`);
      return {
        __typename: 'Repository',
        name: repo.repo,
        nameWithOwner: `${repo.owner}/${repo.repo}`,
        issueOrPullRequest: ({ number }: { number: number }) => {
          const item = repo.find(number);
          if (!item)
            throw notFound(
              `Could not resolve to an issue or pull request with the number of ${number}.`,
            );
          return item.kind === 'pr' ? pullNode(item, repo.git) : issueNode(item);
        },
        object: ({ expression }: { expression: string }) => gitObject(repo.git, expression),
        pullRequests: (args: { states?: string[]; first?: number; after?: string }) =>
          connection(
            repo.pulls().filter((pr) => !args.states || args.states.includes(pr.state)),
            args,
            (pr) => ({
              ...pullNode(pr, repo.git),
              headRefOid: pr.headRefOid,
              updatedAt: pr.updatedAt,
              files: (fileArgs: { first?: number; after?: string }) =>
                connection(pr.files, fileArgs, (f) => ({
                  __typename: 'PullRequestChangedFile',
                  path: f.path,
                  additions: 1,
                  deletions: 1,
                  changeType: 'MODIFIED',
                })),
            }),
          ),
      };
    },
    rateLimit: () => ({
      cost: 1,
      limit: rate.limit,
      remaining: rate.remaining,
      used: rate.limit - rate.remaining,
      resetAt: rate.resetAt,
      nodeCount: 0,
    }),
  };
}

/** A GraphQL connection over `items`: `first` (at most 100) after an opaque cursor. */
function connection<T>(
  items: readonly T[],
  args: { first?: number; after?: string },
  node: (item: T) => Record<string, unknown>,
): Record<string, unknown> {
  const first = args.first ?? 0;
  if (first < 1 || first > 100) throw new GraphQLError('first must be between 1 and 100');
  const start = args.after ? Number(Buffer.from(args.after, 'base64').toString('utf8')) + 1 : 0;
  const page = items.slice(start, start + first);
  const end = start + page.length - 1;
  return {
    totalCount: items.length,
    nodes: page.map(node),
    pageInfo: {
      hasNextPage: end + 1 < items.length,
      endCursor: page.length > 0 ? Buffer.from(String(end)).toString('base64') : null,
    },
  };
}

/**
 * `object(expression:)` like GitHub: `REF:path` is the Blob at that path
 * (null when absent), a bare `REF` (a branch, a tag, a full or unique short
 * sha) its Commit with `committedDate`, or its Tag when REF is an annotated
 * tag; `REF^{commit}` (or `REF^{}`) peels a tag to its Commit. Text over the
 * repository's `blobTruncateAt` bytes is cut and flagged; text with a NUL is
 * binary.
 */
function gitObject(git: GitView, expression: string): Record<string, unknown> | null {
  const colon = expression.indexOf(':');
  if (colon < 0) {
    const peel = /\^\{(?:commit)?\}$/.exec(expression);
    const ref = peel ? expression.slice(0, peel.index) : expression;
    const sha = git.resolve(ref);
    if (sha === null) return null;
    const commit = { __typename: 'Commit', oid: sha, committedDate: git.dateOf(sha) };
    if (peel || !git.isAnnotatedTag(ref)) return commit;
    return { __typename: 'Tag', oid: fakeSha(`tag ${ref}`), name: ref, target: commit };
  }
  const text = git.fileAt(expression.slice(0, colon), expression.slice(colon + 1));
  if (text === null) return null;
  const bytes = Buffer.from(text, 'utf8');
  const binary = bytes.includes(0);
  const truncated = !binary && bytes.length > git.blobTruncateAt;
  return {
    __typename: 'Blob',
    oid: '0'.repeat(40),
    byteSize: bytes.length,
    isBinary: binary,
    isTruncated: truncated,
    text: binary ? null : truncated ? bytes.subarray(0, git.blobTruncateAt).toString('utf8') : text,
  };
}

/**
 * A PR as GitHub gives it. Its merge commit is dated like any commit of the
 * history when the history holds it, else at the merge (GitHub always has a
 * date for a merge commit).
 */
function pullNode(pr: PrView, git: GitView): Record<string, unknown> {
  const merge = pr.mergeCommit === null ? null : git.resolve(pr.mergeCommit);
  return {
    __typename: 'PullRequest',
    number: pr.number,
    title: pr.title,
    url: pr.url,
    state: pr.state,
    isDraft: pr.isDraft,
    merged: pr.state === 'MERGED',
    mergedAt: pr.mergedAt,
    closed: pr.state !== 'OPEN',
    closedAt: pr.closedAt,
    mergeCommit:
      pr.mergeCommit === null
        ? null
        : {
            __typename: 'Commit',
            oid: pr.mergeCommit,
            committedDate: merge === null ? pr.mergedAt : git.dateOf(merge),
          },
    reviewDecision: pr.reviewDecision,
    author: { __typename: 'User', login: pr.author },
  };
}

function issueNode(issue: IssueView): Record<string, unknown> {
  return {
    __typename: 'Issue',
    number: issue.number,
    title: issue.title,
    url: issue.url,
    state: issue.state,
    stateReason: issue.stateReason,
    closed: issue.state === 'CLOSED',
    closedAt: issue.closedAt,
    author: { __typename: 'User', login: issue.author },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
