/**
 * Structured JSON logs (Powertools; level from LOG_LEVEL). Callers log ids and outcomes only: request bodies,
 * card data, passwords and hashes are never passed to the logger.
 */
import { Logger } from '@aws-lambda-powertools/logger';

export const logger = new Logger({ serviceName: 'payments' });
