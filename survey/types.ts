/** The parts of the §6 JSON report the survey reads. */
export interface ReportMention {
  source: string;
  line: number;
  patch?: string | null;
  role?: string | null;
  recordedState?: string | null;
}

export interface ReportRef {
  ref: string;
  kind?: string | null;
  mentions: ReportMention[];
}

export interface ReportFinding {
  rule: string;
  severity: string;
  ref?: string | null;
  file?: string | null;
  line?: number | null;
  message?: string;
}

export interface Report {
  sources: { path: string; kind: string; checkedOn?: string | null }[];
  patches: { path: string; indexed: boolean; retired: boolean }[];
  refs: ReportRef[];
  findings: ReportFinding[];
}

/** One labelled mention in a truth file (survey/truth/*.json). */
export interface TruthMention {
  source: string;
  line: number;
  /** `owner/repo#N`, lower case; null when the author's repo cannot be known (expect ambiguous-ref). */
  ref: string | null;
  role: string;
  state: string | null;
  stateLine?: number;
  why?: string;
}

export interface Truth {
  tree?: { repo?: string; commit?: string; root?: string };
  /** Path prefixes (relative to the root) the labelling covered; tool mentions elsewhere are ignored. */
  scopePrefixes?: string[];
  mentions: TruthMention[];
}

/** A tool mention flattened with its ref. */
export interface ToolMention extends ReportMention {
  ref: string;
}

export function flattenMentions(report: Report): ToolMention[] {
  const out: ToolMention[] = [];
  for (const r of report.refs) {
    for (const m of r.mentions) out.push({ ...m, ref: r.ref.toLowerCase() });
  }
  return out;
}
