/**
 * Per-purpose envelope encryption against DynamoDB Local + moto KMS: separate KMS keys and data keys per purpose,
 * the purpose bound into the ciphertext, data-key rotation, legacy (v1) values through the migration, and the local
 * stand-in for IAM that refuses a purpose a function was not granted.
 */
import { createCipheriv, randomBytes, randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { GenerateDataKeyCommand } from '@aws-sdk/client-kms';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { awsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { KmsSecretBox, purposeKeyIds } from '../../../shared/adapters/aws/kms-secret-box.js';
import { migrateLegacyDataKeys } from '../../../shared/adapters/aws/legacy-data-keys.js';
import { runWithLocalGrants } from '../../../shared/adapters/aws/local-key-grants.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { KEY_PURPOSES, type KeyPurpose } from '../../../shared/lib/resources.js';
import { usePlatform } from '../../support/platform.js';

usePlatform();

const dataKeysOf = async (purpose: KeyPurpose) =>
  (
    await awsClients().ddb.send(
      new QueryCommand({
        TableName: deps().config.TABLE_NAME,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :k)',
        ExpressionAttributeValues: { ':pk': `DATAKEY#${purpose}`, ':k': 'KEY#' },
      }),
    )
  ).Items ?? [];

describe('secret boxes per purpose', () => {
  it('uses a distinct KMS key and distinct data keys per purpose', async () => {
    const d = deps();
    const kmsKeys = Object.values(purposeKeyIds(d.config));
    expect(new Set([...kmsKeys, d.config.KMS_KEY_ID]).size).toBe(4);
    const sealed = await Promise.all(KEY_PURPOSES.map((p) => d.secrets[p].seal('secret', 'owner')));
    const ids = sealed.map((s) => s.split('.')[2]);
    expect(new Set(ids).size).toBe(3);
    for (const [i, purpose] of KEY_PURPOSES.entries()) {
      expect(sealed[i]).toMatch(new RegExp(`^v2\\.${purpose}\\.`));
      const stored = await dataKeysOf(purpose);
      expect(stored.map((k) => k.id)).toContain(ids[i]);
      expect(stored.find((k) => k.id === ids[i])!.kmsKeyId).toBe(purposeKeyIds(d.config)[purpose]);
    }
  });

  it('never opens a ciphertext of one purpose as another, even with the purpose tag rewritten', async () => {
    const d = deps();
    const pan = await d.secrets['card-data'].seal('4111111111111111', 'card-token:x:m');
    expect(await d.secrets['card-data'].open(pan, 'card-token:x:m')).toBe('4111111111111111');
    await expect(d.secrets['wallet-keys'].open(pan, 'card-token:x:m')).rejects.toThrow();
    await expect(d.secrets['merchant-secrets'].open(pan, 'card-token:x:m')).rejects.toThrow();
    // Relabelled as merchant-secrets: the data key id is unknown there, and the AAD names card-data anyway.
    await expect(
      d.secrets['merchant-secrets'].open(pan.replace('v2.card-data.', 'v2.merchant-secrets.'), 'card-token:x:m'),
    ).rejects.toThrow();
    // Bound to its owner as before.
    await expect(d.secrets['card-data'].open(pan, 'card-token:y:m')).rejects.toThrow();
  });

  it('rotates the active data key after its age; older keys still open what they sealed', async () => {
    const d = deps();
    let now = Date.now() + 365 * 86_400_000; // far past any key the other tests created
    const box = () =>
      new KmsSecretBox({
        tableName: d.config.TABLE_NAME,
        purpose: 'wallet-keys',
        kmsKeyId: d.config.WALLET_KEYS_KMS_KEY_ID,
        maxAgeMs: 30 * 86_400_000,
        now: () => now,
      });
    const first = box();
    const a = await first.seal('key-a', 'ctx');
    const idA = a.split('.')[2];
    now += 29 * 86_400_000;
    expect((await first.seal('key-b', 'ctx')).split('.')[2]).toBe(idA);
    now += 2 * 86_400_000;
    // Two containers see the key expire at once: one rotation wins, both seal with the same new key.
    const [b1, b2] = await Promise.all([box().seal('key-c', 'ctx'), box().seal('key-d', 'ctx')]);
    const idB = b1.split('.')[2];
    expect(idB).not.toBe(idA);
    expect(b2.split('.')[2]).toBe(idB);
    expect(await first.seal('key-e', 'ctx')).toContain(`.${idB}.`);
    expect(await box().open(a, 'ctx')).toBe('key-a');
    expect(await box().open(b2, 'ctx')).toBe('key-d');
  });

  it('opens legacy v1 values (one data key for all, wrapped by the table key) after the migration', async () => {
    const d = deps();
    const { ddb, kms } = awsClients();
    const id = randomUUID();
    const generated = await kms.send(
      new GenerateDataKeyCommand({
        KeyId: d.config.KMS_KEY_ID,
        KeySpec: 'AES_256',
        EncryptionContext: { purpose: 'payments-data-key', id },
      }),
    );
    await ddb.send(
      new PutCommand({
        TableName: d.config.TABLE_NAME,
        Item: {
          pk: 'DATAKEY',
          sk: `KEY#${id}`,
          id,
          wrapped: Buffer.from(generated.CiphertextBlob!).toString('base64'),
          kmsKeyId: d.config.KMS_KEY_ID,
          createdAt: new Date().toISOString(),
        },
      }),
    );
    // What the old KmsSecretBox wrote: v1.<id>.<iv>.<ct>.<tag>, context as the only additional data.
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', Buffer.from(generated.Plaintext!), iv);
    cipher.setAAD(Buffer.from('password:legacy-merchant'));
    const ct = Buffer.concat([cipher.update('old-password', 'utf8'), cipher.final()]);
    const v1 = ['v1', id, iv.toString('base64url'), ct.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');

    const box = d.secrets['merchant-secrets'];
    await expect(box.open(v1, 'password:legacy-merchant')).rejects.toThrow(/Unknown merchant-secrets data key/);
    const migration = { tableName: d.config.TABLE_NAME, legacyKmsKeyId: d.config.KMS_KEY_ID, purposeKeyIds: purposeKeyIds(d.config) };
    expect((await migrateLegacyDataKeys(migration)).copied).toBeGreaterThanOrEqual(3);
    expect((await migrateLegacyDataKeys(migration)).copied).toBe(0); // idempotent
    expect(await box.open(v1, 'password:legacy-merchant')).toBe('old-password');
    // The copy is for opening only: new values are sealed v2 under a non-legacy key.
    const legacyCopy = (await dataKeysOf('merchant-secrets')).find((k) => k.id === id)!;
    expect(legacyCopy.legacy).toBe(true);
    expect((await box.seal('new', 'ctx')).split('.')[2]).not.toBe(id);
  });

  it('refuses, locally as IAM would on AWS, a purpose the running function was not granted', async () => {
    const d = deps();
    const sealed = await d.secrets['wallet-keys'].seal('wallet-private-key', 'ctx');
    await runWithLocalGrants(['table:read', 'kms:decrypt:merchant-secrets'], async () => {
      await expect(d.secrets['wallet-keys'].open(sealed, 'ctx')).rejects.toThrow(/kms:decrypt:wallet-keys/);
      await expect(d.secrets['card-data'].seal('4111111111111111', 'ctx')).rejects.toThrow(/kms:encrypt:card-data/);
    });
    await runWithLocalGrants(['kms:decrypt:wallet-keys'], async () => {
      expect(await d.secrets['wallet-keys'].open(sealed, 'ctx')).toBe('wallet-private-key');
    });
  });
});
