/**
 * Payer-facing routes: Checkout's page and its posts, the 3DS pages (S2S CARD and hosted fields), the APM method page,
 * the hosted-fields iframes, demo and script, and /health. Their ids live in the path or the query, so those are fuzzed
 * along with the form bodies the pages post.
 */
import fc from 'fast-check';
import type { FuzzFixtures } from '../fixtures.js';
import { CARD } from '../fixtures.js';
import { bodyRequest, formValues, mutatedFields, randomFields, type Fields } from '../bodies.js';
import type { Family } from '../oracle.js';
import type { FuzzRequest } from '../request.js';
import { headerSafe, query, segment, type FuzzTarget } from '../target.js';
import { junkString } from '../values.js';

const formBody = (template: Fields) => fc.oneof(mutatedFields(template, formValues), randomFields(template, formValues));

/** Browser-ish headers, sometimes hostile (cookies, accept-language, referer). */
// Values stay under Node's 16 KB header limit, whose 431 answer is the server's, not the platform's.
const headerValue = junkString.map(headerSafe).map((v) => v.slice(0, 4000));
const browserHeaders: fc.Arbitrary<Record<string, string>> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ accept: 'text/html' }) },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        accept: headerValue,
        'accept-language': fc.oneof(headerValue, fc.constantFrom('de', 'xx-YY;q=2', '*', ',,,', 'de;q=abc')),
        cookie: headerValue,
        referer: headerValue,
      },
      { requiredKeys: [] },
    ),
  },
);

function get(name: string, group: string, path: (fx: FuzzFixtures) => fc.Arbitrary<string>, family: Family = 'page'): FuzzTarget {
  return {
    name,
    route: name,
    group,
    family,
    requests: (fx) => fc.tuple(path(fx), browserHeaders).map(([p, headers]): FuzzRequest => ({ method: 'GET', path: p, headers })),
  };
}

function post(
  name: string,
  group: string,
  path: (fx: FuzzFixtures) => fc.Arbitrary<string>,
  template: (fx: FuzzFixtures) => Fields,
): FuzzTarget {
  return {
    name,
    route: name,
    group,
    family: 'page',
    requests: (fx) =>
      bodyRequest({ method: 'POST', path: path(fx), kind: 'form', headers: browserHeaders, fields: formBody(template(fx)) }),
  };
}

const checkoutToken = (fx: FuzzFixtures) => segment([...fx.checkoutTokens, fx.checkoutThreeDsToken]);
const threeDsId = (fx: FuzzFixtures) => segment([fx.threeDs.transId, fx.sale.transId]);
const apmId = (fx: FuzzFixtures) => segment([fx.apmRedirect.transId, fx.apmTransId]);
const hfId = (fx: FuzzFixtures) => segment([fx.hfThreeDs.transId]);
const tokens = (valid: string[]) => fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...valid) }, { weight: 1, arbitrary: junkString });

export const pageTargets: FuzzTarget[] = [
  // Checkout's page
  get('GET /auth/{token}', 'checkout-page', (fx) =>
    fc.tuple(checkoutToken(fx), query({ lang: fc.constantFrom('de', 'en', 'xx') })).map(([t, q]) => `/auth/${t}${q}`),
  ),
  post(
    'POST /auth/{token}/pay',
    'checkout-page',
    (fx) => checkoutToken(fx).map((t) => `/auth/${t}/pay`),
    () => ({
      card_number: `${CARD.slice(0, 4)} ${CARD.slice(4, 8)} ${CARD.slice(8, 12)} ${CARD.slice(12)}`,
      expiry: '01/38',
      cvv: '123',
      holder: 'JOHN DOE',
      terms: 'on',
      method: 'card',
      card_choice: 'new',
      saved_cvv: '123',
      saved_expiry: '01/38',
      identifier: 'success@gmail.com',
      payee_card_number: '4601541833776519',
    }),
  ),
  post(
    'POST /auth/{token}/3ds',
    'checkout-page',
    (fx) => checkoutToken(fx).map((t) => `/auth/${t}/3ds`),
    () => ({ decision: 'approve' }),
  ),
  post(
    'POST /auth/{token}/cancel',
    'checkout-page',
    (fx) => checkoutToken(fx).map((t) => `/auth/${t}/cancel`),
    () => ({ confirm: 'yes' }),
  ),
  // S2S CARD's 3DS page and its completion
  get('GET /threeds/{transId}', 'threeds-pages', (fx) =>
    fc.tuple(threeDsId(fx), query({ PaReq: tokens([String(fx.threeDs.params.PaReq ?? '')]) })).map(([t, q]) => `/threeds/${t}${q}`),
  ),
  post(
    'POST /threeds/{transId}',
    'threeds-pages',
    (fx) => threeDsId(fx).map((t) => `/threeds/${t}`),
    (fx) => ({ ...fx.threeDs.params }),
  ),
  post(
    'POST /threeds/{transId}/complete',
    'threeds-pages',
    (fx) => threeDsId(fx).map((t) => `/threeds/${t}/complete`),
    (fx) => ({ ...fx.threeDs.params, PaRes: 'Y', decision: 'approve' }),
  ),
  // S2S APM's method page
  get('GET /post-va/redirect/{transId}', 'threeds-pages', (fx) =>
    fc.tuple(apmId(fx), query({ token: tokens([fx.apmRedirect.token]) })).map(([t, q]) => `/post-va/redirect/${t}${q}`),
  ),
  post(
    'POST /post-va/redirect/{transId}',
    'threeds-pages',
    (fx) => apmId(fx).map((t) => `/post-va/redirect/${t}`),
    (fx) => ({ token: fx.apmRedirect.token, decision: 'approve' }),
  ),
  // Hosted fields' browser side
  get('GET /hosted-fields/frame/{field}', 'hosted-fields-pages', (fx) =>
    fc
      .tuple(
        segment(['card', 'expiry', 'cvv']),
        query({
          token: tokens(fx.hfTokens),
          origin: fc.constantFrom('https://shop.example', 'javascript:alert(1)', 'null', '*'),
          channel: fc.constantFrom('abcdefgh12', 'x'),
        }),
      )
      .map(([f, q]) => `/hosted-fields/frame/${f}${q}`),
  ),
  get('GET /hosted-fields/3ds/{transId}', 'hosted-fields-pages', (fx) =>
    fc.tuple(hfId(fx), query({ token: tokens([fx.hfThreeDs.token]) })).map(([t, q]) => `/hosted-fields/3ds/${t}${q}`),
  ),
  post(
    'POST /hosted-fields/3ds/{transId}',
    'hosted-fields-pages',
    (fx) => hfId(fx).map((t) => `/hosted-fields/3ds/${t}`),
    (fx) => ({ token: fx.hfThreeDs.token }),
  ),
  get('GET /hosted-fields/demo', 'hosted-fields-pages', (fx) =>
    query({ token: tokens(fx.hfTokens) }).map((q) => `/hosted-fields/demo${q}`),
  ),
  get('GET /sdk/hosted-fields.js', 'hosted-fields-pages', () =>
    query({ v: fc.constantFrom('1', '') }).map((q) => `/sdk/hosted-fields.js${q}`),
  ),
  // The platform itself: whatever the query or headers, health answers 200.
  get('GET /health', 'platform', () => query({ verbose: fc.constantFrom('1', 'true') }).map((q) => `/health${q}`), 'health'),
  get('GET /openapi.json', 'platform', () => query({ v: fc.constantFrom('3.1', '') }).map((q) => `/openapi.json${q}`), 'health'),
  get('GET /docs', 'platform', () => query({ theme: fc.constantFrom('dark', '') }).map((q) => `/docs${q}`)),
  get('GET /docs/redoc.standalone.js', 'platform', () =>
    query({ v: fc.constantFrom('3', '') }).map((q) => `/docs/redoc.standalone.js${q}`),
  ),
];
