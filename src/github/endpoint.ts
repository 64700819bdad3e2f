/**
 * Where the token may be sent. GITHUB_API_URL / --api-url (and the GraphQL
 * URL) are checked before any request, as configuration:
 * - not a URL, or a scheme other than http/https → configuration error;
 * - credentials in the URL (`https://user:secret@host`) → configuration
 *   error: the token belongs in GH_TOKEN, and a URL ends up in logs;
 * - plain `http://` to anything but loopback while a token is set → refused,
 *   unless `github.allowInsecureHttp: true`, then a warning: anyone on the
 *   path reads the token and can rewrite the answers sync writes back.
 * Each message shows the URL without its credentials.
 */
export interface EndpointVerdict {
  error: string | null;
  warning: string | null;
}

const LOOPBACK_V4 = /^127(?:\.\d{1,3}){3}$/;

export function isLoopback(hostname: string): boolean {
  const h = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  return h === 'localhost' || h.endsWith('.localhost') || h === '::1' || LOOPBACK_V4.test(h);
}

export function checkEndpoint(
  what: string,
  value: string,
  opts: { token: boolean; allowInsecureHttp: boolean },
): EndpointVerdict {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return { error: `${what} is not a URL: "${redactUnparsed(value)}"`, warning: null };
  }
  const shown = redact(url);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return {
      error: `${what} must be an http(s) URL, not ${url.protocol} (${shown})`,
      warning: null,
    };
  }
  if (url.username !== '' || url.password !== '') {
    return {
      error: `${what} has credentials in it (${shown}); put the token in GH_TOKEN instead`,
      warning: null,
    };
  }
  if (url.protocol === 'http:' && opts.token && !isLoopback(url.hostname)) {
    const risk = `${what} ${shown} is plain http: the token would be sent unencrypted`;
    return opts.allowInsecureHttp
      ? { error: null, warning: `${risk} (allowed by github.allowInsecureHttp)` }
      : {
          error: `${risk}; use https, or set github.allowInsecureHttp: true in the configuration if you accept that`,
          warning: null,
        };
  }
  return { error: null, warning: null };
}

function redact(url: URL): string {
  const copy = new URL(url.href);
  if (copy.username !== '' || copy.password !== '') {
    copy.username = '***';
    copy.password = '';
  }
  return copy.href;
}

/** A string that did not parse: anything before an `@` may be a secret. */
function redactUnparsed(value: string): string {
  const at = value.lastIndexOf('@');
  return at < 0 ? value : `***${value.slice(at)}`;
}
