/**
 * An upstream MID's setup: its URL in one spelling, the checks when it is created, and the probe that proves the URL
 * and credentials work before the first payment does (docs/connectors.md "The upstream connector").
 *
 * The URL may be given as the upstream's base URL (https://gateway.example) or as its endpoint, as the protocol's
 * documents write it (https://gateway.example/post): both are kept as the base, and the connector adds /post.
 */
import { randomUUID } from 'node:crypto';
import { TRANSACTION_NOT_FOUND_CODE } from '../../domain/errors.js';
import { formula2, type HashAlgorithm } from '../../protocol/signature.js';
import type { StageKind } from '../../lib/config.js';
import {
  AcquirerUrlRefusedError,
  refusedAcquirerUrl,
  type AcquirerAddressRules,
  type HttpAnswer,
  type HttpTransport,
} from './http-transport.js';

/** The base URL of an upstream given as its base or its endpoint: no trailing slash, no trailing /post. */
export function upstreamBaseUrl(text: string): string {
  return text
    .trim()
    .replace(/\/+$/, '')
    .replace(/\/post$/, '')
    .replace(/\/+$/, '');
}

/** Where the connector POSTs: the base URL's /post. */
export function upstreamEndpoint(text: string): string {
  return `${upstreamBaseUrl(text)}/post`;
}

export interface UpstreamSetup {
  url: string;
  clientKey: string;
  password: string;
  hashAlgorithm?: HashAlgorithm;
}

/** Problems with a new upstream MID's settings and credentials, without asking the upstream. */
export function checkUpstreamSetup(
  setup: { settings: Record<string, string>; credentials?: Record<string, string> },
  rules: AcquirerAddressRules,
): string[] {
  const { settings, credentials } = setup;
  const problems: string[] = [];
  if (!settings.url) problems.push('upstream-url: the URL of the upstream gateway is required.');
  else {
    const refused = refusedAcquirerUrl(upstreamEndpoint(settings.url), rules);
    if (refused) problems.push(`upstream-url: not allowed: ${refused}.`);
  }
  if (!credentials?.client_key) problems.push('upstream-key: the client_key at the upstream is required.');
  if (!credentials?.password) problems.push('upstream-password: the password at the upstream is required.');
  if (settings.hashAlgorithm && !['md5', 'sha256'].includes(settings.hashAlgorithm)) problems.push('upstream-hash: md5 or sha256.');
  return problems;
}

const PROBE_TIMEOUT_MS = 10_000;

/**
 * Asks the upstream once for the status of an order that does not exist (GET_TRANS_STATUS_BY_ORDER, signed): the
 * protocol's "Order does not exist." means the URL is a gateway of this protocol and it knows the client_key. What
 * else comes back names the problem: no answer, a redirect, something that is not the protocol (a wrong URL), or the
 * protocol's refusal (wrong client_key, or a hash error: wrong password or hash algorithm). Returns the problems.
 *
 * An upstream that looks the order up before it checks the hash (as this platform does: an unknown order's hash
 * cannot be computed without its e-mail and card) cannot tell a wrong password here; the first payment's ERROR
 * answer (hash) then declines it with the upstream's message.
 */
export async function probeUpstream(
  setup: UpstreamSetup,
  transport: HttpTransport,
  rules: Pick<AcquirerAddressRules, 'stage'>,
): Promise<string[]> {
  const endpoint = upstreamEndpoint(setup.url);
  const orderId = `probe-${randomUUID()}`;
  let res: HttpAnswer;
  try {
    res = await transport(
      endpoint,
      {
        action: 'GET_TRANS_STATUS_BY_ORDER',
        client_key: setup.clientKey,
        order_id: orderId,
        hash: formula2({ password: setup.password, transId: orderId, cardNumber: '' }, setup.hashAlgorithm ?? 'md5'),
      },
      // A lookup of an order that does not exist: harmless to repeat.
      { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS), resend: 'on-reset' },
    );
  } catch (err) {
    if (err instanceof AcquirerUrlRefusedError) return [`upstream-url: not allowed: ${err.reason}.`];
    return [`upstream-url: no answer from ${endpoint} (${(err as Error).message}).`];
  }
  const b = res.body;
  if (res.status >= 300 && res.status < 400) {
    return [
      `upstream-url: ${endpoint} answered with a redirect (HTTP ${res.status}); redirects are never followed: give the gateway's own URL.`,
    ];
  }
  if (!b || typeof b.result !== 'string') {
    return [
      `upstream-url: ${endpoint} did not answer as a payment gateway of this protocol (HTTP ${res.status}); give its base URL or its /post endpoint.`,
    ];
  }
  // Not found: the gateway took the client_key and looked the order up. An order of that name (improbable): the
  // request was accepted all the same. Either way it works: whether it is a platform this stage may use is next.
  if ((b.result === 'ERROR' && Number(b.error_code) === TRANSACTION_NOT_FOUND_CODE) || b.result === 'SUCCESS')
    return stageProblems(setup, transport, rules.stage);
  const message = describeError(b);
  if (/hash|signature/i.test(message))
    return [`upstream-password: the upstream refused the request's hash (${message}): check the password and upstream-hash.`];
  if (/client_key/i.test(message)) return [`upstream-key: the upstream does not accept this client_key (${message}).`];
  return [`upstream-key: the upstream refused the credentials (${message}).`];
}

/**
 * An upstream that is a sandbox says so on its health route (GET {base}/health: `sandbox: true`, as this platform
 * answers): its approvals move no money, so a live stage refuses it; a sandbox stage refuses one that says it is live
 * (real money in tests). An upstream that does not say (another gateway of the family, without that route) is taken
 * at the word of whoever created the MID.
 */
async function stageProblems(setup: UpstreamSetup, transport: HttpTransport, stage: StageKind): Promise<string[]> {
  const health = `${upstreamBaseUrl(setup.url)}/health`;
  let sandbox: unknown;
  try {
    sandbox = (await transport(health, {}, { method: 'GET', signal: AbortSignal.timeout(PROBE_TIMEOUT_MS), resend: 'on-reset' })).body
      ?.sandbox;
  } catch {
    return [];
  }
  if (stage === 'live' && sandbox === true)
    return [`upstream-url: ${health} says the upstream is a sandbox, whose approvals move no money; a live stage uses a live upstream.`];
  if (stage === 'sandbox' && sandbox === false)
    return [`upstream-url: ${health} says the upstream is live; a sandbox stage uses a sandbox upstream.`];
  return [];
}

function describeError(b: Record<string, unknown>): string {
  const errors = Array.isArray(b.errors)
    ? (b.errors as Array<{ error_message?: unknown }>).map((e) => String(e.error_message ?? '')).filter(Boolean)
    : [];
  return [String(b.error_message ?? b.result), ...errors].join('; ');
}
