/**
 * SealedCards on the single table: the sparse gsi2 entry SEALED_CARD / "<cardExpiresAt>#<tokenHash>" that
 * DynamoCheckoutSessionStore writes while a session holds a sealed card; drop is one conditional UpdateItem.
 */
import { QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { SealedCardEntry, SealedCards } from '../../ports/sealed-cards.js';
import { ddbClient } from './aws-clients.js';
import { checkoutSessionKey } from './dynamo-checkout-sessions.js';
import { SEALED_CARD } from './table-keys.js';

export class DynamoSealedCards implements SealedCards {
  constructor(private readonly tableName: string) {}

  async expiredBefore(now: string, limit: number): Promise<SealedCardEntry[]> {
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        IndexName: 'gsi2',
        // "<cardExpiresAt>#<tokenHash>" sorts by expiry; "<now>#~" is above every entry that expired by now.
        KeyConditionExpression: 'gsi2pk = :p AND gsi2sk < :before',
        ExpressionAttributeValues: { ':p': SEALED_CARD, ':before': `${now}#~` },
        ProjectionExpression: 'gsi2sk',
        Limit: limit,
      }),
    );
    return (res.Items ?? []).map((i) => {
      const [cardExpiresAt, tokenHash] = String(i.gsi2sk).split('#');
      return { cardExpiresAt: cardExpiresAt!, tokenHash: tokenHash! };
    });
  }

  async drop(entry: SealedCardEntry, now: string): Promise<boolean> {
    try {
      await ddbClient().send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: checkoutSessionKey(entry.tokenHash),
          UpdateExpression: 'REMOVE #hf.#card, #hf.#exp, gsi2pk, gsi2sk SET #v = #v + :one',
          // Only that card (a newer submission has another expiry), only once it expired.
          ConditionExpression: 'attribute_exists(#hf.#card) AND #hf.#exp = :exp AND #hf.#exp <= :now',
          ExpressionAttributeNames: { '#hf': 'hostedFields', '#card': 'sealedCard', '#exp': 'cardExpiresAt', '#v': 'version' },
          ExpressionAttributeValues: { ':exp': entry.cardExpiresAt, ':now': now, ':one': 1 },
        }),
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }
}
