/** Wallet token replay cache on DynamoDB: one conditional put per token id, removed by TTL after it expires. */
import { createHash } from 'node:crypto';
import { PutCommand } from '@aws-sdk/lib-dynamodb';
import type { WalletTokenReplays } from '../../ports/wallet-token-replays.js';
import { ddbClient } from './aws-clients.js';
import { keys } from './table-keys.js';

/** Ids come from signed tokens but may be long (Google messageId); a key stays short either way. */
const MAX_ID_IN_KEY = 200;

export class DynamoWalletTokenReplays implements WalletTokenReplays {
  constructor(private readonly tableName: string) {}

  async claim(wallet: string, tokenId: string, until: Date, requestFingerprint: string, now: Date): Promise<boolean> {
    const id = tokenId.length <= MAX_ID_IN_KEY ? tokenId : createHash('sha256').update(tokenId).digest('hex');
    const expiresAt = Math.ceil(until.getTime() / 1000);
    try {
      await ddbClient().send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...keys.walletToken(wallet, id), requestFingerprint, expiresAt, firstSeenAt: now.toISOString() },
          // TTL deletes late: an id past its expiry no longer counts (the token is refused as expired anyway).
          ConditionExpression: 'attribute_not_exists(pk) OR expiresAt < :now OR requestFingerprint = :fp',
          ExpressionAttributeValues: { ':now': Math.floor(now.getTime() / 1000), ':fp': requestFingerprint },
        }),
      );
      return true;
    } catch (err) {
      if ((err as Error).name === 'ConditionalCheckFailedException') return false;
      throw err;
    }
  }
}
