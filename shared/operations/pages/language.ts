/**
 * The language of a payer page that belongs to a payment (3DS / redirect pages, the APM method page): the payment's
 * own language (S2S payer_language, Checkout / hosted-fields billing_address.language or selected_language), then
 * the merchant's default language, then the browser's Accept-Language, then English (pages/i18n.ts).
 */
import type { Deps } from '../deps.js';
import type { Payment } from '../../domain/payment.js';
import { pageLanguage, type PageLanguage } from '../../pages/i18n.js';

export async function paymentPageLanguage(
  d: Pick<Deps, 'merchants'>,
  p: Payment,
  acceptLanguage: string | undefined,
): Promise<PageLanguage> {
  const config = await d.merchants.get(p.clientKey);
  const sent = p.details.payerLanguage ?? p.details.language;
  return pageLanguage(typeof sent === 'string' ? sent : undefined, { merchantDefault: config?.merchant.defaultLanguage, acceptLanguage });
}

/** A page that names no payment (unknown or expired link): the browser's language, else English. */
export const browserPageLanguage = (acceptLanguage: string | undefined): PageLanguage => pageLanguage(undefined, { acceptLanguage });
