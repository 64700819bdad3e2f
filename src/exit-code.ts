/** Exit codes (SPEC §5), and the check's code as a pure function of its findings. */
import type { Finding } from './model.js';

/** Nothing at error severity. */
export const EXIT_OK = 0;
/** At least one finding at error severity: the records have drifted. */
export const EXIT_FINDINGS = 1;
/** Bad command line, configuration, or unreadable input. */
export const EXIT_USAGE = 2;
/** GitHub could not be asked; distinct from 1 so a scheduled job can tell an outage from drift. */
export const EXIT_GITHUB_UNAVAILABLE = 3;

export const EXIT_CODES = {
  ok: EXIT_OK,
  findings: EXIT_FINDINGS,
  usage: EXIT_USAGE,
  githubUnavailable: EXIT_GITHUB_UNAVAILABLE,
} as const;

export type ExitCode = (typeof EXIT_CODES)[keyof typeof EXIT_CODES];

export function exitCodeFor(findings: readonly Finding[]): 0 | 1 {
  return findings.some((f) => f.severity === 'error') ? EXIT_FINDINGS : EXIT_OK;
}
