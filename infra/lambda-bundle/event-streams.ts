/**
 * Lambda bundles use this module in place of @smithy/core/event-streams (LAMBDA_BUNDLING's alias in
 * infra/constructs/platform-function.ts). The SDK's protocols import event streams on demand, and esbuild inlines
 * that import (~15 KiB in every function); none of the operations the platform calls (DynamoDB, KMS, SQS, Scheduler,
 * Cognito) streams events, so reaching this is a bundling mistake, said at once.
 */
function notBundled(): never {
  throw new Error('Event streams are not in Lambda bundles (infra/lambda-bundle/event-streams.ts): no platform call streams events.');
}

export class EventStreamSerde {
  constructor() {
    notBundled();
  }
}

export const eventStreamSerdeProvider = notBundled;
