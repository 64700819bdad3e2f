/**
 * The GitHub Action's entry (action.yml → action/index.mjs, bundled by
 * scripts/build-action.mjs): inputs → `upstream-status check …`, run by the
 * same command line as the CLI. Annotations, the job summary and the step
 * outputs come from the check itself, which sees GITHUB_ACTIONS.
 */
import { readActionInputs } from './action-inputs.js';
import { UsageError } from './errors.js';

try {
  const { token, argv } = readActionInputs(process.env);
  // The token travels in the environment, never in the argument list (which is printed).
  if (token !== '') process.env.GH_TOKEN = token;
  process.argv = [process.argv[0] ?? 'node', 'upstream-status', ...argv];
  await import('./cli.js');
} catch (err) {
  if (!(err instanceof UsageError)) throw err;
  process.stdout.write(`::error title=upstream-status::${err.message}\n`);
  process.exitCode = 2;
}
