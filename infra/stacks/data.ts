/** Data: the payments KMS key, one KMS key per secret purpose, and the single table (shared/lib/resources.ts). */
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { KEY_PURPOSES, KMS_KEY, TABLE, physicalName, type KeyPurpose } from '../../shared/lib/resources.js';
import { PurposeKey } from '../constructs/purpose-key.js';
import type { StageSettings } from '../stages.js';
import type { TableCapacity } from '../table-capacity.js';

export interface DataProps {
  settings: StageSettings;
}

export class Data extends Construct {
  readonly key: kms.Key;
  /** Wrap the data keys of card data, merchant secrets and wallet keys (shared/lib/resources.ts PURPOSE_KEYS). */
  readonly purposeKeys: Record<KeyPurpose, kms.Key>;
  readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const { settings } = props;

    this.key = new kms.Key(this, 'Key', {
      alias: physicalName(settings.stage, KMS_KEY.alias),
      description: `${settings.stage} payments: table and queue encryption (and the legacy data key)`,
      enableKeyRotation: true,
      removalPolicy: settings.removalPolicy,
    });

    const purposeKeys = {} as Record<KeyPurpose, kms.Key>;
    for (const purpose of KEY_PURPOSES) purposeKeys[purpose] = new PurposeKey(this, `${purpose}Key`, { settings, purpose }).key;
    this.purposeKeys = purposeKeys;

    const str = dynamodb.AttributeType.STRING;
    this.table = new dynamodb.TableV2(this, 'Table', {
      tableName: physicalName(settings.stage, TABLE.logicalName),
      partitionKey: { name: TABLE.partitionKey, type: str },
      sortKey: { name: TABLE.sortKey, type: str },
      globalSecondaryIndexes: TABLE.gsis.map((gsi) => ({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: str },
        sortKey: { name: gsi.sortKey, type: str },
        ...(gsi.projection.type === 'INCLUDE'
          ? { projectionType: dynamodb.ProjectionType.INCLUDE, nonKeyAttributes: [...gsi.projection.attributes] }
          : { projectionType: dynamodb.ProjectionType[gsi.projection.type] }),
      })),
      timeToLiveAttribute: TABLE.ttlAttribute,
      dynamoStream: dynamodb.StreamViewType[TABLE.stream],
      billing: billingOf(settings.tableCapacity),
      encryption: dynamodb.TableEncryptionV2.customerManagedKey(this.key),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: settings.pointInTimeRecovery },
      deletionProtection: settings.deletionProtection,
      removalPolicy: settings.removalPolicy,
    });
  }
}

/** The indexes inherit the table's capacity settings; each scales on its own within them. */
function billingOf(capacity: TableCapacity): dynamodb.Billing {
  if (capacity.mode === 'on-demand') return dynamodb.Billing.onDemand();
  const scaled = (range: { min: number; max: number; seed?: number }) =>
    dynamodb.Capacity.autoscaled({
      minCapacity: range.min,
      maxCapacity: range.max,
      targetUtilizationPercent: capacity.targetUtilizationPercent,
      ...(range.seed ? { seedCapacity: range.seed } : {}),
    });
  return dynamodb.Billing.provisioned({ readCapacity: scaled(capacity.reads), writeCapacity: scaled(capacity.writes) });
}
