/**
 * The page of a provider whose page the platform serves (the sandbox's, for its brands other than vcard; a real
 * provider hosts its own): it shows the flow's view (QR, transfer instructions, confirmation), asks the payer for the
 * method's fields the request lacked, and on Pay / Reject has the provider (ApmProviderPage) send its signed
 * notification to the platform's public endpoint — the real path, so the outcome is decided where a real provider's
 * would be (operations/providers/).
 */
import type { Deps } from '../deps.js';
import { formatAmount } from '../../domain/money.js';
import type { Payment } from '../../domain/payment.js';
import type { FormValue } from '../../protocol/form.js';
import { providerPage } from '../../pages/s2s-apm/provider-page.js';
import { messagePage, type HtmlPage } from '../../pages/s2s-apm/method-page.js';
import { brandDescriptor } from '../../protocol/apm/catalogue.js';
import { checkAsked } from '../../protocol/apm/page-fields.js';
import { logger } from '../../lib/logger.js';

export interface ProviderPageResult extends HtmlPage {
  statusCode: number;
}

const missingFields = (p: Payment): string[] => p.details.collectOnPage ?? [];
const expired = (d: Pick<Deps, 'clock'>, p: Payment) =>
  p.details.deadline !== undefined && p.details.deadline <= d.clock.now().toISOString();
/** The payment's provider's side of the page (method-page.ts sends only such payments here). */
const pageOf = (d: Pick<Deps, 'apmConnectors'>, p: Payment) => d.apmConnectors.named(p.connector).page!;
const waitsOnly = (d: Pick<Deps, 'apmConnectors'>, p: Payment) => pageOf(d, p).waitsOnly({ identifier: p.details.identifier });

function view(
  d: Pick<Deps, 'config' | 'apmConnectors'>,
  p: Payment,
  token: string,
  collect: Array<{ name: string; value?: string; error?: string }>,
): ProviderPageResult {
  const flow = brandDescriptor(p.details.brand ?? '')?.flow ?? 'redirect';
  const commission = p.details.commission ?? 0;
  return {
    statusCode: collect.some((c) => c.error) ? 400 : 200,
    ...providerPage({
      action: `${d.config.PUBLIC_BASE_URL}/post-va/redirect/${p.transId}`,
      token,
      brand: p.details.brand ?? '',
      flow,
      amount: `${formatAmount({ minor: p.amount + commission, currency: p.currency })} ${p.currency}`,
      descriptor: p.descriptor,
      reference: p.transId,
      deadline: p.details.deadline,
      collect,
      waitOnly: waitsOnly(d, p),
    }),
  };
}

export function showProviderPage(d: Pick<Deps, 'config' | 'clock' | 'apmConnectors'>, p: Payment, token: string): ProviderPageResult {
  if (expired(d, p)) return { statusCode: 410, ...messagePage('Expired', 'This payment has expired.') };
  return view(
    d,
    p,
    token,
    missingFields(p).map((name) => ({ name })),
  );
}

/** The payer's Pay / Reject. Returns a page to show again (invalid fields, expired), or undefined: back to the shop. */
export async function submitProviderPage(
  d: Pick<Deps, 'config' | 'clock' | 'providerSecrets' | 'apmConnectors'>,
  p: Payment,
  token: string,
  decision: string | undefined,
  collected: FormValue | undefined,
): Promise<ProviderPageResult | undefined> {
  if (expired(d, p)) return { statusCode: 410, ...messagePage('Expired', 'This payment has expired.') };
  if (waitsOnly(d, p)) return undefined;
  const approve = decision === 'approve';
  const descriptor = brandDescriptor(p.details.brand ?? '');
  const missing = missingFields(p);
  if (approve && descriptor && missing.length) {
    // The fields the request lacked, under the descriptor's own rules (now required: the payer is asked for them).
    const payer = p.details.payer ?? {};
    const payerName = payer.payer_first_name && payer.payer_last_name ? `${payer.payer_first_name} ${payer.payer_last_name}` : undefined;
    const { errors, values } = checkAsked(descriptor, missing, collected, { payerName, payerCountry: payer.payer_country });
    if (Object.keys(errors).length)
      return view(
        d,
        p,
        token,
        missing.map((name) => ({ name, value: values[name], error: errors[name] })),
      );
  }
  const provider = d.apmConnectors.named(p.connector);
  const to = {
    url: `${d.config.PUBLIC_BASE_URL}/providers/${provider.slug}/notifications`,
    secret: await d.providerSecrets.secret(provider.slug),
  };
  const answer = await pageOf(d, p).decide({ transId: p.transId, brand: p.details.brand ?? '', approve }, to);
  if (answer !== 200) logger.warn('provider notification refused', { transId: p.transId, provider: provider.slug, status: answer });
  return undefined;
}
