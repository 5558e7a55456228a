/**
 * HTML page routes (hosted-field frames, the APM method's page): `read` takes what the page needs from the request —
 * its path, query or form and the browser's Accept-Language (shared/entry/http/page-requests.ts) — and one operation
 * renders the page with its status and headers (CSP, framing). Errors still get the route's wire format. `ports`: the
 * function's composition.
 */
import type { Deps } from '../../operations/deps.js';
import { html, type HttpEvent } from './http.js';
import { httpEndpoint } from './endpoint.js';

export interface PageAnswer {
  statusCode: number;
  body: string;
  headers?: Record<string, string>;
}

/** `D`: the function's composition, which must hold the ports `run` declares. */
type PageStep<I, D> = [read: (event: HttpEvent) => I, run: (d: D, input: I) => Promise<PageAnswer>];

export function pageEndpoint<I, D extends Partial<Deps>>(route: string, ports: () => D, ...[read, run]: PageStep<I, D>) {
  return httpEndpoint(route, async (event: HttpEvent) => {
    const page = await run(ports(), read(event));
    return html(page.statusCode, page.body, page.headers);
  });
}

/** A page and its form on one address: GET shows it, POST submits it. */
export function formPageEndpoint<Q, F, D extends Partial<Deps>>(
  route: string,
  ports: () => D,
  steps: { show: PageStep<Q, D>; submit: PageStep<F, D> },
) {
  return httpEndpoint(route, async (event: HttpEvent) => {
    const page =
      event.requestContext?.http?.method === 'POST'
        ? await steps.submit[1](ports(), steps.submit[0](event))
        : await steps.show[1](ports(), steps.show[0](event));
    return html(page.statusCode, page.body, page.headers);
  });
}
