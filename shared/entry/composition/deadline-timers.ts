/** One-time wake-ups for APM deadlines (QR lifetime, bank window) on EventBridge Scheduler; locally the sweeper's poller alone. */
import { schedulerDeadlineTimers } from '../../adapters/aws/scheduler-client.js';
import { newDeadlines } from '../../adapters/aws/stream-deadlines.js';
import { pollerOnlyTimers, type DeadlineTimers, type NewDeadlineDecoder } from '../../ports/deadline-timers.js';
import { config } from './core.js';
import { port } from './port.js';

export const deadlineTimers: () => DeadlineTimers = /* @__PURE__ */ port(() => schedulerDeadlineTimers(config()) ?? pollerOnlyTimers);

/** How the stream consumer that arms them reads the deadlines a batch created (adapters/aws/stream-deadlines.ts). */
export const deadlineChanges: () => NewDeadlineDecoder = () => newDeadlines;
