/** The TestClockStore contract (test/contracts/test-clock.contract.ts) on the in-memory fake (test/fakes/clock.ts). */
import { testClockContract } from '../../contracts/test-clock.contract.js';
import { MemoryTestClockStore } from '../../fakes/clock.js';

testClockContract(() => new MemoryTestClockStore());
