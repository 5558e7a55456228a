/**
 * Route and event-source tables: defined once, read by the CDK api/async stacks and by the local gateway and pollers.
 * `handler` is a module path relative to the repository root, without extension; it exports `handler`.
 */
import type { KeyPurpose, QueueKey } from '../../lib/resources.js';
import type { LazyModule } from '../../lib/wallets/lazy-module.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT';

export interface RouteDefinition {
  /** Stable id: names the Lambda function ("S2sCardPost"). */
  id: string;
  method: HttpMethod;
  /** API Gateway HTTP API path; `{name}` segments become pathParameters. */
  path: string;
  handler: string;
  /** Resources this function may touch; the CDK stack grants exactly these. */
  grants: Grant[];
  memoryMb?: number;
  timeoutSeconds?: number;
  /** Repository files copied next to the function's bundle (read at run time by their base name). */
  bundleFiles?: string[];
  /** Modules bundled on their own beside the function's bundle, imported when first needed (wallets/lazy-module.ts). */
  lazyModules?: LazyModule[];
  /** Deployed only in sandbox stages (infra/stages.ts `sandbox`) and locally: demo pages, never in production. */
  sandboxOnly?: boolean;
  /** What the API reference says about the route (scripts/openapi reads it; nothing at run time does). */
  doc?: RouteDoc;
}

/** A route in the API reference (docs/openapi.json): written here once, beside the route it describes. */
export interface RouteDoc {
  tag: 'S2S CARD' | 'S2S APM' | 'Checkout' | 'Hosted fields' | 'Merchant API' | 'Payer pages' | 'Platform' | 'Providers' | 'Console';
  summary: string;
  auth: RouteAuth;
  /**
   * Media types of the success answer (where not an HTML page) and of the request body (POST, PUT; where not a form
   * the page submits). Page, console, provider and platform routes only: the protocol's and the merchant API's
   * operations take theirs from the bodies and answers they declare.
   */
  answers?: string;
  sends?: string;
}

/** How the caller of a route proves who it is (its security requirement in the reference, scripts/openapi/security.ts). */
export type RouteAuth =
  /** `hash` inside the body, computed with the merchant's password (client_key or merchant_key names the merchant). */
  | 'protocol-hash'
  /** The merchant API's bearer key or signed headers (docs/merchant-api.md). */
  | 'merchant-api'
  /** The hosted-fields session Token header. */
  | 'session-token'
  /** The console's session cookie, with its CSRF token on POST and PUT; `console-optional`: answers without one too. */
  | 'console'
  | 'console-optional'
  /** Console sign-in: answers the session to valid credentials. */
  | 'sign-in'
  /** A provider's signature: X-Provider-Signature, Checkout.com's Cko-Signature, or Adyen's HMAC in each item. */
  | 'provider-signature'
  | 'cko-signature'
  | 'adyen-hmac'
  /** A payer page: the unguessable id in its link is the credential. */
  | 'payer-link'
  /** Code or documentation, no data. */
  | 'public';

/**
 * `kms:decrypt:<purpose>` opens that purpose's secrets (unwraps its data keys); `kms:encrypt:<purpose>` seals them
 * (unwraps the active data key and may create the next one). There is no grant for all purposes.
 */
export type Grant =
  | 'table:read'
  | 'table:write'
  | `kms:decrypt:${KeyPurpose}`
  | `kms:encrypt:${KeyPurpose}`
  | `queue:send:${QueueKey}`
  /** Receive, delete and release messages of that queue's dead-letter queue (replaying every failed callback). */
  | `queue:redrive:${QueueKey}`
  /** The console's Cognito user pool, each function only the calls it makes: signing in (admin auth, TOTP enrolment), */
  | 'cognito:sign-in'
  /** creating users (invitations: AdminCreateUser), */
  | 'cognito:invite'
  /** disabling and enabling users. */
  | 'cognito:access'
  /** Create one-time schedules in the APM deadline group, passing only its scheduler role (docs/s2s-apm.md "Timers"). */
  | 'scheduler:create:apm-deadlines'
  /** Invoke the callback delivery function asynchronously (the outbox consumer's direct handoff), that function only. */
  | 'function:invoke:CallbackDeliver';

export interface QueueConsumerDefinition {
  id: string;
  queue: QueueKey;
  handler: string;
  batchSize: number;
  /**
   * Also invoked asynchronously (Lambda's own event queue): the EventInvokeConfig's retries and event age; a failed
   * event goes to this consumer's queue (its on-failure destination), which must read Lambda's destination record.
   */
  asyncInvoke?: { retryAttempts: 0 | 1 | 2; maximumEventAgeSeconds: number };
  /**
   * How long Lambda gathers messages before invoking with fewer than batchSize (MaximumBatchingWindowInSeconds):
   * fewer invocations and fewer receive/delete requests for a delay of at most this. 0 by default.
   */
  batchingWindowSeconds?: number;
  grants: Grant[];
  timeoutSeconds?: number;
}

/** A function fed by the table's stream (Lambda event-source mapping; locally scripts/local/stream-poller.ts). */
export interface StreamConsumerDefinition {
  id: string;
  handler: string;
  batchSize: number;
  /** Only INSERTs of items of these kinds invoke it (event filtering: the other writes cost nothing). */
  insertedKinds: string[];
  /** And MODIFYs of items of these kinds (with the old image: the table's stream carries both). */
  modifiedKinds?: string[];
  /**
   * A tumbling window (seconds): the only way Lambda tells a stream consumer which shard its batch came from
   * (`shardId` in the event), which a per-shard idempotency check needs. The handler answers `{ state }`.
   */
  windowSeconds?: number;
  /**
   * How long Lambda gathers records before invoking with fewer than batchSize (MaximumBatchingWindowInSeconds, at most
   * 300): a consumer whose work is per batch, not per record, pays for fewer invocations and writes at low volume.
   */
  batchingWindowSeconds?: number;
  /** Batches still failing after the retries (and bisection) are described on a queue of their own, not dropped silently. */
  failureQueue?: boolean;
  grants: Grant[];
}

export interface ScheduledDefinition {
  id: string;
  /** Minutes between runs (EventBridge rate expression). */
  everyMinutes: number;
  handler: string;
  grants: Grant[];
  /** A run that watches for most of its minute needs more than the stage's default timeout. */
  timeoutSeconds?: number;
  /** Locally, the pollers run it this often instead (a deployed run that watches within its minute is one pass here). */
  localEverySeconds?: number;
}

export interface OpsEventDefinition {
  id: string;
  /** detail-type values of source "payments.ops" events this handler takes. */
  detailTypes: string[];
  handler: string;
  grants: Grant[];
  timeoutSeconds?: number;
}

/** A page the payer's browser loads (HTML, a form it submits). */
export const payerPage = (summary: string): RouteDoc => ({ tag: 'Payer pages', summary, auth: 'payer-link' });
