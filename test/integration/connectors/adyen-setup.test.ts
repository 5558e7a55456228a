/**
 * An Adyen MID made with the admin CLI (`mids create --connector adyen`): the URL and merchant account as settings,
 * the API and HMAC keys from files or standard input, sealed as the MID's credentials; keys on the command line and
 * an incomplete setup refused, with nothing written.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ADYEN_KEY_FLAGS_REFUSED, runMidsCommand } from '../../../scripts/admin/mids.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { createMerchant } from '../../../shared/operations/admin/merchants.js';
import { midCredentialsContext } from '../../../shared/ports/connector.js';
import type { Mid } from '../../../shared/domain/merchant.js';
import { ValidationError } from '../../../shared/domain/errors.js';
import { usePlatform } from '../../support/platform.js';

const API_KEY = 'AQEyhmfxK4-adyen-api-key';
const HMAC_KEY = '44782DEF547AAA06C910C43932B1EB0C71FC68D9D0C057550C48EC2ACF6BA056';

usePlatform();
const dir = mkdtempSync(join(tmpdir(), 'adyen-keys-'));
const apiKeyFile = join(dir, 'api-key');
const hmacKeyFile = join(dir, 'hmac-key');

beforeAll(async () => {
  writeFileSync(apiKeyFile, `${API_KEY}\n`, { mode: 0o600 });
  writeFileSync(hmacKeyFile, `${HMAC_KEY}\n`, { mode: 0o600 });
}, 120_000);

const newMerchant = () => createMerchant(deps(), { name: 'Adyen Shop' });
const opened = async (clientKey: string, mid: Mid) =>
  JSON.parse(await deps().secrets['merchant-secrets'].open(mid.credentialsSealed!, midCredentialsContext(clientKey, mid.midId)));
const args = (clientKey: string, ...more: string[]) => [
  clientKey,
  '--connector',
  'adyen',
  '--adyen-url',
  'https://checkout-test.adyen.com/v71/',
  '--adyen-merchant-account',
  'ShopECOM',
  ...more,
];

describe('admin CLI: mids create --connector adyen', () => {
  it('keys from files: settings stored plain (one spelling of the URL), keys sealed for this MID only', async () => {
    const merchant = await newMerchant();
    const mid = (await runMidsCommand(
      'create',
      args(merchant.clientKey, '--adyen-api-key-file', apiKeyFile, '--adyen-hmac-key-file', hmacKeyFile),
    )) as Mid;
    expect(mid).toMatchObject({
      connector: 'adyen',
      connectorSettings: { url: 'https://checkout-test.adyen.com/v71', merchantAccount: 'ShopECOM' },
    });
    expect(mid.credentialsSealed).not.toContain(API_KEY);
    expect(await opened(merchant.clientKey, mid)).toEqual({ api_key: API_KEY, hmac_key: HMAC_KEY });
    const listed = (await runMidsCommand('list', [merchant.clientKey])) as Array<Record<string, unknown>>;
    expect(JSON.stringify(listed)).not.toContain(API_KEY);
    expect(listed[0]).toMatchObject({ connector: 'adyen', credentials: 'sealed' });
  });

  it('one key from standard input', async () => {
    const merchant = await newMerchant();
    const mid = (await runMidsCommand(
      'create',
      args(merchant.clientKey, '--adyen-api-key-file', '-', '--adyen-hmac-key-file', hmacKeyFile),
      { stdin: async () => `${API_KEY}\r\n` },
    )) as Mid;
    expect(await opened(merchant.clientKey, mid)).toEqual({ api_key: API_KEY, hmac_key: HMAC_KEY });
  });

  it('keys on the command line, both from standard input, or a setup with a key missing: refused, nothing written', async () => {
    const merchant = await newMerchant();
    await expect(runMidsCommand('create', args(merchant.clientKey, '--adyen-api-key', API_KEY))).rejects.toThrow(ADYEN_KEY_FLAGS_REFUSED);
    await expect(runMidsCommand('create', args(merchant.clientKey, `--adyen-hmac-key=${HMAC_KEY}`))).rejects.toThrow(
      ADYEN_KEY_FLAGS_REFUSED,
    );
    await expect(
      runMidsCommand('create', args(merchant.clientKey, '--adyen-api-key-file', '-', '--adyen-hmac-key-file', '-')),
    ).rejects.toThrow(/cannot both be -/);
    await expect(runMidsCommand('create', args(merchant.clientKey, '--adyen-api-key-file', join(dir, 'missing')))).rejects.toThrow(
      /--adyen-api-key-file: cannot read .*missing \(ENOENT\)/,
    );
    const refused = await runMidsCommand('create', args(merchant.clientKey, '--adyen-api-key-file', apiKeyFile)).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(refused).toBeInstanceOf(ValidationError);
    expect((refused as ValidationError).fieldErrors.map((f) => f.message).join('\n')).toMatch(
      /adyen-hmac-key: the HMAC key of the Adyen webhook is required/,
    );
    expect((await deps().merchants.get(merchant.clientKey))!.mids).toEqual([]);
  });
});
