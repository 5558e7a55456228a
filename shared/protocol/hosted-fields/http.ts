/**
 * HTTP plumbing of the Token endpoints (processing, session update, card data): the Token header opens the session
 * or the answer is 403 with an HTML page; every other error is the Checkout JSON error format (error-wire.ts).
 */
import { deps, type Deps } from '../../deps.js';
import { header, html, httpHandler, json, rawBody, type HttpEvent, type HttpResult } from '../../http/http.js';
import { toCheckoutError } from '../error-wire.js';
import { loadSession, type LoadedSession } from '../../operations/hosted-fields/session.js';
import { forbiddenPage } from './pages.js';

export function forbidden(): HttpResult {
  const page = forbiddenPage();
  return html(403, page.body, page.headers);
}

export function tokenHandler(route: string, run: (d: Deps, session: LoadedSession, body: string, event: HttpEvent) => Promise<{ statusCode?: number; body: unknown }>) {
  return httpHandler(
    route,
    async (event: HttpEvent) => {
      const d = deps();
      const session = await loadSession(d, header(event, 'Token'));
      if (!session) return forbidden();
      const res = await run(d, session, rawBody(event), event);
      return json(res.statusCode ?? 200, res.body);
    },
    (err) => toCheckoutError(err),
  );
}
