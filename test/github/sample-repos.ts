/**
 * Test data shared by the client tests: 35 refs over 3 repositories, with
 * every PR state (open, draft, merged, closed) and issue state.
 */
import type { RefRequest } from '../../src/github/client.js';
import type { GitHubOptions } from '../../src/github/index.js';
import type { RefKind } from '../../src/model.js';
import type { FakePr, FakeRepoData } from '../support/fake-github.js';

const PR_STATES: Pick<FakePr, 'state' | 'isDraft' | 'reviewDecision'>[] = [
  { state: 'OPEN', reviewDecision: 'REVIEW_REQUIRED' },
  { state: 'OPEN', isDraft: true },
  { state: 'MERGED', reviewDecision: 'APPROVED' },
  { state: 'CLOSED', reviewDecision: 'CHANGES_REQUESTED' },
];

function repo(prs: number, issues: number): FakeRepoData {
  return {
    prs: Array.from({ length: prs }, (_, i) => ({
      number: i + 1,
      author: `dev${i}`,
      ...PR_STATES[i % 4]!,
    })),
    issues: Array.from({ length: issues }, (_, i) => ({
      number: prs + i + 1,
      state: i % 3 === 0 ? 'OPEN' : 'CLOSED',
      ...(i % 3 === 2 ? { stateReason: 'NOT_PLANNED' as const } : {}),
    })),
  };
}

/** Mixed-case names on purpose: refs are lower-case, GitHub matches names case-insensitively. */
export const SAMPLE_REPOS: Record<string, FakeRepoData> = {
  'acme/engine': repo(12, 5),
  'acme/transport': repo(6, 4),
  'Other-Org/Tools': repo(5, 3),
};

/** Every PR and issue of SAMPLE_REPOS (35), with a mix of kind hints. */
export const SAMPLE_REFS: RefRequest[] = Object.entries(SAMPLE_REPOS).flatMap(([name, data]) => {
  const numbers = [...(data.prs ?? []), ...(data.issues ?? [])].map((item) => item.number);
  return numbers.map((number, i): RefRequest => {
    const hints: (RefKind | null)[] = [null, 'pr', 'issue'];
    return { key: `${name.toLowerCase()}#${number}`, kindHint: hints[i % 3] ?? null };
  });
});

export const TEST_TOKEN = 'ghp_testtoken1234567890abcdefghijklmnopq';

/** Client options pointing at a fake; generous time bound unless a test says otherwise. */
export function optionsFor(
  gh: { url: string; graphqlUrl: string },
  overrides: Partial<GitHubOptions> = {},
): GitHubOptions {
  return {
    token: TEST_TOKEN,
    apiUrl: gh.url,
    graphqlUrl: gh.graphqlUrl,
    chunkSize: 100,
    concurrency: 4,
    timeoutSeconds: 30,
    ...overrides,
  };
}
