/**
 * CPU time, not wall time, for the "stays fast" guards: what a parser costs is
 * the CPU it burns, and that does not grow when other processes share the
 * machine (wall time did: a 10 MB ledger read in 4 s idle took 26 s at load 16).
 * A quadratic blow-up still shows, because it burns the CPU itself.
 */

/** CPU milliseconds (user + system) this process has used so far. */
export function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/** Run `fn` and return its value with the CPU milliseconds it took. */
export function cpuTimed<T>(fn: () => T): { value: T; ms: number } {
  const started = cpuNow();
  const value = fn();
  return { value, ms: cpuNow() - started };
}
