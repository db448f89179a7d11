/** A link the page may follow: http(s) or a path of this site, never `javascript:` or `//host`. */
export function safeHref(href: string): string | null {
  const value = href.trim();
  if (/^\/(?!\/)/.test(value)) return value;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}
