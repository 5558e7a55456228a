/**
 * The platform's route and event-source table. Each feature contributes its own list in its own file
 * so adding an endpoint touches one feature file, not this aggregator.
 */
import { s2sCardRoutes } from './s2s-card.js';
import { s2sApmRoutes } from './s2s-apm.js';
import { providerOpsEvents, providerRoutes, providerSchedules } from './providers.js';
import { platformRoutes } from './platform.js';
import { callbackConsumers, callbackSchedules, callbackStreams } from './callbacks.js';
import { checkoutRoutes } from './checkout.js';
import { hostedFieldsRoutes, hostedFieldsSchedules } from './hosted-fields.js';
import { scheduleConsumers, scheduleOpsEvents, scheduleSchedules } from './schedules.js';
import { reconciliationSchedules } from './reconciliation.js';
import { chargebackOpsEvents } from './chargebacks.js';
import { consoleRoutes } from './console.js';
import { merchantApiRoutes } from './merchant-api.js';
import { ledgerSchedules } from './ledger.js';
import { paymentChangeStreams } from './payment-changes.js';
import type {
  OpsEventDefinition,
  QueueConsumerDefinition,
  RouteDefinition,
  ScheduledDefinition,
  StreamConsumerDefinition,
} from './types.js';

export * from './types.js';
export { routesForStage } from './stage-routes.js';

export const ROUTES: RouteDefinition[] = [
  ...platformRoutes,
  ...s2sCardRoutes,
  ...s2sApmRoutes,
  ...providerRoutes,
  ...checkoutRoutes,
  ...hostedFieldsRoutes,
  ...consoleRoutes,
  ...merchantApiRoutes,
];
export const QUEUE_CONSUMERS: QueueConsumerDefinition[] = [...callbackConsumers, ...scheduleConsumers];
export const SCHEDULED: ScheduledDefinition[] = [
  ...providerSchedules,
  ...callbackSchedules,
  ...scheduleSchedules,
  ...reconciliationSchedules,
  ...hostedFieldsSchedules,
  ...ledgerSchedules,
];
export const OPS_EVENTS: OpsEventDefinition[] = [...scheduleOpsEvents, ...chargebackOpsEvents, ...providerOpsEvents];
export const STREAM_CONSUMERS: StreamConsumerDefinition[] = [...callbackStreams, ...paymentChangeStreams];
