/**
 * Options every SDK client of the platform is built with (aws-clients.ts, the local platform's own clients), all
 * public configuration of the SDK: an HTTP handler that keeps connections alive and gives up on a stalled one, and
 * the SDK's standard retries.
 */
import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { NodeHttpHandler } from '@smithy/node-http-handler';

/** Establishing a connection: AWS answers within milliseconds; a connect that takes longer is retried. */
const CONNECTION_TIMEOUT_MS = 1_000;
/** No byte for this long on an open request: the SDK's retry strategy sends it again (the writes are conditional). */
const REQUEST_TIMEOUT_MS = 5_000;
/** The SDK's standard mode: the first attempt and two retries, with jittered backoff. */
export const SDK_MAX_ATTEMPTS = 3;

export interface SdkClientOptions {
  requestHandler: NodeHttpHandler;
  maxAttempts: number;
}

/** A new handler per client: each client's `destroy()` closes its own sockets. */
export function sdkClientOptions(): SdkClientOptions {
  return {
    requestHandler: new NodeHttpHandler({
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      requestTimeout: REQUEST_TIMEOUT_MS,
      // Locally the emulators speak plain HTTP; on AWS every endpoint is HTTPS.
      httpAgent: new HttpAgent({ keepAlive: true, maxSockets: 50 }),
      httpsAgent: new HttpsAgent({ keepAlive: true, maxSockets: 50 }),
    }),
    maxAttempts: SDK_MAX_ATTEMPTS,
  };
}
