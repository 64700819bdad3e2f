/**
 * Issue 13 item 12: file names and server strings (a PR title, a review
 * decision) reach every human format; their control characters — ESC, CR,
 * LF, C1 — are shown escaped, never printed raw. A raw newline could start a
 * line that reads as `::error …` on a CI log; ESC could recolour a terminal.
 */
import { describe, expect, it } from 'vitest';
import { escapeControls } from '../../src/control-chars.js';
import { formatList } from '../../src/list-text.js';
import { REPORTERS, buildReport, type Report } from '../../src/report/index.js';
import { sampleInput } from './sample.js';

const EVIL_FILE = 'deploy/patches/a/\u001b[31mred\u001b[0m\n::error file=x::forged.py';
const EVIL_MESSAGE = 'title "x\r\n::error::forged\u009b2J\u0007"';

function hostileReport(): Report {
  const input = sampleInput();
  const findings = input.findings.map((f, i) =>
    i === 0 ? { ...f, file: EVIL_FILE, patch: EVIL_FILE, message: EVIL_MESSAGE } : f,
  );
  return buildReport({ ...input, findings });
}

/** Every character of the output that is a control character other than the line breaks we print. */
function rawControls(out: string): string[] {
  // eslint-disable-next-line no-control-regex
  return [...out.replace(/\n/g, '')].filter((c) => /[\u0000-\u001f\u007f-\u009f]/.test(c));
}

describe('control characters in human formats', () => {
  it('escapeControls names the common ones and hex-escapes the rest', () => {
    expect(escapeControls('a\nb\rc\td\u001be\u0085f\u2028g')).toBe(
      'a\\nb\\rc\\td\\ee\\u0085f\\u2028g',
    );
    expect(escapeControls('plain — ünïcode')).toBe('plain — ünïcode');
  });

  it.each(['text', 'markdown'] as const)('%s: no raw control character, no forged line', (name) => {
    const out = REPORTERS[name](hostileReport(), { color: false });
    expect(rawControls(out)).toEqual([]);
    expect(out.split('\n').filter((l) => l.startsWith('::'))).toEqual([]);
    expect(out).toContain('\\e[31mred\\e[0m');
  });

  it('github: one annotation per finding, file names and messages escaped', () => {
    const out = REPORTERS.github(hostileReport(), { color: false });
    expect(rawControls(out)).toEqual([]);
    const commands = out.split('\n').filter((l) => l.startsWith('::'));
    expect(commands).toHaveLength(hostileReport().findings.length);
    const first = commands.find((l) => l.includes('forged.py'));
    expect(first).toContain(
      'file=deploy/patches/a/\\e[31mred\\e[0m%0A%3A%3Aerror file=x%3A%3Aforged.py',
    );
    expect(first).toContain('::title "x%0D%0A::error::forged\\u009b2J\\u0007"');
  });

  it('list: mention paths escaped', () => {
    const report = hostileReport();
    const refs = report.refs.map((r, i) =>
      i === 0
        ? { ...r, mentions: r.mentions.map((m) => ({ ...m, source: EVIL_FILE, patch: EVIL_FILE })) }
        : r,
    );
    const out = formatList({ ...report, refs });
    expect(rawControls(out)).toEqual([]);
    expect(out.split('\n').filter((l) => l.startsWith('::'))).toEqual([]);
  });
});
