/**
 * Whether an answer read back from Checkout.com is about the payment we asked for: its reference, amount and currency
 * (and Checkout.com's payment id, where we stored one) must be ours. An answer about another payment (a payer posting
 * another payment's session back, a mixed-up id) is never an approval: the connector treats it as no answer, and
 * the payment stays undetermined until inquiry or webhook. One small function, so a shared check can replace it.
 */
export interface ExpectedPayment {
  reference: string;
  amount?: number;
  currency?: string;
  /** Checkout.com's payment id as we recorded it (the payment's rrn); absent before Checkout.com answered. */
  paymentId?: string;
}

/** The fields that differ (empty when the answer is bound to the payment). A field the answer lacks differs. */
export function answerMismatch(answer: Record<string, unknown>, expected: ExpectedPayment): string[] {
  const wrong: string[] = [];
  if (answer.reference !== expected.reference) wrong.push('reference');
  if (expected.amount !== undefined && answer.amount !== expected.amount) wrong.push('amount');
  if (expected.currency !== undefined && answer.currency !== expected.currency) wrong.push('currency');
  if (expected.paymentId !== undefined && answer.id !== expected.paymentId) wrong.push('id');
  return wrong;
}
