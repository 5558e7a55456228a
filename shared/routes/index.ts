/**
 * The platform's route and event-source table. Each feature contributes its own list in its own file
 * so adding an endpoint touches one feature file, not this aggregator.
 */
import { s2sCardRoutes } from './s2s-card.js';
import { platformRoutes } from './platform.js';
import { callbackConsumers, callbackSchedules } from './callbacks.js';
import { checkoutRoutes } from './checkout.js';
import type { OpsEventDefinition, QueueConsumerDefinition, RouteDefinition, ScheduledDefinition } from './types.js';

export * from './types.js';

export const ROUTES: RouteDefinition[] = [...platformRoutes, ...s2sCardRoutes, ...checkoutRoutes];
export const QUEUE_CONSUMERS: QueueConsumerDefinition[] = [...callbackConsumers];
export const SCHEDULED: ScheduledDefinition[] = [...callbackSchedules];
export const OPS_EVENTS: OpsEventDefinition[] = [];
