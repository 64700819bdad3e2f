/**
 * The terminal progress line: after ~2 s, on a TTY only, never on CI or for
 * machine formats; it shows the work reported so far. The clock is vitest's
 * (fake timers), the terminal a stream that records what is written.
 */
import { channel } from 'node:diagnostics_channel';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACTIVITY_CHANNEL, reportActivity, type Activity } from '../src/activity.js';
import { progressLine, progressWanted, startProgress, emptyCounts } from '../src/progress.js';

const tty = (columns?: number) => {
  const written: string[] = [];
  return { isTTY: true, columns, written, write: (t: string) => written.push(t) };
};

const report = (event: Activity, times = 1): void => {
  for (let i = 0; i < times; i++) reportActivity(event);
};

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('progress', () => {
  it('stays silent for a run under 2 s', () => {
    const stream = tty();
    const p = startProgress({ stream, env: {}, format: 'text', label: 'asking GitHub' });
    vi.advanceTimersByTime(1900);
    p.stop();
    expect(stream.written).toEqual([]);
  });

  it('shows the elapsed time after 2 s, updates it, and erases the line when done', () => {
    const stream = tty();
    const p = startProgress({ stream, env: {}, format: 'text', label: 'asking GitHub' });
    vi.advanceTimersByTime(2000);
    expect(stream.written).toEqual(['\r\x1b[2Kasking GitHub… 2 s']);
    vi.advanceTimersByTime(1000);
    expect(stream.written.at(-1)).toBe('\r\x1b[2Kasking GitHub… 3 s');
    p.stop();
    expect(stream.written.at(-1)).toBe('\r\x1b[2K');
    vi.advanceTimersByTime(5000);
    expect(stream.written).toHaveLength(3);
  });

  it.each([
    ['not a terminal', { isTTY: false }, {}, 'text'],
    ['CI', { isTTY: true }, { CI: 'true' }, 'text'],
    ['GitHub Actions', { isTTY: true }, { GITHUB_ACTIONS: 'true' }, 'text'],
    ['JSON', { isTTY: true }, {}, 'json'],
    ['workflow commands', { isTTY: true }, {}, 'github'],
    ['a dumb terminal', { isTTY: true }, { TERM: 'dumb' }, 'text'],
  ])('never shows on %s', (_name, stream, env, format) => {
    expect(progressWanted({ stream: { ...stream, write: () => true }, env, format })).toBe(false);
  });

  it('shows the work done so far: batches asked and answered, requests, files fetched', () => {
    const stream = tty();
    const p = startProgress({ stream, env: {}, format: 'text', label: 'asking GitHub' });
    report({ kind: 'graphql', phase: 'asked' }, 4);
    report({ kind: 'graphql', phase: 'answered' }, 2);
    vi.advanceTimersByTime(2000);
    expect(stream.written.at(-1)).toBe(
      '\r\x1b[2Kasking GitHub… 2 s · 2 of 4 GraphQL batches answered',
    );
    report({ kind: 'graphql', phase: 'answered' }, 2);
    report({ kind: 'rest', phase: 'asked' }, 3);
    report({ kind: 'rest', phase: 'answered' });
    report({ kind: 'files', count: 40 });
    report({ kind: 'files', count: 1 });
    vi.advanceTimersByTime(1000);
    expect(stream.written.at(-1)).toBe(
      '\r\x1b[2Kasking GitHub… 3 s · 4 of 4 GraphQL batches answered · 1 of 3 REST requests answered · 41 files fetched',
    );
    p.stop();
  });

  it('stops listening when stopped: the next run counts from zero', () => {
    const first = startProgress({ stream: tty(), env: {}, format: 'text', label: 'a' });
    report({ kind: 'files', count: 5 });
    first.stop();
    expect(channel(ACTIVITY_CHANNEL).hasSubscribers).toBe(false);
    report({ kind: 'files', count: 5 });
    const stream = tty();
    const second = startProgress({ stream, env: {}, format: 'text', label: 'b' });
    report({ kind: 'rest', phase: 'asked' });
    vi.advanceTimersByTime(2000);
    expect(stream.written).toEqual(['\r\x1b[2Kb… 2 s · 0 of 1 REST request answered']);
    second.stop();
  });

  it('does not listen at all where it is never shown', () => {
    const p = startProgress({ stream: tty(), env: { CI: 'true' }, format: 'text', label: 'a' });
    expect(channel(ACTIVITY_CHANNEL).hasSubscribers).toBe(false);
    p.stop();
  });

  it('fits the line to the terminal, so erasing it leaves nothing wrapped behind', () => {
    const stream = tty(30);
    const p = startProgress({ stream, env: {}, format: 'text', label: 'asking GitHub' });
    report({ kind: 'graphql', phase: 'asked' }, 3);
    vi.advanceTimersByTime(2000);
    const line = stream.written.at(-1)?.replace('\r\x1b[2K', '') ?? '';
    expect(line).toBe('asking GitHub… 2 s · 0 of 3 …');
    expect(line.length).toBeLessThan(30);
    p.stop();
  });

  it('says nothing of work that has not begun', () => {
    expect(progressLine('reading', 7, emptyCounts())).toBe('reading… 7 s');
    expect(progressLine('reading', 7, { ...emptyCounts(), files: 1 })).toBe(
      'reading… 7 s · 1 file fetched',
    );
  });
});
