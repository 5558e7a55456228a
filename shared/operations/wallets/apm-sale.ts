/**
 * S2S APM SALE with brand googlepay|applepay and parameters[paymentToken]: a wallet payment is a card payment
 * underneath, so after the APM request rules and Sale signature it runs like the S2S CARD wallet SALE (decrypt with
 * the merchant's wallet key → MID → the card charge core), stored as an S2S APM payment: APM callbacks (with brand),
 * APM CAPTURE / VOID / CREDITVOID / GET_TRANS_STATUS. A cryptogram is the 3DS result; a Google Pay PAN_ONLY token
 * (the card's own number, as the spec allows on S2S APM) leaves 3DS to the acquirer: when it challenges, the answer is
 * REDIRECT to the platform's authentication page (GET, token in the address), which returns the payer to return_url.
 */
import type { PaymentStatus } from '../../domain/payment.js';
import { onPayerStep } from '../../domain/payment-machine/index.js';
import { InvalidHashError } from '../../domain/errors.js';
import { maskCard } from '../../domain/payment.js';
import { FieldReader } from '../../protocol/fields.js';
import type { FormObject } from '../../protocol/form.js';
import { apmSaleHash, hashMatches } from '../../protocol/signature.js';
import { checkZeroAmount } from '../../protocol/s2s-card/card-payment.js';
import { apmDetails, readApmPayment } from '../../protocol/s2s-apm/request.js';
import { apmPaymentResult, type ApmRedirect } from '../../protocol/s2s-apm/responses.js';
import { newChallengeToken } from '../s2s-card/pipeline.js';
import { logger } from '../../lib/logger.js';
import { WALLETS, type WalletName } from '../../lib/wallets/types.js';
import { charge, routePayment } from '../payment/index.js';
import { apmWalletScreen } from '../risk/apm-wallet-screen.js';
import type { S2sApmRequest, S2sApmResponse } from '../s2s-apm/action.js';
import { apmRecorder, once, storedAnswer } from '../s2s-apm/pipeline.js';
import { decryptWalletToken } from './decrypt.js';
import { checkTokenOrder, claimWalletToken } from './token-checks.js';
import { callbackAddresses } from '../callbacks/address-policy.js';
import { TOKEN_MESSAGES, tokenRefused } from './messages.js';

const FIELD = 'parameters[paymentToken]';

/** A PAN_ONLY card the acquirer challenges: the platform's authentication page, in S2S APM's GET redirect style. */
function threeDsRedirect(req: S2sApmRequest, p: { status: PaymentStatus; transId: string }, token: string): ApmRedirect | undefined {
  if (!onPayerStep(p.status)) return undefined;
  return {
    redirect_url: `${req.deps.config.PUBLIC_BASE_URL}/threeds/${p.transId}?PaReq=${encodeURIComponent(token)}`,
    redirect_method: 'GET',
    redirect_params: [],
  };
}

export function isWalletBrand(form: FormObject): boolean {
  return WALLETS.includes(form.brand as WalletName);
}

export async function walletApmSale(req: S2sApmRequest): Promise<S2sApmResponse> {
  const { merchant, mids } = req.config;
  const f = new FieldReader(req.form);
  const fields = readApmPayment(f, merchant, { returnUrl: false, callbackAddresses: callbackAddresses(req.deps.config) });
  const requestedAuth = f.flag('auth');
  const token = fields.parameters?.paymentToken;
  if (token === undefined || token === '') f.fail(FIELD, 'This value should not be blank.');
  else if (typeof token !== 'string' || token.length > 65536) f.fail(FIELD, 'This value is not valid.');
  checkZeroAmount(f, fields.order, requestedAuth);
  f.throwIfInvalid();
  const expected = apmSaleHash(
    {
      identifier: fields.identifier,
      orderId: fields.order.orderId,
      orderAmount: fields.wire.orderAmount,
      orderCurrency: fields.wire.orderCurrency,
      password: merchant.password,
    },
    merchant.hashAlgorithm,
  );
  if (!hashMatches(expected, req.form.hash)) throw new InvalidHashError();

  const wallet = fields.brand as WalletName;
  const walletCard = await decryptWalletToken(req.deps, merchant.clientKey, wallet, token as string, FIELD);
  const panOnly = walletCard.authMethod === 'PAN_ONLY';
  if (walletCard.panType !== 'dpan' && !(panOnly && wallet === 'googlepay'))
    throw tokenRefused(TOKEN_MESSAGES['unsupported-payment'], FIELD);
  checkTokenOrder(walletCard, fields.order, FIELD);
  await claimWalletToken(req.deps, merchant.clientKey, wallet, walletCard, req.form, FIELD);
  // A sale no SMS or SMS/DMS MID can take is held on a DMS MID (PENDING), as the S2S CARD wallet SALE is.
  const { mid, authorize } = routePayment(mids, { authorize: requestedAuth, sale: true, zeroAmount: fields.order.amount === 0 });
  const walletEcho = { digital_wallet: wallet, pan_type: walletCard.panType };

  return once(req, true, async (key) => {
    const challengeToken = newChallengeToken();
    const answer = (p: Parameters<typeof apmPaymentResult>[2], result: string) => ({
      ...apmPaymentResult('SALE', result, p, threeDsRedirect(req, p, challengeToken)),
      ...(p.card ? { card: maskCard(p.card) } : {}),
      ...walletEcho,
    });
    const { payment, event } = await charge(
      req.deps,
      {
        clientKey: merchant.clientKey,
        protocol: 's2s-apm',
        action: 'SALE',
        transactionType: authorize ? 'AUTH' : 'SALE',
        orderId: fields.order.orderId,
        orderDescription: fields.order.description,
        amount: fields.order.amount,
        currency: fields.order.currency,
        mid,
        card: { number: walletCard.pan, expMonth: walletCard.expMonth, expYear: walletCard.expYear, holder: walletCard.holder },
        payerEmail: fields.payer.email,
        authorize,
        // The cryptogram is the 3DS result; without one (PAN_ONLY) the acquirer decides on 3DS.
        externalThreeDs: !!walletCard.cryptogram,
        authentication: walletCard.cryptogram ? { value: walletCard.cryptogram, eci: walletCard.eci } : undefined,
        details: {
          ...apmDetails(fields, merchant),
          ...(walletCard.cryptogram
            ? { threeDs: { ...(walletCard.eci ? { eci: walletCard.eci.padStart(2, '0') } : {}), authenticationFlow: 'Frictionless' } }
            : {}),
          challengeToken,
          digitalWallet: wallet,
          panType: walletCard.panType,
        },
        issueCardToken: false,
        issueRecurringToken: false,
      },
      { callbacks: apmRecorder(req), idempotency: storedAnswer(key, (p, e) => answer(p, e.result)) },
      // Checked as an APM payment (docs/risk.md): the payer's blocklists and the merchant's rules.
      apmWalletScreen(req.deps, {
        clientKey: merchant.clientKey,
        payerIp: fields.payer.fields.payer_ip,
        payerEmail: fields.payer.email,
        payerCountry: fields.payer.fields.payer_country?.trim().toUpperCase() || undefined,
        facts: {
          amount: fields.order.amount,
          currency: fields.order.currency,
          brand: wallet,
          ...(fields.payer.fields.payer_country ? { payerCountry: fields.payer.fields.payer_country.trim().toUpperCase() } : {}),
          integration: 's2s-apm',
          moto: false,
        },
      }),
    );
    logger.info('apm wallet sale', { clientKey: merchant.clientKey, transId: payment.transId, status: payment.status, wallet });
    return { statusCode: 200, body: answer(payment, event.result) };
  });
}
