/** The MerchantDirectory contract (test/contracts/merchant-directory.contract.ts) on the fake (test/fakes/merchant-directory.ts). */
import { merchantDirectoryContract } from '../../contracts/merchant-directory.contract.js';
import { MemoryMerchantDirectory } from '../../fakes/merchant-directory.js';

merchantDirectoryContract(() => ({ directory: new MemoryMerchantDirectory(), entryTable: 'memory' }));
