import { describe, expect, it } from 'vitest';
import { rule } from '../../src/rules/unresolved-ref.js';
import { RECORD, context, live, mention, notFound } from './helpers.js';

const REF = 'example-org/engine#99999';

describe('unresolved-ref', () => {
  it('reports one finding per ref at its first mention by source and line, quoting GitHub', () => {
    const ctx = context({
      mentions: [
        mention(REF, { source: RECORD, line: 3 }),
        mention(REF, { line: 20 }),
        mention(REF, { line: 8 }),
      ],
      live: { [REF]: notFound('Could not resolve to a PullRequest with the number of 99999.') },
    });
    const findings = rule.check(ctx);
    expect(findings.map((f) => [f.rule, f.ref, f.file, f.line])).toEqual([
      ['unresolved-ref', REF, 'deploy/patch.upstream.status.md', 8],
    ]);
    expect(findings[0]?.message).toContain(
      'Could not resolve to a PullRequest with the number of 99999',
    );
  });

  it('does not fire for found refs', () => {
    const ctx = context({ mentions: [mention(REF)], live: { [REF]: live('OPEN') } });
    expect(rule.check(ctx)).toEqual([]);
  });
});
