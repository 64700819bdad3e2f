/**
 * The limits every GitHub session of one run shares: one deadline for all
 * its phases (refs, pinned bases, rebase-check's contents and culprits), so
 * `timeoutSeconds` bounds the run rather than each phase, and the cap on
 * one answer's size, and the requests in flight (`github.concurrency`).
 */
import type { Config } from '../config-types.js';
import { Slots } from './slots.js';

export interface TransportLimits {
  deadline: number;
  maxResponseBytes: number;
  slots: Slots;
  /** Aborted when one of the run's asks failed: the others stop (abandonRun). */
  abandoned: AbortSignal;
}

const controllers = new WeakMap<AbortSignal, AbortController>();

/** Stop every GitHub session of the run that still waits: one failure decides its outcome. */
export function abandonRun(limits: TransportLimits): void {
  controllers.get(limits.abandoned)?.abort();
}

export function transportLimits(config: Config, startedAt: number): TransportLimits {
  const controller = new AbortController();
  const abandoned = controller.signal;
  controllers.set(abandoned, controller);
  return {
    deadline: startedAt + config.github.timeoutSeconds * 1000,
    maxResponseBytes: config.github.maxResponseMB * 1024 * 1024,
    slots: new Slots(config.github.concurrency),
    abandoned,
  };
}
