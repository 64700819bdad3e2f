import { describe, expect, it } from 'vitest';
import { EXIT_CODES, exitCodeFor } from '../../src/exit-code.js';
import type { Finding, Severity } from '../../src/model.js';

function finding(severity: Severity): Finding {
  return {
    rule: 'stale-check',
    severity,
    ref: null,
    patch: null,
    file: 'x.md',
    line: 1,
    recorded: null,
    live: null,
    message: 'm',
  };
}

describe('exitCodeFor', () => {
  it('is 1 iff some finding is at error severity', () => {
    expect(exitCodeFor([])).toBe(0);
    expect(exitCodeFor([finding('warning'), finding('notice')])).toBe(0);
    expect(exitCodeFor([finding('notice'), finding('error')])).toBe(1);
  });

  it('uses the table of SPEC §5', () => {
    expect(EXIT_CODES).toEqual({ ok: 0, findings: 1, usage: 2, githubUnavailable: 3 });
  });
});
