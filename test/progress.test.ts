/** The terminal progress line: after ~2 s, on a TTY only, never on CI or for machine formats. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { progressWanted, startProgress } from '../src/progress.js';

const tty = () => {
  const written: string[] = [];
  return { isTTY: true, written, write: (t: string) => written.push(t) };
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
});
