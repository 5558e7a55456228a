/** The CardVault contract (test/contracts/card-vault.contract.ts) on the DynamoDB adapter, its PAN sealed by KMS (moto). */
import { DynamoCardVault } from '../../../shared/adapters/aws/dynamo-card-vault.js';
import { deps } from '../../../shared/entry/composition/deps.js';
import { cardVaultContract } from '../../contracts/card-vault.contract.js';
import { usePlatform } from '../../support/platform.js';
import { useQuietTable } from '../../support/quiet-table.js';

const platform = usePlatform();
const quiet = useQuietTable(platform);

cardVaultContract(() => new DynamoCardVault(quiet.tableName(), deps().secrets['card-data']));
