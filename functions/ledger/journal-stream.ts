/**
 * Table stream consumer: journals the money each payment change moved and its fee (operations/ledger/journal-changes),
 * so the payment path writes nothing for the ledger. A failing batch throws: Lambda retries it (bisecting), and each
 * journal's derived id makes the retry write only what is missing.
 */
import type { DynamoDBStreamEvent } from 'aws-lambda';
import { feeSchedules, ledger, ledgerChanges } from '../../shared/composition/ledger.js';
import { journalChanges } from '../../shared/operations/ledger/journal-changes.js';
import { lambdaHandler } from '../../shared/middleware/handler.js';
import { clock } from '../../shared/composition/core.js';

export const handler = lambdaHandler(
  'ledger journal stream',
  async (event: DynamoDBStreamEvent): Promise<{ journals: number; written: number }> =>
    journalChanges(ledger(), feeSchedules(), ledgerChanges()(event.Records ?? []), clock()),
);
