/**
 * Wallet settings through the admin CLI's command (`npm run admin -- wallets set|show`): keys checked and sealed,
 * never shown; versioned writes; a sealed key copied to another merchant does not open.
 */
import { expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ScanCommand } from '@aws-sdk/lib-dynamodb';
import { runWalletsCommand } from '../../../scripts/admin/wallets.js';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { postForm, testMerchant, usePlatform } from '../../support/platform.js';
import { ecKeyPair } from '../../unit/wallets/fixtures/google-token.js';
import { APPLE_MERCHANT_ID, appleToken, googleToken, pem, walletEnv, walletSaleFields } from './support.js';

const platform = usePlatform(walletEnv);
const dir = mkdtempSync(join(tmpdir(), 'wallet-keys-'));
const keyFile = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text, { mode: 0o600 });
  return path;
};

it('set stores the key sealed, show never shows it, and the merchant pays with it', async () => {
  const merchant = await testMerchant();
  const google = ecKeyPair();
  const apple = ecKeyPair();
  // Google hands out base64 PKCS#8; Apple keys usually arrive as PEM (SEC1 here).
  const googleB64 = google.privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64');
  const appleSec1 = apple.privateKey.export({ format: 'pem', type: 'sec1' }) as string;
  const set = await runWalletsCommand([
    'set',
    merchant.clientKey,
    '--wallet',
    'googlepay',
    '--environment',
    'TEST',
    '--private-key-file',
    keyFile('g.key', googleB64),
  ]);
  expect(set).toMatchObject({ wallet: 'googlepay', environment: 'TEST' });
  await runWalletsCommand([
    'set',
    merchant.clientKey,
    '--wallet',
    'applepay',
    '--environment',
    'TEST',
    '--private-key-file',
    keyFile('a.pem', appleSec1),
    '--merchant-id',
    APPLE_MERCHANT_ID,
  ]);

  const shown = (await runWalletsCommand(['show', merchant.clientKey])) as Array<Record<string, unknown>>;
  expect(shown.map((w) => [w.wallet, w.environment, w.merchantIdentifier])).toEqual([
    ['applepay', 'TEST', APPLE_MERCHANT_ID],
    ['googlepay', 'TEST', undefined],
  ]);
  const text = JSON.stringify(shown);
  expect(text).not.toMatch(/PRIVATE KEY|privateKey|Sealed/);
  expect(text).not.toContain(googleB64.slice(20, 60));

  const items = (await awsClients().ddb.send(new ScanCommand({ TableName: platform.resources.tableName }))).Items ?? [];
  const dump = JSON.stringify(items);
  expect(dump).not.toContain(googleB64.slice(20, 60));
  expect(dump).not.toContain(appleSec1.split('\n')[1]);
  expect(
    items
      .filter((i) => i.kind === 'wallet-config' && i.pk === `MERCHANT#${merchant.clientKey}`)
      .every((i) => String(i.privateKeySealed).startsWith('v2.wallet-keys.')),
  ).toBe(true);

  const paidG = await postForm(`${platform.url}/post`, walletSaleFields(merchant, 'googlepay', googleToken(merchant, google.publicKey)));
  const paidA = await postForm(`${platform.url}/post`, walletSaleFields(merchant, 'applepay', appleToken(apple.publicKey)));
  expect([paidG.body.result, paidA.body.result]).toEqual(['SUCCESS', 'SUCCESS']);

  // Switching to PRODUCTION applies at once: a TEST token is now from the other environment.
  await runWalletsCommand([
    'set',
    merchant.clientKey,
    '--wallet',
    'googlepay',
    '--environment',
    'PRODUCTION',
    '--private-key-file',
    keyFile('g2.key', googleB64),
  ]);
  const stale = await postForm(`${platform.url}/post`, walletSaleFields(merchant, 'googlepay', googleToken(merchant, google.publicKey)));
  expect(stale.body.errors[0].error_message).toContain('another environment');
  expect((await deps().walletConfigs.get(merchant.clientKey, 'googlepay'))?.version).toBe(2);
});

it('refuses bad settings with what is wrong, never echoing the key', async () => {
  const merchant = await testMerchant();
  const p256 = keyFile('ok.pem', pem(ecKeyPair().privateKey));
  const p384 = keyFile(
    'p384.pem',
    generateKeyPairSync('ec', { namedCurve: 'secp384r1' }).privateKey.export({ format: 'pem', type: 'pkcs8' }) as string,
  );
  const junk = keyFile('junk.txt', 'not-a-key-SECRETISH');
  const fail = (args: string[]) =>
    runWalletsCommand(['set', ...args]).then(
      () => 'accepted',
      (e: Error) => e.message,
    );
  expect(await fail([merchant.clientKey, '--wallet', 'samsungpay', '--environment', 'TEST', '--private-key-file', p256])).toContain(
    'wallet: Must be one of googlepay, applepay.',
  );
  expect(await fail([merchant.clientKey, '--wallet', 'googlepay', '--environment', 'SANDBOX', '--private-key-file', p256])).toContain(
    'environment: Must be TEST or PRODUCTION.',
  );
  expect(await fail([merchant.clientKey, '--wallet', 'applepay', '--environment', 'TEST', '--private-key-file', p256])).toContain(
    'merchant-id: Apple Pay needs the merchant identifier.',
  );
  expect(await fail([merchant.clientKey, '--wallet', 'googlepay', '--environment', 'TEST', '--private-key-file', p384])).toContain(
    'private-key: Must be a P-256',
  );
  const junkError = await fail([merchant.clientKey, '--wallet', 'googlepay', '--environment', 'TEST', '--private-key-file', junk]);
  expect(junkError).toContain('private-key:');
  expect(junkError).not.toContain('SECRETISH');
  expect(await fail(['no-such-merchant', '--wallet', 'googlepay', '--environment', 'TEST', '--private-key-file', p256])).toContain(
    'client_key: This value is not correct.',
  );
  expect(await fail([merchant.clientKey, '--wallet', 'googlepay', '--environment', 'TEST'])).toContain('--private-key-file is required.');
  expect(await runWalletsCommand(['show', merchant.clientKey])).toEqual([]);
});

it('writes are conditional on the version; a sealed key copied to another merchant does not open', async () => {
  const [a, b] = [await testMerchant(), await testMerchant()];
  const key = ecKeyPair();
  await runWalletsCommand([
    'set',
    a.clientKey,
    '--wallet',
    'googlepay',
    '--environment',
    'TEST',
    '--private-key-file',
    keyFile('k.pem', pem(key.privateKey)),
  ]);
  const stored = (await deps().walletConfigs.get(a.clientKey, 'googlepay'))!;
  expect(await deps().walletConfigs.put({ ...stored, environment: 'PRODUCTION' }, 0)).toBe(false); // a second "first write"
  expect(await deps().walletConfigs.put({ ...stored, environment: 'PRODUCTION' }, stored.version - 1)).toBe(false); // stale
  expect((await deps().walletConfigs.get(a.clientKey, 'googlepay'))!.environment).toBe('TEST');

  expect(await deps().walletConfigs.put({ ...stored, clientKey: b.clientKey, version: 1 }, 0)).toBe(true);
  const res = await postForm(`${platform.url}/post`, walletSaleFields(b, 'googlepay', googleToken(b, key.publicKey)));
  expect(res.status).toBe(400);
  expect(res.body.errors[0].error_message).toBe('payment_token: Payments with this wallet are not available.');
});
