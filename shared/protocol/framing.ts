/**
 * Framing policy of the platform's HTML pages (clickjacking): CSP `frame-ancestors` on every page, `'none'` unless a
 * page names who may embed it. X-Frame-Options DENY goes with `'none'` for browsers that predate CSP level 2; a page
 * that may be framed by a list of origins gets no X-Frame-Options (it cannot express a list, and its obsolete
 * ALLOW-FROM is ignored by current browsers, where frame-ancestors wins anyway).
 */
const CSP = 'content-security-policy';

const findCsp = (headers: Record<string, string>) => Object.keys(headers).find((k) => k.toLowerCase() === CSP);

/** `frame-ancestors` for these origins; none listed: nobody may frame the page. */
export function frameAncestors(origins?: readonly string[]): string {
  return origins?.length ? `frame-ancestors ${origins.join(' ')}` : "frame-ancestors 'none'";
}

/**
 * The headers with a framing policy: the page's own frame-ancestors directive if it has one, else one for `origins`
 * ('none' when absent or empty).
 */
export function withFraming(headers: Record<string, string>, origins?: readonly string[]): Record<string, string> {
  const key = findCsp(headers);
  const csp = key ? headers[key]! : '';
  const out = { ...headers };
  if (key) delete out[key];
  const policy = /(^|;)\s*frame-ancestors\s/i.test(csp)
    ? csp
    : [csp.trim().replace(/;$/, ''), frameAncestors(origins)].filter(Boolean).join('; ');
  out[CSP] = policy;
  if (/frame-ancestors\s+'none'/i.test(policy)) out['x-frame-options'] = 'DENY';
  else delete out['x-frame-options'];
  return out;
}
