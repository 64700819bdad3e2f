/**
 * The few terminal styles the text report uses, as SGR escape sequences.
 * Each style closes with its own reset code, and the report never nests a
 * style inside one that shares its reset (only bold around underline), so
 * no re-opening is needed. Written here rather than taken from a package
 * whose module reads `process.stdout` as it loads, which builds the stdout
 * stream before the CLI has decided how to write (src/stdio.ts).
 */
export interface Colors {
  red(text: string): string;
  yellow(text: string): string;
  blue(text: string): string;
  green(text: string): string;
  dim(text: string): string;
  bold(text: string): string;
  underline(text: string): string;
}

const sgr =
  (open: number, close: number) =>
  (text: string): string =>
    `\x1b[${open}m${text}\x1b[${close}m`;

const plain = (text: string): string => text;

const STYLED: Colors = {
  red: sgr(31, 39),
  yellow: sgr(33, 39),
  blue: sgr(34, 39),
  green: sgr(32, 39),
  dim: sgr(2, 22),
  bold: sgr(1, 22),
  underline: sgr(4, 24),
};

const PLAIN: Colors = {
  red: plain,
  yellow: plain,
  blue: plain,
  green: plain,
  dim: plain,
  bold: plain,
  underline: plain,
};

export function createColors(enabled: boolean): Colors {
  return enabled ? STYLED : PLAIN;
}
