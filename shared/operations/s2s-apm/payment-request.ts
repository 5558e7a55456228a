/**
 * The steps SALE, DEBIT2VIRTUAL(_CALC) and CREDIT2VIRTUAL share before any money moves: read and validate every
 * field (brand parameters included) → check the request hash (Sale/Debit or Credit2Virtual signature over the values
 * exactly as sent) → the brand must have a provider one of the merchant's MIDs reaches (204004, as for a brand the
 * platform does not have) → choose a MID among those (mode for auth=Y, zero amount).
 */
import { BusinessRuleError, InvalidHashError } from '../../domain/errors.js';
import type { ApmAction, ApmFlow } from '../../protocol/apm/descriptor.js';
import type { Merchant, Mid } from '../../domain/merchant.js';
import type { Config } from '../../lib/config.js';
import { FieldReader } from '../../protocol/fields.js';
import { apmCredit2VirtualHash, apmSaleHash, hashMatches } from '../../protocol/signature.js';
import { checkZeroAmount } from '../../protocol/s2s-card/card-payment.js';
import { apmDetails, apmPaymentFields, readApmPayment, type ApmPaymentFields } from '../../protocol/s2s-apm/request.js';
import { flag, formSpec, readFields, type FormSpec } from '../../protocol/form-spec.js';
import { routePayment } from '../payment/index.js';
import { holdsFunds } from '../../protocol/apm/rules.js';
import type { ApmChargeInput } from './charge.js';
import { apmConnectorFor, newRedirectToken } from './charge.js';
import type { S2sApmRequest } from './action.js';
import { callbackAddresses } from '../callbacks/address-policy.js';

export interface PaymentRequestRules {
  /** Sale signature (SALE, DEBIT2VIRTUAL, DEBIT2VIRTUAL_CALC) or Credit2Virtual signature. */
  signature: 'sale' | 'credit2virtual';
  returnUrl: boolean;
  /** auth=Y is read (SALE only): two-stage APM payment. */
  auth: boolean;
  /** The brand descriptor's action this request is (SALE with auth=Y is AUTH). */
  action: Exclude<ApmAction, 'AUTH'>;
}

const AUTH = { auth: flag() };

/** The request's fields as declared: the payment's (s2s-apm/request.ts), then auth where the action reads it. */
export function paymentRequestFields(rules: Pick<PaymentRequestRules, 'returnUrl' | 'auth'>): FormSpec {
  return formSpec(apmPaymentFields({ returnUrl: rules.returnUrl }), rules.auth ? AUTH : {});
}

export interface AcceptedPayment {
  fields: ApmPaymentFields;
  authorize: boolean;
  mid: Mid;
}

export function acceptPaymentRequest(req: S2sApmRequest, rules: PaymentRequestRules): AcceptedPayment {
  const { merchant, mids } = req.config;
  const f = new FieldReader(req.form);
  const fields = readApmPayment(f, merchant, { returnUrl: rules.returnUrl, callbackAddresses: callbackAddresses(req.deps.config) });
  const authorize = rules.auth && readFields(f, AUTH).auth;
  // Zero only with auth=Y (and a MID that takes zero-value payments): "amount: This value should be greater than 0."
  checkZeroAmount(f, fields.order, authorize);
  f.throwIfInvalid();

  const { password, hashAlgorithm } = merchant;
  const { orderId } = fields.order;
  const { orderAmount, orderCurrency } = fields.wire;
  const expected =
    rules.signature === 'sale'
      ? apmSaleHash({ identifier: fields.identifier, orderId, orderAmount, orderCurrency, password }, hashAlgorithm)
      : apmCredit2VirtualHash({ orderId, orderAmount, orderCurrency, password }, hashAlgorithm);
  if (!hashMatches(expected, req.form.hash)) throw new InvalidHashError();

  const providers = req.deps.apmConnectors.forMids(mids);
  apmConnectorFor(providers, fields.brand);
  // A method that does not take this action (a payout brand on SALE, auth=Y where no two-stage exists) is no method.
  const action: ApmAction = rules.action === 'SALE' && authorize ? 'AUTH' : rules.action;
  if (!fields.descriptor?.actions.includes(action)) throw BusinessRuleError.methodNotSupported();
  // A SALE only a DMS MID takes is held there (spec transition table), if the method can hold funds at all; other
  // payments are never held (a method that cannot hold finds no MID on a DMS-only merchant: 204002).
  const sale = rules.signature === 'sale' && rules.auth && holdsFunds(fields.descriptor);
  const route = routePayment(providers.midsFor(fields.brand), { authorize, sale, zeroAmount: fields.order.amount === 0 });
  return { fields, authorize: route.authorize, mid: route.mid };
}

/** The spec's timers: a QR lives 1 minute (per merchant, or the platform's setting), a bank-code transfer 5 minutes. */
export function apmDeadlineSeconds(
  config: Pick<Config, 'APM_QR_LIFETIME_SECONDS' | 'APM_BANK_WINDOW_SECONDS'>,
  merchant: Pick<Merchant, 'qrLifetimeSeconds'>,
  flow: ApmFlow | undefined,
): number | undefined {
  if (flow === 'qr') return merchant.qrLifetimeSeconds ?? config.APM_QR_LIFETIME_SECONDS;
  if (flow === 'bank-window') return config.APM_BANK_WINDOW_SECONDS;
  return undefined;
}

/** The core's input for an accepted request. */
export function chargeInput(
  req: S2sApmRequest,
  a: AcceptedPayment,
  action: ApmChargeInput['action'],
  transactionType: ApmChargeInput['transactionType'],
): ApmChargeInput {
  const { fields } = a;
  return {
    clientKey: req.config.merchant.clientKey,
    protocol: 's2s-apm',
    action,
    transactionType,
    brand: fields.brand,
    identifier: fields.identifier,
    orderId: fields.order.orderId,
    orderDescription: fields.order.description,
    amount: fields.order.amount,
    currency: fields.order.currency,
    mid: a.mid,
    authorize: a.authorize,
    parameters: fields.parameters,
    payerEmail: fields.payer.email,
    details: apmDetails(fields, req.config.merchant),
    redirectToken: newRedirectToken(),
    deadlineSeconds: apmDeadlineSeconds(req.deps.config, req.config.merchant, fields.descriptor?.flow),
  };
}
