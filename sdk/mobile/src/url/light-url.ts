/**
 * Just enough URL handling for return pages, without the WHATWG URL class: React Native's URL polyfill leaves
 * pathname, origin and searchParams unimplemented on several versions, and the core must run there.
 */

const HTTP_URL = /^(https?):\/\/([^/?#\s@]+)([^?#\s]*)(\?[^#\s]*)?(#\S*)?$/i;

export interface LightUrl {
  /** scheme://host[:port]/path, scheme and host lower-cased, default port dropped, path "/" when empty. */
  target: string;
  query: string;
}

export function parseHttpUrl(url: string): LightUrl | undefined {
  const m = HTTP_URL.exec(url);
  if (!m) return undefined;
  const scheme = m[1]!.toLowerCase();
  const host = m[2]!.toLowerCase().replace(scheme === 'https' ? /:443$/ : /:80$/, '');
  return { target: `${scheme}://${host}${m[3] || '/'}`, query: (m[4] ?? '').slice(1) };
}

/** application/x-www-form-urlencoded: the first value of each name. */
export function queryParams(query: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (!pair) continue;
    const at = pair.indexOf('=');
    const [k, v] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    const decode = (s: string) => {
      try {
        return decodeURIComponent(s.replace(/\+/g, ' '));
      } catch {
        return s;
      }
    };
    const key = decode(k);
    if (!out.has(key)) out.set(key, decode(v));
  }
  return out;
}
