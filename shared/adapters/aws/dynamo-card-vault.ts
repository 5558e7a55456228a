/**
 * CardVault on the payments table. Only the sealed PAN (KMS envelope, context "<kind>#<id>#<client_key>") is stored,
 * with the masked parts beside it; a sealed PAN copied to another entry or merchant does not open.
 */
import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { CardVault, VaultEntry, VaultKind } from '../../ports/card-vault.js';
import type { SecretBox } from '../../ports/secret-box.js';
import { ddbClient } from './aws-clients.js';

/** Vault item keys (kept beside the adapter: no other code reads these items). */
const vaultKey = (kind: VaultKind, id: string) => ({ pk: `VAULT#${kind}#${id}`, sk: 'CARD' });
const sealContext = (kind: VaultKind, id: string, clientKey: string) => `${kind}#${id}#${clientKey}`;

interface VaultItem {
  clientKey: string;
  sealedPan: string;
  bin: string;
  last4: string;
  expMonth: string;
  expYear: string;
  holder?: string;
  meta: Record<string, string | undefined>;
  createdAt: string;
}

export class DynamoCardVault implements CardVault {
  constructor(
    private readonly tableName: string,
    private readonly secrets: SecretBox,
  ) {}

  async put(entry: VaultEntry, ttlSeconds?: number): Promise<void> {
    const item: VaultItem & Record<string, unknown> = {
      kind: 'vault', // a plain member first: payment-item.ts
      ...vaultKey(entry.kind, entry.id),
      clientKey: entry.clientKey,
      sealedPan: await this.secrets.seal(entry.card.number, sealContext(entry.kind, entry.id, entry.clientKey)),
      bin: entry.card.number.slice(0, 6),
      last4: entry.card.number.slice(-4),
      expMonth: entry.card.expMonth,
      expYear: entry.card.expYear,
      holder: entry.card.holder,
      meta: entry.meta,
      createdAt: entry.createdAt,
      ...(ttlSeconds ? { expiresAt: Math.floor(Date.parse(entry.createdAt) / 1000) + ttlSeconds } : {}),
    };
    await ddbClient().send(new PutCommand({ TableName: this.tableName, Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
  }

  async get(kind: VaultKind, id: string, clientKey: string): Promise<VaultEntry | undefined> {
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: vaultKey(kind, id), ConsistentRead: true }));
    const item = res.Item as (VaultItem & { expiresAt?: number }) | undefined;
    if (!item || item.clientKey !== clientKey) return undefined;
    if (item.expiresAt && item.expiresAt * 1000 < Date.now()) return undefined; // TTL deletion is lazy
    const number = await this.secrets.open(item.sealedPan, sealContext(kind, id, clientKey));
    return {
      kind,
      id,
      clientKey,
      card: { number, expMonth: item.expMonth, expYear: item.expYear, holder: item.holder },
      meta: item.meta ?? {},
      createdAt: item.createdAt,
    };
  }
}
