/**
 * The limits every GitHub session of one run shares: one deadline for all
 * its phases (refs, pinned bases, rebase-check's contents and culprits), so
 * `timeoutSeconds` bounds the run rather than each phase, and the cap on
 * one answer's size.
 */
import type { Config } from '../config-types.js';

export interface TransportLimits {
  deadline: number;
  maxResponseBytes: number;
}

export function transportLimits(config: Config, startedAt: number): TransportLimits {
  return {
    deadline: startedAt + config.github.timeoutSeconds * 1000,
    maxResponseBytes: config.github.maxResponseMB * 1024 * 1024,
  };
}
