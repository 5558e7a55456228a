/** S2S APM synchronous response bodies (protocol.md §4). Amounts are strings in the payment's currency format. */
import { formatAmount } from '../../domain/money.js';
import type { Payment } from '../../domain/payment.js';
import { statusArn } from '../arn.js';
import type { Answer } from '../answer-schema.js';
import { amountHead } from '../s2s/head.js';
import type { ApmPaymentAnswer, ApmStatusAnswer } from './answers.js';

export interface ApmRedirect {
  redirect_url: string;
  redirect_method: 'GET' | 'POST';
  /** Empty for GET: serialized as [] (protocol.md §3.3). */
  redirect_params: Record<string, string> | [];
}

const money = (p: Payment, minor: number) => formatAmount({ minor, currency: p.currency });

/** DEBIT2VIRTUAL*: the commission the provider charges and what the payer pays in total. */
export function commissionFields(p: Payment): Record<string, string> {
  if (typeof p.details.commission !== 'number') return {};
  return { commission: money(p, p.details.commission), total_amount: money(p, p.amount + p.details.commission) };
}

/** What the payer needs while the provider waits for them (crypto_address, crypto_network), as the provider gave it. */
export function instructionFields(p: Payment): Record<string, string> {
  const i = p.details.instructions;
  return p.status === 'PENDING' && i && typeof i === 'object' ? (i as Record<string, string>) : {};
}

/** SALE, DEBIT2VIRTUAL, DEBIT2VIRTUAL_CALC/_COMPLETE and CREDIT2VIRTUAL answers. */
export function apmPaymentResult(action: string, result: string, p: Payment, redirect?: ApmRedirect): Answer<typeof ApmPaymentAnswer> {
  return {
    ...amountHead(action, result, p, p.createdAt, p.amount),
    ...commissionFields(p),
    ...(p.status === 'DECLINED' && p.declineReason ? { decline_reason: p.declineReason } : {}),
    ...instructionFields(p),
    ...(redirect ?? {}),
  };
}

export {
  captureResult as apmCaptureResult,
  voidResult as apmVoidResult,
  creditvoidAccepted as apmCreditvoidAccepted,
} from '../s2s/responses.js';

/** GET_TRANS_STATUS: ARN only when known (omitted in status responses when missing). */
export function apmStatusResult(p: Payment): Answer<typeof ApmStatusAnswer> {
  return {
    action: 'GET_TRANS_STATUS',
    result: 'SUCCESS',
    status: p.status,
    order_id: p.orderId,
    trans_id: p.transId,
    ...(p.status === 'DECLINED' && p.declineReason ? { decline_reason: p.declineReason } : {}),
    ...(p.details.brand !== undefined ? { brand: p.details.brand } : {}),
    ...(statusArn(p) ? { arn: statusArn(p) } : {}),
  };
}
