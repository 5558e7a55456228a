/**
 * Local platform only: moto keeps no keys across a restart, so every data key's plaintext is also kept in
 * $LOCAL_DATA_DIR/key-escrow.json (id → base64), and at start-up the stored data keys are wrapped again under the
 * new moto keys. Never used on AWS (LOCAL_KEY_ESCROW_FILE is not set there).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { EncryptCommand } from '@aws-sdk/client-kms';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { KEY_PURPOSES, type KeyPurpose } from '../../lib/resources.js';
import { ddbClient, kmsClient } from './aws-clients.js';
import { dataKeyContext } from './data-key-context.js';

export function readEscrow(file: string): Record<string, string> {
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

export function escrowDataKey(file: string, id: string, plain: Buffer): void {
  const all = readEscrow(file);
  all[id] = plain.toString('base64');
  writeFileSync(file, JSON.stringify(all, null, 2), { mode: 0o600 });
}

/** Wraps every stored data key of every purpose again under that purpose's (new) moto key, from the escrow. */
export async function rewrapLocalDataKeys(
  tableName: string,
  purposeKeyIds: Record<KeyPurpose, string>,
  escrowFile: string,
): Promise<{ rewrapped: number; missing: number }> {
  const ddb = ddbClient();
  const kms = kmsClient();
  const escrow = readEscrow(escrowFile);
  let rewrapped = 0;
  let missing = 0;
  for (const purpose of KEY_PURPOSES) {
    const kmsKeyId = purposeKeyIds[purpose];
    const res = await ddb.send(
      new QueryCommand({
        TableName: tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :k)',
        ExpressionAttributeValues: { ':pk': `DATAKEY#${purpose}`, ':k': 'KEY#' },
      }),
    );
    for (const item of res.Items ?? []) {
      if (item.kmsKeyId === kmsKeyId) continue;
      const plain = escrow[item.id as string];
      if (!plain) {
        missing++;
        continue;
      }
      const wrapped = await kms.send(
        new EncryptCommand({
          KeyId: kmsKeyId,
          Plaintext: Buffer.from(plain, 'base64'),
          EncryptionContext: dataKeyContext(purpose, item.id as string),
        }),
      );
      await ddb.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...item, wrapped: Buffer.from(wrapped.CiphertextBlob!).toString('base64'), kmsKeyId },
          // Two launchers on one data dir: only the one that saw the stale wrapping replaces it.
          ConditionExpression: 'kmsKeyId = :old',
          ExpressionAttributeValues: { ':old': item.kmsKeyId },
        }),
      );
      rewrapped++;
    }
  }
  return { rewrapped, missing };
}
