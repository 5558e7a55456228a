/**
 * Structured JSON logs (Powertools; level from LOG_LEVEL). Callers log ids and outcomes only: request bodies,
 * card data, passwords and hashes are never passed to the logger.
 */
import { LogFormatter, LogItem, Logger } from '@aws-lambda-powertools/logger';
import type { LogAttributes, UnformattedAttributes } from '@aws-lambda-powertools/logger/types';

/**
 * Powertools' line without the keys every line of a function's log group repeats (its ARN and memory size, the
 * debug sampling rate): ~120 bytes of every line, and CloudWatch Logs is priced by the byte ingested.
 */
class PlatformLogFormatter extends LogFormatter {
  formatAttributes(attributes: UnformattedAttributes, additionalLogAttributes: LogAttributes): LogItem {
    return new LogItem({
      attributes: {
        level: attributes.logLevel,
        message: attributes.message,
        timestamp: this.formatTimestamp(attributes.timestamp),
        service: attributes.serviceName,
        cold_start: attributes.lambdaContext?.coldStart,
        function_name: attributes.lambdaContext?.functionName,
        function_request_id: attributes.lambdaContext?.awsRequestId,
        xray_trace_id: attributes.xRayTraceId,
      },
    }).addAttributes(additionalLogAttributes);
  }
}

export const logger = new Logger({ serviceName: 'payments', logFormatter: new PlatformLogFormatter() });
