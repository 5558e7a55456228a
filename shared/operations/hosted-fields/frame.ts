/**
 * The page inside one hosted-field iframe: refused (400) for a frame the platform does not serve, (403) for a session
 * that is unknown, paid, or not embeddable by the declaring page; else the field, in the session's page language.
 */
import type { Deps } from '../deps.js';
import { pageLanguage } from '../../pages/i18n.js';
import { framePage, frameRefusedPage } from '../../pages/hosted-fields/frame-page.js';
import { FORBIDDEN_TEXT } from '../../pages/hosted-fields/pages.js';
import { readFrameRequest, type RawFrameRequest } from '../../protocol/hosted-fields/frame-request.js';
import type { HtmlPage } from '../../pages/s2s-card/threeds-page.js';
import { acceptsCard, embeddingOrigins, loadSession, mayEmbed } from './session.js';

export interface FramePageResult extends HtmlPage {
  statusCode: number;
}

export async function showFrame(
  d: Pick<Deps, 'config' | 'merchants' | 'clock' | 'checkoutSessions'>,
  raw: RawFrameRequest & { acceptLanguage?: string },
): Promise<FramePageResult> {
  const req = readFrameRequest(raw);
  if (!req) return { statusCode: 400, ...frameRefusedPage('This payment field is not available.') };
  const session = await loadSession(d, req.token);
  if (!session || !acceptsCard(session) || !mayEmbed(session, req.parentOrigin))
    return { statusCode: 403, ...frameRefusedPage(FORBIDDEN_TEXT) };
  // The session's billing_address.language, else the merchant's default, else the browser's (i18n.ts).
  const lang = pageLanguage(session.session.language, {
    merchantDefault: session.merchant.defaultLanguage,
    acceptLanguage: raw.acceptLanguage,
  });
  return {
    statusCode: 200,
    ...framePage({
      field: req.field,
      token: session.token,
      parentOrigin: req.parentOrigin,
      frameAncestors: embeddingOrigins(session, req.parentOrigin),
      channel: req.channel,
      cardDataUrl: `${d.config.PUBLIC_BASE_URL.replace(/\/$/, '')}/hosted-fields/card-data`,
      lang,
    }),
  };
}
