/** Every protocol formula, for merchants who sign something the client does not send for them. */
export * from './hash/s2s-card.js';
export * from './hash/s2s-apm.js';
export { checkoutHash } from './hash/checkout.js';
export { strrev, strtoupper, card6_4, type HashAlgorithm } from './hash/php.js';
