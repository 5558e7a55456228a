/** Everything the callback operations work with: ports, clock and the delivery policy from the config. */
import type { Clock } from '../../ports/clock.js';
import type { RetryPolicy } from '../../protocol/callbacks/delivery-policy.js';
import type { PausePolicy } from '../../protocol/callbacks/url-pause.js';
import type { AddressPolicy, Resolver } from '../../lib/net/public-url.js';
import type { CallbackOutbox, CallbackQueueControl, DeliveryHandoff, DeliveryLog, UrlHealthStore } from '../../ports/callbacks.js';
import type { SigningSecrets } from './signing-secrets.js';

export interface CallbackContext {
  outbox: CallbackOutbox;
  log: DeliveryLog;
  urlHealth: UrlHealthStore;
  secrets: SigningSecrets;
  queue: CallbackQueueControl;
  /** The first attempt without the queue (Lambda's asynchronous invoke); undefined: everything goes through SQS. */
  handoff?: DeliveryHandoff;
  clock: Clock;
  newId: () => string;
  retry: RetryPolicy;
  pause: PausePolicy;
  timeoutMs: number;
  /** Which addresses callbacks may go to (SSRF guard). */
  addressPolicy: AddressPolicy;
  /** Host name → addresses; undefined: the system resolver. Tests inject answers. */
  resolve?: Resolver;
  /** How long a consumer owns a callback for one POST (timeout plus time to record the outcome). */
  leaseMs: number;
  sweepGraceSeconds: number;
  secretOverlapSeconds: number;
  /** Test-only crash hook (CALLBACK_CRASH_AT); a no-op in production. */
  crashPoint: (step: 'during-delivery' | 'after-send' | 'after-invoke') => void;
}

/** What an operation reading the callback context declares beside its ports (`Pick<Deps, …> & WithCallbacks`). */
export interface WithCallbacks {
  /** Callback delivery, replay and the outbox sweeper (docs/callbacks.md). */
  readonly callbacks: CallbackContext;
}
