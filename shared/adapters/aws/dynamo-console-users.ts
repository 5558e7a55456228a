/**
 * Console users on DynamoDB: CONSOLE_USER#<email> / PROFILE, listed per merchant (or the operators) through gsi1
 * CONSOLE_USERS#<client_key|OPERATORS> / <email>.
 */
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { writeItem } from './transaction-items.js';
import type { Alongside } from '../../ports/transaction-items.js';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { ConsoleUser, ConsoleUserStore } from '../../ports/console-users.js';
import { itemsOf } from './index-items.js';
import { queryAll } from './query-all.js';
import { ddbClient } from './aws-clients.js';

const FIELDS: (keyof ConsoleUser)[] = ['email', 'role', 'clientKey', 'invitedBy', 'createdAt', 'disabled'];
const listing = (clientKey: string | undefined) => `CONSOLE_USERS#${clientKey ?? 'OPERATORS'}`;

export const consoleUserKey = (email: string) => ({ pk: `CONSOLE_USER#${email}`, sk: 'PROFILE' });

function toUser(item: Record<string, unknown>): ConsoleUser {
  const out: Record<string, unknown> = {};
  for (const f of FIELDS) if (item[f] !== undefined) out[f] = item[f];
  return out as unknown as ConsoleUser;
}

export class DynamoConsoleUsers implements ConsoleUserStore {
  constructor(private readonly tableName: string) {}

  async get(email: string): Promise<ConsoleUser | undefined> {
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: consoleUserKey(email), ConsistentRead: true }));
    return res.Item ? toUser(res.Item) : undefined;
  }

  async create(user: ConsoleUser, opts: Alongside = {}): Promise<boolean> {
    try {
      await writeItem(
        ddbClient(),
        {
          Put: {
            TableName: this.tableName,
            Item: { ...consoleUserKey(user.email), gsi1pk: listing(user.clientKey), gsi1sk: user.email, kind: 'console-user', ...user },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        opts.alongside,
      );
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      throw err;
    }
  }

  async setDisabled(email: string, disabled: boolean, opts: Alongside = {}): Promise<ConsoleUser | undefined> {
    try {
      const res = await writeItem(
        ddbClient(),
        {
          Update: {
            TableName: this.tableName,
            Key: consoleUserKey(email),
            UpdateExpression: disabled ? 'SET disabled = :t' : 'REMOVE disabled',
            ConditionExpression: 'attribute_exists(pk)',
            ...(disabled ? { ExpressionAttributeValues: { ':t': true } } : {}),
            ReturnValues: 'ALL_NEW',
          },
        },
        opts.alongside,
      );
      return res.Attributes ? toUser(res.Attributes) : undefined;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return undefined;
      throw err;
    }
  }

  async list(clientKey: string | undefined): Promise<ConsoleUser[]> {
    const entries = await queryAll({
      TableName: this.tableName,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :p',
      ExpressionAttributeValues: { ':p': listing(clientKey) },
    });
    // gsi1 holds keys (and a few attributes): the users are read by key.
    return (await itemsOf(this.tableName, entries)).map(toUser);
  }
}
