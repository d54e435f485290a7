// Links in e-mails (issue 13): every link is absolute and on the partner's host the user came from. mailLink is the
// only way a mail builds one; the templates take paths and the origin, never whole URLs.

/** An origin links may be built on: http(s), a host, no path, query or credentials. */
function checkedOrigin(origin: string): URL {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    throw new Error(`mailLink: not an origin: ${origin}`);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password) {
    throw new Error(`mailLink: not an http(s) origin: ${origin}`);
  }
  return url;
}

/**
 * The absolute address of `path` on the partner's origin: mailLink('https://grain.example.com', '/login/magic?token=x')
 * → 'https://grain.example.com/login/magic?token=x'. A path must start with one '/'; an absolute URL is accepted only
 * when it is already on that origin (a provider's signing page built on it), anything else throws, so a mail can never
 * carry a relative link or one to another host.
 */
export function mailLink(partnerOrigin: string, path: string): string {
  const origin = checkedOrigin(partnerOrigin);
  if (/^[a-z][a-z0-9+.-]*:/i.test(path)) {
    const absolute = new URL(path);
    if (absolute.origin !== origin.origin) throw new Error(`mailLink: ${path} is not on ${origin.origin}`);
    return absolute.href;
  }
  if (!path.startsWith('/') || path.startsWith('//')) throw new Error(`mailLink: not a path: ${path}`);
  return new URL(path, origin.origin).href;
}
