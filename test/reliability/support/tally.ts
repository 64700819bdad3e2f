/**
 * Counting runs: each case records its class, whether it met its
 * expectation, and how long it took; the suite prints one line per class
 * (runs, failures, max time) and, with RELIABILITY_SUMMARY=FILE, appends the
 * rows as JSON lines so docs/reliability.md can be filled from a real run.
 */
import { appendFileSync } from 'node:fs';

export interface Tally {
  record(cls: string, ok: boolean, ms: number): void;
  /** The summary table as text, one class per line. */
  summary(): string;
  /** Print the summary and, if asked, append it to $RELIABILITY_SUMMARY. */
  flush(): void;
}

export function createTally(suite: string): Tally {
  const rows = new Map<string, { runs: number; failures: number; maxMs: number }>();
  const summary = (): string => {
    const lines = [`${suite}: class | runs | failures | max time (s)`];
    for (const [cls, r] of [...rows].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
      lines.push(`  ${cls} | ${r.runs} | ${r.failures} | ${(r.maxMs / 1000).toFixed(1)}`);
    return lines.join('\n');
  };
  return {
    record(cls, ok, ms) {
      const r = rows.get(cls) ?? { runs: 0, failures: 0, maxMs: 0 };
      r.runs += 1;
      if (!ok) r.failures += 1;
      r.maxMs = Math.max(r.maxMs, ms);
      rows.set(cls, r);
    },
    summary,
    flush() {
      console.log(summary());
      const file = process.env.RELIABILITY_SUMMARY;
      if (!file) return;
      for (const [cls, r] of rows)
        appendFileSync(file, `${JSON.stringify({ suite, class: cls, ...r })}\n`);
    },
  };
}
