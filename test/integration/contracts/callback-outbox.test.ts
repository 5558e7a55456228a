/**
 * The CallbackOutbox contract (test/contracts/callback-outbox.contract.ts) on the DynamoDB adapters: the payment
 * store records the callbacks, the outbox adapter leases and finishes them, in a table no platform poller watches.
 */
import { DynamoPaymentStore } from '../../../shared/adapters/aws/dynamo-payment-store.js';
import { DynamoCallbackOutbox } from '../../../shared/adapters/aws/dynamo-callback-outbox.js';
import { callbackOutboxContract } from '../../contracts/callback-outbox.contract.js';
import { usePlatform } from '../../support/platform.js';
import { useQuietTable } from '../../support/quiet-table.js';

const platform = usePlatform();
const quiet = useQuietTable(platform);

callbackOutboxContract(() => ({
  payments: new DynamoPaymentStore(quiet.tableName()),
  outbox: new DynamoCallbackOutbox(quiet.tableName()),
}));
