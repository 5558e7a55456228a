/**
 * The Wallets tab: Apple Pay / Google Pay settings through the admin operation (operations/wallets/configure.ts). The
 * private key is uploaded once, sealed with KMS there, and never shown again: only its public key hash comes back.
 */
import * as z from '../../lib/zod-mini.js';
import { ValidationError } from '../../domain/errors.js';
import { setWalletSettings, showWalletSettings } from '../wallets/configure.js';
import type { ConsoleMerchantAnswer, ConsoleWallet } from '../../protocol/console/answers.js';
import type { Deps } from '../deps.js';
import type { ConsoleContext } from './console-deps.js';
import { audited } from './audit.js';
import { changeMerchant, readMerchant, type Principal } from './roles.js';

const names = z.array(z.string().check(z.maxLength(40))).check(z.maxLength(20));
const input = z.object({
  environment: z.string().check(z.maxLength(20)),
  merchant_identifier: z.optional(z.string().check(z.maxLength(255))),
  /** Omitted: the stored key stays. */
  private_key: z.optional(z.string().check(z.minLength(1), z.maxLength(10_000))),
  country: z.optional(z.string().check(z.maxLength(10))),
  shop_name: z.optional(z.string().check(z.maxLength(64))),
  merchant_capabilities: z.optional(names),
  supported_networks: z.optional(names),
  allowed_auth_methods: z.optional(names),
  certificate: z.optional(z.string().check(z.minLength(1), z.maxLength(20_000))),
  certificate_key: z.optional(z.string().check(z.minLength(1), z.maxLength(10_000))),
});

export async function walletSettings(
  cx: ConsoleContext<Pick<Deps, 'walletConfigs'>>,
  p: Principal,
  clientKey: string,
): Promise<Pick<ConsoleMerchantAnswer, 'wallets'>> {
  readMerchant(p, clientKey);
  return { wallets: await showWalletSettings(cx.d, clientKey) };
}

export async function configureWallet(
  cx: ConsoleContext<Pick<Deps, 'merchants' | 'secrets' | 'clock' | 'newId' | 'walletConfigs'>>,
  p: Principal,
  clientKey: string,
  wallet: string,
  body: unknown,
): Promise<ConsoleWallet> {
  changeMerchant(p, clientKey);
  const r = input.safeParse(body);
  if (!r.success)
    throw new ValidationError(r.error.issues.map((i) => ({ field: String(i.path[0] ?? 'body'), message: 'This value is not valid.' })));
  // Which fields changed, never their values' secrets: a new key is only said to be new.
  const fields = Object.keys(r.data)
    .filter((k) => !['private_key', 'certificate_key'].includes(k))
    .join(',');
  const about = {
    clientKey,
    target: wallet,
    details: {
      environment: r.data.environment,
      fields,
      newKey: r.data.private_key !== undefined,
      newCertificate: r.data.certificate !== undefined,
    },
  };
  return audited(cx, p, 'wallet.configure', about, (alongside) =>
    setWalletSettings(
      cx.d,
      {
        clientKey,
        wallet,
        environment: r.data.environment,
        privateKey: r.data.private_key,
        merchantIdentifier: r.data.merchant_identifier,
        country: r.data.country,
        shopName: r.data.shop_name,
        merchantCapabilities: r.data.merchant_capabilities,
        supportedNetworks: r.data.supported_networks,
        allowedAuthMethods: r.data.allowed_auth_methods,
        certificate: r.data.certificate,
        certificateKey: r.data.certificate_key,
      },
      { alongside },
    ),
  );
}
