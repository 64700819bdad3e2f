/**
 * Upstream file contents at a ref, for the apply check: from GitHub in as
 * few requests as possible, or from a local checkout.
 *
 * With a token, one GraphQL query carries many files (`object(expression:
 * "REF:path") { ... on Blob }`, aliased per repository and file); a blob
 * GraphQL truncates (about 512 KB) is read again over REST with the raw media
 * type. Without a token (GraphQL needs one), REST alone, one request a file.
 * Locally, `git show REF:path`. Every source answers each distinct
 * (repo, ref, path) once for its lifetime, so patches sharing files share
 * the requests.
 */
import { reportActivity } from '../activity.js';
import { execFile } from 'node:child_process';
import { GitHubUnavailableError } from './client.js';
import { encodeRef } from './containment.js';
import { GitHubSession, mapLimited, type GitHubOctokit, type TransportOptions } from './octokit.js';

export type FileContent =
  | { kind: 'text'; text: string }
  | { kind: 'binary'; byteSize: number }
  /** No such file at that ref (or no such repository/ref). */
  | { kind: 'missing' };

export interface FileRequest {
  /** `owner/repo`, lower-cased. */
  repo: string;
  ref: string;
  /** Repository-relative, `/`-separated. */
  path: string;
}

export interface RefRequest {
  repo: string;
  ref: string;
}

export interface ContentSource {
  /** The commit each ref names, or null when the repository has no such ref; keyed by refKeyOf(). */
  resolveRefs(
    refs: readonly RefRequest[],
  ): Promise<{ commits: Map<string, string | null>; requests: number }>;
  /** Keyed by fileKey(). */
  readFiles(
    files: readonly FileRequest[],
  ): Promise<{ files: Map<string, FileContent>; requests: number }>;
}

export function fileKey(f: FileRequest): string {
  return `${f.repo}@${f.ref}:${f.path}`;
}

export function refKeyOf(r: RefRequest): string {
  return `${r.repo}@${r.ref}`;
}

/** Git's own test: a NUL in the first 8000 bytes makes a file binary. */
export function bytesToContent(bytes: Uint8Array): FileContent {
  const head = bytes.subarray(0, 8000);
  if (head.includes(0)) return { kind: 'binary', byteSize: bytes.length };
  // Buffer keeps a BOM (TextDecoder would drop it), and a hunk at line 1 must see it.
  return { kind: 'text', text: Buffer.from(bytes).toString('utf8') };
}

/** Upstream files read (or found missing), for the terminal progress line. */
function fetched(count: number): void {
  if (count > 0) reportActivity({ kind: 'files', count });
}

/** Caches answers per key and asks `load` only for keys it has not seen. */
function memo<Q, A>(
  keyOf: (q: Q) => string,
  load: (qs: Q[]) => Promise<{ answers: Map<string, A>; requests: number }>,
): (qs: readonly Q[]) => Promise<{ answers: Map<string, A>; requests: number }> {
  const known = new Map<string, A>();
  return async (qs) => {
    const fresh = new Map<string, Q>();
    for (const q of qs) if (!known.has(keyOf(q))) fresh.set(keyOf(q), q);
    let requests = 0;
    if (fresh.size > 0) {
      const loaded = await load([...fresh.values()]);
      requests = loaded.requests;
      for (const [k, a] of loaded.answers) known.set(k, a);
    }
    const answers = new Map<string, A>();
    for (const q of qs) {
      const a = known.get(keyOf(q));
      if (a !== undefined) answers.set(keyOf(q), a);
    }
    return { answers, requests };
  };
}

function source(
  resolve: (qs: RefRequest[]) => Promise<{ answers: Map<string, string | null>; requests: number }>,
  read: (qs: FileRequest[]) => Promise<{ answers: Map<string, FileContent>; requests: number }>,
): ContentSource {
  const refs = memo(refKeyOf, resolve);
  const files = memo(fileKey, read);
  return {
    async resolveRefs(qs) {
      const { answers, requests } = await refs(qs);
      return { commits: answers, requests };
    },
    async readFiles(qs) {
      const { answers, requests } = await files(qs);
      return { files: answers, requests };
    },
  };
}

export interface GitHubContentsOptions extends TransportOptions {
  /** Null: REST only (GraphQL needs a token). */
  graphqlUrl: string | null;
  concurrency: number;
  /** Files per GraphQL query; default 50 (GitHub stops a query after 10 s). */
  filesPerQuery?: number;
}

export function createGitHubContents(opts: GitHubContentsOptions): ContentSource {
  const useGraphql = opts.token !== null && opts.graphqlUrl !== null;
  const perQuery = Math.max(1, opts.filesPerQuery ?? 50);
  const inSession = async <T>(work: (octokit: GitHubOctokit) => Promise<T>) => {
    const session = new GitHubSession(opts);
    const value = await session.run(work);
    return { value, requests: session.requests };
  };
  return source(
    async (refs) => {
      const { value, requests } = await inSession((octokit) =>
        useGraphql
          ? askGraphql(
              octokit,
              opts.graphqlUrl as string,
              refs.map((r) => ({ ...r, path: null })),
            )
          : mapLimited(refs, opts.concurrency, (r) => restCommit(octokit, r)),
      );
      const answers = new Map<string, string | null>();
      refs.forEach((r, i) => {
        const got = value[i];
        answers.set(refKeyOf(r), typeof got === 'string' ? got : null);
      });
      return { answers, requests };
    },
    async (files) => {
      const { value, requests } = await inSession(async (octokit) => {
        const first: (FileContent | 'truncated')[] = useGraphql
          ? (
              await mapLimited(chunk(files, perQuery), opts.concurrency, async (part) => {
                const answers = await askGraphql(octokit, opts.graphqlUrl as string, part);
                fetched(answers.filter((a) => a !== 'truncated').length);
                return answers;
              })
            )
              .flat()
              .map((a) => (a === 'truncated' || isContent(a) ? a : { kind: 'missing' }))
          : files.map(() => 'truncated');
        // Truncated by GraphQL, or never asked there: REST with the raw media type.
        const again = files.filter((_, i) => first[i] === 'truncated');
        const raw = await mapLimited(again, opts.concurrency, async (f) => {
          const content = await restContents(octokit, f);
          fetched(1);
          return content;
        });
        let next = 0;
        return first.map((a) => (a === 'truncated' ? (raw[next++] as FileContent) : a));
      });
      const answers = new Map<string, FileContent>();
      files.forEach((f, i) => answers.set(fileKey(f), value[i] ?? { kind: 'missing' }));
      return { answers, requests };
    },
  );
}

type GraphqlAnswer = FileContent | 'truncated' | string | null;

/**
 * One query for files (`path` set: a Blob) or refs (`path` null: the
 * object's oid). A repository GitHub cannot find answers null for each of
 * its items; nothing else in the answer may be missing.
 */
async function askGraphql(
  octokit: GitHubOctokit,
  url: string,
  items: readonly { repo: string; ref: string; path: string | null }[],
): Promise<GraphqlAnswer[]> {
  const built = buildContentsQuery(items);
  const response = await octokit.request({ method: 'POST', url, query: built.query });
  const body = response.data as { data?: unknown; errors?: unknown } | null;
  const errors = Array.isArray(body?.errors)
    ? (body.errors as { type?: unknown; message?: unknown; path?: unknown }[])
    : [];
  if (errors.some((e) => e.type === 'RATE_LIMITED')) {
    throw new GitHubUnavailableError('GitHub rate limit exhausted (GraphQL); try again later', 429);
  }
  const data = isObject(body?.data) ? body.data : null;
  const unexplained = errors.find((e) => e.type !== 'NOT_FOUND');
  if (data === null || unexplained) {
    const message = typeof unexplained?.message === 'string' ? unexplained.message : 'no data';
    throw new GitHubUnavailableError(`GitHub rejected the file contents query: ${message}`);
  }
  return items.map((item, i) => {
    const [repoAlias, itemAlias] = built.aliases[i] as [string, string];
    const repo = data[repoAlias];
    if (!isObject(repo)) return null;
    const object = repo[itemAlias];
    if (!isObject(object)) return item.path === null ? null : { kind: 'missing' };
    if (item.path === null) return typeof object['oid'] === 'string' ? object['oid'] : null;
    return readBlob(object);
  });
}

function readBlob(object: Record<string, unknown>): FileContent | 'truncated' {
  // A path naming a directory is a Tree: nothing to patch there.
  if (object['__typename'] !== 'Blob') return { kind: 'missing' };
  const byteSize = typeof object['byteSize'] === 'number' ? object['byteSize'] : 0;
  if (object['isBinary'] === true) return { kind: 'binary', byteSize };
  if (object['isTruncated'] === true || typeof object['text'] !== 'string') return 'truncated';
  return { kind: 'text', text: object['text'] };
}

export interface ContentsQuery {
  query: string;
  /** Per item: its repository alias and its field alias. */
  aliases: [string, string][];
}

/** Pure: items grouped per repository, `rN { fM: object(expression: …) }`. */
export function buildContentsQuery(
  items: readonly { repo: string; ref: string; path: string | null }[],
): ContentsQuery {
  const repos = new Map<string, string[]>();
  const aliases: [string, string][] = [];
  for (const item of items) {
    if (!repos.has(item.repo)) repos.set(item.repo, []);
    const fields = repos.get(item.repo) as string[];
    const repoAlias = `r${[...repos.keys()].indexOf(item.repo)}`;
    const alias = `f${fields.length}`;
    const expression = item.path === null ? item.ref : `${item.ref}:${item.path}`;
    const selection =
      item.path === null
        ? '{ oid }'
        : '{ __typename ... on Blob { text isTruncated byteSize isBinary } }';
    fields.push(`${alias}: object(expression: ${JSON.stringify(expression)}) ${selection}`);
    aliases.push([repoAlias, alias]);
  }
  const parts = [...repos].map(([repo, fields], i) => {
    const [owner = '', name = ''] = repo.split('/');
    return `r${i}: repository(owner: ${JSON.stringify(owner)}, name: ${JSON.stringify(name)}) { ${fields.join(' ')} }`;
  });
  return { query: `query { ${parts.join(' ')} }`, aliases };
}

/** `GET contents/{path}?ref=` with the raw media type: the bytes, 404 → missing. */
async function restContents(octokit: GitHubOctokit, f: FileRequest): Promise<FileContent> {
  const [owner = '', repo = ''] = f.repo.split('/');
  const url = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/contents/${encodeRef(f.path)}`;
  try {
    const response = await octokit.request({
      method: 'GET',
      url,
      ref: f.ref,
      headers: { accept: 'application/vnd.github.raw' },
    });
    const data: unknown = response.data;
    if (typeof data === 'string') return bytesToContent(Buffer.from(data, 'utf8'));
    if (data instanceof ArrayBuffer) return bytesToContent(new Uint8Array(data));
    // JSON: a directory listing (not a file), or a file in the JSON form.
    if (isObject(data) && data['type'] === 'file' && typeof data['content'] === 'string') {
      return bytesToContent(Buffer.from(data['content'], 'base64'));
    }
    return { kind: 'missing' };
  } catch (error) {
    if ((error as { status?: unknown }).status === 404) return { kind: 'missing' };
    throw error;
  }
}

/** `GET commits/{ref}`: the commit a ref names, null when the repository has no such ref. */
async function restCommit(octokit: GitHubOctokit, r: RefRequest): Promise<string | null> {
  const [owner = '', repo = ''] = r.repo.split('/');
  const url = `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(repo)}/commits/${encodeRef(r.ref)}`;
  try {
    const response = await octokit.request({ method: 'GET', url });
    const sha: unknown = (response.data as { sha?: unknown } | null)?.sha;
    return typeof sha === 'string' ? sha : null;
  } catch (error) {
    const status = (error as { status?: unknown }).status;
    if (status === 404 || status === 422) return null;
    throw error;
  }
}

export interface LocalContentsOptions {
  /** The upstream checkout (`--upstream-dir`); serves every repository asked of it. */
  dir: string;
  concurrency?: number;
}

/** `git show REF:path` and `git rev-parse --verify REF^{commit}` in a local checkout. */
export function createLocalContents(opts: LocalContentsOptions): ContentSource {
  const limit = opts.concurrency ?? 8;
  return source(
    async (refs) => {
      const shas = await mapLimited(refs, limit, async (r) => {
        if (r.ref.startsWith('-')) return null;
        const out = await git(opts.dir, ['rev-parse', '--verify', '--quiet', `${r.ref}^{commit}`]);
        return out === null ? null : out.toString('utf8').trim();
      });
      const answers = new Map<string, string | null>();
      refs.forEach((r, i) => answers.set(refKeyOf(r), shas[i] ?? null));
      return { answers, requests: 0 };
    },
    async (files) => {
      const contents = await mapLimited(files, limit, async (f): Promise<FileContent> => {
        if (f.ref.startsWith('-')) return { kind: 'missing' };
        const out = await git(opts.dir, ['cat-file', 'blob', `${f.ref}:${f.path}`]);
        fetched(1);
        return out === null ? { kind: 'missing' } : bytesToContent(out);
      });
      const answers = new Map<string, FileContent>();
      files.forEach((f, i) => answers.set(fileKey(f), contents[i] ?? { kind: 'missing' }));
      return { answers, requests: 0 };
    },
  );
}

/** Runs git; its output, or null when git says no (missing object, bad ref). */
export function git(dir: string, args: string[]): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    execFile(
      'git',
      ['-C', dir, ...args],
      { encoding: 'buffer', maxBuffer: 256 * 1024 * 1024 },
      (error, stdout) => {
        if (!error) resolve(stdout);
        else if (typeof error.code === 'number') resolve(null);
        // Not a git failure (git missing, cannot spawn): the user must know.
        else reject(new Error(`cannot run git in ${dir}: ${error.message}`, { cause: error }));
      },
    );
  });
}

function isContent(a: GraphqlAnswer): a is FileContent {
  return typeof a === 'object' && a !== null;
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
