/** Data: the payments KMS key and the single table (shared/resources.ts TABLE). */
import * as dynamodb from 'aws-cdk-lib/aws-dynamodb';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { KMS_KEY, TABLE, physicalName } from '../../shared/resources.js';
import type { StageSettings } from '../stages.js';

export interface DataProps {
  settings: StageSettings;
}

export class Data extends Construct {
  readonly key: kms.Key;
  readonly table: dynamodb.TableV2;

  constructor(scope: Construct, id: string, props: DataProps) {
    super(scope, id);
    const { settings } = props;

    this.key = new kms.Key(this, 'Key', {
      alias: physicalName(settings.stage, KMS_KEY.alias),
      description: `${settings.stage} payments: table and queue encryption, wraps card-vault and merchant data keys`,
      enableKeyRotation: true,
      removalPolicy: settings.removalPolicy,
    });

    const str = dynamodb.AttributeType.STRING;
    this.table = new dynamodb.TableV2(this, 'Table', {
      tableName: physicalName(settings.stage, TABLE.logicalName),
      partitionKey: { name: TABLE.partitionKey, type: str },
      sortKey: { name: TABLE.sortKey, type: str },
      globalSecondaryIndexes: TABLE.gsis.map((gsi) => ({
        indexName: gsi.indexName,
        partitionKey: { name: gsi.partitionKey, type: str },
        sortKey: { name: gsi.sortKey, type: str },
      })),
      timeToLiveAttribute: TABLE.ttlAttribute,
      billing: dynamodb.Billing.onDemand(),
      encryption: dynamodb.TableEncryptionV2.customerManagedKey(this.key),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: settings.pointInTimeRecovery },
      deletionProtection: settings.deletionProtection,
      removalPolicy: settings.removalPolicy,
    });
  }
}
