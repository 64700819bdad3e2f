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
 * words ("a fix is in flight", "drops on #N", "is the full fix") — except
 * when the author says in so many words that the ref's landing retires this
 * patch ("makes this script unnecessary once it lands", "landing it retires
 * this patch", "drop this diff once it reaches our base"): then a
 * third-party or related ref is the patch's `fix`, since its merge is
 * exactly the drop signal the author asked for. A negation in the same
 * clause ("never a reason to drop", "does not make this patch redundant")
 * keeps the role.
 */
import type { RefKind, Role } from '../../model.js';
import { foldCase, lowerAscii } from '../../regexp-cost.js';

export type Cue =
  | 'introduced-the-defect'
  | 'unrelated'
  | 'anchor-collision'
  | 'alternative'
  | 'not-fix'
  | 'background'
  | 'own'
  | 'fix'
  | 'retires'
  | 'reverted'
  | 'issue';

/** The patch's own file, as authors name it when they say what retires it. */
const THIS_PATCH = String.raw`(?:this|the|our)\s+(?:local\s+)?(?:patch|script|diff|file|workaround|wrapper|hook|override|shim|hack)`;
/** A layer's patch by its number, as its recipe's comments name it: "drop 0002", "drop canbridge 0002". */
const PATCH_NUMBER = String.raw`(?:[a-z][\w-]*\s+)?0\d{3}(?![\w.-])`;
/** The same, or the patch named by its file ("…, guard.py goes"); only where a name reads so. */
const PATCH_OR_FILE = String.raw`(?:${THIS_PATCH}|\b[\w-]+\.(?:py|sh|diff|patch)\b)`;
const OBSOLETE = String.raw`(?:unnecessary|redundant|obsolete|moot|unneeded|a\s+plain\s+delete|a\s+no-op|dead\s+code)`;
/** "once", "when", "after", "as soon as": the ref's landing is the moment. */
const WHEN = String.raw`(?:once|when|after|as\s+soon\s+as)`;
/**
 * The author says the ref's landing ends this patch. Read only in a clause
 * without a negation (RETIRES_NEGATED).
 */
const RETIRES = new RegExp(
  [
    String.raw`\bretires?\s+${PATCH_OR_FILE}`,
    String.raw`\bmakes?\s+${THIS_PATCH}\s+${OBSOLETE}`,
    String.raw`\b${THIS_PATCH}\s+(?:becomes|is|will\s+be|would\s+be|goes)\s+${OBSOLETE}`,
    String.raw`\b(?:drop|delete|remove|retire)\s+${THIS_PATCH}\s+${WHEN}\b`,
    String.raw`\b${THIS_PATCH}\b[^.;]{0,40}?\b(?:can|could|should|will|may)\s+(?:then\s+)?(?:go|be\s+(?:dropped|deleted|removed|retired))\b`,
    String.raw`${PATCH_OR_FILE}\s+goes\b`,
    String.raw`\blets?\s+${THIS_PATCH}\s+go\b`,
    // "If #n lands and reaches the base, delete this file."
    String.raw`\b(?:lands?|merges?|is\s+merged|gets\s+merged)\b[^.;]{0,60}?\b(?:delete|drop|remove|retire)\s+(?:${THIS_PATCH}\b|${PATCH_NUMBER})`,
    String.raw`\b(?:the\s+)?(?:PR|one)\s+we\s+(?:drop|delete|retire)\s+(?:on|with)\b`,
    String.raw`\b(?:they|it)\s+(?:are|is)\s+(?:exactly\s+)?this\s+(?:patch|script|diff|guard|change)\b`,
    // "Once it is in a tag we pin, delete this script."; "When it merges and we bump, drop this."
    String.raw`\b${WHEN}\b[^.;]{0,60}?,\s*(?:then\s+)?(?:delete|drop|remove|retire)\s+(?:${THIS_PATCH}\b|(?:this|it)\s*(?:[.;)]|$))`,
    // Words that point back at the ref itself (session 16): "drop when that
    // merges", "if that ever merges, drop", "would let us drop this".
    String.raw`\b(?:drop|delete|remove|retire)\s+(?:(?:it|this|ours)\s+)?${WHEN}\s+(?:that|it|this)(?:\s+(?:one|PR))?\s+(?:merges|lands|is\s+merged|goes\s+in)\b`,
    String.raw`\b(?:if|${WHEN})\s+(?:that|it|this)(?:\s+(?:one|PR))?\s+(?:ever\s+)?(?:merges|lands|is\s+merged|goes\s+in)\s*,\s*(?:then\s+)?(?:drop|delete|remove|retire)\b`,
    String.raw`\b(?:lets?|letting)\s+us\s+drop\s+(?:${THIS_PATCH}|this|it|ours)\b`,
  ].join('|'),
  'i',
);
/** The same, written just before the ref: "Delete this script when #n merges", "goes when #n". */
const RETIRES_LEAD = new RegExp(
  [
    String.raw`\b(?:drop|delete|remove|retire)\s+(?:${THIS_PATCH}|it|${PATCH_NUMBER})\s+${WHEN}\s*$`,
    String.raw`\b(?:goes|can\s+go|is\s+dropped|is\s+deleted|retires)\s+${WHEN}\s*$`,
    String.raw`\b(?:this|that|the|our)\s+(?:patch|script|diff|workaround)\s+waits\s+(?:for|on)\s*$`,
  ].join('|'),
  'i',
);
const RETIRES_NEGATED = /\b(?:not|never|no(?!-)|nor|without|even)\b|n't\b/i;

export const TAIL_CUES: readonly [Cue, RegExp][] = [
  [
    'introduced-the-defect',
    /\b(?:introduced|regressed|caused|left\s+(?:it\s+|this\s+)?incomplete|is\s+the\s+(?:cause|culprit|regression))\b/i,
  ],
  // Not "CI is red on an unrelated H100 runner": that word is about the CI, not the ref.
  [
    'unrelated',
    /\b(?:unrelated(?!\s+(?:[\w-]+\s+)?(?:runners?|jobs?|tests?|failures?|flakes?|checks?|CI)\b)|not\s+related|none\s+is\s+this|is\s+not\s+(?:this|our|the\s+same)\s+(?:bug|defect|issue|problem|crash))\b/i,
  ],
  [
    'anchor-collision',
    /\banchor[\s-]*(?:collision|conflict|drift|risk)s?\b|\bmerge[\s-]+conflict|\b(?:textual|direct)\s+collision|\bcollid(?:e|es|ing)\b|\b(?:touch|edit|rewrite|change|modif(?:y|ie))(?:e?s)?\s+(?:this|that|the)\s+same\b|\bconflict\b[^.;]{0,24}\banchor|\banchor\b[^.;]{0,24}\bconflict|\brewrites?\s+(?:the\s+code|our\s+anchor|the\s+anchor)|\banchors?\s+(?:would\s+)?drift|\bsame\s+collision\b|\b(?:is|are)\s+(?:an?\s+|the\s+)?(?:anchor\s+)?collisions?\b|^[\s:,—–-]*collisions?\b|\bmoves?\s+(?:this|that|the(?:\s+same)?|our|both)\s+(?:functions?|methods?|code|hunks?|lines?|blocks?)\b|\bmoves?\s+`[^`\n]{1,60}`\s+(?:into|to|out\s+of)\b|\bconflicts?\s+with\s+(?:this|ours|our\s+(?:patch|diff|change|script|hunks?))\b|\b(?:means?|needs?|needing|has\s+to\s+be|have\s+to|must|forces?)\s+(?:an?\s+|another\s+)?re-?cut(?:ting)?\b|\bwe(?:'ll)?\s+(?:will\s+|have\s+to\s+|must\s+)?re-?cut\b|\bre-?cut\s+(?:when|once|if|after)\b/i,
  ],
  // "#n (MERGED) -- then reverted in #m", "#n — reverted upstream": merged,
  // then taken back. Its merge is no drop signal: the base has the bug again.
  ['reverted', /(?:\b(?:was|were|got|been|then|later|since|and|but)\s+|[(,;—–-]\s*)reverted\b/i],
  // Its landing retires this patch: before 'alternative', as a different
  // repair can still be the one whose merge the patch waits for.
  ['retires', RETIRES],
  // A different repair of the same defect: its merge does not drop this patch.
  [
    'alternative',
    /\b(?:solves|fixes|reconciles|repairs)\s+the\s+same\b[^.;]{0,80}?\bby\b|\bdifferently\b|\b(?:different|another)\s+approach\b|\balternative\s+(?:repair|fix)\b|\bporting\b[^.;]{0,80}?\bfails\b|\b(?:path|side)\s+only\b|\bonly\s+adds?\s+(?:an?\s+)?(?:[\w-]+\s+){0,2}(?:knob|flag|option|setting|env(?:ironment)?\s+var(?:iable)?|switch|toggle|log(?:ging)?|metrics?|warning)s?\b|\b(?:does|would|will|did)\s+not\s+let\s+us\s+drop\b|\b(?:doesn|wouldn|won|didn)'t\s+let\s+us\s+drop\b|\bnot\s+enough\s+(?:on\s+its\s+own\s+)?to\s+drop\b/i,
  ],
  [
    'background',
    /\bin\s+both\s+bases\b|\balready\s+(?:present\s+)?in\s+(?:(?:the|both|our)\s+)?(?:pinned\s+)?bases?\b|\bbackground\b/i,
  ],
  [
    'not-fix',
    /\bnot\s+(?:this|the\s+same|a|our)\s+fix\b|\bneither\s+fix(?:es)?\b|\b(?:does|would|will|did)\s+not\s+fix\b|\b(?:doesn|wouldn|won|didn)'t\s+fix\b|\bregardless\b|\borthogonal\b|\badjacent\b|\bdifferent\s+(?:defect|symptom|site|bug)\b|(?<!\b(?:plus|and|with|including|also)\s+)\b(?:a|adds\s+a|only\s+(?:a|its|the))\s+(?:regression\s+)?test\b|\btests?[\s-]+only\b|\bshape\s+(?:this\s+patch|we)\s+cop|\bsame\s+bug\s+class\b|\bother\s+platform\b|\bnot\s+(?:needed|required)\s+(?:for|by)\s+(?:this|the|our)\s+(?:patch|diff|script|fix|change)\b|\b(?:alone|on\s+its\s+own|by\s+itself)\s+(?:doesn't|does\s+not|won't|will\s+not|wouldn't|would\s+not|isn't|is\s+not|can't|cannot)\b|\bis\s+only\s+(?:the|a|its)\s+(?:[\w-]+\s+){0,2}(?:hunks?|docs?|documentation|man\s+page|comments?|changelog|readme)\b|\bnot\s+the\s+same\s+(?:thing|change|bug|problem)\s+as\b|\bonly\s+(?:fixe[sd]|cover(?:s|ed)|handle[sd])\s+(?:the|a|one)\b[^.;]{0,60}?,\s*not\b|\b(?:does|did|would|will)\s+not\s+help\s+(?:us|here)\b|\b(?:doesn|didn|wouldn|won)'t\s+help\s+(?:us|here)\b|\b(?:(?:it's|it\s+is|is)\s+(?:a\s+)?no-?op|inert)\s+until\b|^(?:[^.!?]|[.](?=\S)){0,160}?\b(?:(?:did|does|do|will|would)\s+not|(?:didn|doesn|won|wouldn)'t)\s+(?:retire|drop)\s+(?:(?:this|the|our)\s+(?:patch|script|diff|workaround)\b|ours\b|us\b)/i,
  ],
  [
    'fix',
    /\bis\s+the\s+(?:full|real|upstream|actual)\s+fix\b|\bcarries\s+(?:this|the\s+same)\s+fix\b|\bfixes\s+(?:this|the\s+same)\s+(?:defect|bug|crash)\b|\b(?:would|will)\s+fix\s+(?:it|this)\b|\bfixes\s+(?:it|this)\s+as\s+a\s+side\s+effect\b/i,
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
    // "Two OPEN PRs rewrite the code it anchors on, #a and #b": the tail's
    // words for a collision, written before the refs in their sentence.
    /\b(?:collides?|conflicts)\s+with\s*$|\bre-?cut(?:ting)?\b[^.;]{0,50}?\b(?:when|once|if|after|on\s+top\s+of)\b[^.;]{0,30}$|\banchor[\s-]*(?:collision|conflict)s?\b|(?:^|[\s(*_])collisions?\s*:|\banchor[\s-]*risks?\s*:?\s*$|\b(?:touch|edit|rewrite|change|modif(?:y|ie))(?:e?s)?\s+(?:this|that|the)\s+same\b|\brewrites?\s+(?:the\s+code|our\s+anchor|the\s+anchor)/i,
  ],
  // "… is the radix PR, not [lumen#4417]": the ref named only to set it apart.
  // "the dense path itself was fixed by #n": another path's fix, not this patch's.
  [
    'not-fix',
    /\b(?:path|side|case|variant|backend|half)\s+(?:itself\s+)?(?:was|got|is|has\s+been)\s+(?:already\s+)?fixed\s+(?:upstream\s+)?(?:by|in)\s*$|\bnot\s+(?:the\s+same\s+fix|a\s+fix)\b|\bnot\s+the\s+same\s+(?:thing|change|bug|problem)\s+as\s*$|(?:^|[,;(—–]\s*|\s)not\s*[(`*_[]*\s*$|\b[\w-]+\s+side\s*(?:is\s*|:\s*)[`*_[]*$|\b[\w-]+-only\s+fix\s*(?:was|is)?\s*[:,]?\s*[`*_[]*$|\b(?:path|side|case|variant|backend)\s+only\s*,?\s*(?:in|by)\s*$|\b(?:don't|do\s+not|never)\s+(?:go\s+by|wait\s+(?:for|on)|count\s+on)\s*[`*_[]*$/i,
  ],
  // "[prism#2199](…) (ours), issue prism#2188" in a PR cell: the word names an issue.
  // "… (ours) fixes [mc#1090]": what a PR fixes is the bug's report (not a
  // `fixes` label opening an entry, which names the fixes).
  ['issue', /(?:^|[\s,;(-])(?<!\bsame\s)(?:issue|bug)\s*:?\s*$|\S[^\S\n]+fixes[^\S\n]*[`*_[]*$/i],
  ['retires', RETIRES_LEAD],
  [
    'own',
    /\b(?:our|own)\s+(?:own\s+)?(?:upstream\s+)?PR\s*(?:is\s*|:\s*)?[(`*_[]*\s*$|(?<!\bnot\s+)\bours(?:\s*:\s*[`*_]*|[^\S\n]*[(`*_[]*)$|\(ours\)\s*:\s*[`*_[]*$|\bours\s+(?:is|was)\s*[`*_]*$|\bour\s+(?:own\s+)?(?:first\s+|earlier\s+|original\s+|previous\s+)?(?:attempt|try|go\s+at\s+it|submission)\s*[,:]?\s*$|\bre-?(?:submitted|filed|opened|sent|posted|pushed)\s+(?:it\s+|this\s+)?(?:upstream\s+)?as\s*$|(?:\b(?:we|i)\s+(?:first\s+|originally\s+|also\s+)?|(?:^|[.;:(—–-])\s*)(?:sent|submitted|posted|proposed|upstreamed)\s+(?:it\s+|this\s+|that\s+)?(?:upstream\s+)?as\s*[`*_[]*$/i,
  ],
  // "already in the base: #n"; "reverted in #m" (#m is the revert, background to the patch);
  // "on top of #n", "ours #a · needs #n": what the patch or its PR builds on, not what retires it.
  [
    'background',
    /\b(?:depends\s+on|builds?\s+on|on\s+top\s+of)\s*[`*_[]*$|[\u00b7;,][^\S\n]*(?:needs|requires)\s*[`*_[]*$|\balready\s+(?:present\s+)?in\s+(?:(?:the|both|our)\s+)?(?:pinned\s+)?bases?\b|\breverted\b[^.;()]{0,60}?\b(?:in|by|with)\s*$/i,
  ],
  [
    'fix',
    /\b(?:fix|repair)\s+is\s+(?:already\s+)?in\s+flight\b|\bfix\s+(?:is\s+)?not\s+ours\s*:\s*$|\bdrops?\s+(?:on|when|once)\s*$|\b(?:superseded|replaced)\s+by\s*$|\bthe\s+(?:[\w-]+\s+)?fix\s*[:,]?\s*$|\bin\s+favou?r\s+of\s*$|\bfixed\s+(?:(?:this|it)\s+)?(?:upstream\s+)?(?:by|in)\s*$|\bneeds?\s+(?:the\s+)?(?:upstream\s+)?fix\s*$|\bmust\s+(?:carry|contain|include)\s*$|\b(?:back-?port(?:ed)?|cherry[\s-]?pick(?:ed)?)\s+(?:(?:of|from)\s+)?(?:[\w.-]+'s\s+)?(?:(?:upstream\s+)?(?:PR|pull\s+request)\s+)?$|\b(?:upstream|real|proper|actual)\s+fix\s*(?:is\s*)?[:,]?\s*$|\bupstream[\s-]+(?:PR|pull[\s-]+request)\s*:\s*[`*_[]*$/i,
  ],
];

/**
 * One test for "does any of these cues match": most words around a ref carry
 * none, and one scan costs less than seven. Every cue is case-insensitive and
 * stateless (flags `i` only, no back-references), so the alternation matches
 * exactly when one of them does.
 *
 * The cues are matched as their lower-case twins against the text with its
 * ASCII letters lowered (src/regexp-cost.ts): cheaper to compile and to run.
 */
function anyOf(cues: readonly [Cue, RegExp][]): RegExp {
  return foldCase(new RegExp(cues.map(([, re]) => `(?:${re.source})`).join('|'), 'i'));
}

const folded = (cues: readonly [Cue, RegExp][]): readonly [Cue, RegExp][] =>
  cues.map(([cue, re]) => [cue, foldCase(re)]);

const ANY_TAIL = anyOf(TAIL_CUES);
const ANY_LEAD = anyOf(LEAD_CUES);
const TAIL_FOLDED = folded(TAIL_CUES);
const LEAD_FOLDED = folded(LEAD_CUES);
const NEGATED_FOLDED = foldCase(RETIRES_NEGATED);

export function tailCue(tail: string): Cue | null {
  return firstCue(lowerAscii(tail), ANY_TAIL, TAIL_FOLDED);
}

export function leadCue(lead: string): Cue | null {
  return firstCue(lowerAscii(lead), ANY_LEAD, LEAD_FOLDED);
}

/** The first of `cues` that matches `text` (lowered), `retires` only where unnegated. */
function firstCue(text: string, any: RegExp, cues: readonly [Cue, RegExp][]): Cue | null {
  if (!any.test(text)) return null;
  for (const [cue, re] of cues) {
    const matches = cue === 'retires' ? unnegated(text, re, NEGATED_FOLDED) : re.test(text);
    if (matches) return cue;
  }
  return null;
}

/** `re` matches in a clause (from the last `.`, `;`, `!`, `?` or `--` before the match) with no negation. */
function unnegated(text: string, re: RegExp, negated = RETIRES_NEGATED): boolean {
  const m = re.exec(text);
  if (m === null) return false;
  const before = text.slice(0, m.index);
  const clauseStart = Math.max(
    before.lastIndexOf('.'),
    before.lastIndexOf(';'),
    before.lastIndexOf('!'),
    before.lastIndexOf('?'),
    before.lastIndexOf('--'),
  );
  return !negated.test(text.slice(clauseStart + 1, m.index + m[0].length));
}

/**
 * Cues that name a ref's role outright, not a shade of the label's. Not a
 * collision: "issue #415 … Two OPEN PRs touch the same parser: #420 …" goes
 * on to say #420 is the fix (session 16, q24); an issue's entry keeps such a
 * ref out of the decisive roles rather than guess.
 */
export const NAMING_CUES: ReadonlySet<Cue> = new Set([
  'fix',
  'own',
  'introduced-the-defect',
  'background',
  'unrelated',
]);

const FIX_ROLES: ReadonlySet<Role> = new Set(['fix', 'own', 'third-party']);

/**
 * The role a cue gives a ref whose label, column or ditto mark said `base`.
 * An issue (`kindHint`) is never made a fix: "drop this patch once the issue
 * is fixed" names the drop signal, but the ref's merge cannot be it.
 */
export function applyCue(base: Role, cue: Cue | null, kindHint: RefKind | null = null): Role {
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
      return base === 'related' && kindHint !== 'issue' ? 'fix' : base;
    case 'reverted':
      return FIX_ROLES.has(base) ? 'related' : base;
    case 'retires':
      return (base === 'related' || base === 'third-party') && kindHint !== 'issue' ? 'fix' : base;
    case 'own':
      // "#784 (ours, also open)" for an issue: we filed it; it is still the issue.
      return (base === 'related' || base === 'fix') && kindHint !== 'issue' ? 'own' : base;
    case 'issue':
      return FIX_ROLES.has(base) || base === 'related' ? 'issue' : base;
  }
}

/**
 * "#n (ours)", "#n (ours, CLOSED …)", "#n (our PR)", "#n (DRAFT, ours)": the
 * parenthetical right after the ref says whose it is, first or as one of its
 * comma-separated items.
 */
const OURS_RIGHT_AFTER =
  /^(?:[^\S\n]+(?:on|in)[^\S\n]+\d[\w.-]*)?[^\S\n]*(?:(?:\(|--|—|–|,)?[^\S\n]*(?:ours(?![^\S\n]+(?:was|were)\b)|our\s+(?:own\s+)?PR(?![^\S\n]+(?:was|were)\b)|by\s+us)\b|\([^()\n]{0,40}?[,;][^\S\n]*(?:ours|our\s+(?:own\s+)?PR|by\s+us)[^\S\n]*[,;)]|\((?:that|this|it)(?:\s+one)?\s+(?:is|was)\s+(?:ours|our\s+(?:own\s+)?PR)\b)/i;

/** Whether the words right after a ref say it is ours: `#n (ours)`, `<url> -- ours.`, `#n, ours`. */
export function oursRightAfter(text: string): boolean {
  return OURS_RIGHT_AFTER.test(text);
}

/**
 * The cue for one ref: its lead (nearest first) decides before its tail.
 * `rest` runs on to the next ref's sentence: where the tail says nothing,
 * words there that retire the patch still name this ref as its drop signal.
 */
export function cueFor(
  leadNear: string,
  leadFar: string,
  tail: string,
  rest = '',
  /** The next ref's sentence when it points back at this ref (context.ts backSentence). */
  back = '',
): Cue | null {
  // "#4871 (cherry-picked). It MERGED … but got reverted by #5150": its merge was taken back.
  if (back !== '' && REVERTED.test(lowerAscii(back))) return 'reverted';
  // "#1090 (follow-up, ours, not needed for this diff)": ours, and not this patch's.
  // "issue: o/r#104 (ours too, open)": our own report, still the issue.
  if (oursRightAfter(tail) && leadCue(leadNear) !== 'issue') {
    const aside = /^\s*\(([^()]*)\)/.exec(tail)?.[1] ?? '';
    return tailCue(aside) === 'not-fix' ? 'not-fix' : 'own';
  }
  const lead = leadCue(leadNear);
  // "if #4452 merges before #4417 we have to re-cut": the ref a time is
  // measured by is not what collides (session 16, q16).
  // Asked only of a collision cue: most refs have none.
  const timePoint = (): boolean => TIME_POINT_BEFORE.test(leadNear);
  const near = lead === 'anchor-collision' && timePoint() ? null : lead;
  // "#8841 (touched our anchor too) was CLOSED, superseded by #8733": the
  // successor of a collision is a collision, not a fix (session 13).
  if (near === 'fix' && SUCCEEDS.test(leadNear) && COLLISION_WORDS.test(leadFar))
    return 'anchor-collision';
  // "fixed upstream by #n (merged, already in 0.9.3)": a fix the base already
  // has is background; nothing is left to drop.
  if (near === 'fix' && ALREADY_IN_BASE.test(tail)) return 'background';
  // "in favour of #5671, which … will collide with our diff": the ref's own
  // words about a collision or a cause outweigh the lead that named it a fix.
  if (near === 'fix') {
    const own = tailCue(tail);
    // "The upstream fix #7205 landed … and was reverted a week later".
    if (own === 'anchor-collision' || own === 'introduced-the-defect' || own === 'reverted')
      return own;
    // "The dense path already got its MERGED fix (#7355)": a fix already had, and the patch stays.
    // Not "That repair is already in flight": that one is still to land.
    if (
      /\balready\s+(?:got|gets|has|had|have|landed|merged|contains?|ships?|shipped|fixed)\b/i.test(
        leadNear,
      )
    )
      return 'background';
  }
  // "not #4939, that one is unrelated": a bare "not" before the ref yields to its own words.
  if (near === 'not-fix') return tailCue(tail) ?? near;
  if (near !== null && near !== 'unrelated') return near;
  const fromTail = tailCue(tail);
  if (fromTail === 'anchor-collision' && timePoint()) return null;
  if (fromTail !== null) return fromTail;
  // "faults from unrelated areas (#a …, #b …)": the word covers the whole list.
  if (near === 'unrelated' || /\bunrelated\b/i.test(leadFar)) return 'unrelated';
  if (rest.length > tail.length && retiresBack(rest.slice(0, WIDE_REST))) return 'retires';
  return null;
}

const REVERTED = foldCase(TAIL_CUES.find(([cue]) => cue === 'reverted')![1]);

const TIME_POINT_BEFORE = /\b(?:before|after|until|than)\s*[`*_[]*$/i;

const SUCCEEDS = /\b(?:superseded|replaced)\s+by\s*$|\bin\s+favou?r\s+of\s*$/i;
const COLLISION_WORDS = /\banchors?\b|\bcollid|\bcollision|\bconflict/i;

const ALREADY_IN_BASE =
  /\balready\s+(?:present\s+)?in\s+(?:(?:the|both|our)\s+)?(?:pinned\s+)?(?:bases?\b|v?\d+(?:\.\d+)+)|\b(?:is|are)\s+(?:already\s+)?in\s+our\s+(?:pin(?:ned\s+base)?|base)\b|\balready-merged\s+precedent\b/i;

/** How far `rest` is read for words that retire the patch. */
const WIDE_REST = 480;
/** Words that point back at the ref: "it lands", "its merge", "the PR whose merge". */
const BACK_TO_REF = /\b(?:it|its|whose|th(?:is|at|e)\s+(?:PR|pull\s+request|one))\b/i;

/**
 * Words that retire the patch further on, in a sentence that points back at
 * the ref: "This is the PR whose merge retires this script." — but not "DROP
 * THIS PATCH once the base waits on the event", which names no PR.
 */
function retiresBack(text: string): boolean {
  const m = RETIRES.exec(text);
  if (m === null || !unnegated(text, RETIRES)) return false;
  const before = text.slice(0, m.index);
  const start = Math.max(
    before.lastIndexOf('. '),
    before.lastIndexOf('.\n'),
    before.lastIndexOf(';'),
  );
  return BACK_TO_REF.test(text.slice(start + 1, m.index + m[0].length));
}
