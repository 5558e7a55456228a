/** The TestClockStore contract (test/contracts/test-clock.contract.ts) on the DynamoDB adapter in DynamoDB Local. */
import { DynamoTestClockStore } from '../../../shared/adapters/aws/dynamo-test-clock.js';
import { testClockContract } from '../../contracts/test-clock.contract.js';
import { usePlatform } from '../../support/platform.js';
import { useQuietTable } from '../../support/quiet-table.js';

const platform = usePlatform();
const quiet = useQuietTable(platform);

testClockContract(() => new DynamoTestClockStore(quiet.tableName()));
