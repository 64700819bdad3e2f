/**
 * Issue 13 item 8: keys named like Object.prototype members are keys like
 * any other — an unknown key is a config error naming it and its line, and
 * a user's own name (an alias, a folder) never reaches the prototype.
 */
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../src/config-parse.js';

const MEMBERS = ['hasOwnProperty', '__proto__', 'constructor', 'toString', 'valueOf'];

describe('config keys named like Object.prototype members', () => {
  it.each(MEMBERS)('%s at the top level is an unknown key on its line', (name) => {
    const { errors } = parseConfig(`ledgers: [a.md]\n${name}: 1\n`, '.upstream-status.yml');
    expect(errors).toEqual([
      expect.objectContaining({
        line: 2,
        key: name,
        message: expect.stringContaining(`unknown key "${name}"`),
      }),
    ]);
  });

  it.each(MEMBERS)('%s inside a section is an unknown key on its line', (name) => {
    const { errors } = parseConfig(`github:\n  ${name}: 3\n`, '.upstream-status.yml');
    expect(errors).toEqual([expect.objectContaining({ line: 2, key: `github.${name}` })]);
    const rule = parseConfig(`rules:\n  ${name}: off\n`, '.upstream-status.yml');
    expect(rule.errors).toEqual([expect.objectContaining({ line: 2, key: `rules.${name}` })]);
  });

  it('an alias or folder named like a member is stored as itself (readers take Object.entries)', () => {
    const { config, errors } = parseConfig(
      [
        'repos:',
        '  aliases: { constructor: o/c, toString: o/t }',
        '  defaults: { "__proto__": o/p, hasOwnProperty: o/h }',
        'bases: { o/c: v1 }',
        '',
      ].join('\n'),
      '.upstream-status.yml',
    );
    expect(errors).toEqual([]);
    expect(Object.entries(config.repos.aliases)).toEqual([
      ['constructor', 'o/c'],
      ['tostring', 'o/t'],
    ]);
    expect(Object.entries(config.repos.defaults)).toEqual([
      ['__proto__', 'o/p'],
      ['hasOwnProperty', 'o/h'],
    ]);
    expect(Object.getPrototypeOf(config.repos.defaults)).toBe(Object.prototype);
    expect(Object.entries(config.bases)).toEqual([['o/c', 'v1']]);
  });
});

describe('github.webHost', () => {
  it('is github.com unless configured, and must be a host name', () => {
    expect(parseConfig('ledgers: [a.md]\n', 'c.yml').config.github.webHost).toBe('github.com');
    const ok = parseConfig('github: { webHost: GHE.Example.com:8443 }\n', 'c.yml');
    expect(ok).toMatchObject({
      errors: [],
      config: { github: { webHost: 'ghe.example.com:8443' } },
    });
    for (const bad of ['"evil.example/x"', '"a@b"', '"https://ghe"', '"a b"']) {
      const { errors } = parseConfig(`github:\n  webHost: ${bad}\n`, 'c.yml');
      expect(errors, bad).toEqual([expect.objectContaining({ line: 2, key: 'github.webHost' })]);
    }
  });
});
