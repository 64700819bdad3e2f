/**
 * Ids of trackers that are not GitHub, written with a `#` (SPEC §2.5):
 * `LP: #N` (Launchpad), `Closes: #N` (Debian BTS), `rhbz#N`, `bz#N`,
 * `bsc#N`/`boo#N` (openSUSE), `bug#N` (GNU debbugs), `Savannah bug #N`,
 * `sr #N`, `ticket #N` (Trac), `Debian bug #N`, `Bugzilla #N`, and the Yocto
 * Project's Bugzilla as oe-core commit messages cite it (`[YOCTO #N]`, the
 * older `[OE-Core #N]`). They are never
 * GitHub refs and never ambiguous ones: a bare `#N` written after one of these
 * words belongs to that tracker.
 *
 * Pure; the test is on the text just before the `#`, so it is linear.
 */

// The tracker word, then at most a short gap (`LP: `, `Debian bug `, `(Closes: `).
// `Closes:` needs its colon: `closes #N` without one is GitHub's own keyword.
const BEFORE_HASH =
  /(?:\b(?:lp|rhbz|bz|bugzilla|bsc|boo|bnc|bmo|crbug|deb|debian|ubuntu|launchpad|savannah|sr|ticket|trac|gnome|kde|mozilla|sourceware|glibc|redhat|fedora|suse|gentoo|alpine|jira|yocto|oe-core)\b[^#\n]{0,16}|\bcloses:[ \t]*|\bbug)$/i;
const DIGITS = /^\d+/;

/** Is the `#` at `hashAt` of `line` (the start of `#N`) another tracker's id? */
export function isOtherTrackerAt(line: string, hashAt: number): boolean {
  return BEFORE_HASH.test(line.slice(Math.max(0, hashAt - 24), hashAt));
}

/**
 * Does every `#<number>` on `line` belong to another tracker? False when the
 * line has none, or when it also names the number as a GitHub URL.
 */
export function onlyOtherTrackers(line: string, number: number): boolean {
  let any = false;
  for (let at = line.indexOf('#'); at !== -1; at = line.indexOf('#', at + 1)) {
    const digits = DIGITS.exec(line.slice(at + 1))?.[0];
    if (digits === undefined || Number(digits) !== number) continue;
    if (!isOtherTrackerAt(line, at)) return false;
    any = true;
  }
  return any && !new RegExp(`/(?:pull|pulls|issues)/${number}(?!\\d)`).test(line);
}

/** Is the ambiguous ref `text` (as written: `#12`, `rhbz#12`) on `line` another tracker's id? */
export function isOtherTrackerRef(text: string, line: string): boolean {
  const hash = text.indexOf('#');
  const word = text.slice(0, hash);
  if (word !== '' && isOtherTrackerAt(word, word.length)) return true;
  const digits = DIGITS.exec(text.slice(hash + 1))?.[0];
  return digits !== undefined && word === '' && onlyOtherTrackers(line, Number(digits));
}
