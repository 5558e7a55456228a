/**
 * TEST ONLY, run as a child process by crash.test.ts (`tsx crash-platform.ts <mode> <json>`), so that the test can
 * kill the platform at a step of the callback path and start it again.
 *
 * start  {prefix, endpoints, extraEnv, directHandoff}: startPlatform() — gateway, pollers, resources, the stand-in for
 *        Lambda's asynchronous invoke (directHandoff false: callbacks go through the queue). With CALLBACK_CRASH_AT in
 *        extraEnv the process SIGKILLs itself at that step (shared/adapters/aws/crash-point.ts).
 * resume {env}: the platform's asynchronous side on the same resources after the crash — the SQS consumer poller
 *        and the outbox sweeper (every 300 ms), as fresh Lambda containers would run them. (startPlatform itself
 *        cannot run twice on one moto: it creates the KMS alias again.)
 *
 * Prints one line "CRASH_PLATFORM_READY <json>" once it is up.
 */
import { SQSClient, GetQueueAttributesCommand } from '@aws-sdk/client-sqs';
import { startPlatform } from '../../../scripts/local/platform.js';
import { pollQueue, runEvery } from '../../../scripts/local/pollers.js';
import { callbackConsumers, callbackSchedules } from '../../../shared/entry/routes/callbacks.js';
import { resetConfig } from '../../../shared/lib/config.js';
import { resetAwsClients } from '../../../shared/adapters/aws/aws-clients.js';
import { resetDeps } from '../../../shared/entry/composition/deps.js';

const [mode, json] = process.argv.slice(2);
const input = JSON.parse(json ?? '{}');

function ready(info: Record<string, unknown>): void {
  process.stdout.write(`CRASH_PLATFORM_READY ${JSON.stringify(info)}\n`);
}

if (mode === 'start') {
  // 1 s polls: this process is killed mid-poll and the resumed one polls the same queues (platform.ts queueWaitSeconds).
  const platform = await startPlatform({
    port: 0,
    prefix: input.prefix,
    endpoints: input.endpoints,
    schedules: 'manual',
    extraEnv: input.extraEnv,
    queueWaitSeconds: 1,
    directHandoff: input.directHandoff !== false,
    // One process plays both sides: the handed-over event must not reach its claim before the caller dies on the 202.
    ...(input.extraEnv?.CALLBACK_CRASH_AT === 'after-invoke' ? { asyncStartDelayMs: 2000 } : {}),
  });
  ready({ url: platform.url, env: platform.env, resources: platform.resources });
} else if (mode === 'resume') {
  const env = input.env as Record<string, string>;
  Object.assign(process.env, env);
  resetConfig();
  resetAwsClients();
  resetDeps();
  const sqs = new SQSClient({
    region: env.AWS_REGION,
    endpoint: env.AWS_ENDPOINT_URL,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    useQueueUrlAsEndpoint: false,
  });
  for (const c of callbackConsumers) {
    const queueUrl = input.queueUrls[c.queue] as string;
    const arn = (await sqs.send(new GetQueueAttributesCommand({ QueueUrl: queueUrl, AttributeNames: ['QueueArn'] }))).Attributes!.QueueArn!;
    pollQueue({ sqs, queueUrl, queueArn: arn, handler: c.handler, functionName: c.id, batchSize: c.batchSize });
  }
  for (const s of callbackSchedules) runEvery({ handler: s.handler, functionName: s.id, everyMs: 300 });
  ready({ resumed: true });
} else {
  console.error('usage: crash-platform.ts start|resume <json>');
  process.exit(2);
}
