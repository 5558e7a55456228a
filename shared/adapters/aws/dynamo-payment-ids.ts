/**
 * Trans ids of payment-creating requests, derived from the request's idempotency key: HMAC-SHA256 under a platform
 * secret, formatted as a UUID. The payment item is then its own idempotency claim (its `attribute_not_exists(pk)`
 * refuses the duplicate), so reserving a payment is one conditional Put. The secret keeps the id unguessable: the
 * key hashes a body that may hold a PAN, and a bare hash of it could be searched offline.
 *
 * The secret lives in the table (pk PLATFORM, sk PAYMENT_IDS), sealed by the card-data box (every payment-creating
 * function may seal and open card data), made by the first caller with a conditional write. The same item says until
 * when claim items of the earlier design may still be live (`legacyClaimsUntil`, epoch ms): a table that existed
 * before gets 24 h (+ the lock) from the item's creation; the local bootstrap writes 0 into a table it creates.
 */
import { createHmac, randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { SecretBox } from '../../ports/secret-box.js';
import { ddbClient } from './aws-clients.js';
import { keys } from './table-keys.js';

const CONTEXT = 'payment-ids';

interface Loaded {
  secret: Buffer;
  legacyClaimsUntil: number;
}

/** What the payment store needs of it (a test gives its own). */
export interface PaymentIdSource {
  derive(key: string, generation: number): Promise<string>;
  legacyClaimsUntil(): Promise<number>;
}

export class DynamoPaymentIds implements PaymentIdSource {
  private loaded?: Promise<Loaded>;

  constructor(
    private readonly tableName: string,
    private readonly box: () => SecretBox,
    /** How long claim items of the earlier design may still be live once the secret is made (TTL + lock). */
    private readonly legacyWindowMs: number,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The trans id of the `generation`-th payment a request key creates (the next only once the last one's window ended). */
  async derive(key: string, generation: number): Promise<string> {
    const { secret } = await this.load();
    return uuidOf(createHmac('sha256', secret).update(`${key}#${generation}`).digest());
  }

  /** Epoch ms until which a request may still find a claim item of the earlier design. */
  async legacyClaimsUntil(): Promise<number> {
    return (await this.load()).legacyClaimsUntil;
  }

  private load(): Promise<Loaded> {
    this.loaded ??= this.read().then((found) => found ?? this.create());
    // A failed load (throttling, a missing grant) is tried again by the next request.
    this.loaded.catch(() => (this.loaded = undefined));
    return this.loaded;
  }

  private async read(): Promise<Loaded | undefined> {
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: keys.paymentIds, ConsistentRead: true }));
    if (!res.Item?.sealed) return undefined;
    return {
      secret: Buffer.from(await this.box().open(res.Item.sealed as string, CONTEXT), 'hex'),
      legacyClaimsUntil: Number(res.Item.legacyClaimsUntil ?? 0),
    };
  }

  private async create(): Promise<Loaded> {
    const secret = randomBytes(32).toString('hex');
    try {
      const res = await ddbClient().send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: keys.paymentIds,
          // A marker the bootstrap left (a new table: no claim items) keeps its window.
          UpdateExpression: 'SET sealed = :s, kind = :k, legacyClaimsUntil = if_not_exists(legacyClaimsUntil, :until)',
          ConditionExpression: 'attribute_not_exists(sealed)',
          ExpressionAttributeValues: {
            ':s': await this.box().seal(secret, CONTEXT),
            ':k': 'payment-ids',
            ':until': this.now().getTime() + this.legacyWindowMs,
          },
          ReturnValues: 'ALL_NEW',
        }),
      );
      return { secret: Buffer.from(secret, 'hex'), legacyClaimsUntil: Number(res.Attributes?.legacyClaimsUntil ?? 0) };
    } catch (err) {
      // Two first callers racing: both use the winner's secret.
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      return (await this.read())!;
    }
  }
}

/** 128 bits of the MAC as a version-4-shaped UUID, like the random ids of other payments. */
function uuidOf(mac: Buffer): string {
  const b = Buffer.from(mac.subarray(0, 16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = b.toString('hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}
