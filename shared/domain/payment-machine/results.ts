/**
 * The protocol-neutral results a payment event reports, declared once: the state machine's callbacks, and through
 * the protocols' value sets (shared/protocol/s2s/values.ts) the SDKs' types.
 */
export const EVENT_RESULTS = [
  'SUCCESS',
  'DECLINED',
  'REDIRECT',
  'UNDEFINED',
  /** An APM payment accepted by its provider and waiting for the payer's transfer (crypto address). */
  'INIT',
] as const;

export type EventResult = (typeof EVENT_RESULTS)[number];
