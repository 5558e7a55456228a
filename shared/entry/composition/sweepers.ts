/** The sweepers' work lists and the health check's table status: one DynamoDB query each, nothing else. */
import { DynamoSealedCards } from '../../adapters/aws/dynamo-sealed-cards.js';
import { dueApmDeadlines } from '../../adapters/aws/dynamo-apm-deadlines.js';
import { tableStatus } from '../../adapters/aws/dynamo-table-health.js';
import type { SealedCards } from '../../ports/sealed-cards.js';
import type { ApmDeadlines } from '../../ports/apm-deadlines.js';
import type { TableHealth } from '../../ports/table-health.js';
import { config } from './core.js';
import { port } from './port.js';

/** Hosted-fields cards whose window passed (the SealedCardSweeper). */
export const sealedCards: () => SealedCards = /* @__PURE__ */ port(() => new DynamoSealedCards(config().TABLE_NAME));

/** APM payments whose QR or bank-transfer window passed. */
export const apmDeadlines = (): ApmDeadlines => ({
  dueBefore: (now: string, limit?: number) => dueApmDeadlines(config().TABLE_NAME, now, limit),
});

export const tableHealth = (): TableHealth => ({ status: () => tableStatus(config().TABLE_NAME) });
