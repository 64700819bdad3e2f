import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildContentsQuery,
  createGitHubContents,
  createLocalContents,
  fileKey,
  refKeyOf,
  type FileRequest,
} from '../../src/github/contents.js';
import { onActivity } from '../../src/activity.js';
import { countActivity, emptyCounts, type WorkCounts } from '../../src/progress.js';
import { startFakeGitHub, type FakeGitHub } from '../support/fake-github.js';
import { makeUpstream, type Upstream } from '../rebase/support/upstream.js';

const TOKEN = 'ghp_contents0000000000000000000000000000000';
const BIG = `${'x'.repeat(99)}\n`.repeat(30); // 3000 bytes
const CRLF = 'one\r\ntwo\r\n';
const BOM = '\uFEFFfirst\n';

let up: Upstream;
let gh: FakeGitHub;
beforeAll(async () => {
  up = makeUpstream([
    {
      message: 'init',
      files: { 'src/a.py': 'a1\n', 'src/b.py': 'b1\n', 'docs/x y.md': 'spaced\n' },
      tags: ['v1'],
    },
    {
      message: 'more',
      files: {
        'src/a.py': 'a2\n',
        'big.txt': BIG,
        'crlf.txt': CRLF,
        'bom.txt': BOM,
        'logo.png': 'PNG\0\x01\x02',
      },
      tags: ['v2', 'release/2'],
    },
  ]);
  gh = await startFakeGitHub({ repos: { 'Up/Stream': { ...up.fake, blobTruncateAt: 1000 } } });
});
afterAll(async () => {
  await gh.close();
  up.cleanup();
});

const at = (ref: string, path: string): FileRequest => ({ repo: 'up/stream', ref, path });
const ASKED = [
  at('v1', 'src/a.py'),
  at('v2', 'src/a.py'),
  at('v2', 'src/b.py'),
  at('v2', 'big.txt'),
  at('v2', 'crlf.txt'),
  at('v2', 'bom.txt'),
  at('v2', 'logo.png'),
  at('v2', 'nope.py'),
  at('v2', 'src'),
  at('v1', 'docs/x y.md'),
  at('release/2', 'src/a.py'),
  { repo: 'up/missing', ref: 'v1', path: 'a' },
];
const EXPECTED = [
  { kind: 'text', text: 'a1\n' },
  { kind: 'text', text: 'a2\n' },
  { kind: 'text', text: 'b1\n' },
  { kind: 'text', text: BIG },
  { kind: 'text', text: CRLF },
  { kind: 'text', text: BOM },
  { kind: 'binary', byteSize: 6 },
  { kind: 'missing' },
  { kind: 'missing' },
  { kind: 'text', text: 'spaced\n' },
  { kind: 'text', text: 'a2\n' },
  { kind: 'missing' },
];

function withToken(token: string | null, filesPerQuery = 50) {
  return createGitHubContents({
    token,
    apiUrl: gh.url,
    graphqlUrl: token === null ? null : gh.graphqlUrl,
    timeoutSeconds: 10,
    concurrency: 4,
    filesPerQuery,
  });
}

describe('file contents from GitHub', () => {
  it('reads many files in one GraphQL query, and only truncated blobs again over REST', async () => {
    gh.reset();
    const { files, requests } = await withToken(TOKEN).readFiles(ASKED);
    expect(ASKED.map((f) => files.get(fileKey(f)))).toEqual(EXPECTED);
    const graphql = gh.requests.filter((r) => r.path === '/graphql');
    const rest = gh.requests.filter((r) => r.path !== '/graphql');
    expect(graphql).toHaveLength(1);
    expect(graphql[0]?.status).toBe(200);
    expect(rest.map((r) => r.path)).toEqual(['/repos/up/stream/contents/big.txt']);
    expect(requests).toBe(2);
  });

  it('splits a long list into queries of filesPerQuery', async () => {
    gh.reset();
    await withToken(TOKEN, 5).readFiles(ASKED);
    expect(gh.requests.filter((r) => r.path === '/graphql')).toHaveLength(3);
  });

  it('asks each distinct file once per source, however many times it is wanted', async () => {
    gh.reset();
    const source = withToken(TOKEN);
    const first = await source.readFiles([...ASKED, ...ASKED]);
    const again = await source.readFiles(ASKED.slice(0, 3));
    expect(again.requests).toBe(0);
    expect(first.files.size).toBe(ASKED.length);
    expect(gh.requests).toHaveLength(2);
  });

  it('without a token, reads each file over REST with the raw media type', async () => {
    gh.reset();
    const { files, requests } = await withToken(null).readFiles(ASKED);
    expect(ASKED.map((f) => files.get(fileKey(f)))).toEqual(EXPECTED);
    expect(requests).toBe(ASKED.length);
    expect(gh.requests.every((r) => r.path.includes('/contents/'))).toBe(true);
  });

  it('resolves refs to commits, null where the repository lacks them (GraphQL and REST)', async () => {
    const refs = [
      { repo: 'up/stream', ref: 'v1' },
      { repo: 'up/stream', ref: 'release/2' },
      { repo: 'up/stream', ref: 'v9' },
      { repo: 'up/missing', ref: 'v1' },
    ];
    for (const token of [TOKEN, null]) {
      const { commits } = await withToken(token).resolveRefs(refs);
      expect(
        refs.map((r) => commits.get(refKeyOf(r))),
        String(token),
      ).toEqual([up.shas[0], up.shas[1], null, null]);
    }
  });
});

describe('file contents from a local checkout', () => {
  it('gives what GitHub gives for the same files and refs', async () => {
    const local = createLocalContents({ dir: up.dir });
    const { files, requests } = await local.readFiles(ASKED.filter((f) => f.repo === 'up/stream'));
    expect(requests).toBe(0);
    expect(ASKED.filter((f) => f.repo === 'up/stream').map((f) => files.get(fileKey(f)))).toEqual(
      EXPECTED.slice(0, -1),
    );
    const { commits } = await local.resolveRefs([
      { repo: '', ref: 'v2' },
      { repo: '', ref: 'nope' },
      { repo: '', ref: '--all' },
    ]);
    expect([...commits.values()]).toEqual([up.shas[1], null, null]);
  });
});

describe('fake GitHub contents endpoint', () => {
  it('serves the JSON form with base64 content, and 404 when absent', async () => {
    const headers = { authorization: `token ${TOKEN}` };
    const json = await fetch(`${gh.url}/repos/up/stream/contents/src/a.py?ref=v1`, { headers });
    const body = (await json.json()) as { encoding: string; content: string };
    expect(body.encoding).toBe('base64');
    expect(Buffer.from(body.content, 'base64').toString('utf8')).toBe('a1\n');
    const raw = await fetch(`${gh.url}/repos/up/stream/contents/src/a.py?ref=v1`, {
      headers: { ...headers, accept: 'application/vnd.github.raw' },
    });
    expect(await raw.text()).toBe('a1\n');
    expect(
      (await fetch(`${gh.url}/repos/up/stream/contents/none?ref=v1`, { headers })).status,
    ).toBe(404);
  });
});

describe('buildContentsQuery', () => {
  it('aliases each repository and file, with the Blob fields GitHub has', () => {
    const built = buildContentsQuery([
      { repo: 'o/r', ref: 'v1', path: 'a.py' },
      { repo: 'x/y', ref: 'main', path: null },
      { repo: 'o/r', ref: 'v1', path: 'b "q".py' },
    ]);
    expect(built.query).toBe(
      'query { r0: repository(owner: "o", name: "r") { f0: object(expression: "v1:a.py") { __typename ... on Blob { text isTruncated byteSize isBinary } } f1: object(expression: "v1:b \\"q\\".py") { __typename ... on Blob { text isTruncated byteSize isBinary } } } r1: repository(owner: "x", name: "y") { f0: object(expression: "main") { oid } } }',
    );
    expect(built.aliases).toEqual([
      ['r0', 'f0'],
      ['r1', 'f0'],
      ['r0', 'f1'],
    ]);
  });
});

describe('work reported for the terminal progress line', () => {
  /** Everything the reads report while `work` runs, tallied. */
  async function tally(work: () => Promise<unknown>): Promise<WorkCounts> {
    const counts = emptyCounts();
    const stop = onActivity((event) => countActivity(counts, event));
    try {
      await work();
    } finally {
      stop();
    }
    return counts;
  }

  it('with a token: each GraphQL batch and REST request asked and answered, each file once', async () => {
    gh.reset();
    const source = withToken(TOKEN, 5);
    const counts = await tally(() => source.readFiles([...ASKED, ...ASKED]));
    expect(counts).toEqual({
      graphqlAsked: 3,
      graphqlAnswered: 3,
      restAsked: 1,
      restAnswered: 1,
      files: ASKED.length,
    });
    // Already read: nothing asked, nothing fetched.
    expect(await tally(() => source.readFiles(ASKED))).toEqual(emptyCounts());
  });

  it('without a token, and from a local checkout', async () => {
    gh.reset();
    const rest = await tally(() => withToken(null).readFiles(ASKED));
    expect(rest).toMatchObject({ graphqlAsked: 0, restAsked: ASKED.length, files: ASKED.length });
    expect(rest.restAnswered).toBe(ASKED.length);
    const local = await tally(() => createLocalContents({ dir: up.dir }).readFiles(ASKED));
    expect(local).toEqual({ ...emptyCounts(), files: ASKED.length });
  });
});
