/**
 * The values the S2S answers and callbacks (S2S CARD and S2S APM alike) take in `result` and `status`, declared from
 * the payment's own sets: the answer schemas and the SDKs' types (npm run sdk-answers) use these.
 */
import { EVENT_RESULTS } from '../../domain/payment-machine/results.js';
import { ALL_STATUSES } from '../../domain/payment-machine/statuses.js';

/** An event's result, or ACCEPTED: CREDITVOID and RETRY, whose outcome comes by callback. */
export const S2S_RESULTS = [...EVENT_RESULTS, 'ACCEPTED'] as const;

/** A payment's status, as every S2S answer and callback names it. */
export const S2S_STATUSES = ALL_STATUSES;
