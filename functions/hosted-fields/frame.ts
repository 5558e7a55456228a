/** GET /hosted-fields/frame/{field}?token=…&origin=…&channel=… — the page inside one hosted-field iframe. */
import { deps } from '../../shared/deps.js';
import { header, html, type HttpEvent } from '../../shared/http/http.js';
import { pageLanguage } from '../../shared/protocol/checkout/page/i18n.js';
import { FIELDS, framePage, frameRefusedPage, type HostedField } from '../../shared/protocol/hosted-fields/frame-page.js';
import { FORBIDDEN_TEXT } from '../../shared/protocol/hosted-fields/pages.js';
import { acceptsCard, embeddingOrigins, loadSession, mayEmbed } from '../../shared/operations/hosted-fields/session.js';
import { httpEndpoint } from '../../shared/http/endpoint.js';

/** An http(s) origin exactly as window.location.origin spells it. */
function originOf(value: string | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const u = new URL(value);
    return (u.protocol === 'https:' || u.protocol === 'http:') && u.origin === value ? value : undefined;
  } catch {
    return undefined;
  }
}

export const handler = httpEndpoint(
  'GET /hosted-fields/frame/{field}',
  async (event: HttpEvent) => {
    const d = deps();
    const q = event.queryStringParameters ?? {};
    const field = event.pathParameters?.field as HostedField;
    const parentOrigin = originOf(q.origin);
    if (!FIELDS.includes(field) || !parentOrigin || !/^[A-Za-z0-9_-]{8,64}$/.test(q.channel ?? '')) {
      const page = frameRefusedPage('This payment field is not available.');
      return html(400, page.body, page.headers);
    }
    const session = await loadSession(d, q.token);
    if (!session || !acceptsCard(session) || !mayEmbed(session, parentOrigin)) {
      const page = frameRefusedPage(FORBIDDEN_TEXT);
      return html(403, page.body, page.headers);
    }
    // The session's billing_address.language, else the merchant's default, else the browser's (i18n.ts).
    const lang = pageLanguage(session.session.language, { merchantDefault: session.merchant.defaultLanguage, acceptLanguage: header(event, 'accept-language') });
    const page = framePage({ field, token: session.token, parentOrigin, frameAncestors: embeddingOrigins(session, parentOrigin), channel: q.channel!, cardDataUrl: `${d.config.PUBLIC_BASE_URL.replace(/\/$/, '')}/hosted-fields/card-data`, lang });
    return html(200, page.body, page.headers);
  },
);
