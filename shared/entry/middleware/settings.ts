/**
 * The telemetry settings from the config. A middleware must not fail where the handler would not: with an invalid
 * configuration telemetry is off and the handler's own deps() call reports the problem.
 */
import { getConfig } from '../../lib/config.js';

export interface TelemetrySettings {
  metrics: boolean;
}

export function telemetrySettings(): TelemetrySettings {
  try {
    return { metrics: getConfig().METRICS_ENABLED };
  } catch {
    return { metrics: false };
  }
}
