/**
 * The approach users script today: one REST call per ref
 * (`GET /repos/{o}/{r}/issues/{n}` with the token, as `gh api` would), 8 in
 * flight, plain `fetch`; the state is read from the answer and the caller
 * compares. The point is the request pattern and the wall time.
 */
import type { LiveState } from './generate.js';

export interface BaselineResult {
  wallMs: number;
  requests: number;
  /** `owner/repo#N` (lower case) → live state; refs that failed are absent. */
  states: Map<string, LiveState>;
  failures: string[];
}

interface IssueAnswer {
  state?: string;
  draft?: boolean;
  pull_request?: { merged_at?: string | null } | null;
}

function stateOf(a: IssueAnswer): LiveState {
  if (a.pull_request) {
    if (a.pull_request.merged_at) return 'MERGED';
    if (a.state === 'closed') return 'CLOSED';
    return a.draft ? 'DRAFT' : 'OPEN';
  }
  return a.state === 'closed' ? 'CLOSED' : 'OPEN';
}

export async function runBaseline(
  apiUrl: string,
  token: string,
  refs: readonly string[],
  concurrency = 8,
): Promise<BaselineResult> {
  const states = new Map<string, LiveState>();
  const failures: string[] = [];
  let requests = 0;
  let next = 0;
  const started = performance.now();
  async function worker(): Promise<void> {
    for (;;) {
      const i = next++;
      const ref = refs[i];
      if (ref === undefined) return;
      const m = /^([^/]+)\/([^#]+)#(\d+)$/.exec(ref);
      if (!m) {
        failures.push(ref);
        continue;
      }
      requests++;
      const res = await fetch(`${apiUrl}/repos/${m[1]}/${m[2]}/issues/${m[3]}`, {
        headers: {
          authorization: `token ${token}`,
          accept: 'application/vnd.github+json',
          'user-agent': 'upstream-status-bench-baseline',
        },
      });
      if (!res.ok) {
        await res.arrayBuffer();
        failures.push(ref);
        continue;
      }
      states.set(ref.toLowerCase(), stateOf((await res.json()) as IssueAnswer));
    }
  }
  await Promise.all(Array.from({ length: concurrency }, () => worker()));
  return { wallMs: performance.now() - started, requests, states, failures };
}
