/**
 * Options every SDK client of the platform is built with (aws-clients.ts), chosen for the node CPU each call costs.
 * Nothing here changes what is sent to AWS or what is checked in its answers.
 */
import type { DynamoDBClientConfig } from '@aws-sdk/client-dynamodb';

type Logger = NonNullable<DynamoDBClientConfig['logger']>;

const ignore = () => undefined;

/**
 * The SDK's default logger discards everything, yet its logger middleware first copies every call's input and
 * output through the operation's schema (to mask sensitive members) and hands the copies to `logger.info`. It
 * calls `logger?.info?.(…)`, so a logger without `info` skips the copies (~0.05 ms per call); the rest is the
 * no-op logger the SDK would use. Errors and warnings are discarded as the default does.
 */
const withoutInfo = { debug: ignore, warn: ignore, error: ignore, trace: ignore } as unknown as Logger;

export function sdkClientOptions(): { logger: Logger } {
  return { logger: withoutInfo };
}
