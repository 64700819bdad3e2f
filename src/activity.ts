/**
 * What a run is doing, told as it happens: every request to GitHub as it is
 * sent and answered, every batch of upstream files as it arrives. Published
 * on a diagnostics channel, so the GitHub layer needs no handle on whoever
 * listens (the terminal progress line, src/progress.ts), and publishing costs
 * nothing while nobody does.
 */
import { channel, type Channel } from 'node:diagnostics_channel';

export type Activity =
  { kind: 'graphql' | 'rest'; phase: 'asked' | 'answered' } | { kind: 'files'; count: number };

export const ACTIVITY_CHANNEL = 'upstream-status:activity';

// Made at first use: a run that never asks GitHub (`list`) never loads the module.
let made: Channel | null = null;
const activity = (): Channel => (made ??= channel(ACTIVITY_CHANNEL));

export function reportActivity(event: Activity): void {
  const ch = activity();
  if (ch.hasSubscribers) ch.publish(event);
}

/** Listen until the returned function is called. */
export function onActivity(listener: (event: Activity) => void): () => void {
  const handler = (message: unknown): void => listener(message as Activity);
  activity().subscribe(handler);
  return () => activity().unsubscribe(handler);
}
