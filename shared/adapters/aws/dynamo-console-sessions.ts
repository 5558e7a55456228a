/**
 * Console sessions and sign-ins waiting for a challenge answer, on DynamoDB under a SHA-256 of their random id (the
 * table never holds the cookie's value). Both expire through the table's TTL and are refused past their end anyway.
 */
import { createHash } from 'node:crypto';
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { ConsoleSession, ConsoleSessionStore, PendingSignIn, PendingSignInStore } from '../../ports/console-sessions.js';
import { ddbClient } from './aws-clients.js';

const hash = (id: string) => createHash('sha256').update(id).digest('hex');
const sessionKey = (id: string) => ({ pk: `CONSOLE_SESSION#${hash(id)}`, sk: 'SESSION' });
const pendingKey = (id: string) => ({ pk: `CONSOLE_SIGNIN#${hash(id)}`, sk: 'PENDING' });
const ttl = (iso: string) => Math.ceil(Date.parse(iso) / 1000);

export class DynamoConsoleSessions implements ConsoleSessionStore {
  constructor(
    private readonly tableName: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async create(id: string, s: ConsoleSession): Promise<void> {
    const { expiresAt, ...rest } = s;
    await ddbClient().send(
      new PutCommand({
        TableName: this.tableName,
        Item: { ...sessionKey(id), kind: 'console-session', ...rest, endsAt: expiresAt, expiresAt: ttl(expiresAt) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async get(id: string): Promise<ConsoleSession | undefined> {
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: sessionKey(id), ConsistentRead: true }));
    const item = res.Item;
    // TTL deletion lags by up to days: an ended session is refused here, whatever the table still holds.
    if (!item || Date.parse(String(item.endsAt)) <= this.now().getTime()) return undefined;
    return {
      email: item.email,
      role: item.role,
      ...(item.clientKey ? { clientKey: item.clientKey } : {}),
      csrfToken: item.csrfToken,
      createdAt: item.createdAt,
      expiresAt: item.endsAt,
      // Sessions opened before the idle timeout existed count as seen at sign-in.
      lastSeenAt: item.lastSeenAt ?? item.createdAt,
      sourceIp: item.sourceIp,
    };
  }

  async touch(id: string, at: string): Promise<void> {
    try {
      await ddbClient().send(
        new UpdateCommand({
          TableName: this.tableName,
          Key: sessionKey(id),
          UpdateExpression: 'SET lastSeenAt = :at',
          // An update would otherwise create a bare item for a session signed out in the meantime.
          ConditionExpression: 'attribute_exists(pk)',
          ExpressionAttributeValues: { ':at': at },
        }),
      );
    } catch (err) {
      if ((err as Error).name !== 'ConditionalCheckFailedException') throw err;
    }
  }

  async delete(id: string): Promise<void> {
    await ddbClient().send(new DeleteCommand({ TableName: this.tableName, Key: sessionKey(id) }));
  }
}

export class DynamoPendingSignIns implements PendingSignInStore {
  constructor(
    private readonly tableName: string,
    private readonly now: () => Date = () => new Date(),
  ) {}

  async put(id: string, p: PendingSignIn): Promise<void> {
    const { expiresAt, ...rest } = p;
    await ddbClient().send(
      new PutCommand({
        TableName: this.tableName,
        Item: { ...pendingKey(id), kind: 'console-sign-in', ...rest, endsAt: expiresAt, expiresAt: ttl(expiresAt) },
        ConditionExpression: 'attribute_not_exists(pk)',
      }),
    );
  }

  async take(id: string): Promise<PendingSignIn | undefined> {
    const res = await ddbClient().send(new DeleteCommand({ TableName: this.tableName, Key: pendingKey(id), ReturnValues: 'ALL_OLD' }));
    const item = res.Attributes;
    if (!item || Date.parse(String(item.endsAt)) <= this.now().getTime()) return undefined;
    return { email: item.email, cognitoSession: item.cognitoSession, challenge: item.challenge, expiresAt: item.endsAt };
  }
}
