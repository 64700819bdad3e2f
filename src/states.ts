import type { State } from './model.js';

const WORDS: Record<string, State> = {
  open: 'OPEN',
  opened: 'OPEN',
  draft: 'DRAFT',
  merged: 'MERGED',
  closed: 'CLOSED',
};

/** A state word as written (any case) → State, or null when it is not one. */
export function parseStateWord(word: string): State | null {
  return WORDS[word.trim().toLowerCase()] ?? null;
}

/** An ISO date (yyyy-mm-dd) found in `text`, or null. */
export function findIsoDate(text: string): string | null {
  const m = /(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/.exec(text);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

/** The latest ISO date in `text`, or null. */
export function latestIsoDate(text: string): string | null {
  let latest: string | null = null;
  for (const m of text.matchAll(/(?<!\d)(\d{4})-(\d{2})-(\d{2})(?!\d)/g)) {
    const date = `${m[1]}-${m[2]}-${m[3]}`;
    if (latest === null || date > latest) latest = date;
  }
  return latest;
}
