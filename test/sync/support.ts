/** Fixtures and GitHub answers shared by the sync tests: real readers on real files. */
import { readFileSync } from 'node:fs';
import { DEFAULT_CONFIG } from '../../src/config-types.js';
import type {
  Finding,
  LiveState,
  Mention,
  RefKey,
  Resolution,
  SourceResult,
  State,
} from '../../src/model.js';
import { rule as mergedAtDrift } from '../../src/rules/merged-at-drift.js';
import { rule as reviewDecisionDrift } from '../../src/rules/review-decision-drift.js';
import { rule as staleCheck } from '../../src/rules/stale-check.js';
import { rule as stateDrift } from '../../src/rules/state-drift.js';
import type { CheckContext } from '../../src/rules/types.js';
import { parseHeader } from '../../src/sources/headers/index.js';
import { parseLedger } from '../../src/sources/ledger/index.js';
import { parseRecord } from '../../src/sources/records/index.js';

export const TODAY = '2026-08-20';
export const LEDGER = 'deploy/docker/patch.upstream.status.md';
export const RECORD = 'deploy/docker/patches/engine_core/fix_rows.upstream.status.yaml';
export const HEADER = 'deploy/docker/patches/engine_core/fix_rows.py';
const PATCHES = 'deploy/docker/patches';
const ENGINE = 'example-org/engine';

export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/sync/${name}`, import.meta.url), 'utf8');
}

export const readLedger = (text: string, path = LEDGER) =>
  parseLedger({ path, text, patchesDir: PATCHES });
export const readRecord = (text: string, path = RECORD) =>
  parseRecord({ path, text, patchPath: HEADER });
export const readHeader = (text: string, path = HEADER) =>
  parseHeader({ path, text, defaultRepo: ENGINE });

export function pr(state: State, extra: Partial<LiveState> = {}): Resolution {
  return {
    status: 'found',
    live: {
      kind: 'pr',
      state,
      mergedAt: null,
      mergeCommit: null,
      closedAt: null,
      stateReason: null,
      reviewDecision: null,
      title: 't',
      url: 'u',
      author: null,
      ...extra,
    },
  };
}

export function issue(state: 'OPEN' | 'CLOSED'): Resolution {
  const found = pr(state);
  return found.status === 'found'
    ? { status: 'found', live: { ...found.live, kind: 'issue' } }
    : found;
}

const e = (n: number): RefKey => `${ENGINE}#${n}`;
const t = (n: number): RefKey => `example-org/transport#${n}`;

/** What GitHub says about every ref of the fixtures. */
export const LIVE: ReadonlyMap<RefKey, Resolution> = new Map<RefKey, Resolution>([
  [e(4101), pr('MERGED', { mergedAt: '2026-08-12T09:30:00Z', reviewDecision: 'APPROVED' })],
  [e(4102), pr('OPEN', { reviewDecision: 'APPROVED' })],
  [e(3990), pr('CLOSED', { closedAt: '2026-08-01T00:00:00Z' })],
  [e(3877), pr('MERGED', { mergedAt: '2026-08-12T12:00:00Z' })],
  [e(3712), pr('OPEN')],
  [e(3655), pr('MERGED', { mergedAt: '2026-07-09T10:11:12Z', reviewDecision: 'APPROVED' })],
  [e(3500), issue('CLOSED')],
  [e(3001), pr('MERGED', { mergedAt: '2026-08-14T08:00:00Z' })],
  [e(3002), pr('OPEN')],
  [e(3010), pr('MERGED', { mergedAt: '2026-08-14T08:00:00Z' })],
  [e(3011), pr('MERGED', { mergedAt: '2026-08-14T23:59:00Z' })],
  [e(3100), pr('MERGED', { mergedAt: '2026-08-15T08:00:00Z' })],
  [e(3101), pr('OPEN')],
  [e(4200), pr('DRAFT')],
  [e(4300), { status: 'not-found', message: 'Could not resolve to a PullRequest' }],
  [e(4400), pr('MERGED', { mergedAt: '2026-08-02T00:00:00Z' })],
  [e(3265), pr('MERGED', { mergedAt: '2026-06-29T22:00:00Z' })],
  [e(32722), pr('MERGED', { mergedAt: '2026-08-03T00:00:00Z' })],
  [e(5000), pr('OPEN')],
  [t(275), pr('MERGED', { mergedAt: '2026-05-01T00:00:00Z' })],
  [t(280), pr('CLOSED', { closedAt: '2026-08-05T00:00:00Z' })],
  [t(281), pr('OPEN')],
]);

/** Read each file with the reader collect() would use for it. */
export function readSources(texts: ReadonlyMap<string, string>): SourceResult[] {
  return [...texts].map(([path, text]) =>
    path.endsWith('.md')
      ? readLedger(text, path)
      : path.endsWith('.yaml')
        ? readRecord(text, path)
        : readHeader(text, path),
  );
}

/** The fixtures as collect() would hand them over: path → text, and the sources read from them. */
export function collected(transform: (text: string) => string = (x) => x): {
  sources: SourceResult[];
  texts: Map<string, string>;
} {
  const texts = new Map([
    [LEDGER, transform(fixture('ledger.md'))],
    [RECORD, transform(fixture('fix_rows.upstream.status.yaml'))],
    [HEADER, transform(fixture('fix_rows.py'))],
  ]);
  return { sources: readSources(texts), texts };
}

/** What the rules sync must satisfy say about these sources: all drift `sync` can fix. */
export const DRIFT_RULES = [stateDrift, mergedAtDrift, reviewDecisionDrift, staleCheck];

export function findings(
  sources: readonly SourceResult[],
  live: ReadonlyMap<RefKey, Resolution>,
): Finding[] {
  const mentionsByRef = new Map<RefKey, Mention[]>();
  for (const m of sources.flatMap((s) => s.mentions))
    mentionsByRef.set(m.ref, [...(mentionsByRef.get(m.ref) ?? []), m]);
  const ctx: CheckContext = {
    sources,
    mentionsByRef,
    live,
    patchFiles: [],
    indexed: new Map(),
    today: TODAY,
    // A week's limit, so the fixtures' check dates (10–15 days old) are stale.
    config: { ...DEFAULT_CONFIG, rules: { 'stale-check': { maxAgeDays: 7 } } },
  };
  return DRIFT_RULES.flatMap((rule) => rule.check(ctx));
}
