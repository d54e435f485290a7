/** Readable (non-HttpOnly) cookies of the page. */
export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  for (const part of document.cookie.split(';')) {
    const index = part.indexOf('=');
    const key = (index === -1 ? part : part.slice(0, index)).trim();
    if (key !== name) continue;
    const raw = index === -1 ? '' : part.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw.replace(/\+/g, ' '));
    } catch {
      return raw;
    }
  }
  return null;
}

export function writeCookie(name: string, value: string, options: { maxAgeSeconds?: number } = {}): void {
  const parts = [`${name}=${encodeURIComponent(value)}`, 'path=/', 'SameSite=Lax'];
  if (options.maxAgeSeconds !== undefined) parts.push(`max-age=${options.maxAgeSeconds}`);
  document.cookie = parts.join('; ');
}

export function deleteCookie(name: string): void {
  document.cookie = `${name}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}

export const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
