/**
 * What one run reads at most (config `limits`). A ledger is read whole and
 * its reader needs ~35× the file's size: a 136 MB ledger aborted the run
 * with a V8 out-of-memory trace. A file past its limit is not read; it
 * becomes a parse-error naming it, and the rest of the run goes on. Past
 * `maxFiles`, the first file skipped carries the count of all skipped.
 */
import type { Config } from './config-types.js';
import type { SourceKind, SourceResult } from './model.js';

const MIB = 1024 * 1024;

export class ReadBudget {
  private read = 0;
  private skipped = 0;
  private firstSkipped: SourceResult | null = null;

  constructor(private readonly limits: Config['limits']) {}

  /**
   * Whether to read `rel` (`size` bytes); when not, `report` is the source
   * to report in its place (null when an earlier report already counts it).
   */
  admit(
    rel: string,
    kind: SourceKind,
    size: number,
  ): { read: true } | { read: false; report: SourceResult | null } {
    const max = (kind === 'patch-header' ? this.limits.maxPatchMB : this.limits.maxFileMB) * MIB;
    const key = kind === 'patch-header' ? 'limits.maxPatchMB' : 'limits.maxFileMB';
    if (size > max) {
      const message = `not read: ${mib(size)} is over ${key} (${mib(max)})`;
      return { read: false, report: refusedSource(rel, kind, message) };
    }
    if (this.read < this.limits.maxFiles) {
      this.read += 1;
      return { read: true };
    }
    this.skipped += 1;
    if (this.firstSkipped !== null) {
      const problem = this.firstSkipped.problems[0];
      if (problem) problem.message = this.skippedMessage();
      return { read: false, report: null };
    }
    this.firstSkipped = refusedSource(rel, kind, this.skippedMessage());
    return { read: false, report: this.firstSkipped };
  }

  private skippedMessage(): string {
    const n = this.skipped;
    return `not read: the run already read limits.maxFiles (${this.limits.maxFiles}) files; this one and ${n - 1} more were skipped`;
  }
}

function refusedSource(path: string, kind: SourceKind, message: string): SourceResult {
  return {
    source: { path, kind, checkedOn: null, checkedOnLine: null },
    mentions: [],
    patches: [],
    ambiguous: [],
    problems: [{ file: path, line: 1, message }],
    notPatches: [],
  };
}

function mib(bytes: number): string {
  return `${Math.round((bytes / MIB) * 10) / 10} MiB`;
}
