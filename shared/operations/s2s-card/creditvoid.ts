/**
 * CREDITVOID: refund or reversal as the payment's state decides (payment/creditvoid.ts). The answer is ACCEPTED;
 * the outcome, with this attempt's creditvoid_id, comes by callback.
 */
import { NotFoundError } from '../../domain/errors.js';
import { creditvoidAccepted } from '../../protocol/s2s-card/responses.js';
import { creditvoid as creditvoidCore } from '../payment/index.js';
import { s2sCardFollowUp } from './follow-up-action.js';

export const creditvoid = s2sCardFollowUp({
  event: 'CREDITVOID',
  core: creditvoidCore,
  withAmount: true,
  notFound: NotFoundError.payment,
  answer: ({ payment: p }) => creditvoidAccepted(p),
});
