/**
 * What to change in a trailer once GitHub has answered, in the words of the
 * trailer's own ecosystem (Yocto's status words, DEP-3's field names,
 * Buildroot's "version bump"). Pure; the caller decides when to show it.
 */
import type { State } from '../../model.js';
import { findIsoDate } from '../../states.js';
import { originCategory } from './meaning.js';
import type { TrailerField } from './types.js';

export interface LiveForAdvice {
  state: State;
  mergedAt: string | null;
  url: string;
}

/** Advice for `field` given the live state of a PR or issue it names; null when it is right. */
export function trailerAdvice(field: TrailerField, live: LiveForAdvice): string | null {
  if (live.url.includes('/issues/')) return issueAdvice(field, live);
  if (field.convention === 'yocto') return yoctoAdvice(field.status ?? '', live);
  if (field.convention === 'buildroot') return buildrootAdvice(live);
  return dep3Advice(field, live);
}

const isOpen = (s: State): boolean => s === 'OPEN' || s === 'DRAFT';

/** `merged on 2026-07-09`, or just `merged` when the date is not known. */
function merged(live: LiveForAdvice): string {
  const date = live.mergedAt === null ? null : findIsoDate(live.mergedAt);
  return date === null ? 'merged' : `merged on ${date}`;
}

function yoctoAdvice(status: string, live: LiveForAdvice): string | null {
  const says = `Upstream-Status says ${status} but the PR`;
  const word = status.toLowerCase();
  const url = live.url;
  if ((word === 'submitted' || word === 'denied') && live.state === 'MERGED') {
    return `${says} ${merged(live)}: change it to Backport [${url}] (or drop the patch at the next upgrade)`;
  }
  if (word === 'submitted' && live.state === 'CLOSED') {
    return `${says} was closed without merging: change it to Denied [${url}] or resubmit`;
  }
  if (word === 'denied' && isOpen(live.state)) {
    return `${says} is open again: change it to Submitted [${url}]`;
  }
  if (word === 'backport' && isOpen(live.state)) {
    return `${says} has not merged yet: change it to Submitted [${url}] until it does`;
  }
  if (word === 'backport' && live.state === 'CLOSED') {
    return `${says} was closed without merging: name the commit the change was taken from, or change it to Denied [${url}]`;
  }
  return null;
}

function buildrootAdvice(live: LiveForAdvice): string | null {
  if (live.state === 'MERGED')
    return `Upstream PR ${merged(live)}: drop the patch at the next version bump`;
  if (live.state === 'CLOSED') {
    return 'Upstream PR was closed without merging: resubmit it, or change the Upstream: trailer to say why the patch stays';
  }
  return null;
}

function dep3Advice(field: TrailerField, live: LiveForAdvice): string | null {
  const name = field.name.toLowerCase();
  const url = live.url;
  if (name === 'forwarded' && live.state === 'MERGED') {
    return `Forwarded PR ${merged(live)}: add Applied-Upstream: ${url} (or drop the patch)`;
  }
  if (name === 'forwarded' && live.state === 'CLOSED') {
    return 'Forwarded PR was closed without merging: forward the patch again, or say in the Description why it stays';
  }
  const category = name === 'origin' ? originCategory(field.value) : null;
  const claimsMerged =
    name === 'applied-upstream' || category === 'upstream' || category === 'backport';
  if (!claimsMerged || live.state === 'MERGED') return null;
  const claim = name === 'origin' ? `Origin says ${category}` : 'Applied-Upstream names a PR that';
  const fact = isOpen(live.state) ? 'is still open' : 'was closed without merging';
  const verb = name === 'origin' ? ' but the PR' : '';
  return `${claim}${verb} ${fact}: it is not upstream; use Forwarded: ${url} instead`;
}

function issueAdvice(field: TrailerField, live: LiveForAdvice): string | null {
  if (live.state !== 'CLOSED') return null;
  return `${field.name} names an issue that was closed upstream: check whether the fix has landed and the patch can be dropped`;
}
