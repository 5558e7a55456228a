/**
 * The payer's page endpoints share this wrapper: HTML always, even for failures (a payer never sees JSON), and the
 * form body is parsed here but never logged (card data).
 */
import type { Deps } from '../../operations/deps.js';
import { asPlatformError } from '../../domain/errors.js';
import { logger } from '../../lib/logger.js';
import type { PageOutcome, PayerContext } from '../../operations/checkout/page.js';
import { framedFor } from '../../operations/pages/framing.js';
import { parseForm, type FormObject } from '../../protocol/form.js';
import { pageLanguage } from '../../pages/i18n.js';
import { renderDeadLink } from '../../pages/checkout/render.js';
import { html, header, rawBody, type HttpEvent, type HttpResult } from './http.js';
import { httpEndpoint } from './endpoint.js';
import { renderOutcome } from './checkout-page-view.js';

type PageStep<D> = (d: D, token: string | undefined, form: FormObject, payer: PayerContext) => Promise<PageOutcome>;

/** `ports`: the function's composition, which must hold the ports `step` declares. */
export function pageHandler<D extends Pick<Deps, 'config'>>(route: string, ports: () => D, step: PageStep<D>) {
  return httpEndpoint(route, async (event: HttpEvent): Promise<HttpResult> => {
    try {
      const d = ports();
      const form = event.requestContext.http.method === 'POST' ? parseForm(rawBody(event)) : {};
      const outcome = await step(d, event.pathParameters?.token, form, {
        ip: event.requestContext.http.sourceIp,
        acceptHeader: header(event, 'accept'),
        userAgent: header(event, 'user-agent'),
        acceptLanguage: header(event, 'accept-language'),
      });
      // An embedded checkout: the merchant names the origins that may frame its pages; default none.
      const page = framedFor(
        outcome.kind === 'dead' ? undefined : outcome.ctx.merchant,
        renderOutcome(outcome, d.config.PUBLIC_BASE_URL, header(event, 'accept-language')),
      );
      return html(page.statusCode, page.body, page.headers);
    } catch (err) {
      const e = asPlatformError(err);
      if (e.httpStatus >= 500) logger.error('checkout page failed', { route, error: err as Error });
      else logger.warn('checkout page refused', { route, error: e.message });
      const page = renderDeadLink(
        pageLanguage(undefined, { acceptLanguage: header(event, 'accept-language') }),
        e.httpStatus === 409 ? 'busy' : 'failed',
      );
      return html(page.statusCode, page.body, page.headers);
    }
  });
}
