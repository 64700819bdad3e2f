/**
 * The errors a run can end with, and the exit code each maps to (SPEC §5).
 * Anything else that escapes is a bug: the CLI says so, exits 2 (the run could
 * not check anything), and prints the stack only under --debug.
 */
export { EXIT_CODES as EXIT } from './exit-code.js';

/** Bad flags, bad configuration, or input that cannot be read at all: exit 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
  constructor(
    message: string,
    /** Extra lines (one per config error, say). */
    readonly details: readonly string[] = [],
  ) {
    super(message);
  }
}
