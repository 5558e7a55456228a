/**
 * Wallet settings on the payments table, beside the merchant profile (pk MERCHANT#<client_key>, sk WALLET#<wallet>);
 * the merchant directory's Query reads only PROFILE and MID# items, so these never enter the cached merchant.
 * Writes are conditional on version. The private key is stored only sealed.
 */
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { WalletConfig, WalletConfigStore } from '../../ports/wallet-config.js';
import type { Alongside } from '../../ports/transaction-items.js';
import type { WalletName } from '../../lib/wallets/types.js';
import { ddbClient } from './aws-clients.js';
import { versionedPut } from './versioned-put.js';
import { keys } from './table-keys.js';

const walletKey = (clientKey: string, wallet: WalletName) => ({ pk: keys.merchant(clientKey).pk, sk: `WALLET#${wallet}` });

const OPTIONAL: (keyof WalletConfig)[] = [
  'merchantIdentifier',
  'country',
  'shopName',
  'merchantCapabilities',
  'supportedNetworks',
  'allowedAuthMethods',
  'certificatePem',
  'identityKeySealed',
];

function fromItem(item: Record<string, unknown>): WalletConfig {
  const { clientKey, wallet, environment, privateKeySealed, publicKeyHash, updatedAt, version } = item as unknown as WalletConfig;
  const optional = Object.fromEntries(OPTIONAL.filter((k) => item[k] !== undefined).map((k) => [k, item[k]]));
  return { clientKey, wallet, environment, ...optional, privateKeySealed, publicKeyHash, updatedAt, version };
}

export class DynamoWalletConfigStore implements WalletConfigStore {
  constructor(private readonly tableName: string) {}

  async get(clientKey: string, wallet: WalletName): Promise<WalletConfig | undefined> {
    const res = await ddbClient().send(
      new GetCommand({ TableName: this.tableName, Key: walletKey(clientKey, wallet), ConsistentRead: true }),
    );
    return res.Item ? fromItem(res.Item) : undefined;
  }

  async list(clientKey: string): Promise<WalletConfig[]> {
    const res = await ddbClient().send(
      new QueryCommand({
        TableName: this.tableName,
        KeyConditionExpression: 'pk = :pk AND begins_with(sk, :w)',
        ExpressionAttributeValues: { ':pk': keys.merchant(clientKey).pk, ':w': 'WALLET#' },
        ConsistentRead: true,
      }),
    );
    return (res.Items ?? []).map(fromItem);
  }

  async put(config: WalletConfig, expectedVersion: number, opts: Alongside = {}): Promise<boolean> {
    return versionedPut(
      this.tableName,
      { ...walletKey(config.clientKey, config.wallet), kind: 'wallet-config', ...config, version: expectedVersion + 1 },
      expectedVersion,
      opts.alongside,
    );
  }
}
