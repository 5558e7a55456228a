/**
 * How each kind of operation authenticates its caller, as OpenAPI security schemes where the credential is a header
 * or a cookie, and as `security: []` with an `x-security-reason` where OpenAPI has no scheme for it: the protocol's
 * requests are signed by a `hash` field inside the body (the formula is in each operation's description).
 */
import { CSRF_HEADER, SESSION_COOKIE } from '../../shared/entry/http/console.js';
import type { RouteAuth, RouteDefinition } from '../../shared/entry/routes/index.js';

type Schema = Record<string, unknown>;

export const SECURITY_SCHEMES: Record<string, Schema> = {
  ConsoleSession: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description: "The console's session cookie (HttpOnly, SameSite=Strict), set by a sign-in. docs/console.md.",
  },
  ConsoleCsrf: {
    type: 'apiKey',
    in: 'header',
    name: 'X-CSRF-Token',
    description: `With the session cookie on every POST and PUT: the session's CSRF token (GET /console/api/me answers it; header ${CSRF_HEADER}).`,
  },
  HostedFieldsToken: {
    type: 'apiKey',
    in: 'header',
    name: 'Token',
    description:
      'The hosted-fields session token from POST /api/v1/session/token (signed with the protocol hash). It expires with the session.',
  },
  ProviderSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Provider-Signature',
    description: "Hex HMAC-SHA256 of the raw body with the provider's webhook secret.",
  },
  CkoSignature: {
    type: 'apiKey',
    in: 'header',
    name: 'Cko-Signature',
    description:
      "Checkout.com's webhook signature: hex HMAC-SHA256 of the raw body with the MID's webhook secret (its signature key at Checkout.com).",
  },
};

/** Why an operation carries `security: []`, by kind. */
export const NO_SCHEME = {
  protocolHash:
    "Signed inside the body, which OpenAPI security schemes cannot express: client_key (S2S) or merchant_key (Checkout) names the merchant and `hash` is computed with its PASSWORD by the formula in this operation's description (docs/snippets.md shows each in PHP, Python and Node).",
  signIn: 'Signs in: answers the session cookie (or the next challenge) to valid credentials.',
  payerPage:
    "Loaded by the payer's browser: the unguessable id in the link (a payment, a session Token in the page) is the credential; nothing here changes a payment without it.",
  publicAsset: 'Public: code or documentation, no data.',
  adyen: "Each notification item carries its own HMAC signature (Adyen's), checked before anything is applied.",
  callback: 'The platform calls you: verify X-Callback-Signature and the protocol hash before acting (docs/snippets.md).',
} as const;

/** The security requirement of a route by how its caller proves who it is (RouteDoc.auth), with the reason when none. */
export function securityOf(auth: RouteAuth, method: RouteDefinition['method']): { security: unknown[]; reason?: string } {
  switch (auth) {
    case 'protocol-hash':
      return { security: [], reason: NO_SCHEME.protocolHash };
    case 'merchant-api':
      return { security: [{ MerchantApiKey: [] }, { MerchantSignature: [] }] };
    case 'session-token':
      return { security: [{ HostedFieldsToken: [] }] };
    case 'console':
      return { security: method === 'GET' ? [{ ConsoleSession: [] }] : [{ ConsoleSession: [], ConsoleCsrf: [] }] };
    case 'console-optional':
      return { security: [{ ConsoleSession: [] }, {}] };
    case 'sign-in':
      return { security: [], reason: NO_SCHEME.signIn };
    case 'provider-signature':
      return { security: [{ ProviderSignature: [] }] };
    case 'cko-signature':
      return { security: [{ CkoSignature: [] }] };
    case 'adyen-hmac':
      return { security: [], reason: NO_SCHEME.adyen };
    case 'payer-link':
      return { security: [], reason: NO_SCHEME.payerPage };
    case 'public':
      return { security: [], reason: NO_SCHEME.publicAsset };
  }
}

export const SERVERS = [
  { url: 'http://127.0.0.1:3000', description: 'The local platform (npm start).' },
  {
    url: 'https://{distribution}.cloudfront.net',
    description:
      "A deployed stage, through its CloudFront distribution and web ACL: the stack output ApiUrl (docs/deploy.md), or the stage's own domain.",
    variables: {
      distribution: { default: 'd111111abcdef8', description: "The stage's API distribution." },
    },
  },
];
