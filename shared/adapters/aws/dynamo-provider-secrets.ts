/**
 * Providers' webhook secrets on DynamoDB (pk PROVIDER#<slug>), sealed by the merchant-secrets SecretBox and bound to
 * the provider's name. Created once with a conditional put: two first callers racing both end with the winner's.
 */
import { randomBytes } from 'node:crypto';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { ProviderSecretStore } from '../../ports/provider-secrets.js';
import type { SecretBox } from '../../ports/secret-box.js';
import { ddbClient } from './aws-clients.js';
import { keys } from './table-keys.js';

const context = (slug: string) => `provider-webhook:${slug}`;

export class DynamoProviderSecrets implements ProviderSecretStore {
  private readonly cache = new Map<string, string>();

  constructor(
    private readonly tableName: string,
    private readonly box: SecretBox,
  ) {}

  async secret(slug: string): Promise<string> {
    const cached = this.cache.get(slug);
    if (cached) return cached;
    const value = (await this.read(slug)) ?? (await this.create(slug));
    this.cache.set(slug, value);
    return value;
  }

  private async read(slug: string): Promise<string | undefined> {
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: keys.providerSecret(slug), ConsistentRead: true }));
    return res.Item ? this.box.open(res.Item.sealed as string, context(slug)) : undefined;
  }

  private async create(slug: string): Promise<string> {
    const secret = randomBytes(32).toString('hex');
    try {
      await ddbClient().send(
        new PutCommand({
          TableName: this.tableName,
          Item: { ...keys.providerSecret(slug), kind: 'provider-secret', sealed: await this.box.seal(secret, context(slug)) },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return secret;
    } catch (err) {
      if (!(err instanceof ConditionalCheckFailedException)) throw err;
      return (await this.read(slug))!;
    }
  }
}
