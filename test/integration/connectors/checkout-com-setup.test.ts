/**
 * A Checkout.com MID made with the admin CLI (`mids create --connector checkout-com`): the URL and processing channel
 * as settings, the secret key and webhook secret from files or standard input, sealed as the MID's credentials; keys on
 * the command line and an incomplete setup refused, with nothing written.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { CKO_KEY_FLAGS_REFUSED, runMidsCommand } from '../../../scripts/admin/mids.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { createMerchant } from '../../../shared/operations/admin/merchants.js';
import { midCredentialsContext } from '../../../shared/ports/connector.js';
import type { Mid } from '../../../shared/domain/merchant.js';
import { ValidationError } from '../../../shared/domain/errors.js';
import { usePlatform } from '../../support/platform.js';

const SECRET_KEY = 'sk_sbox_m73dzbpy7cf3gfd46xr4yj5xo4e';
const WEBHOOK_SECRET = 'cko-webhook-signature-key';
const CHANNEL = 'pc_q4dbxom5jbgudnjzjpz7j2z6uq';

usePlatform();
const dir = mkdtempSync(join(tmpdir(), 'cko-keys-'));
const keyFile = join(dir, 'secret-key');
const webhookFile = join(dir, 'webhook-secret');

beforeAll(async () => {
  writeFileSync(keyFile, `${SECRET_KEY}\n`, { mode: 0o600 });
  writeFileSync(webhookFile, `${WEBHOOK_SECRET}\n`, { mode: 0o600 });
}, 120_000);

const newMerchant = () => createMerchant(deps(), { name: 'Checkout.com Shop' });
const opened = async (clientKey: string, mid: Mid) =>
  JSON.parse(await deps().secrets['merchant-secrets'].open(mid.credentialsSealed!, midCredentialsContext(clientKey, mid.midId)));
const args = (clientKey: string, ...more: string[]) => [
  clientKey,
  '--connector',
  'checkout-com',
  '--checkout-com-url',
  'https://api.sandbox.checkout.com/',
  ...more,
];

describe('admin CLI: mids create --connector checkout-com', () => {
  it('keys from files: settings stored plain (one spelling of the URL), keys sealed for this MID only', async () => {
    const merchant = await newMerchant();
    const mid = (await runMidsCommand(
      'create',
      args(
        merchant.clientKey,
        '--checkout-com-secret-key-file',
        keyFile,
        '--checkout-com-webhook-secret-file',
        webhookFile,
        '--checkout-com-processing-channel',
        CHANNEL,
      ),
    )) as Mid;
    expect(mid).toMatchObject({
      connector: 'checkout-com',
      connectorSettings: { url: 'https://api.sandbox.checkout.com', processingChannelId: CHANNEL },
    });
    expect(mid.credentialsSealed).not.toContain(SECRET_KEY);
    expect(await opened(merchant.clientKey, mid)).toEqual({ secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET });
    const listed = (await runMidsCommand('list', [merchant.clientKey])) as Array<Record<string, unknown>>;
    expect(JSON.stringify(listed)).not.toContain(SECRET_KEY);
    expect(JSON.stringify(listed)).not.toContain(WEBHOOK_SECRET);
    expect(listed[0]).toMatchObject({ connector: 'checkout-com', credentials: 'sealed' });
  });

  it('one key from standard input; the processing channel is optional', async () => {
    const merchant = await newMerchant();
    const mid = (await runMidsCommand(
      'create',
      args(merchant.clientKey, '--checkout-com-secret-key-file', '-', '--checkout-com-webhook-secret-file', webhookFile),
      { stdin: async () => `${SECRET_KEY}\r\n` },
    )) as Mid;
    expect(mid.connectorSettings).toEqual({ url: 'https://api.sandbox.checkout.com' });
    expect(await opened(merchant.clientKey, mid)).toEqual({ secret_key: SECRET_KEY, webhook_secret: WEBHOOK_SECRET });
  });

  it('keys on the command line, both from standard input, a bad channel or a missing key: refused, nothing written', async () => {
    const merchant = await newMerchant();
    await expect(runMidsCommand('create', args(merchant.clientKey, '--checkout-com-secret-key', SECRET_KEY))).rejects.toThrow(
      CKO_KEY_FLAGS_REFUSED,
    );
    await expect(runMidsCommand('create', args(merchant.clientKey, `--checkout-com-webhook-secret=${WEBHOOK_SECRET}`))).rejects.toThrow(
      CKO_KEY_FLAGS_REFUSED,
    );
    await expect(
      runMidsCommand('create', args(merchant.clientKey, '--checkout-com-secret-key-file', '-', '--checkout-com-webhook-secret-file', '-')),
    ).rejects.toThrow(/cannot both be -/);
    await expect(
      runMidsCommand('create', args(merchant.clientKey, '--checkout-com-secret-key-file', join(dir, 'missing'))),
    ).rejects.toThrow(/--checkout-com-secret-key-file: cannot read .*missing \(ENOENT\)/);
    const refusal = (...more: string[]) =>
      runMidsCommand('create', args(merchant.clientKey, ...more)).then(
        () => undefined,
        (e: unknown) => e,
      );
    const noWebhook = await refusal('--checkout-com-secret-key-file', keyFile);
    expect(noWebhook).toBeInstanceOf(ValidationError);
    expect((noWebhook as ValidationError).fieldErrors.map((f) => f.message).join('\n')).toMatch(
      /checkout-com-webhook-secret: the webhook's signature key is required/,
    );
    const badChannel = await refusal(
      '--checkout-com-secret-key-file',
      keyFile,
      '--checkout-com-webhook-secret-file',
      webhookFile,
      '--checkout-com-processing-channel',
      'channel-1',
    );
    expect((badChannel as ValidationError).fieldErrors.map((f) => f.message).join('\n')).toMatch(
      /checkout-com-processing-channel: a processing channel id is pc_/,
    );
    expect((await deps().merchants.get(merchant.clientKey))!.mids).toEqual([]);
  });
});
