/**
 * The CardVault port (shared/ports/card-vault.ts) in memory, with the DynamoDB adapter's rules
 * (shared/adapters/aws/dynamo-card-vault.ts), held to it by test/contracts/card-vault.contract.ts: an entry is written
 * once (a second put of the same kind and id is refused), read only by its own merchant, and not read after its
 * time-to-live. The card stays in this process's memory only, as the adapter's opened PAN does.
 */
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { CardVault, VaultEntry, VaultKind } from '../../shared/ports/card-vault.js';

export class MemoryCardVault implements CardVault {
  private readonly entries = new Map<string, { entry: VaultEntry; expiresAt?: number }>();

  constructor(private readonly now: () => Date = () => new Date()) {}

  async put(entry: VaultEntry, ttlSeconds?: number): Promise<void> {
    const key = `${entry.kind}#${entry.id}`;
    if (this.entries.has(key)) throw new ConditionalCheckFailedException({ message: 'The conditional request failed', $metadata: {} });
    // Whole seconds from the entry's creation, as the adapter's TTL attribute.
    const expiresAt = ttlSeconds ? (Math.floor(Date.parse(entry.createdAt) / 1000) + ttlSeconds) * 1000 : undefined;
    this.entries.set(key, { entry: structuredClone(entry), expiresAt });
  }

  async get(kind: VaultKind, id: string, clientKey: string): Promise<VaultEntry | undefined> {
    const found = this.entries.get(`${kind}#${id}`);
    if (!found || found.entry.clientKey !== clientKey) return undefined;
    if (found.expiresAt !== undefined && found.expiresAt < this.now().getTime()) return undefined;
    return structuredClone(found.entry);
  }
}
