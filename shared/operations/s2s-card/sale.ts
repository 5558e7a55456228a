/**
 * S2S CARD SALE (auth=Y: authorization). Validate → authenticate (Formula 1) → choose a MID → claim idempotency →
 * connector → one transaction writing the payment, its callback (outbox) and the idempotent result → enqueue.
 * DynamoDB round trips on this path: the idempotency claim and the transaction (merchant config is cached).
 */
import { createHash } from 'node:crypto';
import { InvalidHashError, ValidationError } from '../../errors.js';
import { parseAmount, parseCurrency } from '../../domain/money.js';
import type { Payment, PaymentStatus, TransactionRecord } from '../../domain/payment.js';
import type { Mid } from '../../domain/merchant.js';
import { recordCallback } from '../../domain/callback-factory.js';
import { connectorNamed } from '../../connectors/registry.js';
import type { ConnectorOutcome } from '../../ports/connector.js';
import { BusinessRuleError, ConflictError } from '../../errors.js';
import { FieldReader, MESSAGES, PATTERNS, cardBrand, isHttpUrl, isIp, luhnValid } from '../../protocol/fields.js';
import { formula1, hashEquals } from '../../protocol/signature.js';
import { paymentResult } from '../../protocol/s2s-card/responses.js';
import { s2sCardCallbackFields } from '../../protocol/s2s-card/callback.js';
import type { S2sCardAction, S2sCardRequest, S2sCardResponse } from './action.js';
import { logger } from '../../logger.js';

const IDEMPOTENCY_TTL_SECONDS = 24 * 3600;

export interface SaleInput {
  orderId: string;
  orderDescription: string;
  amount: number;
  currency: string;
  card: { number: string; expMonth: string; expYear: string; cvv?: string };
  payerEmail?: string;
  authorize: boolean;
  details: Record<string, unknown>;
}

export function readSale(req: S2sCardRequest): SaleInput {
  const f = new FieldReader(req.form);
  const orderId = f.required('order_id', { max: 255 });
  const currencyCode = f.required('order_currency', { pattern: /^[A-Z]{3}$/ });
  const amountText = f.required('order_amount');
  const orderDescription = f.required('order_description', { max: 1024 });
  const number = f.required('card_number', { pattern: PATTERNS.cardNumber });
  const expMonth = f.required('card_exp_month', { pattern: PATTERNS.month });
  const expYear = f.required('card_exp_year', { pattern: PATTERNS.year });
  const cvv = f.required('card_cvv2', { pattern: PATTERNS.cvv });
  const payerFirstName = f.required('payer_first_name', { max: 32 });
  const payerLastName = f.required('payer_last_name', { max: 32 });
  const required = new Set(req.config.merchant.requiredPayerFields);
  const payerAddress = required.has('payer_address') ? f.required('payer_address', { max: 255 }) : f.optional('payer_address', { max: 255 });
  const payerCountry = required.has('payer_country')
    ? f.required('payer_country', { pattern: PATTERNS.country })
    : f.optional('payer_country', { pattern: PATTERNS.country });
  const payerCity = required.has('payer_city') ? f.required('payer_city', { max: 40 }) : f.optional('payer_city', { max: 40 });
  const payerZip = required.has('payer_zip') ? f.required('payer_zip', { max: 10 }) : f.optional('payer_zip', { max: 10 });
  const payerEmail = f.required('payer_email', { max: 256, pattern: PATTERNS.email, patternMessage: MESSAGES.email });
  const payerPhone = f.required('payer_phone', { max: 32 });
  const payerIp = f.required('payer_ip');
  if (payerIp && !isIp(payerIp)) f.fail('payer_ip', MESSAGES.ip);
  const termUrl = f.required('term_url_3ds', { max: 1024 });
  if (termUrl && !isHttpUrl(termUrl)) f.fail('term_url_3ds', MESSAGES.url);
  f.required('hash');
  if (number && !luhnValid(number)) f.fail('card_number', MESSAGES.invalid);

  let currency: ReturnType<typeof parseCurrency> | undefined;
  let amount = 0;
  try {
    if (currencyCode) currency = parseCurrency(currencyCode);
    if (currency && amountText) amount = parseAmount(amountText, currency).minor;
  } catch (err) {
    if (err instanceof ValidationError) f.errors.push(...err.fieldErrors);
    else throw err;
  }
  const authorize = f.flag('auth');
  if (currency && amountText && amount === 0 && f.errors.length === 0) f.fail('order_amount', MESSAGES.positive);
  f.throwIfInvalid();

  return {
    orderId,
    orderDescription,
    amount,
    currency: currency!.code,
    card: { number, expMonth, expYear, cvv },
    payerEmail,
    authorize,
    details: {
      payerFirstName,
      payerLastName,
      payerAddress,
      payerCountry,
      payerCity,
      payerZip,
      payerPhone,
      payerIp,
      termUrl3ds: termUrl,
      customData: req.form.custom_data,
    },
  };
}

/** 6.7.0 routing: a sale needs an SMS or SMS/DMS MID, an authorization a DMS or SMS/DMS MID. */
export function selectMid(mids: Mid[], authorize: boolean): Mid {
  const mid = mids.find((m) => m.enabled && (m.paymentMode === 'SMS/DMS' || m.paymentMode === (authorize ? 'DMS' : 'SMS')));
  if (!mid) throw BusinessRuleError.noMid();
  return mid;
}

export function idempotencyKey(clientKey: string, rawBody: string): string {
  return createHash('sha256').update(clientKey).update('\n').update(rawBody).digest('hex');
}

function outcomeStatus(outcome: ConnectorOutcome, authorize: boolean): { status: PaymentStatus; result: string } {
  switch (outcome.kind) {
    case 'approved':
      return { status: authorize ? 'PENDING' : 'SETTLED', result: 'SUCCESS' };
    case 'declined':
      return { status: 'DECLINED', result: 'DECLINED' };
    case 'challenge':
      return { status: outcome.type, result: 'REDIRECT' };
  }
}

export const sale: S2sCardAction = {
  action: 'SALE',
  async run(req: S2sCardRequest): Promise<S2sCardResponse> {
    const input = readSale(req);
    const { merchant, mids } = req.config;
    const expected = formula1({ email: input.payerEmail, password: merchant.password, cardNumber: input.card.number }, merchant.hashAlgorithm);
    if (!hashEquals(expected, req.form.hash as string | undefined)) throw new InvalidHashError();
    const mid = selectMid(mids, input.authorize);

    const { payments, clock, newId } = req.deps;
    const key = idempotencyKey(merchant.clientKey, req.rawBody);
    const claim = await payments.claim(key, IDEMPOTENCY_TTL_SECONDS);
    if (claim.state === 'completed') return { statusCode: claim.result.statusCode, body: JSON.parse(claim.result.body) };
    if (claim.state === 'in-progress') throw new ConflictError('The same request is being processed.');

    try {
      const transId = newId();
      const connector = connectorNamed(mid.connector);
      const outcome = await connector.pay({
        transId,
        amount: input.amount,
        currency: input.currency,
        card: input.card,
        authorize: input.authorize,
        externalThreeDs: false,
      });
      const now = clock.now().toISOString();
      const { status, result } = outcomeStatus(outcome, input.authorize);
      const txnType = input.authorize ? 'AUTH' : 'SALE';
      const history: TransactionRecord[] = [
        { id: transId, type: txnType, status: result === 'SUCCESS' ? 'success' : result === 'DECLINED' ? 'fail' : 'waiting', date: now, amount: input.amount },
      ];
      const payment: Payment = {
        transId,
        clientKey: merchant.clientKey,
        protocol: 's2s-card',
        action: 'SALE',
        orderId: input.orderId,
        orderDescription: input.orderDescription,
        currency: input.currency,
        amount: input.amount,
        capturedAmount: status === 'SETTLED' ? input.amount : 0,
        refundedAmount: 0,
        status,
        midId: mid.midId,
        connector: connector.name,
        card: {
          bin: input.card.number.slice(0, 6),
          last4: input.card.number.slice(-4),
          expMonth: input.card.expMonth,
          expYear: input.card.expYear,
          brand: cardBrand(input.card.number),
        },
        payerEmail: input.payerEmail,
        details: { ...input.details, authorize: input.authorize },
        declineReason: outcome.kind === 'declined' ? outcome.reason : undefined,
        rrn: outcome.kind === 'approved' || outcome.kind === 'declined' ? outcome.rrn : undefined,
        arn: outcome.kind === 'approved' ? outcome.arn : undefined,
        approvalCode: outcome.kind === 'approved' ? outcome.approvalCode : undefined,
        descriptor: mid.descriptor,
        createdAt: now,
        updatedAt: now,
        history,
        callbackCount: 0,
        version: 1,
      };
      const callbacks =
        result === 'REDIRECT'
          ? []
          : recordCallback(payment, merchant, s2sCardCallbackFields(payment, merchant, { action: 'SALE', result, status }, now), newId(), now);
      const body = paymentResult('SALE', result, payment);
      await payments.create(payment, callbacks, { key, result: { statusCode: 200, body: JSON.stringify(body) } });
      await req.deps.callbackQueue.enqueue(callbacks).catch((err: Error) => {
        // The outbox sweeper queues it later; the payment itself is safe.
        logger.warn('callback enqueue deferred to sweeper', { transId, error: err.message });
      });
      logger.info('sale', { clientKey: merchant.clientKey, transId, status });
      return { statusCode: 200, body };
    } catch (err) {
      await payments.release(key).catch(() => undefined);
      throw err;
    }
  },
};
