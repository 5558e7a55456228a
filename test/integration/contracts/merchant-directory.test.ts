/**
 * The MerchantDirectory contract (test/contracts/merchant-directory.contract.ts) on the DynamoDB adapter, with no
 * per-container cache (the contract reads each write back at once; the cache has its own unit tests).
 */
import { DynamoMerchantDirectory } from '../../../shared/adapters/aws/dynamo-merchant-directory.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { merchantDirectoryContract } from '../../contracts/merchant-directory.contract.js';
import { usePlatform } from '../../support/platform.js';
import { useQuietTable } from '../../support/quiet-table.js';

const platform = usePlatform();
const quiet = useQuietTable(platform);

merchantDirectoryContract(() => {
  const table = quiet.tableName();
  return { directory: new DynamoMerchantDirectory(table, deps().secrets['merchant-secrets'], 0), entryTable: table };
});
