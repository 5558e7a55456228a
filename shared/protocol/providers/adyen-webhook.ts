/**
 * Adyen's standard webhooks: a NotificationRequest ({live, notificationItems: [{NotificationRequestItem}]}) POSTed to
 * /providers/adyen/notifications. Each item is signed on its own (additionalData.hmacSignature): HMAC-SHA256, with
 * the MID's HMAC key (hex, as Adyen's Customer Area shows it), over
 *   pspReference:originalReference:merchantAccountCode:merchantReference:value:currency:eventCode:success
 * base64-encoded. Here: reading the request, the signature, and which of our transactions an item names.
 */
import { parseJson } from '@open-payments/protocol';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { parseAttemptReference } from '../../domain/acquirer-reference.js';

/** The connector's name, as MIDs and the notification route spell it. */
export const ADYEN = 'adyen';
/** The decline recorded when Adyen refused a payment. */
export const ADYEN_REFUSED = 'Refused by Adyen.';
/** Our reference suffixes (trans_id.suffix) of a late approval's reversal and of the technical cancel at give-up. */
export const LATE_REVERSAL = 'late';
export const TECHNICAL_CANCEL = 'tcancel';

export interface AdyenNotificationItem {
  pspReference: string;
  originalReference?: string;
  merchantAccountCode: string;
  merchantReference: string;
  amount: { value: number; currency: string };
  eventCode: string;
  /** "true" | "false", as Adyen sends it. */
  success: string;
  reason?: string;
  additionalData?: Record<string, string>;
}

export interface AdyenNotificationRequest {
  /** Adyen's live platform sent it (its test platform otherwise). */
  live: boolean;
  items: AdyenNotificationItem[];
}

/** Adyen's request, or undefined when the body is not one (nothing of it is trusted yet). */
export function parseNotificationRequest(rawBody: string): AdyenNotificationRequest | undefined {
  let body: unknown;
  try {
    body = parseJson(rawBody);
  } catch {
    return undefined;
  }
  if (!isObject(body) || !Array.isArray(body.notificationItems)) return undefined;
  const items: AdyenNotificationItem[] = [];
  for (const wrapper of body.notificationItems) {
    const item = parseItem(isObject(wrapper) ? wrapper.NotificationRequestItem : undefined);
    if (!item) return undefined;
    items.push(item);
  }
  return { live: String(body.live) === 'true', items };
}

/** One item as the connector's notification checks read it (AcquirerNotifications: one item is one notification). */
export function parseItem(v: unknown): AdyenNotificationItem | undefined {
  if (!isObject(v) || !isObject(v.amount)) return undefined;
  const text = (x: unknown) => (typeof x === 'string' ? x : undefined);
  const value = v.amount.value;
  const item = {
    pspReference: text(v.pspReference),
    merchantAccountCode: text(v.merchantAccountCode),
    merchantReference: text(v.merchantReference),
    eventCode: text(v.eventCode),
    success: text(v.success),
    currency: text(v.amount.currency),
  };
  if (Object.values(item).some((x) => x === undefined) || typeof value !== 'number' || !Number.isSafeInteger(value)) return undefined;
  const additionalData = isObject(v.additionalData)
    ? (Object.fromEntries(Object.entries(v.additionalData).filter(([, x]) => typeof x === 'string')) as Record<string, string>)
    : undefined;
  return {
    pspReference: item.pspReference!,
    ...(text(v.originalReference) ? { originalReference: text(v.originalReference) } : {}),
    merchantAccountCode: item.merchantAccountCode!,
    merchantReference: item.merchantReference!,
    amount: { value, currency: item.currency! },
    eventCode: item.eventCode!,
    success: item.success!,
    ...(text(v.reason) ? { reason: text(v.reason) } : {}),
    ...(additionalData ? { additionalData } : {}),
  };
}

/** Adyen's signature of an item with the HMAC key (hex). */
export function itemSignature(item: AdyenNotificationItem, hexKey: string): string {
  const signed = [
    item.pspReference,
    item.originalReference ?? '',
    item.merchantAccountCode,
    item.merchantReference,
    String(item.amount.value),
    item.amount.currency,
    item.eventCode,
    item.success,
  ].join(':');
  return createHmac('sha256', Buffer.from(hexKey, 'hex')).update(signed, 'utf8').digest('base64');
}

/** Whether the item carries Adyen's signature for this key, compared in constant time. */
export function signatureMatches(item: AdyenNotificationItem, hexKey: string): boolean {
  const sent = item.additionalData?.hmacSignature;
  if (!sent || !hexKey) return false;
  const expected = Buffer.from(itemSignature(item, hexKey), 'base64');
  const given = Buffer.from(sent, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Our references at Adyen: a payment is our trans_id; a capture, refund or cancel is `trans_id.suffix` (a refund's
 * suffix is its own attempt id, so each refund's webhook names it). Adyen's `reference` takes up to 80 characters.
 */
export function modificationReference(transId: string, suffix: string): string {
  return `${transId}.${suffix}`;
}

/**
 * Our trans_id, the cascade attempt and the suffix an item's merchantReference names: a payment's own reference is
 * its attempt's (`trans_id`, or `trans_id-aN` for attempt N > 1: shared/domain/acquirer-reference.ts).
 */
export function referenceParts(merchantReference: string): { transId: string; attempt: number; suffix?: string } {
  const dot = merchantReference.indexOf('.');
  const head = dot < 0 ? merchantReference : merchantReference.slice(0, dot);
  return { ...parseAttemptReference(head), ...(dot < 0 ? {} : { suffix: merchantReference.slice(dot + 1) }) };
}

function isObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}
