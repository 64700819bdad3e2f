/**
 * On GitHub Actions, a check writes its counts as step outputs
 * (`errors`, `warnings`, `notices`) to $GITHUB_OUTPUT, so a later step — or
 * the Action's `outputs:` — can branch on them without parsing the report.
 */
import { appendFile } from 'node:fs/promises';

export interface Counts {
  errors: number;
  warnings: number;
  notices: number;
}

/** The lines appended to $GITHUB_OUTPUT; whole numbers only, so no delimiter syntax is needed. */
export function outputLines(counts: Counts): string {
  return `errors=${counts.errors}\nwarnings=${counts.warnings}\nnotices=${counts.notices}\n`;
}

/** True if written; false when not on Actions or no output file is given. */
export async function writeStepOutputs(
  counts: Counts,
  env: NodeJS.ProcessEnv = process.env,
): Promise<boolean> {
  const file = env.GITHUB_OUTPUT;
  if (env.GITHUB_ACTIONS !== 'true' || file === undefined || file === '') return false;
  await appendFile(file, outputLines(counts), 'utf8');
  return true;
}
