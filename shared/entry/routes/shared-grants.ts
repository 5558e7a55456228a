/** What the payment route files grant and ship alike. */
import type { RouteDefinition } from './types.js';
import { PAGE_TEXT_FILES } from '../../pages/page-text.js';

/** Routes that render payer pages ship the page dictionaries beside their bundle (page-text.ts). */
export const pageText = { bundleFiles: [...PAGE_TEXT_FILES] };

/** Paying by card (Checkout's page, hosted fields' processing): card data is sealed and opened, callbacks queued. */
export const CARD_PAYING: RouteDefinition['grants'] = [
  'table:read',
  'table:write',
  'kms:decrypt:merchant-secrets',
  'kms:decrypt:card-data',
  'kms:encrypt:card-data',
  'queue:send:callbacks',
];

/** A Checkout or hosted-fields session: read and written, the merchant's password for its hash. */
export const SESSION: RouteDefinition['grants'] = ['table:read', 'table:write', 'kms:decrypt:merchant-secrets'];
