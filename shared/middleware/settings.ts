/**
 * The telemetry settings from the config. A middleware must not fail where the handler would not: with an invalid
 * configuration telemetry is off and the handler's own deps() call reports the problem.
 */
import { getConfig } from '../config.js';

export interface TelemetrySettings {
  metrics: boolean;
  traceSampleRate: number;
}

export function telemetrySettings(): TelemetrySettings {
  try {
    const c = getConfig();
    return { metrics: c.METRICS_ENABLED, traceSampleRate: c.TRACE_SAMPLE_RATE };
  } catch {
    return { metrics: false, traceSampleRate: 0 };
  }
}
