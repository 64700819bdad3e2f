/** Issue 13 items 3 and 13: where the token may be sent, checked as configuration. */
import { describe, expect, it } from 'vitest';
import { vetGitHubSettings } from '../../src/commands/shared.js';
import { DEFAULT_CONFIG, type Config } from '../../src/config-types.js';
import { checkEndpoint, isLoopback } from '../../src/github/endpoint.js';

const TOKEN = { token: true, allowInsecureHttp: false };

describe('checkEndpoint', () => {
  it('accepts https anywhere and http to loopback', () => {
    for (const url of [
      'https://api.github.com',
      'https://ghe.example/api/v3',
      'http://127.0.0.1:8080',
      'http://127.1.2.3/api/v3',
      'http://localhost:3000',
      'http://[::1]:3000/',
    ])
      expect(checkEndpoint('API', url, TOKEN), url).toEqual({ error: null, warning: null });
  });

  it('refuses a token over plain http to a remote host, unless allowed (then warns)', () => {
    const url = 'http://ghe.example/api/v3';
    expect(checkEndpoint('API', url, TOKEN).error).toMatch(/plain http.*github\.allowInsecureHttp/);
    const allowed = checkEndpoint('API', url, { token: true, allowInsecureHttp: true });
    expect(allowed.error).toBeNull();
    expect(allowed.warning).toMatch(/plain http: the token would be sent unencrypted/);
    // No token, nothing to leak.
    expect(checkEndpoint('API', url, { token: false, allowInsecureHttp: false }).error).toBeNull();
    for (const host of ['127.0.0.1.evil.example', '10.0.0.1', 'localhost.evil.example.com'])
      expect(isLoopback(host), host).toBe(false);
  });

  it('refuses credentials in the URL and other schemes, never echoing the secret', () => {
    const cases = [
      'https://x:ghp_SECRET@api.github.com',
      'https://ghp_SECRET@api.github.com',
      'http://x:ghp_SECRET@127.0.0.1:9',
      'ftp://api.example/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'api.github.com',
      'ghp_SECRET@not a url',
    ];
    for (const url of cases) {
      const v = checkEndpoint('the GitHub API URL', url, TOKEN);
      expect(v.error, url).toMatch(/^the GitHub API URL /);
      expect(v.error, url).not.toContain('ghp_SECRET');
    }
  });
});

describe('vetGitHubSettings', () => {
  const gh = {
    token: 't',
    apiUrl: 'https://api.github.com',
    graphqlUrl: null,
    replay: null,
    record: null,
  };
  const config = (allowInsecureHttp: boolean): Config => ({
    ...DEFAULT_CONFIG,
    github: { ...DEFAULT_CONFIG.github, allowInsecureHttp },
  });

  it('checks the GraphQL URL too, and nothing for a replay', () => {
    expect(() =>
      vetGitHubSettings({ ...gh, graphqlUrl: 'http://ghe.example/api/graphql' }, config(false)),
    ).toThrow(/GraphQL URL/);
    expect(
      vetGitHubSettings({ ...gh, apiUrl: 'ftp://x', replay: 's.json' }, config(false)),
    ).toEqual([]);
    expect(vetGitHubSettings({ ...gh, apiUrl: 'http://ghe.example/api/v3' }, config(true))).toEqual(
      [expect.stringMatching(/allowed by github\.allowInsecureHttp/)],
    );
  });
});
