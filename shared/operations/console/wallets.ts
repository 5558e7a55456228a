/**
 * The Wallets tab: Apple Pay / Google Pay settings through the admin operation (operations/wallets/configure.ts). The
 * private key is uploaded once, sealed with KMS there, and never shown again: only its public key hash comes back.
 */
import * as z from '../../zod-mini.js';
import { ValidationError } from '../../errors.js';
import { setWalletSettings, showWalletSettings } from '../wallets/configure.js';
import type { ConsoleContext } from './console-deps.js';
import { audit } from './audit.js';
import { changeMerchant, readMerchant, type Principal } from './roles.js';

const input = z.object({
  environment: z.string().check(z.maxLength(20)),
  merchant_identifier: z.optional(z.string().check(z.maxLength(255))),
  private_key: z.string().check(z.minLength(1), z.maxLength(10_000)),
});

export async function walletSettings(cx: ConsoleContext, p: Principal, clientKey: string) {
  readMerchant(p, clientKey);
  return { wallets: await showWalletSettings(cx.d, clientKey) };
}

export async function configureWallet(cx: ConsoleContext, p: Principal, clientKey: string, wallet: string, body: unknown) {
  changeMerchant(p, clientKey);
  const r = input.safeParse(body);
  if (!r.success) throw new ValidationError(r.error.issues.map((i) => ({ field: String(i.path[0] ?? 'body'), message: 'This value is not valid.' })));
  const view = await setWalletSettings(cx.d, {
    clientKey,
    wallet,
    environment: r.data.environment,
    privateKey: r.data.private_key,
    merchantIdentifier: r.data.merchant_identifier,
  });
  await audit(cx, p, 'wallet.configure', { clientKey, target: wallet, details: { environment: view.environment, publicKeyHash: view.publicKeyHash } });
  return view;
}
