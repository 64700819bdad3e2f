/**
 * `rebase-check --replay FILE` / `--record FILE`: GitHub's answers (PR states,
 * containment) from or into a snapshot, as `check` does. Upstream files are
 * not in a snapshot, so a replay reads them from --upstream-dir and asks
 * GitHub for nothing at all.
 */
import type { Config } from '../config-types.js';
import { UsageError } from '../errors.js';
import type { RebaseServices } from '../rebase/check-command.js';
import type { GitHubSettings } from '../check.js';

export async function snapshotServices(opts: {
  github: GitHubSettings;
  upstreamDir: string | null;
  config: Config;
}): Promise<Partial<RebaseServices>> {
  const { github, upstreamDir, config } = opts;
  const gh = await import('../github/index.js');
  if (github.replay !== null) {
    if (upstreamDir === null) {
      throw new UsageError(
        "rebase-check --replay needs --upstream-dir DIR: a snapshot holds GitHub's answers, not the upstream files",
      );
    }
    try {
      return { live: await gh.replayClient(github.replay) };
    } catch (err) {
      throw new UsageError(err instanceof Error ? err.message : String(err));
    }
  }
  if (github.record === null) return {};
  const { concurrency, timeoutSeconds, chunkSize } = config.github;
  const transport = { token: github.token, apiUrl: github.apiUrl, timeoutSeconds };
  const live = gh.recordingClient(
    gh.createGitHubClient({ ...transport, graphqlUrl: github.graphqlUrl, chunkSize, concurrency }),
    github.record,
  );
  if (upstreamDir !== null) return { live };
  const c = await import('../github/containment.js');
  const containment = c.recordingContainment(
    c.createGitHubContainment({ ...transport, concurrency, graphqlUrl: github.graphqlUrl }),
    github.record,
  );
  return { live, containment };
}
