/**
 * What a SALE / AUTH by card (sale.ts) and by wallet token (wallet-sale.ts) share around their own card and MID:
 * the flags and payer they read, the zero-amount rule, and the charge they ask for — a SALE or, held, an AUTH, with
 * the payer's details, the 3DS attributes, parameters and schedule echoed, tokens issued as asked.
 */
import type { PaymentDetails } from '../../domain/payment.js';
import type { readTermUrl } from '../../protocol/s2s-card/card-payment.js';
import type { readSaleParameters } from '../../protocol/s2s-card/parameters.js';
import { flag, readFields } from '../../protocol/form-spec.js';
import { isMoto, type ChargeInput, type Route } from '../payment/index.js';
import { cardBrand } from '../../protocol/fields.js';
import { routingHealth } from '../routing/health.js';
import { routeWithRules } from '../routing/route.js';
import { saleScheduleDetails } from '../schedules/sale-attachment.js';
import type { S2sCardRequest, S2sCardResponse } from './action.js';
import { payerCardCharge, type CardRequest, type CardRequestSpec } from './card-request.js';
import { chargeOnce } from './pipeline.js';

export interface SaleFlags {
  authorize: boolean;
  recurringInit: boolean;
  reqToken: boolean;
}

const SALE_FLAGS = { auth: flag(), recurring_init: flag(), req_token: flag() };

/** The stanza of a SALE's request: every payer field, auth / recurring_init / req_token before them. */
export const SALE_REQUEST: Pick<CardRequestSpec<unknown, SaleFlags>, 'payer' | 'before' | 'zeroAmount'> = {
  payer: { names: true, email: true, phone: true, ip: true },
  before: {
    fields: SALE_FLAGS,
    read(f) {
      const v = readFields(f, SALE_FLAGS);
      return { authorize: v.auth, recurringInit: v.recurring_init, reqToken: v.req_token };
    },
  },
  // An authorization or a recurring_init may be of zero: a card check.
  zeroAmount: (b) => b.authorize || b.recurringInit,
};

/** The fields of its own a SALE's charge echoes. */
export interface SaleFields {
  term: ReturnType<typeof readTermUrl>;
  parameters: ReturnType<typeof readSaleParameters>;
}

export interface SaleCharge {
  route: Route;
  card: ChargeInput['card'];
  externalThreeDs: boolean;
  cascade?: ChargeInput['cascade'];
  authentication?: ChargeInput['authentication'];
  /** The 3DS attributes echoed (mpi_data's, a wallet cryptogram's). */
  threeDs?: Record<string, string>;
  /** Details of the action's own, after the shared ones. */
  details?: Partial<PaymentDetails>;
  /** The card_token the SALE was made with (none issued then). */
  cardToken?: string;
  issueCardToken: boolean;
}

/**
 * Routes a SALE of `cardNumber` by the merchant's rules. `externalThreeDs`: the payer was authenticated before the
 * platform (mpi_data, a wallet cryptogram) or is not there to be (a stored card charged without the payer).
 */
export function routeSale(
  req: S2sCardRequest,
  request: CardRequest<SaleFields, SaleFlags>,
  cardNumber: string,
  externalThreeDs: boolean,
): ReturnType<typeof routeWithRules> {
  const { order, before, common } = request;
  const moto = isMoto(common.motoType);
  return routeWithRules(
    req.config.mids,
    req.config.routing,
    { authorize: before.authorize, sale: true, moto, zeroAmount: order.amount === 0 },
    {
      brand: cardBrand(cardNumber),
      currency: order.currency,
      amount: order.amount,
      moto,
      threeDs: !moto && !externalThreeDs,
      integration: 's2s-card',
    },
    { health: routingHealth(req.deps, req.config) },
  );
}

/** Charges a SALE once per identical request; `extra`: fields the action adds to the answer. */
export async function chargeSale(
  req: S2sCardRequest,
  action: 'SALE' | 'AUTH',
  request: CardRequest<SaleFields, SaleFlags>,
  sale: SaleCharge,
  extra?: Parameters<typeof chargeOnce>[3],
): Promise<S2sCardResponse> {
  const { order, before } = request;
  const { mid, authorize } = sale.route;
  const schedule = await saleScheduleDetails(req.deps, req.config.merchant.clientKey, req.form, {
    ...order,
    recurringInit: before.recurringInit,
  });
  return chargeOnce(
    req,
    action,
    payerCardCharge(request, {
      transactionType: authorize ? 'AUTH' : 'SALE',
      mid,
      authorize,
      card: sale.card,
      externalThreeDs: sale.externalThreeDs,
      cascade: sale.cascade,
      authentication: sale.authentication,
      details: {
        ...(sale.threeDs ? { threeDs: sale.threeDs } : {}),
        ...(request.fields.parameters ? { parameters: request.fields.parameters } : {}),
        ...schedule,
        ...sale.details,
      },
      cardToken: sale.cardToken,
      issueCardToken: sale.issueCardToken,
      issueRecurringToken: before.recurringInit,
    }),
    extra,
  );
}
