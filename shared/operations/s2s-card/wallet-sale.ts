/**
 * S2S CARD SALE (auth=Y: authorization) paid with a wallet token: digital_wallet googlepay|applepay + payment_token,
 * no card fields (card data or card_token, when sent, win: then this file is not used). Validate → authenticate
 * (Formula 8) → decrypt the token with the merchant's wallet key → choose a MID → the charge core with the DPAN/FPAN.
 * A cryptogram (Google CRYPTOGRAM_3DS, Apple 3DSecure) is the 3DS result: no challenge of our own. Google PAN_ONLY
 * leaves 3DS to the acquirer, as for a plain card. The answer adds digital_wallet, pan_type and the masked card.
 */
import { InvalidHashError } from '../../errors.js';
import { maskCard, type Payment } from '../../domain/payment.js';
import { FieldReader } from '../../protocol/fields.js';
import type { FormObject } from '../../protocol/form.js';
import { formula8, hashMatches } from '../../protocol/signature.js';
import { browserOf, payerIpOf, checkZeroAmount, commonDetails, readCommon, readOrder, readTermUrl } from '../../protocol/s2s-card/card-payment.js';
import { readSaleParameters } from '../../protocol/s2s-card/parameters.js';
import { WALLETS, type WalletCard, type WalletName } from '../../wallets/types.js';
import { isMoto, routePayment } from '../payment/routing.js';
import { decryptWalletToken } from '../wallets/decrypt.js';
import { checkTokenOrder, claimWalletToken } from '../wallets/token-checks.js';
import type { S2sCardRequest, S2sCardResponse } from './action.js';
import { chargeOnce, newChallengeToken, orderOf } from './pipeline.js';
import { saleScheduleDetails } from '../schedules/sale-attachment.js';

/** Payment JSON of Google/Apple is a few KB; anything far larger is not a wallet token. */
const MAX_TOKEN_LENGTH = 65536;

const present = (form: FormObject, name: string) => form[name] !== undefined && form[name] !== '';

/** A wallet SALE: digital_wallet sent, and neither card data nor card_token (those take precedence). */
export function isWalletSale(form: FormObject): boolean {
  return present(form, 'digital_wallet') && !present(form, 'card_number') && !present(form, 'card_token');
}

export function readWalletSale(req: S2sCardRequest) {
  const { merchant } = req.config;
  const f = new FieldReader(req.form);
  const order = readOrder(f);
  const authorize = f.flag('auth');
  const recurringInit = f.flag('recurring_init');
  const reqToken = f.flag('req_token');
  const common = readCommon(f, merchant, { names: true, email: true, phone: true, ip: true });
  const wallet = f.required('digital_wallet', { oneOf: WALLETS }) as WalletName | '';
  const token = f.required('payment_token', { max: MAX_TOKEN_LENGTH });
  const term = readTermUrl(f, merchant, true);
  const parameters = readSaleParameters(f);
  f.required('hash');
  checkZeroAmount(f, order, authorize || recurringInit);
  f.throwIfInvalid();
  return { order, authorize, recurringInit, reqToken, common, wallet: wallet as WalletName, token, term, parameters };
}

/** The 3DS attributes a cryptogram stands for (echoed like mpi_data's; the cryptogram itself is never stored). */
function walletThreeDs(card: WalletCard): Record<string, string> | undefined {
  if (card.panType !== 'dpan') return undefined;
  // The device authenticated the payer without a challenge: the spec's Frictionless (its only other value is Challenge).
  return { ...(card.eci ? { eci: card.eci.padStart(2, '0') } : {}), authenticationFlow: 'Frictionless' };
}

export async function walletSale(req: S2sCardRequest, action: 'SALE' | 'AUTH' = 'SALE'): Promise<S2sCardResponse> {
  const input = readWalletSale(req);
  const { merchant, mids } = req.config;
  const email = input.common.payer.email;
  if (!hashMatches(formula8({ email, password: merchant.password }, merchant.hashAlgorithm), req.form.hash)) throw new InvalidHashError();

  const walletCard = await decryptWalletToken(req.deps, merchant.clientKey, input.wallet, input.token);
  checkTokenOrder(walletCard, input.order);
  await claimWalletToken(req.deps, merchant.clientKey, input.wallet, walletCard, req.form);
  const card = { number: walletCard.pan, expMonth: walletCard.expMonth, expYear: walletCard.expYear, holder: walletCard.holder };
  const threeDs = walletThreeDs(walletCard);
  const { mid, authorize } = routePayment(mids, { authorize: input.authorize, sale: true, moto: isMoto(input.common.motoType), zeroAmount: input.order.amount === 0 });
  const schedule = await saleScheduleDetails(req.deps, merchant.clientKey, req.form, { ...input.order, recurringInit: input.recurringInit });
  const walletEcho = { digital_wallet: input.wallet, pan_type: walletCard.panType };

  return chargeOnce(
    req,
    action,
    {
      transactionType: authorize ? 'AUTH' : 'SALE',
      ...orderOf(input.order),
      mid,
      card,
      payerEmail: email,
      authorize,
      externalThreeDs: !!threeDs,
      authentication: walletCard.cryptogram ? { value: walletCard.cryptogram, eci: walletCard.eci } : undefined,
      browser: browserOf(input.common),
      payerIp: payerIpOf(input.common),
      details: {
        ...commonDetails(input.common, input.term),
        ...(threeDs ? { threeDs } : {}),
        ...(input.parameters ? { parameters: input.parameters } : {}),
        ...schedule,
        digitalWallet: input.wallet,
        panType: walletCard.panType,
        challengeToken: newChallengeToken(),
      },
      issueCardToken: input.reqToken,
      issueRecurringToken: input.recurringInit,
    },
    // The masked card lets the merchant sign Formula 2 for follow-ups; the wallet fields echo the request.
    (p: Payment) => ({ ...(p.card ? { card: maskCard(p.card) } : {}), ...walletEcho }),
  );
}
