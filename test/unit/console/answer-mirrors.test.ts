/**
 * Four console answers mirror domain or merchant API types field for field (shared/protocol/console/answers.ts has no imports, so
 * the console's own typecheck pulls in no server code). These checks, run by `tsc` in `npm test`, keep each copy in
 * step: a field added to the merchant's settings, a delivery attempt or an audit entry that the answer does not carry
 * fails the typecheck here, instead of being left out of the console silently.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type {
  ConsoleAuditEntry,
  ConsoleCallbackAttempt,
  ConsoleMerchant,
  ConsoleSettlement,
} from '../../../shared/protocol/console/answers.js';
import type { SettlementView } from '../../../shared/protocol/merchant-api/answers.js';
import type { Merchant } from '../../../shared/domain/merchant.js';
import type { DeliveryAttempt } from '../../../shared/domain/callback.js';
import type { AuditEntry } from '../../../shared/ports/console-audit.js';

describe('console answers that mirror a domain type', () => {
  it('the merchant: every setting but the password', () => {
    expectTypeOf<keyof ConsoleMerchant>().toEqualTypeOf<Exclude<keyof Merchant, 'password'>>();
    // mappings: the answer's is a plain record of booleans (the domain's an interface of named groups).
    expectTypeOf<Omit<Merchant, 'password' | 'mappings'>>().toExtend<Omit<ConsoleMerchant, 'mappings'>>();
  });

  it('a delivery attempt and an audit entry: the same fields', () => {
    expectTypeOf<ConsoleCallbackAttempt>().toEqualTypeOf<DeliveryAttempt>();
    expectTypeOf<keyof ConsoleAuditEntry>().toEqualTypeOf<keyof AuditEntry>();
    expectTypeOf<AuditEntry>().toExtend<ConsoleAuditEntry>();
  });

  it("a settlement batch: the merchant API's view of it", () => {
    expectTypeOf<ConsoleSettlement>().toEqualTypeOf<SettlementView>();
  });
});
