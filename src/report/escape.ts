/**
 * GitHub workflow-command escaping. The runner splits a command on `::`,
 * its properties on `,` and each property on `:`, and ends the command at a
 * newline, so unescaped text could forge or truncate an annotation.
 * `%` goes first: it is the escape character itself.
 */

import { escapeControls } from '../control-chars.js';

/**
 * Control characters other than CR and LF (which the command escapes as
 * %0D/%0A, so a message can span lines) shown escaped: an ESC from a PR
 * title must not recolour the job log.
 */
export function escapeControlsButLines(text: string): string {
  return text
    .split(/(\r|\n)/)
    .map((part) => (part === '\r' || part === '\n' ? part : escapeControls(part)))
    .join('');
}

/** Escape the message part of `::error …::message`. */
export function escapeCommandData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

/** Escape a property value (`file=…`, `title=…`). */
export function escapeCommandProperty(text: string): string {
  return escapeCommandData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}
