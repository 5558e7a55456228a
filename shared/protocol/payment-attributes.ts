/**
 * Attribute groups of the spec's "Events" table that every card protocol echoes the same way (S2S CARD callbacks and
 * status answers, Checkout and hosted-fields callbacks), each behind its per-merchant mapping switch:
 * 3DS attributes, browser attributes, card-on-file attributes (`initiator`, `source`, `sequence`) and `extended_data`.
 * The values are stored on the payment under these wire names when it is made; here they are only selected.
 */
import type { CallbackMappings, Merchant } from '../domain/merchant.js';
import type { Payment } from '../domain/payment.js';
import type { FormValue } from './form.js';

export const THREE_DS_ATTRIBUTES = [
  'threeDSServerTransID',
  'dsTransID',
  'acsTransID',
  'xid',
  'transStatus',
  'transStatusReason',
  'eci',
  'protocolVersion',
  'authenticationFlow',
] as const;

/** The spec's only values of authenticationFlow. */
export type AuthenticationFlow = 'Frictionless' | 'Challenge';

export function threeDsAttributes(p: Payment, m: CallbackMappings): Record<string, string> {
  const threeDs = p.details.threeDs;
  const out: Record<string, string> = {};
  if (m.threeDs && threeDs) for (const k of THREE_DS_ATTRIBUTES) if (threeDs[k] !== undefined) out[k] = threeDs[k];
  return out;
}

/** browser_* as the payment stored them (S2S fields, hosted fields' browser_info, the Checkout page's request). */
export function browserAttributes(p: Payment, m: CallbackMappings): Record<string, string> {
  const browser = p.details.browser;
  return m.browser && browser ? { ...browser } : {};
}

/** initiator / source / sequence of a payment that stores or uses a stored credential (domain/card-on-file.ts). */
export function cardOnFileAttributes(p: Payment, m: CallbackMappings): Record<string, string> {
  const cof = p.details.cardOnFile;
  return m.cardOnFile && cof ? { initiator: cof.initiator, source: cof.source, sequence: cof.sequence } : {};
}

/**
 * 6.6.2 `extended_data`: where and how the payment was processed, as one nested field (`extended_data[connector_name]`
 * ...). Only what the platform knows is sent: connector, MID, merchant, RRN and approval code of the acquirer.
 */
export function extendedData(p: Payment, merchant: Merchant): { extended_data?: FormValue } {
  if (!merchant.mappings.extendedData) return {};
  const data: Record<string, string | undefined> = {
    connector_name: p.connector,
    mid_name: p.details.midName,
    merchant_name: merchant.name,
    rrn: p.rrn,
    approval_code: p.approvalCode,
  };
  const present = Object.fromEntries(Object.entries(data).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string>;
  return { extended_data: present };
}
