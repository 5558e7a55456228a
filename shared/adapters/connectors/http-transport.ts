/**
 * How a network connector reaches its acquirer: one form-encoded POST, its status and its parsed JSON body. Injected,
 * so a test can shape requests without a network (test/unit/connectors) while the integration tests use the real one.
 *
 * The real one (pinnedTransport) treats the acquirer's URL like a merchant's callback URL (shared/lib/net/public-url.ts):
 * on every use, every address its host resolves to is vetted and the POST goes to the vetted address, so neither a
 * stored URL nor a DNS answer can point card data at loopback, a private network or the metadata service. A live
 * stage also requires https; a sandbox stage may call loopback (a second local platform as the acquirer). Redirects
 * are never followed: a 307 would re-POST the card number and CVV wherever it points, and whatever answered there
 * would decide the payment. A 3xx is returned as it is, and the connector counts it as no answer.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { encodeForm } from '../../protocol/form.js';
import type { StageKind } from '../../lib/config.js';
import { checkPublicUrl, vetPublicUrl, type AddressPolicy, type Resolver } from '../../lib/net/public-url.js';
import { postPinned, type Resend } from '../../lib/net/pinned-post.js';
import { AcquirerUrlRefusedError, type ConnectorOutcome } from '../../ports/connector.js';

export interface HttpAnswer {
  status: number;
  /** The parsed JSON body, or undefined when it was not JSON. */
  body: Record<string, unknown> | undefined;
}

/**
 * One request to the acquirer. `resend` is the caller's word on whether it may be repeated after a reset connection
 * (shared/lib/net/pinned-post.ts): `'on-reset'` for an inquiry, `'never'` for anything that moves money.
 */
export interface HttpCall {
  resend: Resend;
  signal?: AbortSignal;
  /** GET: a lookup without a body (the form is ignored), e.g. the upstream's /health; otherwise the form is POSTed. */
  method?: 'GET';
}

export type HttpTransport = (url: string, form: Record<string, string | undefined>, call: HttpCall) => Promise<HttpAnswer>;

export type { Resend };

/** Which acquirer URLs a stage may call. */
export interface AcquirerAddressRules extends AddressPolicy {
  requireHttps: boolean;
  /** The stage's kind: which of an acquirer's platforms (test or live) it may call (acquirer-hosts.ts). */
  stage: StageKind;
}

/** Live: https to public addresses only. Sandbox: also http, and loopback (never private or link-local addresses). */
export function acquirerAddressRules(kind: StageKind): AcquirerAddressRules {
  return kind === 'live'
    ? { requireHttps: true, allowLoopback: false, stage: kind }
    : { requireHttps: false, allowLoopback: true, stage: kind };
}

// Part of the connector port: the routing cascade tells this refusal (nothing was sent) from a decline.
export { AcquirerUrlRefusedError };

/**
 * An outcome-returning call of a connector: a URL this stage may not call is a decline, since nothing was sent.
 * `refused` names the connector in the reason ("Adyen URL refused").
 */
export async function declinedWhenRefused(refused: string, run: () => Promise<ConnectorOutcome>): Promise<ConnectorOutcome> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AcquirerUrlRefusedError) return { kind: 'declined', reason: `${refused}: ${err.reason}.` };
    throw err;
  }
}

/** Why `text` may not be an acquirer URL under `rules` (no DNS: shape and literal addresses), or undefined. */
export function refusedAcquirerUrl(text: string, rules: AcquirerAddressRules): string | undefined {
  const checked = checkPublicUrl(text, rules);
  if (!checked.ok) return checked.reason;
  if (rules.requireHttps && checked.url.protocol !== 'https:') return 'not an https URL (a live stage sends card data over https only)';
  return undefined;
}

/** Acquirer answers are small JSON documents; a longer body is cut and reads as not JSON. */
const MAX_BODY_CHARS = 1_000_000;
const NO_DEADLINE_MS = 60_000;

export function pinnedTransport(rules: AcquirerAddressRules, resolve?: Resolver): HttpTransport {
  return async (url, form, { signal, resend, method }) => {
    const request: { headers: Record<string, string>; body: string; method?: 'GET' } =
      method === 'GET'
        ? { headers: {}, body: '', method }
        : { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: encodeForm(form) };
    const res = await postToAcquirer(url, rules, { ...request, signal, resend }, resolve);
    return { status: res.status, body: res.body };
  };
}

/**
 * One POST (or, for a status lookup, a GET) to an acquirer's URL: refused before anything is sent when the URL breaks
 * the stage's rules (every resolved address vetted, the connection pinned to it), never following a redirect, the
 * answer read as JSON (`text`: as it came, for an answer that is not a JSON object).
 */
export async function postToAcquirer(
  url: string,
  rules: AcquirerAddressRules,
  request: { headers: Record<string, string>; body: string; signal?: AbortSignal; resend: Resend; method?: 'GET' | 'POST' },
  resolve?: Resolver,
): Promise<{ status: number; headers: IncomingHttpHeaders; body: Record<string, unknown> | undefined; text: string }> {
  const refused = refusedAcquirerUrl(url, rules);
  if (refused) throw new AcquirerUrlRefusedError(refused);
  const target = await vetPublicUrl(url, rules, resolve);
  if (!target.ok && target.refused) throw new AcquirerUrlRefusedError(target.reason);
  if (!target.ok) throw target.error;
  const res = await postPinned(target, {
    headers: { accept: 'application/json', ...request.headers },
    body: request.body,
    signal: request.signal ?? AbortSignal.timeout(NO_DEADLINE_MS),
    maxBodyChars: MAX_BODY_CHARS,
    resend: request.resend,
    ...(request.method ? { method: request.method } : {}),
  });
  return { status: res.status, headers: res.headers, body: parseObject(res.body), text: res.body };
}

function parseObject(text: string): Record<string, unknown> | undefined {
  try {
    const body: unknown = JSON.parse(text);
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}
