/**
 * The risk store's management half (blocklists, thresholds, rules, BINs: the console and the CLI), apart from the
 * request path's adapter (dynamo-risk-store.ts), so the payment functions do not carry it.
 */
import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { RiskRule } from '../../domain/risk-rules.js';
import type { BlocklistEntry, BlocklistScope, BlocklistType, RiskAdmin, RiskSettings } from '../../ports/risk-store.js';
import type { Alongside } from '../../ports/transaction-items.js';
import { ddbClient } from './aws-clients.js';
import { DynamoRiskStore, entryOf, riskKeys, rulesOf, settingsOf } from './dynamo-risk-store.js';
import { queryAll } from './query-all.js';
import { withEntries, writeItem } from './transaction-items.js';

export class DynamoRiskAdmin extends DynamoRiskStore implements RiskAdmin {
  async addBlock(entry: BlocklistEntry, opts: Alongside = {}): Promise<void> {
    const put = {
      TableName: this.tableName,
      Item: { ...riskKeys.block(entry.scope, entry.type, entry.value), kind: 'risk-block', ...entry },
    };
    if (entry.type !== 'ip') {
      await writeItem(ddbClient(), { Put: put }, opts.alongside);
      return;
    }
    await ddbClient().send(
      new TransactWriteCommand({
        TransactItems: withEntries(
          [
            { Put: put },
            {
              Update: {
                ...this.rangesUpdate(entry.scope, 'ADD ranges :r SET kind = :k'),
                ExpressionAttributeValues: { ':r': new Set([entry.value]), ':k': 'risk-ip-ranges' },
              },
            },
          ],
          opts.alongside,
        ),
      }),
    );
    opts.alongside?.markStored();
  }

  private rangesUpdate(scope: BlocklistScope, expr: string) {
    return { TableName: this.tableName, Key: riskKeys.ipRanges(scope), UpdateExpression: expr };
  }

  async listBlocks(scope: BlocklistScope): Promise<BlocklistEntry[]> {
    const items = await queryAll({
      TableName: this.tableName,
      KeyConditionExpression: 'pk = :pk',
      ExpressionAttributeValues: { ':pk': `RISKLIST#${scope}` },
    });
    return items.filter((i) => i.kind === 'risk-block').map(entryOf);
  }

  async removeBlock(scope: BlocklistScope, type: BlocklistType, value: string, opts: Alongside = {}): Promise<boolean> {
    const del = { TableName: this.tableName, Key: riskKeys.block(scope, type, value), ConditionExpression: 'attribute_exists(pk)' };
    try {
      if (type !== 'ip') await writeItem(ddbClient(), { Delete: del }, opts.alongside);
      else {
        await ddbClient().send(
          new TransactWriteCommand({
            TransactItems: withEntries(
              [
                { Delete: del },
                { Update: { ...this.rangesUpdate(scope, 'DELETE ranges :r'), ExpressionAttributeValues: { ':r': new Set([value]) } } },
              ],
              opts.alongside,
            ),
          }),
        );
        opts.alongside?.markStored();
      }
      return true;
    } catch (err) {
      if (err instanceof ConditionalCheckFailedException) return false;
      if (err instanceof TransactionCanceledException && err.CancellationReasons?.[0]?.Code === 'ConditionalCheckFailed') return false;
      throw err;
    }
  }

  async settings(clientKey: string): Promise<RiskSettings> {
    const res = await ddbClient().send(
      new GetCommand({ TableName: this.tableName, Key: riskKeys.settings(clientKey), ConsistentRead: true }),
    );
    return settingsOf(res.Item);
  }

  async saveSettings(clientKey: string, settings: RiskSettings, opts: Alongside = {}): Promise<void> {
    await writeItem(
      ddbClient(),
      { Put: { TableName: this.tableName, Item: { ...riskKeys.settings(clientKey), kind: 'risk-settings', ...settings } } },
      opts.alongside,
    );
  }

  async saveBins(bins: { bin: string; country: string }[]): Promise<void> {
    // Ten writes at a time: an operator's import, not a request's path.
    for (let i = 0; i < bins.length; i += 10) {
      await Promise.all(
        bins.slice(i, i + 10).map((b) =>
          ddbClient().send(
            new PutCommand({
              TableName: this.tableName,
              Item: { ...riskKeys.bin(b.bin), kind: 'risk-bin', bin: b.bin, country: b.country },
            }),
          ),
        ),
      );
    }
  }

  async riskRules(clientKey: string): Promise<{ rules: RiskRule[]; updatedAt?: string }> {
    const res = await ddbClient().send(new GetCommand({ TableName: this.tableName, Key: riskKeys.rules(clientKey), ConsistentRead: true }));
    return { rules: rulesOf(res.Item), ...(typeof res.Item?.updatedAt === 'string' ? { updatedAt: res.Item.updatedAt } : {}) };
  }

  async saveRiskRules(clientKey: string, rules: RiskRule[], updatedAt: string, opts: Alongside = {}): Promise<void> {
    await writeItem(
      ddbClient(),
      { Put: { TableName: this.tableName, Item: { ...riskKeys.rules(clientKey), kind: 'risk-rules', rules, updatedAt } } },
      opts.alongside,
    );
  }
}
