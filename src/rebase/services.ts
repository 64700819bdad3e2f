/** What rebase-check asks the outside world through, built from its options: a local checkout, or GitHub. */
import { createGitHubContainment, createLocalContainment } from '../github/containment.js';
import { createGitHubContents, createLocalContents } from '../github/contents.js';
import { createGitHubCulprits, createLocalCulprits } from '../github/culprits.js';
import { createGitHubClient, graphqlUrlFor } from '../github/index.js';
import { transportLimits } from '../github/limits.js';
import type { RebaseCheckOptions, RebaseServices } from './options.js';

export function defaultServices(opts: RebaseCheckOptions): RebaseServices {
  const dir = opts.upstreamDir;
  const gh = opts.github;
  const { concurrency, timeoutSeconds } = opts.config.github;
  // One deadline and size cap for every phase (containment, contents, culprits, live states).
  const limits = transportLimits(opts.config, Date.now());
  const transport =
    gh === null ? null : { token: gh.token, apiUrl: gh.apiUrl, timeoutSeconds, ...limits };
  const containment =
    dir !== null
      ? createLocalContainment({ dir })
      : transport !== null
        ? createGitHubContainment({ ...transport, concurrency })
        : null;
  return {
    containment,
    contents:
      dir !== null
        ? createLocalContents({ dir })
        : transport !== null && gh !== null
          ? createGitHubContents({
              ...transport,
              concurrency,
              graphqlUrl: gh.token ? (gh.graphqlUrl ?? graphqlUrlFor(gh.apiUrl)) : null,
            })
          : null,
    culprits:
      dir !== null
        ? createLocalCulprits({ dir })
        : transport !== null && containment !== null
          ? createGitHubCulprits({ ...transport, concurrency, containment })
          : null,
    live:
      gh === null
        ? null
        : createGitHubClient({
            token: gh.token,
            apiUrl: gh.apiUrl,
            graphqlUrl: gh.graphqlUrl,
            chunkSize: opts.config.github.chunkSize,
            concurrency,
            timeoutSeconds,
            ...limits,
          }),
  };
}
