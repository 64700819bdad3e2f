/**
 * Roles by meaning, not by position (SPEC §2.4). A label (`third-party PR`),
 * a column (`upstream PR`) or a ditto parenthetical gives a ref its first
 * role; the words written about that ref can overrule it: a PR that
 * "introduced the defect" is its cause, one that will "touch the same dict"
 * is an anchor collision, one that is "adjacent, not the same fix" or "a test
 * for this topology" is related, one "in both bases" is background, a search
 * hit the author calls "unrelated" is unrelated.
 *
 * The words are looked for in the ref's tail (what is written after the ref,
 * its title and its parenthetical, up to the next ref and at most two
 * sentences on) and in its lead (what is written just before it in its
 * sentence). When unsure the reading prefers a role that never yields drop
 * advice: only a `related` ref is ever promoted to `fix`, and only by plain
 * words ("a fix is in flight", "drops on #N", "is the full fix").
 */
import type { Role } from '../../model.js';

export type Cue =
  | 'introduced-the-defect'
  | 'unrelated'
  | 'anchor-collision'
  | 'alternative'
  | 'not-fix'
  | 'background'
  | 'own'
  | 'fix';

export const TAIL_CUES: readonly [Cue, RegExp][] = [
  [
    'introduced-the-defect',
    /\b(?:introduced|regressed|caused|left\s+(?:it\s+|this\s+)?incomplete|is\s+the\s+(?:cause|culprit|regression))\b/i,
  ],
  ['unrelated', /\b(?:unrelated|not\s+related|none\s+is\s+this)\b/i],
  [
    'anchor-collision',
    /\banchor[\s-]*(?:collision|conflict|drift|risk)s?\b|\bmerge[\s-]+conflict|\b(?:textual|direct)\s+collision|\bcollid(?:e|es|ing)\b|\b(?:touch|edit|rewrite|change|modif(?:y|ie))(?:e?s)?\s+(?:this|that|the)\s+same\b|\bconflict\b[^.;]{0,24}\banchor|\banchor\b[^.;]{0,24}\bconflict|\brewrites?\s+(?:the\s+code|our\s+anchor|the\s+anchor)|\banchors?\s+(?:would\s+)?drift/i,
  ],
  // A different repair of the same defect: its merge does not drop this patch.
  [
    'alternative',
    /\b(?:solves|fixes|reconciles|repairs)\s+the\s+same\b[^.;]{0,80}?\bby\b|\bdifferently\b|\balternative\s+(?:repair|fix)\b|\bporting\b[^.;]{0,80}?\bfails\b/i,
  ],
  [
    'background',
    /\bin\s+both\s+bases\b|\balready\s+(?:present\s+)?in\s+(?:the|both|our)\s+(?:pinned\s+)?bases?\b|\bbackground\b/i,
  ],
  [
    'not-fix',
    /\bnot\s+(?:this|the\s+same|a|our)\s+fix\b|\bneither\s+fix(?:es)?\b|\bdoes\s+not\s+fix\b|\bdoesn't\s+fix\b|\borthogonal\b|\badjacent\b|\bdifferent\s+(?:defect|symptom|site|bug)\b|\b(?:a|adds\s+a|only\s+a)\s+(?:regression\s+)?test\b|\bshape\s+(?:this\s+patch|we)\s+cop|\bsame\s+bug\s+class\b|\bother\s+platform\b/i,
  ],
  [
    'fix',
    /\bis\s+the\s+(?:full|real|upstream|actual)\s+fix\b|\bcarries\s+(?:this|the\s+same)\s+fix\b|\bfixes\s+(?:this|the\s+same)\s+(?:defect|bug|crash)\b/i,
  ],
];

/** Cues read in the words just before a ref ("It comes from #n", "drops on #n"). */
export const LEAD_CUES: readonly [Cue, RegExp][] = [
  [
    'introduced-the-defect',
    /\b(?:comes|came)\s+from\s*$|\b(?:introduced|regressed|caused|broken)\s+(?:by|in)\s*$|\bregression\s+(?:from|of)\s*$/i,
  ],
  ['unrelated', /\bunrelated\b/i],
  [
    'anchor-collision',
    /\b(?:collides|conflicts)\s+with\s*$|\banchor[\s-]*(?:collision|conflict)s?\b/i,
  ],
  ['not-fix', /\bnot\s+(?:the\s+same\s+fix|a\s+fix)\b/i],
  ['own', /\bour\s+(?:own\s+)?(?:upstream\s+)?PR\s*(?:is\s*|:\s*)?\(?\s*$/i],
  ['background', /\balready\s+(?:present\s+)?in\s+(?:the|both|our)\s+(?:pinned\s+)?bases?\b/i],
  [
    'fix',
    /\b(?:fix|repair)\s+is\s+(?:already\s+)?in\s+flight\b|\bdrops?\s+(?:on|when|once)\s*$|\bsuperseded\s+by\s*$|\bfixed\s+(?:upstream\s+)?(?:by|in)\s*$|\bneeds?\s+(?:the\s+)?(?:upstream\s+)?fix\s*$|\bmust\s+(?:carry|contain|include)\s*$/i,
  ],
];

/**
 * One test for "does any of these cues match": most words around a ref carry
 * none, and one scan costs less than seven. Every cue is case-insensitive and
 * stateless (flags `i` only, no back-references), so the alternation matches
 * exactly when one of them does.
 */
function anyOf(cues: readonly [Cue, RegExp][]): RegExp {
  return new RegExp(cues.map(([, re]) => `(?:${re.source})`).join('|'), 'i');
}

const ANY_TAIL = anyOf(TAIL_CUES);
const ANY_LEAD = anyOf(LEAD_CUES);

export function tailCue(tail: string): Cue | null {
  if (!ANY_TAIL.test(tail)) return null;
  for (const [cue, re] of TAIL_CUES) if (re.test(tail)) return cue;
  return null;
}

export function leadCue(lead: string): Cue | null {
  if (!ANY_LEAD.test(lead)) return null;
  for (const [cue, re] of LEAD_CUES) if (re.test(lead)) return cue;
  return null;
}

const FIX_ROLES: ReadonlySet<Role> = new Set(['fix', 'own', 'third-party']);

/** The role a cue gives a ref whose label, column or ditto mark said `base`. */
export function applyCue(base: Role, cue: Cue | null): Role {
  switch (cue) {
    case null:
      return base;
    case 'introduced-the-defect':
    case 'unrelated':
      return base === 'issue' && cue === 'unrelated' ? 'unrelated' : cue;
    case 'anchor-collision':
      return base === 'issue' ? base : 'anchor-collision';
    case 'not-fix':
      return FIX_ROLES.has(base) ? 'related' : base;
    case 'alternative':
      return base === 'fix' ? 'third-party' : base;
    case 'background':
      return FIX_ROLES.has(base) || base === 'related' ? 'background' : base;
    case 'fix':
      return base === 'related' ? 'fix' : base;
    case 'own':
      return base === 'related' || base === 'fix' ? 'own' : base;
  }
}

/** The cue for one ref: its lead (nearest first) decides before its tail. */
export function cueFor(leadNear: string, leadFar: string, tail: string): Cue | null {
  const near = leadCue(leadNear);
  if (near !== null && near !== 'unrelated') return near;
  const fromTail = tailCue(tail);
  if (fromTail !== null) return fromTail;
  // "faults from unrelated areas (#a …, #b …)": the word covers the whole list.
  if (near === 'unrelated' || /\bunrelated\b/i.test(leadFar)) return 'unrelated';
  return null;
}
