/**
 * S2S CARD SALE (auth=Y: authorization). Validate → authenticate (Formula 1, or 1-token for card_token) → choose a
 * MID (mode, MOTO, zero amount) → claim idempotency → charge core (connector, tokens, one write of payment +
 * callback outbox + idempotent answer) → answer, with redirect_* for 3DS / REDIRECT.
 * A SALE that only a DMS MID can take is held there (PENDING until captured), as the spec's transition table says.
 */
import { InvalidHashError } from '../../errors.js';
import { FieldReader } from '../../protocol/fields.js';
import { formula1, formula1Token, hashMatches } from '../../protocol/signature.js';
import { browserOf, payerIpOf, checkZeroAmount, commonDetails, readCard, readCommon, readOrder, readTermUrl } from '../../protocol/s2s-card/card-payment.js';
import { readMpiData } from '../../protocol/s2s-card/mpi-data.js';
import { readSaleParameters } from '../../protocol/s2s-card/parameters.js';
import { resolveCardToken } from '../payment/index.js';
import { isMoto } from '../payment/routing.js';
import { cascadeOf, routeWithRules } from '../routing/route.js';
import { cardBrand } from '../../protocol/fields.js';
import type { S2sCardAction, S2sCardRequest, S2sCardResponse } from './action.js';
import { chargeOnce, newChallengeToken, orderOf } from './pipeline.js';
import { saleScheduleDetails } from '../schedules/sale-attachment.js';
import { isWalletSale, walletSale } from './wallet-sale.js';
import { payerAbsent } from '../../domain/card-on-file.js';

export function readSale(req: S2sCardRequest) {
  const { merchant } = req.config;
  const f = new FieldReader(req.form);
  const order = readOrder(f);
  const authorize = f.flag('auth');
  const recurringInit = f.flag('recurring_init');
  const reqToken = f.flag('req_token');
  const common = readCommon(f, merchant, { names: true, email: true, phone: true, ip: true });
  // Card data beats card_token; a token alone makes the card fields optional.
  const cardToken = f.optional('card_token', { min: 64, max: 64 });
  const byToken = !!cardToken && (f.raw('card_number') === undefined || f.raw('card_number') === '');
  const card = byToken ? undefined : readCard(f, { cvv: isMoto(common.motoType) ? 'optional' : 'required' });
  const cvv = byToken ? f.optional('card_cvv2', { pattern: /^\d{3,4}$/ }) : card?.cvv;
  const term = readTermUrl(f, merchant, true);
  // mpi_data is ignored with auth=Y.
  const threeDs = authorize ? undefined : readMpiData(f);
  const parameters = readSaleParameters(f);
  f.required('hash');
  checkZeroAmount(f, order, authorize || recurringInit);
  f.throwIfInvalid();
  return { order, authorize, recurringInit, reqToken, common, cardToken: byToken ? cardToken : undefined, card, cvv, term, threeDs, parameters };
}

/** SALE, or AUTH (an authorization: the same request, hash and answers as SALE with auth=Y, named AUTH). */
export async function runSale(req: S2sCardRequest, action: 'SALE' | 'AUTH'): Promise<S2sCardResponse> {
  // digital_wallet + payment_token without card data or card_token: docs/wallets.md.
  if (isWalletSale(req.form)) return walletSale(req, action);
  const input = readSale(req);
  const { merchant, mids } = req.config;
  const email = input.common.payer.email;
  const expected = input.card
    ? formula1({ email, password: merchant.password, cardNumber: input.card.number }, merchant.hashAlgorithm)
    : formula1Token({ email, password: merchant.password, cardToken: input.cardToken! }, merchant.hashAlgorithm);
  if (!hashMatches(expected, req.form.hash)) throw new InvalidHashError();
  const card = input.card ?? { ...(await resolveCardToken(req.deps, merchant.clientKey, input.cardToken!)).card, cvv: input.cvv };
  const moto = isMoto(input.common.motoType);
  // A stored card charged without the payer (payer_present=N: a merchant-initiated card-on-file payment) cannot
  // face a 3DS challenge: nobody is there to answer it.
  const externalThreeDs = !!input.threeDs || (!!input.cardToken && payerAbsent(input.common.payer.present));
  const routed = routeWithRules(
    mids,
    req.config.routing,
    { authorize: input.authorize, sale: true, moto, zeroAmount: input.order.amount === 0 },
    { brand: cardBrand(card.number), currency: input.order.currency, amount: input.order.amount, moto, threeDs: !moto && !externalThreeDs, integration: 's2s-card' },
  );
  const { mid, authorize } = routed;
  const schedule = await saleScheduleDetails(req.deps, merchant.clientKey, req.form, { ...input.order, recurringInit: input.recurringInit });

  return chargeOnce(req, action, {
    transactionType: authorize ? 'AUTH' : 'SALE',
    ...orderOf(input.order),
    mid,
    card,
    payerEmail: email,
    authorize,
    externalThreeDs,
    cascade: cascadeOf(routed),
    authentication: input.threeDs?.authentication,
    browser: browserOf(input.common),
    payerIp: payerIpOf(input.common),
    details: {
      ...commonDetails(input.common, input.term),
      ...(input.threeDs ? { threeDs: input.threeDs.attributes } : {}),
      ...(input.parameters ? { parameters: input.parameters } : {}),
      ...schedule,
      challengeToken: newChallengeToken(),
    },
    cardToken: input.cardToken,
    issueCardToken: input.reqToken && !input.cardToken,
    issueRecurringToken: input.recurringInit,
  });
}

export const sale: S2sCardAction = { action: 'SALE', run: (req) => runSale(req, 'SALE') };
