import { DynamoScheduleStore } from '../../adapters/aws/dynamo-schedules.js';
import type { ScheduleStore } from '../../ports/schedules.js';
import { config } from './core.js';
import { port } from './port.js';

export const schedules: () => ScheduleStore = /* @__PURE__ */ port(() => new DynamoScheduleStore(config().TABLE_NAME));
