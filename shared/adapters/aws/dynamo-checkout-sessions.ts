/**
 * CheckoutSessionStore on the single table: one item per session keyed by the token's SHA-256.
 * DynamoDB's TTL (expiresAt, epoch seconds) removes sessions a day after they lapse; expiry itself is checked on read.
 * A session holding a hosted-fields sealed card is also on gsi2 SEALED_CARD / "<cardExpiresAt>#<tokenHash>", the
 * SealedCardSweeper's list (dynamo-sealed-cards.ts): TTL can lag by days, the card must go within minutes.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { ConflictError } from '../../domain/errors.js';
import type { CheckoutSession, CheckoutSessionStore } from '../../ports/checkout-sessions.js';
import { ddbClient } from './aws-clients.js';
import { keys } from './table-keys.js';

const RETENTION_SECONDS = 24 * 3600;

export const checkoutSessionKey = (tokenHash: string) => ({ pk: `CHECKOUT_SESSION#${tokenHash}`, sk: 'SESSION' });

export class DynamoCheckoutSessionStore implements CheckoutSessionStore {
  constructor(private readonly tableName: string) {}

  private get ddb() {
    return ddbClient();
  }

  async create(session: CheckoutSession): Promise<void> {
    await this.ddb.send(
      new PutCommand({ TableName: this.tableName, Item: item(session), ConditionExpression: 'attribute_not_exists(pk)' }),
    );
  }

  async getByTokenHash(tokenHash: string): Promise<CheckoutSession | undefined> {
    const res = await this.ddb.send(
      new GetCommand({ TableName: this.tableName, Key: checkoutSessionKey(tokenHash), ConsistentRead: true }),
    );
    if (!res.Item) return undefined;
    // Index keys are derived on every write (item()), never carried over from a read.
    const { pk: _pk, sk: _sk, kind: _k, expiresAt: _ttl, gsi2pk: _g, gsi2sk: _h, sessionExpiresAt, ...rest } = res.Item;
    return { ...rest, expiresAt: sessionExpiresAt } as unknown as CheckoutSession;
  }

  async update(session: CheckoutSession): Promise<void> {
    try {
      await this.ddb.send(
        new PutCommand({
          TableName: this.tableName,
          Item: item(session),
          // Optimistic concurrency: two submits of the same page cannot both start a payment.
          ConditionExpression: '#v = :expected',
          ExpressionAttributeNames: { '#v': 'version' },
          ExpressionAttributeValues: { ':expected': session.version - 1 },
        }),
      );
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) throw ConflictError.checkoutSessionChanged();
      throw err;
    }
  }
}

function item(s: CheckoutSession): Record<string, unknown> {
  const { expiresAt, ...rest } = s;
  return {
    kind: 'checkout-session', // a plain member first: payment-item.ts
    ...checkoutSessionKey(s.tokenHash),
    ...rest,
    sessionExpiresAt: expiresAt,
    // The table's TTL attribute is named expiresAt and holds epoch seconds.
    expiresAt: Math.floor(Date.parse(expiresAt) / 1000) + RETENTION_SECONDS,
    ...(s.hostedFields?.sealedCard && s.hostedFields.cardExpiresAt ? keys.sealedCardEntry(s.hostedFields.cardExpiresAt, s.tokenHash) : {}),
  };
}
