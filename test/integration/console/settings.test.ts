/**
 * The settings editors the console added: required payer fields, Checkout methods and hosted-fields origins through
 * the settings operation, and the Wallets tab's spec fields — country, shop name, capabilities, networks, auth
 * methods, Apple Pay's identity certificate and key. Keys are sealed (never stored or shown in clear), a save
 * without a key keeps the stored one, and the audit entry names fields, never key material.
 */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Merchant } from '../../../shared/domain/merchant.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { keys } from '../../../shared/adapters/aws/table-keys.js';
import { testMerchant, usePlatform } from '../../support/platform.js';
import { signInConsole, type ConsoleClient } from './support.js';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');
const CERT = fixture('apple-identity.cert.pem');
const CERT_KEY = fixture('apple-identity.key.pem');
const p256 = () => generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

const platform = usePlatform();
let shop: Merchant;
let admin: ConsoleClient;
let viewer: ConsoleClient;

beforeAll(async () => {
  shop = await testMerchant();
  admin = await signInConsole(platform.url, 'admin@settings.example', 'merchant-admin', shop.clientKey);
  viewer = await signInConsole(platform.url, 'viewer@settings.example', 'merchant-viewer', shop.clientKey);
});

async function storedWallet(wallet: string): Promise<string> {
  const res = await awsClients().ddb.send(
    new GetCommand({ TableName: platform.resources.tableName, Key: { pk: keys.merchant(shop.clientKey).pk, sk: `WALLET#${wallet}` } }),
  );
  return JSON.stringify(res.Item);
}

describe('merchant settings editors', () => {
  it('offers and saves required payer fields, Checkout methods and hosted-fields origins', async () => {
    const shown = await admin.get(`/merchants/${shop.clientKey}`);
    expect(shown.body.choices.requiredPayerFields).toContain('payer_country');
    expect(shown.body.choices.methods).toContain('card');
    const saved = await admin.send('PUT', `/merchants/${shop.clientKey}/settings`, {
      required_payer_fields: ['payer_country', 'payer_zip'],
      methods: ['card'],
      hosted_fields_origins: ['https://shop.example', 'http://localhost:8080'],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.merchant).toMatchObject({
      requiredPayerFields: ['payer_country', 'payer_zip'],
      methods: ['card'],
      hostedFieldsOrigins: ['https://shop.example', 'http://localhost:8080'],
    });
    const bad = await admin.send('PUT', `/merchants/${shop.clientKey}/settings`, {
      hosted_fields_origins: ['not an origin'],
      methods: ['carrier-pigeon'],
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toMatch(/Not an origin/);
    expect((await viewer.send('PUT', `/merchants/${shop.clientKey}/settings`, { methods: [] })).status).toBe(403);
  });
});

describe('the Wallets tab', () => {
  it('keeps Apple Pay’s spec fields, seals the processing key and the certificate key, shows neither', async () => {
    const key = p256();
    const res = await admin.send('PUT', `/merchants/${shop.clientKey}/wallets/applepay`, {
      environment: 'PRODUCTION',
      merchant_identifier: 'merchant.example.shop',
      country: 'US',
      shop_name: 'Example Shop',
      merchant_capabilities: ['supports3DS', 'supportsDebit'],
      supported_networks: ['visa', 'masterCard'],
      certificate: CERT,
      certificate_key: CERT_KEY,
      private_key: key,
    });
    expect(res.status).toBe(200);
    expect(res.body.wallet).toMatchObject({
      wallet: 'applepay',
      environment: 'PRODUCTION',
      country: 'US',
      shopName: 'Example Shop',
      merchantCapabilities: ['supports3DS', 'supportsDebit'],
      supportedNetworks: ['visa', 'masterCard'],
      certificate: { subject: expect.stringContaining('CN=merchant.example.shop'), fingerprint256: expect.stringMatching(/^[0-9A-F:]+$/) },
      publicKeyHash: expect.any(String),
    });
    const everything =
      JSON.stringify((await admin.get(`/merchants/${shop.clientKey}`)).body) + JSON.stringify((await admin.get('/audit')).body);
    const stored = await storedWallet('applepay');
    for (const secret of [key, CERT_KEY]) {
      const body = secret.split('\n')[1]!;
      expect(everything).not.toContain(body);
      expect(stored).not.toContain(body);
    }
    expect(stored).toContain('identityKeySealed');

    // A change without a key keeps the stored keys.
    const again = await admin.send('PUT', `/merchants/${shop.clientKey}/wallets/applepay`, {
      environment: 'TEST',
      merchant_identifier: 'merchant.example.shop',
      shop_name: 'Renamed',
    });
    expect(again.body.wallet).toMatchObject({
      environment: 'TEST',
      shopName: 'Renamed',
      country: 'US',
      publicKeyHash: res.body.wallet.publicKeyHash,
      certificate: res.body.wallet.certificate,
    });
    const entry = (await admin.get('/audit')).body.entries.find((e: any) => e.action === 'wallet.configure');
    expect(entry.details).toMatchObject({ newKey: false, fields: 'environment,merchant_identifier,shop_name' });
  });

  it('keeps Google Pay’s auth methods and networks, and refuses what the spec does not know', async () => {
    const res = await admin.send('PUT', `/merchants/${shop.clientKey}/wallets/googlepay`, {
      environment: 'TEST',
      allowed_auth_methods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
      supported_networks: ['VISA', 'MASTERCARD', 'AMEX'],
      private_key: p256(),
    });
    expect(res.body.wallet).toMatchObject({
      wallet: 'googlepay',
      allowedAuthMethods: ['PAN_ONLY', 'CRYPTOGRAM_3DS'],
      supportedNetworks: ['VISA', 'MASTERCARD', 'AMEX'],
    });
    const wrong = await admin.send('PUT', `/merchants/${shop.clientKey}/wallets/googlepay`, {
      environment: 'STAGING',
      allowed_auth_methods: ['MAGIC'],
      supported_networks: ['visa'],
      country: 'usa',
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors.map((e: any) => e.error_message).join(' ')).toMatch(/TEST or PRODUCTION/);
    const mismatched = await admin.send('PUT', `/merchants/${shop.clientKey}/wallets/applepay`, {
      environment: 'TEST',
      merchant_identifier: 'merchant.example.shop',
      certificate: CERT,
      certificate_key: p256(),
    });
    expect(mismatched.status).toBe(400);
    expect(JSON.stringify(mismatched.body)).toMatch(/does not belong to the certificate/);
    const other = await testMerchant();
    expect(
      (await admin.send('PUT', `/merchants/${other.clientKey}/wallets/googlepay`, { environment: 'TEST', private_key: p256() })).status,
    ).toBe(404);
    expect((await viewer.send('PUT', `/merchants/${shop.clientKey}/wallets/googlepay`, { environment: 'TEST' })).status).toBe(403);
  });
});
