/**
 * Counts KMS calls that failed after the SDK's retries as the KmsErrors metric (the kms-errors alarm,
 * docs/operations.md): a disabled key, a policy change or KMS throttling stops card sealing and secrets for every
 * payment, and shows here before merchants call. Through the SDK's public middleware stack.
 */
import type { KMSClient } from '@aws-sdk/client-kms';
import { noteMetric } from '../../lib/telemetry.js';

export function countKmsErrors<C extends KMSClient>(client: C): C {
  client.middlewareStack.add(
    (next) => async (args) => {
      try {
        return await next(args);
      } catch (err) {
        noteMetric('KmsErrors', 1);
        throw err;
      }
    },
    // initialize: outside the retry middleware, so one failed call counts once whatever its attempts.
    { step: 'initialize', name: 'countKmsErrors' },
  );
  return client;
}
