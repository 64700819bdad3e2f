/**
 * discover as a part of another command: `check --discover` adds its
 * findings to the check's; `sync --add-collisions` records its certain
 * collisions after the states are written. GraphQL needs a token, so
 * without one it is skipped with a note rather than failing the run.
 */
import type { GitHubSettings } from '../check.js';
import type { Config } from '../config-types.js';
import type { DiscoverResult } from '../discover/run.js';
import { graphqlUrlFor } from '../github/index.js';

export async function discoverAlongside(
  root: string,
  config: Config,
  github: GitHubSettings,
): Promise<DiscoverResult | { skipped: string }> {
  if (github.token === null) {
    return {
      skipped: 'discover asks GitHub GraphQL, which needs a token: collisions not looked for',
    };
  }
  const { runDiscover } = await import('../discover/run.js');
  return runDiscover({
    root,
    config,
    github: {
      token: github.token,
      apiUrl: github.apiUrl,
      graphqlUrl: github.graphqlUrl ?? graphqlUrlFor(github.apiUrl),
    },
    cacheDir: '.upstream-status/cache',
  });
}
