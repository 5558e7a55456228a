/**
 * S2S CARD SALE (auth=Y: authorization). Validate → authenticate (Formula 1, or 1-token for card_token) → choose a
 * MID (routing rules, then mode, MOTO, zero amount) → claim idempotency → charge core (connector, tokens, one write
 * of payment + callback outbox + idempotent answer) → answer, with redirect_* for 3DS / REDIRECT.
 * A SALE that only a DMS MID can take is held there (PENDING until captured), as the spec's transition table says.
 */
import { formula1, formula1Token } from '../../protocol/signature.js';
import { cardFields, readCard, readTermUrl, termUrlFields } from '../../protocol/s2s-card/card-payment.js';
import { MPI_DATA, readMpiData } from '../../protocol/s2s-card/mpi-data.js';
import { PARAMETERS, readSaleParameters } from '../../protocol/s2s-card/parameters.js';
import { formSpec, optional, readFields } from '../../protocol/form-spec.js';
import { SCHEDULE_ATTACHMENT } from '../../protocol/schedules/attachment-request.js';
import { resolveCardToken, isMoto } from '../payment/index.js';
import { cascadeOf } from '../routing/route.js';
import type { S2sCardAction, S2sCardRequest, S2sCardResponse } from './action.js';
import { cardRequestFields, readCardRequest } from './card-request.js';
import { chargeSale, routeSale, SALE_REQUEST } from './sale-charge.js';
import { isWalletSale, walletSale, WALLET_SALE_FIELDS } from './wallet-sale.js';
import { payerAbsent } from '../../domain/card-on-file.js';

const CARD_TOKEN = { card_token: optional({ min: 64, max: 64 }) };
/** With card_token alone: the CVV, if the merchant has one. */
const TOKEN_CVV = { card_cvv2: optional({ pattern: /^\d{3,4}$/ }) };

/**
 * A SALE's own fields, every branch: card_token, the card (its CVV optional for MOTO or with a token), the return
 * URL, mpi_data (not with auth=Y, so never on AUTH), parameters.
 */
const saleOwn = (authorize: boolean) =>
  formSpec(CARD_TOKEN, cardFields({ cvv: 'required' }), TOKEN_CVV, termUrlFields(true), authorize ? {} : MPI_DATA, PARAMETERS);

/** SALE's and AUTH's requests as declared; the schedule attachment is read after the hash (sale-charge.ts). */
export const saleFields = (authorize: boolean) => cardRequestFields({ ...SALE_REQUEST, own: saleOwn(authorize) }, SCHEDULE_ATTACHMENT);

export function readSale(req: S2sCardRequest) {
  return readCardRequest(req, {
    ...SALE_REQUEST,
    own: saleOwn(false),
    fields(f, common, { authorize }) {
      // Card data beats card_token; a token alone makes the card fields optional.
      const { card_token: cardToken } = readFields(f, CARD_TOKEN);
      const byToken = !!cardToken && (f.raw('card_number') === undefined || f.raw('card_number') === '');
      const card = byToken ? undefined : readCard(f, { cvv: isMoto(common.motoType) ? 'optional' : 'required' });
      const cvv = byToken ? readFields(f, TOKEN_CVV).card_cvv2 : card?.cvv;
      const term = readTermUrl(f, req.config.merchant, true);
      // mpi_data is ignored with auth=Y.
      const threeDs = authorize ? undefined : readMpiData(f);
      const parameters = readSaleParameters(f);
      return { cardToken: byToken ? cardToken : undefined, card, cvv, term, threeDs, parameters };
    },
    hash: (m, { card, cardToken }, c) =>
      card
        ? formula1({ email: c.payer.email, password: m.password, cardNumber: card.number }, m.hashAlgorithm)
        : formula1Token({ email: c.payer.email, password: m.password, cardToken: cardToken! }, m.hashAlgorithm),
  });
}

/** SALE, or AUTH (an authorization: the same request, hash and answers as SALE with auth=Y, named AUTH). */
export async function runSale(req: S2sCardRequest, action: 'SALE' | 'AUTH'): Promise<S2sCardResponse> {
  // digital_wallet + payment_token without card data or card_token: docs/wallets.md.
  if (isWalletSale(req.form)) return walletSale(req, action);
  const request = readSale(req);
  const { before, common, fields } = request;
  const card = fields.card ?? {
    ...(await resolveCardToken(req.deps, req.config.merchant.clientKey, fields.cardToken!)).card,
    cvv: fields.cvv,
  };
  // A stored card charged without the payer (payer_present=N: a merchant-initiated card-on-file payment) cannot
  // face a 3DS challenge: nobody is there to answer it.
  const externalThreeDs = !!fields.threeDs || (!!fields.cardToken && payerAbsent(common.payer.present));
  const routed = routeSale(req, request, card.number, externalThreeDs);
  return chargeSale(req, action, request, {
    route: routed,
    card,
    externalThreeDs,
    cascade: cascadeOf(routed),
    authentication: fields.threeDs?.authentication,
    threeDs: fields.threeDs?.attributes,
    cardToken: fields.cardToken,
    issueCardToken: before.reqToken && !fields.cardToken,
  });
}

export const sale: S2sCardAction = {
  action: 'SALE',
  fields: saleFields(false),
  variants: { wallet: WALLET_SALE_FIELDS },
  run: (req) => runSale(req, 'SALE'),
};
