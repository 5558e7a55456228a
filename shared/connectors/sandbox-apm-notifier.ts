/**
 * The sandbox provider's side of its notifications: what a real provider's servers do after the payer decided on its
 * page — a JSON body signed with hex HMAC-SHA256 under the provider's webhook secret, POSTed to the platform's public
 * notification address. Going through HTTP (not a function call) keeps the sandbox on the real path.
 */
import type { Deps } from '../deps.js';
import { signNotification, type ProviderStatus } from '../protocol/providers/notification.js';
import { SANDBOX_PROVIDER_SLUG } from './sandbox-apm.js';

export async function sendSandboxNotification(d: Pick<Deps, 'config' | 'providerSecrets'>, reference: string, status: ProviderStatus): Promise<number> {
  const body = JSON.stringify({ reference, status });
  const signature = signNotification(body, await d.providerSecrets.secret(SANDBOX_PROVIDER_SLUG));
  const res = await fetch(`${d.config.PUBLIC_BASE_URL}/providers/${SANDBOX_PROVIDER_SLUG}/notifications`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-provider-signature': signature },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return res.status;
}
