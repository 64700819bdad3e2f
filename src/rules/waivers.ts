/**
 * Per-file waivers: `rules: { parse-error: { exclude: ["package/foo/**"] } }`
 * turns a rule off for the files the globs match (root-relative, with `/`).
 * A finding is waived when its file or its patch matches, so a waiver on a
 * patch also covers findings at its ledger row that name it.
 */
import type { Config } from '../config-types.js';
import { matchAny } from '../glob.js';
import type { Finding } from '../model.js';

export function isWaived(config: Config, finding: Finding): boolean {
  const globs = config.rules[finding.rule]?.exclude;
  if (globs === undefined || globs.length === 0) return false;
  return [finding.file, finding.patch].some((p) => p != null && matchAny(globs, p));
}
