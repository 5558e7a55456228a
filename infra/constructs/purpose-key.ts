/**
 * A KMS key for one purpose (card-data, merchant-secrets, wallet-keys) with an explicit key policy: the account
 * administers it, and IAM policies may use it only with that purpose in the encryption context. Functions get use
 * through their grants (PlatformFunction), never through kms:*; rotation is on.
 */
import * as iam from 'aws-cdk-lib/aws-iam';
import * as kms from 'aws-cdk-lib/aws-kms';
import { Construct } from 'constructs';
import { PURPOSE_KEYS, type KeyPurpose, physicalName } from '../../shared/lib/resources.js';
import type { StageSettings } from '../stages.js';

/** AWS's "key administrators" set: manage, rotate, schedule deletion — no Encrypt/Decrypt/GenerateDataKey. */
export const KEY_ADMIN_ACTIONS = [
  'kms:Create*',
  'kms:Describe*',
  'kms:Enable*',
  'kms:List*',
  'kms:Put*',
  'kms:Update*',
  'kms:Revoke*',
  'kms:Disable*',
  'kms:Get*',
  'kms:Delete*',
  'kms:TagResource',
  'kms:UntagResource',
  'kms:ScheduleKeyDeletion',
  'kms:CancelKeyDeletion',
  'kms:RotateKeyOnDemand',
];

/** What the platform does with a purpose key: unwrap data keys, generate new ones; Encrypt for the migration. */
export const KEY_USE_ACTIONS = ['kms:Decrypt', 'kms:Encrypt', 'kms:GenerateDataKey'];

export interface PurposeKeyProps {
  settings: StageSettings;
  purpose: KeyPurpose;
}

export class PurposeKey extends Construct {
  readonly key: kms.Key;

  constructor(scope: Construct, id: string, props: PurposeKeyProps) {
    super(scope, id);
    const { settings, purpose } = props;
    const account = new iam.AccountRootPrincipal();
    const policy = new iam.PolicyDocument({
      statements: [
        new iam.PolicyStatement({ sid: 'KeyAdministration', principals: [account], actions: KEY_ADMIN_ACTIONS, resources: ['*'] }),
        // Use is delegated to IAM policies of this account (the function roles' grants, an operator running the
        // legacy migration), and only for this purpose.
        new iam.PolicyStatement({
          sid: 'UseForThisPurposeThroughIam',
          principals: [account],
          actions: KEY_USE_ACTIONS,
          resources: ['*'],
          conditions: { StringEquals: { 'kms:EncryptionContext:purpose': purpose } },
        }),
        new iam.PolicyStatement({ sid: 'DescribeThroughIam', principals: [account], actions: ['kms:DescribeKey'], resources: ['*'] }),
      ],
    });
    this.key = new kms.Key(this, 'Key', {
      alias: physicalName(settings.stage, PURPOSE_KEYS[purpose].alias),
      description: `${settings.stage} payments ${purpose}: wraps the data keys of ${PURPOSE_KEYS[purpose].description}`,
      enableKeyRotation: true,
      policy,
      removalPolicy: settings.removalPolicy,
    });
  }
}
