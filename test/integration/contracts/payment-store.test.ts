/**
 * The PaymentStore contract (test/contracts/payment-store.contract.ts) on the DynamoDB adapter in DynamoDB Local,
 * built as the composition builds it (shared/entry/composition/payments.ts: trans ids derived under the sealed secret)
 * but reading the contract's clock.
 */
import { DynamoPaymentStore } from '../../../shared/adapters/aws/dynamo-payment-store.js';
import { DynamoPaymentIds } from '../../../shared/adapters/aws/dynamo-payment-ids.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { paymentStoreContract } from '../../contracts/payment-store.contract.js';
import { usePlatform } from '../../support/platform.js';
import { useQuietTable } from '../../support/quiet-table.js';

const platform = usePlatform();
const quiet = useQuietTable(platform);

paymentStoreContract((clock) => {
  const table = quiet.tableName();
  const now = () => clock.now();
  const ids = new DynamoPaymentIds(table, () => deps().secrets['card-data'], 0, now);
  return { store: new DynamoPaymentStore(table, now, 30_000, ids), entryTable: table };
});
