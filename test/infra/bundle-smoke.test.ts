/**
 * A function as CDK bundles it (esbuild with LAMBDA_BUNDLING: ESM, minified, the SDK's ESM builds) still works:
 * the bundled S2S CARD handler takes a SALE against the local platform's table, queue and keys. Bundling options
 * that break at run time (a CommonJS-only dependency, a missing `require`) fail here rather than after a deploy.
 * The bundled Checkout page speaks German from the dictionary its route copies beside the bundle (bundleFiles); the
 * bundled S2S CARD handler pays with Apple Pay and Google Pay through the verification modules bundled beside it
 * (lazyModules), with the very command CDK runs after the bundle.
 */
import { execSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { LAMBDA_BUNDLING, lazyModuleCommand } from '../../infra/constructs/platform-function.js';
import { REPO_ROOT } from '../../scripts/local/handlers.js';
import { lambdaContext } from '../../scripts/local/gateway.js';
import type { Merchant } from '../../shared/domain/merchant.js';
import { encodeForm } from '../../shared/protocol/form.js';
import { testMerchant, usePlatform } from '../support/platform.js';
import { saleFields } from '../support/s2s.js';
import { ROUTES } from '../../shared/entry/routes/index.js';
import { createSession } from '../integration/checkout/support.js';
import type { LazyModule } from '../../shared/lib/wallets/lazy-module.js';
import { ecKeyPair } from '../unit/wallets/fixtures/google-token.js';
import {
  appleToken,
  configureWallets,
  googleToken,
  walletEnv,
  walletSaleFields,
  type WalletMerchantKeys,
} from '../integration/wallets/support.js';

// The wallets' test roots as the platform's trust roots (the wallet SALEs below).
const platform = usePlatform(walletEnv);
let merchant: Merchant;
let keys: WalletMerchantKeys;

beforeAll(async () => {
  merchant = await testMerchant();
  keys = await configureWallets(merchant);
});

function httpEvent(
  method: 'GET' | 'POST',
  routeKey: string,
  path: string,
  body?: string,
  pathParameters?: Record<string, string>,
): APIGatewayProxyEventV2 {
  const http = { method, path, protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'bundle-smoke' };
  return {
    version: '2.0',
    routeKey,
    rawPath: path,
    rawQueryString: '',
    headers: body ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
    requestContext: {
      accountId: '0',
      apiId: 'smoke',
      domainName: 'localhost',
      domainPrefix: 'local',
      http,
      requestId: 'smoke',
      routeKey,
      stage: '$default',
      time: '',
      timeEpoch: 0,
    },
    ...(body ? { body } : {}),
    ...(pathParameters ? { pathParameters } : {}),
    isBase64Encoded: false,
  };
}

type Handler = (e: APIGatewayProxyEventV2, c: unknown) => Promise<APIGatewayProxyStructuredResultV2>;

/**
 * The handler bundled as CDK bundles it, with its route's bundleFiles copied beside it and its lazy modules bundled
 * beside it (CDK's afterBundling).
 */
async function bundled(
  handlerPath: string,
  bundleFiles: readonly string[] = [],
  lazyModules: readonly LazyModule[] = [],
): Promise<Handler> {
  const dir = mkdtempSync(join(tmpdir(), 'bundle-'));
  const outfile = join(dir, 'index.mjs');
  const { target, minify, mainFields, banner } = LAMBDA_BUNDLING;
  await build({
    entryPoints: [join(REPO_ROOT, `${handlerPath}.ts`)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target,
    minify,
    mainFields,
    banner: { js: banner },
    outfile,
  });
  for (const f of bundleFiles) copyFileSync(join(REPO_ROOT, f), join(dir, basename(f)));
  for (const m of lazyModules) execSync(lazyModuleCommand(REPO_ROOT, dir, m), { cwd: REPO_ROOT, stdio: 'inherit' });
  return ((await import(pathToFileURL(outfile).href)) as { handler: Handler }).handler;
}

describe('the bundled handler', () => {
  it('S2S CARD /post, bundled like CDK bundles it, settles a SALE', async () => {
    const handler = await bundled('functions/s2s-card/post');
    const res = await handler(httpEvent('POST', 'POST /post', '/post', encodeForm(saleFields(merchant))), lambdaContext('S2sCardPost'));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED' });
  }, 60_000);

  it('S2S CARD /post pays with Apple Pay and Google Pay through the verification modules bundled beside it', async () => {
    const route = ROUTES.find((r) => r.id === 'S2sCardPost')!;
    expect(route.lazyModules?.map((m) => m.file)).toEqual(['apple-pay.mjs', 'google-pay.mjs']);
    const handler = await bundled(route.handler, [], route.lazyModules);
    const pay = async (fields: Parameters<typeof encodeForm>[0]) =>
      handler(httpEvent('POST', 'POST /post', '/post', encodeForm(fields)), lambdaContext('S2sCardPost'));
    const tokens = { applepay: appleToken(keys.apple.publicKey), googlepay: googleToken(merchant, keys.google.publicKey) };
    for (const [wallet, token] of Object.entries(tokens)) {
      const res = await pay(walletSaleFields(merchant, wallet, token));
      expect(res.statusCode, wallet).toBe(200);
      expect(JSON.parse(res.body!), wallet).toMatchObject({ action: 'SALE', result: 'SUCCESS', status: 'SETTLED', digital_wallet: wallet });
    }
    // A refusal from a module (its own copy of WalletTokenError) is the protocol's payment_token error, not a 500.
    const strangers = { applepay: appleToken(ecKeyPair().publicKey), googlepay: googleToken(merchant, ecKeyPair().publicKey) };
    for (const [wallet, token] of Object.entries(strangers)) {
      const refused = await pay(walletSaleFields(merchant, wallet, token));
      expect(
        JSON.parse(refused.body!).errors.map((e: { error_message: string }) => e.error_message),
        wallet,
      ).toEqual(["payment_token: The payment token cannot be decrypted with the merchant's wallet key."]);
    }
  }, 60_000);

  it("the Checkout page, bundled with its route's files, speaks the payer's language", async () => {
    const route = ROUTES.find((r) => r.id === 'CheckoutPage')!;
    const handler = await bundled(route.handler, route.bundleFiles);
    const { url } = await createSession(platform.url, merchant, { billing_address: { country: 'DE', language: 'de' } });
    const token = new URL(url).pathname.split('/').pop()!;
    const res = await handler(httpEvent('GET', 'GET /auth/{token}', `/auth/${token}`, undefined, { token }), lambdaContext('CheckoutPage'));
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<html lang="de" dir="ltr">[\s\S]*Kartennummer/);
  }, 60_000);

  it("GET /openapi.json, bundled with its route's files, serves the committed document", async () => {
    const route = ROUTES.find((r) => r.id === 'OpenApiDocument')!;
    const handler = await bundled(route.handler, route.bundleFiles);
    const res = await handler(httpEvent('GET', 'GET /openapi.json', '/openapi.json'), lambdaContext('OpenApiDocument'));
    expect(res.statusCode).toBe(200);
    expect(JSON.parse(res.body!)).toEqual(JSON.parse(readFileSync(join(REPO_ROOT, 'docs/openapi.json'), 'utf8')));
  }, 60_000);
});
