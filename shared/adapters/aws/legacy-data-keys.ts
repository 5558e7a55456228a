/**
 * Migration from the single data key (pk DATAKEY, wrapped by the table key, sealed values "v1.<id>…" with no
 * purpose) to per-purpose keys: each legacy data key is copied, wrapped by each purpose's KMS key, into that
 * purpose's partition with `legacy: true`. A purpose's box then opens its old v1 values without any function needing
 * the table key, and never seals with a legacy key. Run once per stage (`npm run admin -- keys migrate-legacy`);
 * the local platform runs it at every start. Idempotent: existing copies are left alone (conditional put).
 */
import { DecryptCommand, EncryptCommand } from '@aws-sdk/client-kms';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { KEY_PURPOSES, type KeyPurpose } from '../../lib/resources.js';
import { ddbClient, kmsClient } from './aws-clients.js';
import { dataKeyContext } from './data-key-context.js';
import { readEscrow } from './local-key-escrow.js';
import { keys } from './table-keys.js';

/** The encryption context the legacy data keys were generated with. */
const LEGACY_PURPOSE = 'payments-data-key';

export interface LegacyMigration {
  tableName: string;
  /** The table key, which wrapped the legacy data keys. */
  legacyKmsKeyId: string;
  purposeKeyIds: Record<KeyPurpose, string>;
  /** Local only: take the plaintext from the escrow (moto forgot the key that wrapped it). */
  localEscrowFile?: string;
}

export async function migrateLegacyDataKeys(m: LegacyMigration): Promise<{ copied: number; missing: number }> {
  const ddb = ddbClient();
  const kms = kmsClient();
  const res = await ddb.send(
    new QueryCommand({
      TableName: m.tableName,
      KeyConditionExpression: 'pk = :pk AND begins_with(sk, :k)',
      ExpressionAttributeValues: { ':pk': keys.legacyDataKeys.pk, ':k': keys.legacyDataKeys.skPrefix },
    }),
  );
  const escrow = m.localEscrowFile ? readEscrow(m.localEscrowFile) : {};
  let copied = 0;
  let missing = 0;
  for (const item of res.Items ?? []) {
    const id = item.id as string;
    let plain: Buffer;
    try {
      plain = escrow[id]
        ? Buffer.from(escrow[id], 'base64')
        : Buffer.from(
            (
              await kms.send(
                new DecryptCommand({
                  KeyId: m.legacyKmsKeyId,
                  CiphertextBlob: Buffer.from(item.wrapped as string, 'base64'),
                  EncryptionContext: { purpose: LEGACY_PURPOSE, id },
                }),
              )
            ).Plaintext!,
          );
    } catch {
      missing++;
      continue;
    }
    for (const purpose of KEY_PURPOSES) {
      const kmsKeyId = m.purposeKeyIds[purpose];
      const wrapped = await kms.send(
        new EncryptCommand({ KeyId: kmsKeyId, Plaintext: plain, EncryptionContext: dataKeyContext(purpose, id) }),
      );
      const put = ddb.send(
        new PutCommand({
          TableName: m.tableName,
          Item: {
            ...keys.dataKey(purpose, id),
            id,
            purpose,
            legacy: true,
            wrapped: Buffer.from(wrapped.CiphertextBlob!).toString('base64'),
            kmsKeyId,
            createdAt: item.createdAt,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      await put.then(
        () => copied++,
        (err: Error) => {
          if (err.name !== 'ConditionalCheckFailedException') throw err;
        },
      );
    }
  }
  return { copied, missing };
}
