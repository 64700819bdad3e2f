/**
 * Flags that cannot mean anything together are refused (exit 2) instead of
 * one silently winning, and a word that is not a command gets a suggestion
 * instead of being read as an argument of the default command.
 */
import { UsageError } from '../errors.js';

export interface ExclusiveFlags {
  offline?: boolean;
  replay?: string;
  record?: string;
  cache?: string;
  budget?: string;
  apiUrl?: string;
  graphqlUrl?: string;
  discover?: boolean;
}

type Name = keyof ExclusiveFlags;

const FLAG: Record<Name, string> = {
  offline: '--offline',
  replay: '--replay',
  record: '--record',
  cache: '--cache',
  budget: '--budget',
  apiUrl: '--api-url',
  graphqlUrl: '--graphql-url',
  discover: '--discover',
};

/** Each pair, and why it is a contradiction. */
const CONFLICTS: [Name, Name, string][] = [
  ['offline', 'replay', '--offline asks nothing, --replay answers from a snapshot: choose one'],
  ['offline', 'record', 'an --offline run has no answers to --record'],
  ['offline', 'cache', 'an --offline run has no answers to --cache'],
  ['offline', 'budget', 'an --offline run makes no requests to budget'],
  ['offline', 'apiUrl', 'an --offline run asks no API'],
  ['offline', 'graphqlUrl', 'an --offline run asks no API'],
  ['offline', 'discover', '--discover asks GitHub for open PRs, which an --offline run does not'],
  ['replay', 'discover', 'a --replay snapshot holds no open PRs to --discover'],
  ['replay', 'record', '--replay asks GitHub nothing, so there is nothing to --record'],
  ['replay', 'cache', '--cache replays and records by itself: use it alone'],
  ['record', 'cache', '--cache replays and records by itself: use it alone'],
];

export function refuseContradictions(flags: ExclusiveFlags): void {
  const given = (name: Name): boolean => flags[name] !== undefined && flags[name] !== false;
  for (const [a, b, why] of CONFLICTS) {
    if (given(a) && given(b)) throw new UsageError(`${FLAG[a]} and ${FLAG[b]} together: ${why}`);
  }
}

/** Levenshtein distance, for suggestions among a handful of short names. */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost));
    }
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * The first word of argv if it is neither an option nor a command (the
 * default command takes no arguments), with the closest command names.
 */
export function unknownCommand(
  args: readonly string[],
  commands: readonly string[],
): { word: string; suggestions: string[] } | null {
  const word = args[0];
  if (word === undefined || word.startsWith('-') || commands.includes(word)) return null;
  if (word === 'help') return null;
  const scored = commands
    .map((c) => ({ c, d: distance(word.toLowerCase(), c) }))
    .filter(({ c, d }) => d <= Math.max(2, Math.floor(c.length / 3)) || c.startsWith(word));
  const best = Math.min(...scored.map((s) => s.d));
  return { word, suggestions: scored.filter((s) => s.d === best).map((s) => s.c) };
}
