/** The CardVault contract (test/contracts/card-vault.contract.ts) on the in-memory fake (test/fakes/card-vault.ts). */
import { cardVaultContract } from '../../contracts/card-vault.contract.js';
import { MemoryCardVault } from '../../fakes/card-vault.js';

cardVaultContract(() => new MemoryCardVault());
