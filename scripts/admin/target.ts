/**
 * Where the admin CLI acts: the running local platform (found through $LOCAL_DATA_DIR/platform.json), or a deployed
 * stage (--stage NAME, with the usual AWS credentials and region). Either way it sets the platform's configuration
 * and then uses the same adapters the handlers use.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { GetQueueUrlCommand, SQSClient } from '@aws-sdk/client-sqs';
import { getLauncherConfig, resetConfig } from '../../shared/lib/config.js';
import { resetAwsClients } from '../../shared/adapters/aws/aws-clients.js';
import { resetDeps } from '../../shared/entry/composition/deps.js';
import { QUEUES, TABLE, KMS_KEY, PURPOSE_KEYS, physicalName } from '../../shared/lib/resources.js';
import { stageKind } from '../../infra/stages.js';
import type { StageKind } from '../../shared/lib/config.js';

const kindEnv = (kind: StageKind) => ({ STAGE_KIND: kind, TEST_CLOCK: kind === 'sandbox' ? 'true' : 'false' });

export async function useTarget(stage: string | undefined): Promise<string> {
  if (stage) {
    // The SDK resolves region and credentials from the operator's usual AWS environment and profile.
    const sqs = new SQSClient({});
    const region = await sqs.config.region();
    const queue = await sqs.send(new GetQueueUrlCommand({ QueueName: physicalName(stage, QUEUES.callbacks.logicalName) }));
    Object.assign(process.env, {
      STAGE: stage,
      AWS_REGION: region,
      TABLE_NAME: physicalName(stage, TABLE.logicalName),
      KMS_KEY_ID: `alias/${stage}-${KMS_KEY.alias}`,
      CARD_DATA_KMS_KEY_ID: `alias/${stage}-${PURPOSE_KEYS['card-data'].alias}`,
      MERCHANT_SECRETS_KMS_KEY_ID: `alias/${stage}-${PURPOSE_KEYS['merchant-secrets'].alias}`,
      WALLET_KEYS_KMS_KEY_ID: `alias/${stage}-${PURPOSE_KEYS['wallet-keys'].alias}`,
      CALLBACK_QUEUE_URL: queue.QueueUrl!,
      PUBLIC_BASE_URL: 'https://admin.invalid',
      // A deployed stage's notification URLs are checked by its rules, whatever the operator's shell says.
      CALLBACK_ALLOW_LOOPBACK: 'false',
      // As deployed (infra/constructs/platform-function.ts): the stage's kind (STAGE_KIND=live|sandbox in the shell
      // for a stage other than prod, staging, dev, local), and only sandboxes have a test clock to move.
      ...kindEnv(stageKind(stage, process.env.STAGE_KIND || undefined)),
    });
    sqs.destroy();
  } else {
    const dataDir = resolve(getLauncherConfig().LOCAL_DATA_DIR);
    const file = join(dataDir, 'platform.json');
    if (!existsSync(file)) throw new Error(`No running local platform found (${file} is missing). Start it with: npm start`);
    const { env } = JSON.parse(readFileSync(file, 'utf8')) as { env: Record<string, string> };
    Object.assign(process.env, env, { LOG_LEVEL: 'ERROR' });
  }
  resetConfig();
  resetAwsClients();
  resetDeps();
  return stage ?? 'local';
}
