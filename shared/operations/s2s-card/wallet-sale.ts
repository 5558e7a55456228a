/**
 * S2S CARD SALE (auth=Y: authorization) paid with a wallet token: digital_wallet googlepay|applepay + payment_token,
 * no card fields (card data or card_token, when sent, win: then this file is not used). Validate → authenticate
 * (Formula 8) → decrypt the token with the merchant's wallet key → choose a MID (routing rules with the token card's
 * brand, MID health, as a card SALE: docs/routing.md) → the charge core with the DPAN/FPAN, cascading on a soft
 * decline. A cryptogram (Google CRYPTOGRAM_3DS, Apple 3DSecure) is the 3DS result: no challenge of our own. Google
 * PAN_ONLY leaves 3DS to the acquirer, as for a plain card. The answer adds digital_wallet, pan_type and the masked card.
 */
import { maskCard, type Payment } from '../../domain/payment.js';
import type { FormObject } from '../../protocol/form.js';
import { formula8 } from '../../protocol/signature.js';
import { readTermUrl, termUrlFields } from '../../protocol/s2s-card/card-payment.js';
import { PARAMETERS, readSaleParameters } from '../../protocol/s2s-card/parameters.js';
import { formSpec, readFields, required } from '../../protocol/form-spec.js';
import { WALLETS, type WalletCard, type WalletName } from '../../lib/wallets/types.js';
import { cascadeOf } from '../routing/route.js';
import { decryptWalletToken } from '../wallets/decrypt.js';
import { checkTokenOrder, claimWalletToken } from '../wallets/token-checks.js';
import type { S2sCardRequest, S2sCardResponse } from './action.js';
import { cardRequestFields, readCardRequest } from './card-request.js';
import { SCHEDULE_ATTACHMENT } from '../../protocol/schedules/attachment-request.js';
import { chargeSale, routeSale, SALE_REQUEST } from './sale-charge.js';

/** Payment JSON of Google/Apple is a few KB; anything far larger is not a wallet token. */
const MAX_TOKEN_LENGTH = 65536;

const present = (form: FormObject, name: string) => form[name] !== undefined && form[name] !== '';

const WALLET_TOKEN = {
  digital_wallet: required({ oneOf: WALLETS }),
  payment_token: required({ max: MAX_TOKEN_LENGTH }),
};
/** A wallet SALE's own fields, after the payer. */
export const WALLET_OWN = formSpec(WALLET_TOKEN, termUrlFields(true), PARAMETERS);

/** A wallet SALE's (and AUTH's) request as declared: the `wallet` variant of the actions (schedule attachment last). */
export const WALLET_SALE_FIELDS = cardRequestFields({ ...SALE_REQUEST, own: WALLET_OWN }, SCHEDULE_ATTACHMENT);

/** A wallet SALE: digital_wallet sent, and neither card data nor card_token (those take precedence). */
export function isWalletSale(form: FormObject): boolean {
  return present(form, 'digital_wallet') && !present(form, 'card_number') && !present(form, 'card_token');
}

export function readWalletSale(req: S2sCardRequest) {
  return readCardRequest(req, {
    ...SALE_REQUEST,
    own: WALLET_OWN,
    fields(f) {
      const { digital_wallet: wallet, payment_token: token } = readFields(f, WALLET_TOKEN);
      const term = readTermUrl(f, req.config.merchant, true);
      const parameters = readSaleParameters(f);
      return { wallet: wallet as WalletName, token, term, parameters };
    },
    hash: (m, _fields, c) => formula8({ email: c.payer.email, password: m.password }, m.hashAlgorithm),
  });
}

/** The 3DS attributes a cryptogram stands for (echoed like mpi_data's; the cryptogram itself is never stored). */
function walletThreeDs(card: WalletCard): Record<string, string> | undefined {
  if (card.panType !== 'dpan') return undefined;
  // The device authenticated the payer without a challenge: the spec's Frictionless (its only other value is Challenge).
  return { ...(card.eci ? { eci: card.eci.padStart(2, '0') } : {}), authenticationFlow: 'Frictionless' };
}

export async function walletSale(req: S2sCardRequest, action: 'SALE' | 'AUTH' = 'SALE'): Promise<S2sCardResponse> {
  const request = readWalletSale(req);
  const { order, before, fields } = request;
  const { merchant } = req.config;
  const walletCard = await decryptWalletToken(req.deps, merchant.clientKey, fields.wallet, fields.token);
  checkTokenOrder(walletCard, order);
  await claimWalletToken(req.deps, merchant.clientKey, fields.wallet, walletCard, req.form);
  const card = { number: walletCard.pan, expMonth: walletCard.expMonth, expYear: walletCard.expYear, holder: walletCard.holder };
  const threeDs = walletThreeDs(walletCard);
  // Routed as a card SALE. A cryptogram is not bound to an acquirer (like mpi_data's CAVV): a soft decline may cascade.
  const route = routeSale(req, request, card.number, !!threeDs);
  const walletEcho = { digital_wallet: fields.wallet, pan_type: walletCard.panType };

  return chargeSale(
    req,
    action,
    request,
    {
      route,
      card,
      externalThreeDs: !!threeDs,
      cascade: cascadeOf(route),
      authentication: walletCard.cryptogram ? { value: walletCard.cryptogram, eci: walletCard.eci } : undefined,
      threeDs,
      details: { digitalWallet: fields.wallet, panType: walletCard.panType },
      issueCardToken: before.reqToken,
    },
    // The masked card lets the merchant sign Formula 2 for follow-ups; the wallet fields echo the request.
    (p: Payment) => ({ ...(p.card ? { card: maskCard(p.card) } : {}), ...walletEcho }),
  );
}
