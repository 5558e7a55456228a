/**
 * The sandbox provider's page, served by the platform on its behalf (a real provider hosts its own): the payer's
 * Pay / Reject becomes what a real provider's servers send — a JSON body signed with hex HMAC-SHA256 under the
 * provider's webhook secret, POSTed to the platform's public notification address. Going through HTTP (not a function
 * call) keeps the sandbox on the real path.
 */
import type { ApmProviderPage, ProviderNotificationTarget } from '../../ports/apm-connector.js';
import { brandDescriptor } from '../../protocol/apm/catalogue.js';
import { signNotification, type ProviderStatus } from '../../protocol/providers/notification.js';

export async function sendSandboxNotification(to: ProviderNotificationTarget, reference: string, status: ProviderStatus): Promise<number> {
  const body = JSON.stringify({ reference, status });
  const res = await fetch(to.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-provider-signature': signNotification(body, to.secret) },
    body,
    signal: AbortSignal.timeout(10_000),
  });
  await res.arrayBuffer();
  return res.status;
}

export function sandboxApmPage(waitsOnly: (identifier: string | undefined) => boolean): ApmProviderPage {
  return {
    waitsOnly: (req) => waitsOnly(req.identifier),
    decide(req, to) {
      // A QR payment is executed or rejected; the other flows are paid or failed.
      const qr = brandDescriptor(req.brand)?.flow === 'qr';
      const status: ProviderStatus = qr ? (req.approve ? 'executed' : 'rejected') : req.approve ? 'paid' : 'failed';
      return sendSandboxNotification(to, req.transId, status);
    },
  };
}
